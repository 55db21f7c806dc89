"""Kati's partnership levels: legal actions only in every phase (bidding, doubling, play,
"enough", the claim), blind to the cards and the partner her seat cannot know, within her time
budget, and her rules of thumb on crafted hands."""

from __future__ import annotations

import random
from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest

from apps.bots.declaring import declaration_due
from apps.bots.levels import choose_action, player_for
from apps.bots.partnership import players as kati4
from apps.matches.engine import (
    Command,
    Leave,
    MatchState,
    Resign,
    card,
    decide,
    legal_actions,
    replay,
)
from apps.matches.engine.state import copy_with
from apps.matches.engine.variants.partnership.commands import Bid, NoDouble, Pass, Play
from apps.matches.simulation import random_deck
from apps.matches.strengths import levels_for
from research.hands4 import T0, bot_view, play_hand, start_hand
from tests.engine.builders_partnership import Table, registered  # noqa: F401
from tests.engine.partnership import PARTNERSHIP

LEVELS = levels_for(PARTNERSHIP)
FAST = 0.05
BUDGET = 0.5  # the service's budget per decision (apps/computer/services.py)


def act(state: MatchState, seat: int, level: str, seed: int = 0, budget: float = FAST) -> Any:
    view = bot_view(state, seat)
    return choose_action(
        view, variant=PARTNERSHIP, level=level, rng=random.Random(seed), budget=budget
    )


def random_positions(rng: random.Random, hands: int) -> Iterator[tuple[MatchState, int]]:
    """Every (position, seat that may act) of ``hands`` hands played at random: passes more
    often than bids, so that the bidding ends and the doubling window and the play come."""
    for _ in range(hands):
        state = start_hand(random_deck(rng, PARTNERSHIP), rng.randrange(4))
        now = T0
        while not state.deal.over:  # type: ignore[union-attr]
            assert state.variant is not None
            actors = state.variant.actors(state)
            now += timedelta(milliseconds=1)
            if not actors:
                now = state.deal.deadline  # type: ignore[union-attr]
                for command in state.variant.due_commands(state, now):
                    state = replay(decide(state, command, now=now), state)
                continue
            for seat in actors:
                yield state, seat
            seat = rng.choice(actors)
            state = replay(decide(state, _random_command(state, seat, rng), now=now), state)


def _random_command(state: MatchState, seat: int, rng: random.Random) -> Command:
    actions = [a for a in legal_actions(state, seat) if not isinstance(a, Leave | Resign)]
    passes = [a for a in actions if isinstance(a, Pass)]
    if passes and rng.random() < 0.75:
        return passes[0]
    return rng.choice(actions)


def test_the_levels_are_listed() -> None:
    assert LEVELS == ("beginner", "club", "strong", "expert")


@pytest.mark.parametrize("level", LEVELS)
def test_only_legal_actions_in_every_phase_of_random_positions(level: str) -> None:
    rng = random.Random(level.encode()[0])
    phases: set[str] = set()
    kinds: set[str] = set()
    every = 1 if level in ("beginner", "club") else 4
    for i, (state, seat) in enumerate(random_positions(rng, 40)):
        if i % every:
            continue
        view = bot_view(state, seat)
        action = act(state, seat, level, seed=i)
        assert action in view["legal_actions"], (level, view)
        phases.add(view["deal"]["phase"])
        kinds.update(a["type"] for a in view["legal_actions"])
    assert phases == {"bidding", "doubling", "play"}
    assert {"kontra", "rekontra", "bid", "play"} <= kinds


@pytest.mark.parametrize("level", LEVELS)
def test_whole_hands_against_every_level_legal_and_finished(level: str) -> None:
    """Hands of ``level`` against the others, every answer legal; over them Kati bids,
    doubles, says "enough" and shows her cards."""
    rng = random.Random(27)
    hands = 40 if level in ("beginner", "club") else 12
    said: set[str] = set()
    for i in range(hands):
        names = [LEVELS[(i + s) % len(LEVELS)] for s in range(4)]
        names[i % 4] = level
        players = tuple(player_for(PARTNERSHIP, n) for n in names)
        out = play_hand(
            random_deck(rng, PARTNERSHIP),
            i % 4,
            players,
            tuple(random.Random(4 * i + s) for s in range(4)),
            budget=FAST,
            keep_views=True,
        )
        assert out.illegal == 0
        said.add(out.reason)
    assert {"enough", "opposing_trick"} <= said


