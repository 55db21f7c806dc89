"""The deal rules of ``sixty-six`` that klub's handlers do not cover (rules §3 and §6):
declaring "enough", the last trick's winner letting the count decide, and surrender (klub's,
until the last card is played). Every end of a deal pays the deal's bonus to its winner.

Exchanging, closing and playing are klub's handlers; ``SixtySixRules`` answers their questions
(``exchange_error``: the trump nine after a won trick; ``ends_on_score``: never, one declares;
``after_last_trick``: nothing yet, the winner has the word).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...errors import RuleViolation
from ...recorder import Recorder
from ...table import end_deal
from ...tricks.commands import DeclareEnough
from ...tricks.events import EnoughDeclared
from ..klub.commands import Surrender
from ..klub.events import DealSurrendered
from .commands import LetCount
from .events import CountChosen
from .legal import count_error, declare_error, surrender_error
from .scoring import Outcome, on_count, on_declaration, on_surrender, standing

if TYPE_CHECKING:
    from .rules import SixtySixRules


def settle(rules: SixtySixRules, rec: Recorder, outcome: Outcome) -> None:
    """End the deal with ``outcome``; a winner also takes the bonus the deal carries."""
    winner, game_points, reason = outcome
    if winner is not None:
        game_points += rules.deal_of(rec.state).bonus
    end_deal(rec, winner, game_points, reason)


def declare_enough(rules: SixtySixRules, rec: Recorder, cmd: DeclareEnough) -> None:
    error = declare_error(rules.deal_of(rec.state), cmd.seat)
    if error is not None:
        raise error
    rec.emit(EnoughDeclared(cmd.seat, cmd.stand_in))
    settle(rules, rec, on_declaration(standing(rules.deal_of(rec.state)), cmd.seat))


def let_count(rules: SixtySixRules, rec: Recorder, cmd: LetCount) -> None:
    error = count_error(rules.deal_of(rec.state), cmd.seat)
    if error is not None:
        raise error
    rec.emit(CountChosen(cmd.seat, cmd.stand_in))
    settle(rules, rec, on_count(standing(rules.deal_of(rec.state))))


def surrender(rules: SixtySixRules, rec: Recorder, cmd: Surrender) -> None:
    """As klub's (confirmed, any seat, scored by its own state, also after a close), with the
    bonus to the opponent; refused once every card is played."""
    if not cmd.confirm:
        raise RuleViolation("confirmation_required", "confirm that you give up this deal")
    deal = rules.deal_of(rec.state)
    error = surrender_error(deal)
    if error is not None:
        raise error
    rec.emit(DealSurrendered(cmd.seat))
    settle(rules, rec, on_surrender(standing(deal), cmd.seat))
