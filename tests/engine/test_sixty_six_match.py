"""Sixty-six across deals (rules §3, §5, §6): a 60:60 draw gives no game points and one bonus
game point; bonuses stack and go to the winner of the next decided deal on top of its game
points; the match is played to 7 or 11; Schneider is a match lost with 0, Rückschneider one won
after trailing 0 : target − 1.

The dealer alternates: with ``start``'s first dealer 1, seat 0 is the forehand of deals 1, 3, …
and seat 1 of deals 2, 4, …
"""

from __future__ import annotations

from apps.matches.engine import Command, MatchState, Resign, Surrender, view_for
from apps.matches.engine.events import DealEnded, MatchEnded
from apps.matches.engine.variants.sixty_six.commands import DeclareEnough, LetCount

from .builders import deal_end, match_end
from .builders_sixty_six import SIX_TRICKS_DECK, apply, deal, new_match, p
from .test_sixty_six_declare import DECK_60
from .test_sixty_six_scoring import SIXTY_ALL


def _forehand(state: MatchState) -> int:
    assert state.deal is not None
    return 1 - state.deal.dealer


def _drawn(state: MatchState) -> tuple[MatchState, DealEnded]:
    """The next deal played out 60:60 (``SIXTY_ALL``), its last trick's winner letting the
    count decide."""
    state = deal(state, SIXTY_ALL.deck)
    forehand = _forehand(state)
    winner = forehand if SIXTY_ALL.winner == 0 else 1 - forehand
    state, events = apply(state, *SIXTY_ALL.plays(forehand), LetCount(winner))
    return state, deal_end(events)


def _given_up(state: MatchState, seat: int) -> tuple[MatchState, DealEnded]:
    """The next deal, which ``seat`` surrenders at once: 3 game points to the other seat."""
    state, events = apply(deal(state, SIX_TRICKS_DECK), Surrender(seat, confirm=True))
    return state, deal_end(events)


def _result(ended: DealEnded) -> tuple[int | None, int, str]:
    return ended.winner, ended.game_points, ended.reason


# --- draws and their bonus -----------------------------------------------------------------------


def test_a_draw_gives_no_game_points_and_a_bonus_point_for_the_next_deal() -> None:
    state, ended = _drawn(new_match())
    assert _result(ended) == (None, 0, "draw")
    assert state.scores == (0, 0) and state.deals_played == 1
    view = view_for(state, 0)
    revealed = view["deal"]["revealed"]
    assert revealed["result"] == {"winner": None, "game_points": 0, "reason": "draw"}
    assert (revealed["bonus_won"], revealed["bonus_carried"]) == (0, 1)
    state = deal(state, SIX_TRICKS_DECK)
    assert view_for(state, 0)["deal"]["bonus"] == 1
    assert view_for(state, 1)["deal"]["bonus"] == 1


def test_the_bonus_goes_to_the_winner_of_the_next_deal_on_top_of_its_game_points() -> None:
    state, _ = _drawn(new_match())  # deal 1
    state, ended = _given_up(state, 1)  # deal 2: seat 1 gives up without a trick: 3
    assert _result(ended) == (0, 4, "surrendered")  # 3 + the bonus
    assert state.scores == (4, 0)
    revealed = view_for(state, 1)["deal"]["revealed"]
    assert (revealed["bonus_won"], revealed["bonus_carried"]) == (1, 0)
    state = deal(state, SIX_TRICKS_DECK)  # deal 3: the bonus was paid out
    assert view_for(state, 0)["deal"]["bonus"] == 0


def test_bonuses_stack_over_consecutive_draws() -> None:
    state, first = _drawn(new_match())  # deal 1
    state, second = _drawn(state)  # deal 2: the other seat has the last trick's word
    assert _result(first) == _result(second) == (None, 0, "draw")
    assert view_for(state, 0)["deal"]["revealed"]["bonus_carried"] == 2
    # deal 3: the forehand (seat 0) declares on its first lead without a trick: wrong, 3 to
    # seat 1 (no trick either), and the two bonus points with them
    state = deal(state, DECK_60)
    assert _forehand(state) == 0 and view_for(state, 1)["deal"]["bonus"] == 2
    state, events = apply(state, DeclareEnough(0))
    assert _result(deal_end(events)) == (1, 5, "wrong_declaration")
    assert state.scores == (0, 5)


