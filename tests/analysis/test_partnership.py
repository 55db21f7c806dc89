"""The ``partnership`` analysis (``apps.bots.partnership.analysis``): its all-cards-known values
against a brute-force minimax over the rules engine itself, in random endgames small enough to
enumerate (every legal card, a marriage lead with and without its marriage, played through
``decide`` to the hand's real end: no "enough" at 66, which the search's shortcut assumes),
the contract's values against the same minimax from the first lead, and whole hands: every
decision of the caller's side and of the opponents valued, the claim's count, nothing but the
match's seats and only once the hand is over (tests/analysis/test_api.py)."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

import pytest

from apps.bots.analysis import analyse
from apps.bots.cardbits import INDEX
from apps.bots.partnership.analysis import PLAY, Choice, contract, wins, world_of
from apps.bots.partnership.world import sweeps
from apps.matches.engine import (
    DECK_24,
    INITIAL,
    DealCards,
    MatchState,
    StartMatch,
    card,
    decide,
    legal_actions,
    replay,
)
from apps.matches.engine.variants.partnership.commands import Bid, NoDouble, Pass, Play
from apps.matches.engine.variants.partnership.state import PartnershipDeal
from apps.matches.simulation import random_deck
from tests.analysis.deals import played_hand
from tests.engine.builders_partnership import deck_for

NOW = datetime(2026, 1, 1, tzinfo=UTC)


def _deal(state: MatchState) -> PartnershipDeal:
    deal = state.deal
    assert isinstance(deal, PartnershipDeal)
    return deal


def _step(state: MatchState, command: object) -> MatchState:
    return replay(decide(state, command, now=NOW), state)  # type: ignore[arg-type]


def brute(state: MatchState) -> bool:
    """Plain minimax over the engine: whether the caller's side wins under best play, every
    card played to the hand's end (nobody says "enough", nobody shows a hand)."""
    deal = _deal(state)
    if deal.over:
        return deal.result is not None and deal.result.winner is not None
    seat = deal.turn
    plays = [a for a in legal_actions(state, seat) if isinstance(a, Play)]
    results = (brute(_step(state, a)) for a in plays)
    return any(results) if deal.on_caller_side(seat) else all(results)


def called_hand(rng: random.Random) -> MatchState:
    """A random deck; seat 0 (the first bidder) calls a random card at a random level, the
    others pass and let the doubling go."""
    deck = random_deck(rng, "partnership")
    return _called(deck, rng.choice(DECK_24).code, rng.random() < 0.2)


def endgames(seed: int, count: int, cards_left: int) -> list[MatchState]:
    """Positions of random hands played at random until at most ``cards_left`` cards are left
    in the hand on turn (a trick may be under way), the hand still running."""
    rng = random.Random(seed)
    found: list[MatchState] = []
    while len(found) < count:
        state = called_hand(rng)
        while not _deal(state).over:
            deal = _deal(state)
            if len(deal.hands[deal.turn]) <= cards_left:
                found.append(state)
                break
            plays = [a for a in legal_actions(state, deal.turn) if isinstance(a, Play)]
            state = _step(state, rng.choice(plays))
    return found


def _choices(state: MatchState) -> list[tuple[Choice, Play]]:
    deal = _deal(state)
    plays = [a for a in legal_actions(state, deal.turn) if isinstance(a, Play)]
    return [(Choice(PLAY, INDEX[a.card.code], a.marriage), a) for a in plays]


@pytest.mark.parametrize(("seed", "count", "cards_left"), [(1, 60, 2), (2, 25, 3)])
def test_every_choice_is_valued_as_a_minimax_over_the_engine(
    seed: int, count: int, cards_left: int
) -> None:
    marriages = 0
    for state in endgames(seed, count, cards_left):
        deal = _deal(state)
        w = world_of(deal)
        for choice, command in _choices(state):
            marriages += choice.marriage
            assert wins(deal, w, choice) == brute(_step(state, command)), (deal, choice)
    # the larger endgames hold marriage leads, valued with and without the marriage
    assert marriages or cards_left < 3


