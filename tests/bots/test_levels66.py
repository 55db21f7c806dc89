"""Kati's sixty-six levels: legal actions only, "enough" exactly when right (on its turn, right
after leading a marriage card, after the last trick), blind to hidden cards, and the club
player's rules of thumb on crafted 24-card positions."""

from __future__ import annotations

import random
from typing import Any

import pytest

from apps.bots.bitgame66 import from_deal66
from apps.bots.cardbits import INDEX
from apps.bots.declaring import declaration_due
from apps.bots.levels import choose_action, player_for
from apps.matches.engine import MatchState, view_for
from apps.matches.simulation import random_deck
from apps.matches.strengths import levels_for
from tests.bots import reference_solver66
from tests.bots.helpers import (
    blind_answers,
    bot_view,
    card_of,
    play_sixty_six,
    random_positions,
)
from tests.engine.builders_sixty_six import apply, deck24, p, start
from tests.sizes import size

VARIANT = "sixty-six"
FAST = 0.05
LEVELS = levels_for(VARIANT)


def act(
    state: MatchState, seat: int, level: str, seed: int = 0, budget: float = FAST
) -> dict[str, Any]:
    view = bot_view(state, seat)
    return choose_action(view, variant=VARIANT, level=level, rng=random.Random(seed), budget=budget)


def test_the_levels_are_listed() -> None:
    assert levels_for(VARIANT)[:2] == ("beginner", "club")


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_only_legal_actions_and_right_declarations_over_random_deals(level: str) -> None:
    """Against every sixty-six level, from both seats: every answer legal, every declaration
    right by the declarer's own view and none left unsaid, and a word after every last
    trick the deal reached."""
    rng = random.Random(level.encode()[0] + 66)
    deals = size(12, 40) if level in ("strong", "expert") else 150
    opponents = [player_for(VARIANT, name) for name in sorted(LEVELS)]
    reasons: set[str] = set()
    after_marriage = words = 0
    for i in range(deals):
        players = (player_for(VARIANT, level), opponents[i % len(opponents)])
        if i % 2:
            players = players[::-1]
        seeds = (random.Random(i), random.Random(i + 1))
        out = play_sixty_six(random_deck(rng, VARIANT), i % 2, players, seeds, FAST)
        assert (out.illegal, out.wrong, out.missed) == (0, 0, 0)
        reasons.add(out.reason)
        after_marriage += out.declared_after_marriage
        words += out.words
    assert "wrong_declaration" not in reasons
    assert "declared" in reasons
    if deals >= 150:  # the rarer ways (the sampling levels play fewer deals)
        assert "count" in reasons
        assert after_marriage > 0 and words > 0


@pytest.mark.slow
@pytest.mark.parametrize("level", sorted(LEVELS))
def test_the_bot_never_reads_hidden_state(level: str) -> None:
    """Two states that differ only in the cards the seat cannot see (the opponent's hand and
    the talon order), the same rng: the same action."""
    assert blind_answers(VARIANT, level, random.Random(6), deals=size(4, 12)) >= size(6, 20)


# --- the word: "enough" exactly when right ---------------------------------------------------

# Trump M. Seat 0 leads six cards seat 1 never beats: 69 after six tricks (rules brief §3).
SIX = deck24(
    forehand="PA PX TA TX ZA ZX",
    dealer="P9 PU T9 TU Z9 ZU",
    trump="MU",
    talon="PK PO TK TO ZK ZO MK M9 MO MX MA",
)