def test_a_match_ended_mid_deal_pays_no_bonus() -> None:
    state, _ = _drawn(new_match())
    state, events = apply(deal(state, SIX_TRICKS_DECK), Resign(0))
    assert _result(deal_end(events)) == (None, 0, "match_ended")
    assert match_end(events).scores == (0, 0)


def test_a_bonus_may_win_the_match() -> None:
    state = new_match()  # to 7
    state, _ = _given_up(state, 1)  # 3:0
    state, _ = _given_up(state, 1)  # 6:0
    state, _ = _drawn(state)
    state, events = apply(deal(state, SIX_TRICKS_DECK), Surrender(1, confirm=True))
    # seat 1, without a trick, gives up: 3 + 1
    assert _result(deal_end(events)) == (0, 4, "surrendered")
    ended = match_end(events)
    assert (ended.winner, ended.scores, ended.schneider) == (0, (10, 0), True)


# --- the match target ----------------------------------------------------------------------------


def _match(target: int, *givers: int) -> tuple[MatchState, list[MatchEnded]]:
    """A match to ``target`` whose deals are given up in turn by ``givers``."""
    state = new_match(target=target)
    ends: list[MatchEnded] = []
    for seat in givers:
        state, events = apply(deal(state, SIX_TRICKS_DECK), Surrender(seat, confirm=True))
        ends += [e for e in events if isinstance(e, MatchEnded)]
    return state, ends


def test_a_match_to_7_ends_at_the_deal_that_reaches_7() -> None:
    _, ends = _match(7, 0, 0, 0)
    assert [e.scores for e in ends] == [(0, 9)]
    assert ends[0].winner == 1 and ends[0].schneider


def test_a_match_to_11_goes_on_past_7_and_ends_at_11() -> None:
    state, ends = _match(11, 0, 0, 0)
    assert state.scores == (0, 9) and not ends and not state.finished
    state, events = apply(deal(state, SIX_TRICKS_DECK), Surrender(0, confirm=True))
    ended = match_end(events)
    assert (ended.winner, ended.scores, ended.radli, ended.schneider) == (1, (0, 12), 0, True)
    assert view_for(state, 0)["target"] == 11


def _two_points_to_seat_1(state: MatchState) -> tuple[MatchState, list]:
    """The next deal of ``DECK_60``: the forehand and the dealer take a trick each (T1 goes to
    the dealer, T2 to the forehand), then seat 0 gives up with one trick and under 33: 2."""
    state = deal(state, DECK_60)
    fh, dl = _forehand(state), 1 - _forehand(state)
    plays: list[Command] = [p(fh, "P9"), p(dl, "PU"), p(dl, "Z9"), p(fh, "ZA")]
    return apply(state, *plays, Surrender(0, confirm=True))


def test_ruckschneider_after_trailing_0_to_10_in_a_match_to_11() -> None:
    state, _ = _match(11, 0, 0)  # 0:6
    for _ in range(2):
        state, events = _two_points_to_seat_1(state)
        assert deal_end(events).game_points == 2
    assert state.scores == (0, 10)
    for _ in range(4):
        state, events = apply(deal(state, SIX_TRICKS_DECK), Surrender(1, confirm=True))
    ended = match_end(events)
    assert (ended.winner, ended.scores, ended.ruckschneider) == (0, (12, 10), True)


def test_no_ruckschneider_after_trailing_only_0_to_9_in_a_match_to_11() -> None:
    state, _ = _match(11, 0, 0, 0)  # 0:9, not 0:10
    for _ in range(4):
        state, events = apply(deal(state, SIX_TRICKS_DECK), Surrender(1, confirm=True))
    ended = match_end(events)
    assert (ended.winner, ended.scores, ended.ruckschneider) == (0, (12, 9), False)
