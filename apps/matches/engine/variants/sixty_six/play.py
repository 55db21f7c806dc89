"""The deal rules of ``sixty-six`` that klub's handlers do not cover (rules §3 and §6):
declaring "enough", the last trick's winner letting the count decide, and surrender (klub's,
until the last card is played). Every end of a deal pays the deal's bonus to its winner.

Exchanging, closing and playing are klub's handlers; ``SixtySixRules`` answers their questions
(``exchange_error``: the trump nine after a won trick; ``ends_on_score``: never, one declares;
``after_last_trick``: nothing yet, the winner has the word).
"""

from __future__ import annotations

from typing import cast

from ...errors import RuleViolation
from ...recorder import Recorder
from ...table import end_deal
from ..klub.commands import Surrender
from ..klub.events import DealSurrendered
from .commands import DeclareEnough, LetCount
from .events import CountChosen, EnoughDeclared
from .legal import count_error, declare_error, surrender_error
from .scoring import Outcome, on_count, on_declaration, on_surrender, standing
from .state import SixtySixDeal


def _deal(rec: Recorder) -> SixtySixDeal:
    return cast(SixtySixDeal, rec.state.deal)


def settle(rec: Recorder, outcome: Outcome) -> None:
    """End the deal with ``outcome``; a winner also takes the bonus the deal carries."""
    winner, game_points, reason = outcome
    if winner is not None:
        game_points += _deal(rec).bonus
    end_deal(rec, winner, game_points, reason)


def declare_enough(rec: Recorder, cmd: DeclareEnough) -> None:
    error = declare_error(_deal(rec), cmd.seat)
    if error is not None:
        raise error
    rec.emit(EnoughDeclared(cmd.seat, cmd.stand_in))
    settle(rec, on_declaration(standing(_deal(rec)), cmd.seat))


def let_count(rec: Recorder, cmd: LetCount) -> None:
    error = count_error(_deal(rec), cmd.seat)
    if error is not None:
        raise error
    rec.emit(CountChosen(cmd.seat, cmd.stand_in))
    settle(rec, on_count(standing(_deal(rec))))


def surrender(rec: Recorder, cmd: Surrender) -> None:
    """As klub's (confirmed, any seat, scored by its own state, also after a close), with the
    bonus to the opponent; refused once every card is played."""
    if not cmd.confirm:
        raise RuleViolation("confirmation_required", "confirm that you give up this deal")
    deal = _deal(rec)
    error = surrender_error(deal)
    if error is not None:
        raise error
    rec.emit(DealSurrendered(cmd.seat))
    settle(rec, on_surrender(standing(deal), cmd.seat))