def _alternative(state: MatchState, seat: int, rng: random.Random) -> MatchState:
    """``state`` with cards swapped between the hands of the other seats (a shown hand left
    alone), the holder of the called card following its card."""
    deal = state.deal
    others = [s for s in range(4) if s not in (seat, deal.shown_by)]  # type: ignore[union-attr]
    hands = list(deal.hands)  # type: ignore[union-attr]
    for _ in range(3):
        a, b = rng.sample(others, 2)
        if hands[a] and hands[b]:
            ca, cb = rng.choice(hands[a]), rng.choice(hands[b])
            hands[a] = tuple(cb if c is ca else c for c in hands[a])
            hands[b] = tuple(ca if c is cb else c for c in hands[b])
    holder = deal.holder  # type: ignore[union-attr]
    called = deal.called  # type: ignore[union-attr]
    if called is not None and not any(c is called for c in deal.played):  # type: ignore[union-attr]
        holder = next(s for s in range(4) if called in hands[s])
    return copy_with(state, deal=copy_with(deal, hands=tuple(hands), holder=holder))


@pytest.mark.parametrize("level", LEVELS)
def test_the_bot_never_reads_hidden_cards_or_the_secret_partner(level: str) -> None:
    """The same view over a different layout of the cards the seat cannot see (and so, before
    it is public, a different partner), the same rng: the same action. The budget is far
    above need, so the sample counts bind, not the clock."""
    rng = random.Random(6)
    checked = moved_partner = 0
    every = 3 if level in ("beginner", "club") else 7
    for i, (state, seat) in enumerate(random_positions(rng, 12)):
        if i % every:
            continue
        other = _alternative(state, seat, rng)
        view = bot_view(state, seat)
        if other.deal.hands == state.deal.hands or bot_view(other, seat) != view:  # type: ignore[union-attr]
            continue  # nothing changed, or a change the seat may see (its partner's card)
        moved_partner += other.deal.holder != state.deal.holder  # type: ignore[union-attr]
        first = act(state, seat, level, seed=3, budget=60)
        assert act(other, seat, level, seed=3, budget=60) == first, (level, view)
        checked += 1
    assert checked >= 8 and moved_partner >= 1


class FakeClock:
    """A clock that moves only when told."""

    def __init__(self) -> None:
        self.t = 10.0

    def __call__(self) -> float:
        return self.t


def test_the_search_draws_layouts_within_its_budget() -> None:
    """Layouts until ``deadline`` (at most ``samples``), past it only up to ``MIN_SAMPLES``
    and only until ``hard``, and always one: counted on an injected clock."""
    now = FakeClock()
    search = kati4.Search(kati4.EXPERT, random.Random(1), 40, 10.3, 10.6, now)
    assert search.more(0) and search.more(39) and not search.more(40)
    now.t = 10.4  # past the deadline, before the hard stop
    assert search.more(kati4.MIN_SAMPLES - 1) and not search.more(kati4.MIN_SAMPLES)
    now.t = 10.7  # past the hard stop: the first layout only
    assert search.more(0) and not search.more(1)


@pytest.mark.parametrize("level", ["strong", "expert"])
def test_decides_with_no_time_at_all(level: str) -> None:
    """A budget of 0: one layout per decision, and a legal answer."""
    rng = random.Random(11)
    for i, (state, seat) in enumerate(random_positions(rng, 30)):
        if i % 5:
            continue
        view = bot_view(state, seat)
        assert act(state, seat, level, seed=i, budget=0.0) in view["legal_actions"]


# --- the rules of thumb on crafted hands -----------------------------------------------------

# Seat 0 (first bidder, dealer 3) holds five trumps of M with the ace, ten and the marriage;
# seat 1 nothing worth a bid.
STRONG_M = ["MA MX MK MO M9 PA", "P9 PU T9 TU Z9 ZU", "PX PK PO TA TX TK", "TO ZA ZX ZK ZO MU"]


def bidding(hands: list[str]) -> Table:
    return Table(hands, dealer=3)


@pytest.mark.parametrize("level", LEVELS)
def test_a_strong_hand_bids_and_a_weak_one_passes(level: str) -> None:
    table = bidding(STRONG_M)
    action = act(table.state, 0, level, budget=BUDGET)
    assert action["type"] == "bid" and action["card"][0] == "M", action
    table.do(Pass(0))
    assert act(table.state, 1, level, budget=BUDGET) == {"type": "pass"}  # no trump worth it


