"""What a seat may do in a ``sixty-six`` deal: klub's rules for exchanging, closing and
playing, with the exchange of the trump nine after a won trick, the declaration and its
timings, and the last trick's winner's word (rules §6)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...commands import Command
from ...errors import RuleViolation
from ...tricks.commands import DeclareEnough
from ..klub import legal as klub
from .commands import LetCount
from .state import SixtySixDeal

if TYPE_CHECKING:
    from .rules import SixtySixRules

EXCHANGE_RANK = "9"


def exchange_error(deal: SixtySixDeal, seat: int) -> RuleViolation | None:
    """Why ``seat`` may not exchange the trump nine now, or None if it may: klub's rules (the
    leader, before playing, the talon open with a face-down card, holding the card), and only
    after winning a trick in this deal (never on the deal's first lead)."""
    error = klub.exchange_error(deal, seat, EXCHANGE_RANK)
    if error is None and deal.trick_count(seat) == 0:
        return RuleViolation(
            "exchange_needs_trick", "the trump nine is exchanged only after winning a trick"
        )
    return error


def declare_error(deal: SixtySixDeal, seat: int) -> RuleViolation | None:
    """Why ``seat`` may not declare "enough" now, or None if it may: on its own turn (leading
    or following; right after winning a trick it leads; after the last trick its winner has
    the word), or right after leading a marriage card, before the follower plays."""
    if deal.turn == seat or (deal.marriage_led and deal.leader == seat):
        return None
    return RuleViolation(
        "declare_not_allowed",
        "declare on your own turn, right after winning a trick or leading a marriage card",
    )


def count_error(deal: SixtySixDeal, seat: int) -> RuleViolation | None:
    """Why ``seat`` may not let the count decide now, or None if it may: only the winner of
    the last trick, once every card is played."""
    if not deal.all_played:
        return RuleViolation("count_not_allowed", "the count decides once every card is played")
    if deal.turn != seat:
        return RuleViolation("not_your_turn", "the last trick's winner has the word")
    return None


def surrender_error(deal: SixtySixDeal) -> RuleViolation | None:
    """Surrender works as in klub while cards are left to play; once every card is played
    only the last trick's winner's word is awaited."""
    if deal.all_played:
        return RuleViolation(
            "all_cards_played", "every card is played: the last trick's winner has the word"
        )
    return None


def deal_actions(deal: SixtySixDeal, seat: int, rules: SixtySixRules) -> list[Command]:
    """Every deal command ``seat`` may send now: the declaration first when it may declare,
    then klub's (exchange, close, the playable cards, surrender); after the last trick, its
    winner's two words."""
    if deal.all_played:
        return [DeclareEnough(seat), LetCount(seat)] if deal.turn == seat else []
    actions = klub.deal_actions(deal, seat, rules)
    if declare_error(deal, seat) is None:
        actions.insert(0, DeclareEnough(seat))
    return actions