def test_the_sweep_shortcut_holds_where_the_minimax_says_so() -> None:
    """Where the search stops at ``world.sweeps`` (the caller's side on lead takes every trick
    left), the engine's minimax agrees: the caller's side wins; found at trick starts of
    random hands with at most four cards left, the side to lead."""
    rng = random.Random(8)
    swept = 0
    for _ in range(400):
        state = called_hand(rng)
        while not _deal(state).over and swept < 8:
            deal = _deal(state)
            w = world_of(deal)
            side_leads = not deal.table and w.on_side(deal.leader)
            if (
                side_leads
                and len(deal.hands[deal.leader]) <= 4
                and sweeps(w.hands, deal.leader, w.trump)
            ):
                assert brute(state), deal
                swept += 1
                break
            plays = [a for a in legal_actions(state, deal.turn) if isinstance(a, Play)]
            state = _step(state, rng.choice(plays))
        if swept >= 8:
            break
    assert swept >= 8


def _called(deck: tuple, code: str, durchmarsch: bool) -> MatchState:
    """Seat 0 calls ``code`` from ``deck`` (dealer 3), the others pass, nobody doubles."""
    state = replay(decide(INITIAL, StartMatch("partnership", 3)))
    state = _step(state, DealCards(deck, "0" * 32))
    state = _step(state, Bid(0, card(code), durchmarsch))
    for seat in (1, 2, 3):
        state = _step(state, Pass(seat))
    for seat in (1, 2, 3):
        state = _step(state, NoDouble(seat))
    return state


@pytest.mark.parametrize("seed", [5, 6])
def test_every_bid_is_valued_as_the_hand_called_with_it_would_be(seed: int) -> None:
    """Each of the 48 bids: the value the contract lists is the engine's hand called with it,
    its first lead chosen best (each lead valued as the endgame test proves), from the
    caller's chips: its table value won or paid, three times for a solo."""
    deck = random_deck(random.Random(seed), "partnership")
    listed = contract(_deal(_called(deck, "PA", False)))
    assert listed is not None
    seen_solo = False
    for bid in listed["bids"]:
        state = _called(deck, bid["card"], bid["level"] == "durchmarsch")
        deal = _deal(state)
        w = world_of(deal)
        won = any(wins(deal, w, choice) for choice, _ in _choices(state))
        assert bid["wins"] == won, bid
        assert bid["solo"] == deal.solo and bid["table_value"] == deal.value
        assert bid["value"] == (1 if won else -1) * deal.value * (3 if deal.solo else 1)
        seen_solo |= bid["solo"]
    assert seen_solo  # the caller's own six cards are solos
    assert listed["best"] == max(b["value"] for b in listed["bids"] if b["open"])
    assert listed["loss"] == listed["best"] - listed["value"]


@pytest.mark.parametrize("seed", [3, 4])
def test_a_whole_hand_every_decision_of_every_seat(seed: int) -> None:
    before, events = played_hand(random.Random(seed), "club")
    result = analyse(before, events, seed=7)
    assert result["variant"] == "partnership"
    played = [e for e in events if e.type == "card_played"]
    plays = [d for d in result["decisions"] if d["action"]["type"] == "play"]
    assert [d["action"]["card"] for d in plays] == [e.card.code for e in played]
    assert {d["seat"] for d in plays} == {0, 1, 2, 3}
    for d in result["decisions"]:
        ex = d["exact"]
        assert {abs(v["value"]) for v in ex["values"]} == {d["unit"]}  # won or lost
        assert ex["loss"] == ex["best"] - ex["value"] >= 0
        assert d["forced"] == (len(ex["values"]) == 1) == (d["own"] is None)
    assert analyse(before, events, seed=7) == result  # the same seed, the same analysis
    contract_ = result["contract"]
    assert contract_ is not None and len(contract_["bids"]) == 48
    assert [s["seat"] for s in result["seats"]] == [0, 1, 2, 3]


def test_a_claimed_hand_is_analysed_with_its_count() -> None:
    hands = ["PA PX PK PO PU ZA", "P9 Z9 TA TX TK TO", "TU T9 ZX ZK ZO ZU", "MA MX MK MO MU M9"]
    before = replay(decide(INITIAL, StartMatch("partnership", 3)))
    now = NOW
    events = list(decide(before, DealCards(deck_for(hands, 3), "0" * 32), now=now))
    state = replay(events, before)
    moves = [Bid(0, card("P9"), False), Pass(1), Pass(2), Pass(3), NoDouble(1), NoDouble(2)]
    moves += [NoDouble(3), Play(0, card("ZA")), Play(1, card("Z9")), Play(2, card("ZU"))]
    from apps.matches.engine.variants.partnership.commands import ShowCards  # noqa: PLC0415

    moves += [Play(3, card("M9")), ShowCards(0)]
    for command in moves:
        batch = list(decide(state, command, now=now))
        events += batch
        state = replay(batch, state)
    now += timedelta(seconds=6)
    (end,) = state.variant.due_commands(state, now)  # type: ignore[union-attr]
    events += decide(state, end, now=now)
    result = analyse(before, events, seed=1)
    assert result["count"] == {
        "trick_counts": [6, 0, 0, 0],
        "side_tricks": [6, 0],
        "side_points": 120,
        "claimed": True,
    }
    show = result["decisions"][-1]
    assert show["action"] == {"type": "show_cards"} and show["exact"]["loss"] == 0
    assert {v["action"]["type"] for v in show["exact"]["values"]} == {"show_cards", "play"}


