"""The variants the club plays, registered in one list. A new variant is a package here with a
``Rules`` subclass, added to ``BUILT_IN``."""

from ..rules import Rules, register
from .klub import KlubRules
from .partnership import PartnershipRules
from .sixty_six import SixtySixRules

BUILT_IN: tuple[Rules, ...] = (KlubRules(), SixtySixRules(), PartnershipRules())

for _rules in BUILT_IN:
    register(_rules)