def six_tricks(n: int) -> MatchState:
    leads, follows = ["PA", "PX", "TA", "TX", "ZA", "ZX"], ["P9", "PU", "T9", "TU", "Z9", "ZU"]
    plays = [x for i in range(n) for x in (p(0, leads[i]), p(1, follows[i]))]
    return apply(start(SIX), *plays)[0]


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_declares_on_its_turn_once_right_and_not_before(level: str) -> None:
    state = six_tricks(5)  # seat 0: 57 points, five tricks
    assert state.deal.points(0) == 57  # type: ignore[union-attr]
    assert act(state, 0, level)["type"] != "declare_enough"
    state = six_tricks(6)  # 69
    for seed in range(3):
        assert act(state, 0, level, seed) == {"type": "declare_enough"}


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_declares_right_after_leading_the_marriage_that_reaches_66(level: str) -> None:
    # Seat 0 has 32 points and a trick, leads MO holding MK: 40 more, 72. The deal waits for
    # seat 1, but seat 0 may declare now, and does.
    d = deck24(forehand="PA PX TA MO MK ZU", dealer="P9 PU T9 TU Z9 ZO", trump="M9", talon="ZK ZA")
    state, _ = apply(start(d), p(0, "PA"), p(1, "P9"), p(0, "PX"), p(1, "PU"), p(0, "TA"))
    state, _ = apply(state, p(1, "T9"))
    assert state.deal.points(0) == 34  # type: ignore[union-attr]
    state, _ = apply(state, p(0, "MO"))
    view = bot_view(state, 0)
    assert view["deal"]["turn"] == 1 and declaration_due(view, "sixty-six")
    assert act(state, 0, level) == {"type": "declare_enough"}
    assert not declaration_due(bot_view(state, 1), "sixty-six")


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_after_the_last_trick_declares_if_right_else_lets_the_count_decide(level: str) -> None:
    rng = random.Random(9)
    seen = set()
    for state in random_positions(rng, 60, VARIANT):
        deal = state.deal
        if any(deal.hands) or deal.table:  # type: ignore[union-attr]
            continue
        seat = deal.turn  # type: ignore[union-attr]
        right = deal.trick_count(seat) > 0 and deal.points(seat) >= 66  # type: ignore[union-attr]
        action = act(state, seat, level)
        assert action == {"type": "declare_enough" if right else "let_count"}
        seen.add(right)
    assert seen == {True, False}


def test_without_history_it_still_never_declares_wrongly() -> None:
    state = six_tricks(5)
    view = view_for(state, 0)
    for level in LEVELS:
        for seed in range(20):
            action = choose_action(
                view, variant=VARIANT, level=level, rng=random.Random(seed), budget=FAST
            )
            assert action in view["legal_actions"]
            assert action["type"] not in ("declare_enough", "surrender", "leave", "resign")
    view = view_for(six_tricks(6), 0)
    assert choose_action(
        view, variant=VARIANT, level="club", rng=random.Random(1), budget=FAST
    ) == {"type": "declare_enough"}


# --- club: the rules of thumb on 24 cards ----------------------------------------------------


def test_club_exchanges_the_trump_nine_once_it_has_a_trick() -> None:
    d = deck24(forehand="M9 PA PX TK TO ZU", dealer="P9 ZO ZK TA TX T9", trump="MA", talon="PU PO")
    state = start(d)
    assert {"type": "exchange_trump"} not in bot_view(state, 0)["legal_actions"]
    assert act(state, 0, "club")["type"] == "play_card"
    state, _ = apply(state, p(0, "PA"), p(1, "P9"))
    assert act(state, 0, "club") == {"type": "exchange_trump"}


def test_club_announces_the_trump_marriage_first() -> None:
    state = start(deck24(forehand="PK PO MK MO ZU Z9", dealer="ZA ZO ZK TA TX T9", trump="MA"))
    assert card_of(act(state, 0, "club")) == "MO"


def test_club_leads_a_nine_rather_than_points() -> None:
    state = start(deck24(forehand="MA MK ZU PX TK P9", dealer="ZA ZO PK TA TX T9", trump="MX"))
    assert card_of(act(state, 0, "club")) == "P9"


# --- expert --------------------------------------------------------------------------------


def test_expert_plays_an_optimal_card_with_perfect_information() -> None:
    """Talon exhausted: every card is known, so the expert's card is one of the best of the
    reference solver's values."""
    rng = random.Random(12)
    checked = 0
    for state in random_positions(rng, 30, VARIANT):
        deal = state.deal
        if deal.talon or deal.closed_by is not None or not any(deal.hands):  # type: ignore[union-attr]
            continue
        g = from_deal66(deal, auto=True)  # type: ignore[arg-type]
        if g.right(g.turn) or len(g.actions()) < 2:
            continue
        values = reference_solver66.action_values(g)
        chosen = INDEX[card_of(act(state, deal.turn, "expert"))]  # type: ignore[union-attr]
        assert values[chosen] == max(values.values())
        checked += 1
    assert checked >= 20