# docs/analysis.md, "Partnership": the worked example, dealt by seat 0
EXAMPLE_DECK = "TK ZU ZA PO PA ZO ZX MK MX T9 PK TU MU MO Z9 TX TA MA M9 PX P9 PU TO ZK"
EXAMPLE_PLAY = "TA P9 T9 TK  TX M9 TU ZA  MA MK TO MU"  # seat 2 leads; tricks of four


def test_the_worked_example_of_docs_analysis_partnership() -> None:
    from apps.matches.engine.variants.partnership.commands import Kontra  # noqa: PLC0415

    before = replay(decide(INITIAL, StartMatch("partnership", 0)))
    state, events = before, []
    seats = iter([2, 3, 0, 1] * 3)
    moves = [DealCards(tuple(card(c) for c in EXAMPLE_DECK.split()), "0" * 32), Pass(1)]
    moves += [Bid(2, card("TK"), False), Pass(3), Pass(0), Pass(1), Kontra(0)]
    moves += [NoDouble(1), NoDouble(2), NoDouble(3)]
    moves += [Play(next(seats), card(c)) for c in EXAMPLE_PLAY.split()]
    for command in moves:
        batch = list(decide(state, command, now=NOW))
        events += batch
        state = replay(batch, state)
    result = analyse(before, events, seed=1)
    assert result["result"]["reason"] == "opposing_trick"
    assert result["count"]["side_points"] == 38 and result["count"]["side_tricks"] == [2, 1]
    c = result["contract"]
    assert (c["value"], c["doubled_value"], c["best"], c["loss"]) == (50, 100, 150, 100)
    best = {(b["card"], b["level"]) for b in c["bids"] if b["value"] == c["best"] and b["open"]}
    assert best == {(z, "durchmarsch") for z in ("Z9", "ZU", "ZA", "M9", "MK", "MX")}
    seventh = result["decisions"][7]
    assert (seventh["seat"], seventh["action"]) == (1, {"type": "play", "card": "ZA"})
    assert {v["action"]["card"]: v["value"] for v in seventh["exact"]["values"]} == {
        "ZU": 100,
        "ZA": -100,
        "MU": 100,
        "MO": 100,
        "Z9": 100,
    }
    assert seventh["exact"]["loss"] == 200 and seventh["own"]["loss"] == 0
    own = {v["action"]["card"]: v["value"] for v in seventh["own"]["values"]}
    assert own == {"ZU": 12.5, "ZA": 25.0, "MU": 12.5, "MO": 12.5, "Z9": 12.5}
    assert result["turning_point"] == {"decision": 7, "seat": 1, "rule": "lost_under_best_play"}
    assert [s["lost_exact"] for s in result["seats"]] == [0, 200, 0, 0]
    first = result["decisions"][0]
    assert {v["action"]["card"]: v["value"] for v in first["exact"]["values"]}["MA"] == -100


def test_an_all_pass_hand_has_no_decision_and_no_contract() -> None:
    before = replay(decide(INITIAL, StartMatch("partnership", 3)))
    events = list(decide(before, DealCards(random_deck(random.Random(9), "partnership"), "0" * 32)))
    state = replay(events, before)
    for seat in (0, 1, 2, 3):
        batch = list(decide(state, Pass(seat), now=NOW))
        events += batch
        state = replay(batch, state)
    result = analyse(before, events, seed=1)
    assert result["result"]["reason"] == "all_passed"
    assert (result["decisions"], result["contract"], result["turning_point"]) == ([], None, None)
    assert result["count"] == {
        "trick_counts": [0, 0, 0, 0],
        "side_tricks": [0, 0],
        "side_points": 0,
        "claimed": False,
    }
