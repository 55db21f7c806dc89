"""The levels: legal actions only, blind to hidden cards, and their stated rules on crafted
positions (built with the engine test builders, read through ``view_for`` + ``history_for``)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from apps.bots.bitgame import BitGame, from_deal
from apps.bots.cardbits import ALL, INDEX, mask
from apps.bots.club import club
from apps.bots.heuristics import SURRENDER, club_action, should_surrender
from apps.bots.levels import choose_action, player_for
from apps.matches.engine import CloseTalon, MatchState
from apps.matches.simulation import random_deck
from apps.matches.strengths import levels_for
from tests.bots.helpers import blind_answers, bot_view, card_of, illegal_answers
from tests.bots.reference_solver import action_values
from tests.engine.builders import FIRST_FIVE, PLAYED_OUT, apply, deck, p, start
from tests.sizes import size

FAST = 0.05  # a small budget keeps the sampling levels quick in tests
LEVELS = levels_for("klub")


def act(
    state: MatchState, seat: int, level: str, seed: int = 0, budget: float = FAST
) -> dict[str, Any]:
    view = bot_view(state, seat)
    return choose_action(view, variant="klub", level=level, rng=random.Random(seed), budget=budget)


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_only_legal_actions_over_random_deals(level: str) -> None:
    rng = random.Random(level.encode()[0])
    deals = size(12, 40) if level in ("strong", "expert") else 150
    opponents = [player_for("klub", name) for name in sorted(LEVELS)]
    for i in range(deals):
        players = (player_for("klub", level), opponents[i % len(opponents)])
        if i % 2:
            players = players[::-1]
        seeds = (random.Random(i), random.Random(i + 1))
        assert illegal_answers(random_deck(rng), i % 2, players, seeds, FAST) == 0


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_the_bot_never_reads_hidden_state(level: str) -> None:
    """Two states that differ only in the cards the seat cannot see (the opponent's hand and
    the talon order), the same rng: the same action."""
    assert blind_answers("klub", level, random.Random(5), deals=size(4, 12)) >= size(6, 20)


# --- club: the stated rules of thumb ------------------------------------------------------


def test_club_exchanges_the_trump_jack() -> None:
    state = start(deck(forehand="MU PA PX TK TO", dealer="ZU ZO ZK TA TX", trump="MA"))
    assert act(state, 0, "club") == {"type": "exchange_trump"}


def test_club_announces_the_trump_marriage_first() -> None:
    state = start(deck(forehand="PK PO MK MO ZU", dealer="ZA ZO ZK TA TX", trump="MA"))
    assert card_of(act(state, 0, "club")) == "MO"
    state = start(deck(forehand="PK PO ZU TK MA", dealer="ZA ZO ZK TA TX", trump="MU"))
    assert card_of(act(state, 0, "club")) == "PO"


def test_club_takes_a_ten_with_the_ace_else_the_lowest_trump() -> None:
    state = start(deck(forehand="PX ZU ZO TU TO", dealer="PA PU MU ZK TK", trump="MA"))
    state, _ = apply(state, p(0, "PX"))
    assert card_of(act(state, 1, "club")) == "PA"
    state = start(deck(forehand="PX ZU ZO TU TO", dealer="MO MU ZK TK ZA", trump="MA"))
    state, _ = apply(state, p(0, "PX"))
    assert card_of(act(state, 1, "club")) == "MU"


def test_club_keeps_trumps_and_leads_a_cheap_side_card() -> None:
    state = start(deck(forehand="MA MK ZU PX TK", dealer="ZA ZO PK TA TX", trump="MX"))
    assert card_of(act(state, 0, "club")) == "ZU"


def test_club_throws_its_cheapest_card_on_a_low_lead_it_cannot_take_by_suit() -> None:
    # PU led; seat 1 has no piros. Trumping a 2-point card with the ace is not worth it: TU.
    state = start(deck(forehand="PU ZU ZO TO PO", dealer="MA ZA ZX TU TK", trump="MX"))
    state, _ = apply(state, p(0, "PU"))
    assert card_of(act(state, 1, "club")) == "TU"


def test_club_banks_its_ten_on_a_low_lead() -> None:
    state = start(deck(forehand="PU ZU ZO TO PO", dealer="PA PX ZA TU TK", trump="MX"))
    state, _ = apply(state, p(0, "PU"))
    assert card_of(act(state, 1, "club")) == "PX"


def test_club_closes_when_clearly_winning() -> None:
    # Seat 0 announces the trump marriage (40) and wins the trick: 45 points with a trick and
    # MA MX MK PA in hand, all top cards: it closes.
    state = start(deck(forehand="MO MK MA MX PA", dealer="PU PO ZU ZO TU", trump="MU", talon="TO"))
    state, _ = apply(state, p(0, "MO"), p(1, "PU"))
    assert state.deal.points(0) == 45  # type: ignore[union-attr]
    assert act(state, 0, "club") == {"type": "close_talon"}


def test_club_gives_up_its_own_hopeless_close() -> None:
    # Seat 0 closed when seat 1 had a trick; 35 points now, at most 48 reachable: a failed
    # close costs 2 game points, giving up only 1.
    g = BitGame(
        [mask(["PU"]), mask(["PA"])],
        [INDEX["ZU"]],
        INDEX["MU"],
        0,
        pts=[35, 40],
        tricks=[2, 2],
        closed_by=0,
        closed_at=((35, 2), (40, 2)),
        played=ALL & ~mask(["PU", "PA", "ZU", "MU"]),
    )
    assert should_surrender(g, 0)
    assert club_action(g) == SURRENDER
    g.closed_at = ((35, 2), (0, 0))  # had the opponent no trick then, the failure costs 3
    g.pts = [10, 40]
    g.tricks = [1, 2]
    assert should_surrender(g, 0)  # 2 now is still less than 3
    g.pts = [10, 40]
    g.tricks = [0, 2]
    assert not should_surrender(g, 0)  # 3 either way: play on


def hopeless_close() -> MatchState:
    """Trump Z. Seat 0 wins two tricks (19 points), closes, and loses two of the next three:
    26 points with MK MA in hand and two cards out, at most 62 reachable. Seat 1 had no trick
    at the close, so the failed close would cost 3 game points; giving up now costs 2."""
    d = deck(
        forehand="ZO TU MK MA TA",
        dealer="PU MO PO MU TO",
        trump="ZU",
        talon="ZX ZA ZK TK PX TX PK MX PA",
    )
    state, _ = apply(start(d), p(0, "TA"), p(1, "PU"), p(0, "ZO"), p(1, "MO"), CloseTalon(0))
    state, _ = apply(state, p(0, "ZX"), p(1, "ZA"), p(1, "TK"), p(0, "TU"), p(1, "TO"), p(0, "ZK"))
    assert state.deal.points(0) == 26  # type: ignore[union-attr]
    return state


def test_club_surrenders_a_hopeless_close_when_offered() -> None:
    assert act(hopeless_close(), 0, "club") == {"type": "surrender", "confirm": True}


def test_club_plays_on_when_surrender_is_not_offered() -> None:
    """A view whose legal actions lack ``surrender`` (a variant or a phase that does not offer
    it): the club level plays a card instead of failing with a ValueError."""
    view = bot_view(hopeless_close(), 0)
    view["legal_actions"] = [a for a in view["legal_actions"] if a["type"] != "surrender"]
    for seed in range(3):
        action = club(view, random.Random(seed), FAST)
        assert action in view["legal_actions"]
        assert card_of(action) in ("MK", "MA")


# --- sampling levels -----------------------------------------------------------------------


@pytest.mark.parametrize("level", ["club", "strong", "expert"])
def test_takes_the_trick_that_reaches_66(level: str) -> None:
    # Trump M. T1 0:ZU 1:ZK (1: 6); T2 1:MO announces 40, 0:ZO (1: 52); T3 1:PO 0:PK (0: 7).
    # Seat 0 leads ZA: seat 1 (52) trumps it with MK or MA and reaches 66 at once.
    d = deck(
        forehand="ZU ZO TU TO PU",
        dealer="PA MO MK ZK TK",
        trump="MU",
        talon="ZX ZA PO PK TX MA",
    )
    state, _ = apply(
        start(d), p(0, "ZU"), p(1, "ZK"), p(1, "MO"), p(0, "ZO"), p(1, "PO"), p(0, "PK")
    )
    state, _ = apply(state, p(0, "ZA"))
    assert state.deal.points(1) == 52  # type: ignore[union-attr]
    assert card_of(act(state, 1, level)) in ("MK", "MA")


def test_expert_plays_an_optimal_card_with_perfect_information() -> None:
    state = start(PLAYED_OUT)
    state, _ = apply(state, *FIRST_FIVE)
    deal = state.deal
    assert deal is not None and not deal.talon
    values = action_values(from_deal(deal))
    best = max(values.values())
    for seed in range(3):
        chosen = INDEX[card_of(act(state, deal.turn, "expert", seed))]
        assert values[chosen] == best


def test_expert_does_not_close_a_weak_hand() -> None:
    state = start(deck(forehand="PU PO ZU ZO TU", dealer="MA MX MK MO PA", trump="MU"))
    for seed in range(3):
        assert act(state, 0, "expert", seed)["type"] == "play_card"


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_a_view_without_history_still_gets_a_legal_move(level: str) -> None:
    from apps.matches.engine import view_for  # noqa: PLC0415

    state = start(deck(forehand="MU PA PX TK TO", dealer="ZU ZO ZK TA TX", trump="MA"))
    view = view_for(state, 0)
    action = choose_action(view, variant="klub", level=level, rng=random.Random(1), budget=FAST)
    assert action in view["legal_actions"]
    assert action["type"] not in ("surrender", "leave", "resign")
