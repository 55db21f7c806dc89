"""The variants the club plays, declared to the registry in one list. A new variant is a
package here with a ``Rules`` subclass, added to ``BUILT_IN``; the registry makes each on first
use, with the options the product configured (``registry.configure``)."""

from ..registry import declare
from .klub import KlubRules
from .partnership import PartnershipRules
from .sixty_six import SixtySixRules

BUILT_IN = (KlubRules, SixtySixRules, PartnershipRules)

for _rules in BUILT_IN:
    declare(_rules.name, _rules)