def test_club_calls_the_highest_trump_it_lacks() -> None:
    hands = ["MX MK MO PA T9 Z9", "MA M9 PX PK PO P9", "TK TO TA TX ZA ZX", "ZK ZO ZU TU PU MU"]
    action = act(bidding(hands).state, 0, "club")
    assert action == {"type": "bid", "card": "MA", "durchmarsch": False}


def _doubling_window(hands: list[str], called: str) -> Table:
    table = bidding(hands)
    table.do(Bid(0, card(called)))
    for seat in (1, 2, 3):
        table.do(Pass(seat))
    return table


def test_club_says_kontra_with_strong_trumps_and_a_beginner_never_doubles() -> None:
    weak = ["MX MK MO PA TA ZA", "PX PK TX ZX ZK ZO", "MA M9 MU TK TO T9", "ZU Z9 PU TU PO P9"]
    table = _doubling_window(weak, "MA")
    assert table.deal_state.phase == "doubling"
    assert act(table.state, 1, "club") == {"type": "no_double"}  # no trump
    rich = ["MX MK PA TA ZA ZO", "P9 PU T9 PX PK TX", "TK TO MA ZX ZK MO", "ZU Z9 MU TU PO M9"]
    table = _doubling_window(rich, "MX")  # a solo: MX is the caller's own card
    assert act(table.state, 2, "club") == {"type": "kontra"}  # MA and MO: strong trumps
    for seed in range(5):
        assert act(table.state, 2, "beginner", seed=seed) == {"type": "no_double"}


def _played(hands: list[str], called: str, cards: list[str]) -> Table:
    table = _doubling_window(hands, called)
    for seat in (1, 2, 3):
        table.do(NoDouble(seat))
    for i, code in enumerate(cards):
        table.do(Play(i % 4, card(code), marriage=i == 0 and code == "MK"))
    return table


# A solo in M: the trump marriage led (40) and the trump ace bring seat 0 to 91 after two
# tricks, while its P9 and T9 may still lose a trick: "enough", not the claim.
ENOUGH = ["MA MX MK MO P9 T9", "M9 PK PX TK TX ZK", "MU PA PO TA TO ZA", "Z9 PU TU ZU ZO ZX"]


@pytest.mark.parametrize("level", LEVELS)
def test_says_enough_once_its_side_has_66(level: str) -> None:
    table = _played(ENOUGH, "MA", ["MK", "M9", "MU", "ZX"])
    assert table.deal_state.side_points == 56
    assert act(table.state, 0, level, budget=BUDGET)["type"] == "play"
    table = _played(ENOUGH, "MA", ["MK", "M9", "MU", "ZX", "MA", "PX", "PA", "ZO"])
    assert table.deal_state.side_points == 91
    for seed in range(3):
        assert act(table.state, 0, level, seed=seed) == {"type": "declare_enough"}


@pytest.mark.parametrize("level", LEVELS)
def test_shows_the_cards_when_the_claim_is_offered(level: str) -> None:
    hands = ["MA MX MK MO MU M9", "PK PX PA TK TX ZK", "P9 PO PU TA TO ZA", "Z9 T9 TU ZU ZO ZX"]
    table = _played(hands, "M9", [])
    view = bot_view(table.state, 0)
    assert {"type": "show_cards"} in view["legal_actions"]
    assert act(table.state, 0, level) == {"type": "show_cards"}


def test_enough_is_due_out_of_turn_once_the_side_has_66() -> None:
    """The service asks Kati to speak although the deal waits for another seat exactly when
    her seat may say "enough" and her side has 66 (``declaring.declaration_due``): the
    caller's partner after a trick the caller won, for one."""
    rng = random.Random(21)
    due_out_of_turn = 0
    for state, _ in random_positions(rng, 300):
        assert state.variant is not None
        deal = state.deal
        actors = state.variant.actors(state)
        for seat in range(4):
            if seat in actors:
                continue
            view = bot_view(state, seat)
            due = declaration_due(view, PARTNERSHIP)
            may = any(a["type"] == "declare_enough" for a in view["legal_actions"])
            assert due == (may and deal.side_points >= 66)  # type: ignore[union-attr]
            due_out_of_turn += due
    assert due_out_of_turn > 0
