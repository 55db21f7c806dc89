"""The seeded shuffle (``fairness.shuffle``, scheme ``hmac-fy-1``): deterministic, a permutation,
unbiased, changed by any seed or the secret, the worked example of docs/api.md; the engine deals
with it only from the secret it committed to and the seeds given; old deals still verify."""

from __future__ import annotations

import hashlib
import json
import random
import re
from collections import Counter
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from apps.matches.engine import (
    INITIAL,
    VARIANTS,
    DealCards,
    StartMatch,
    Surrender,
    decide,
    evolve,
    from_json,
    redact_event,
    replay,
    to_json,
    view_for,
)
from apps.matches.engine.commands import DealSeeded, GiveSeed
from apps.matches.engine.events import DealStarted, Event, SeedGiven
from apps.matches.engine.fairness import (
    BY_PLAYER,
    BY_SERVER,
    OLD_SCHEME,
    SEEDED_SCHEME,
    Seed,
    commitment,
    secret_commitment,
    seeded_deck,
    shuffle,
)
from apps.matches.engine.state import MatchState
from apps.matches.engine.table import seed_due
from apps.matches.simulation import random_action
from tests.engine.builders import refused
from tests.sizes import size

ROOT = Path(__file__).resolve().parents[2]
KLUB = VARIANTS["klub"].deck
SECRET = "5e" * 32
SEEDS = ["0011223344556677", "c0ffee00c0ffee00c0ffee00c0ffee00"]
HEX = st.text("0123456789abcdef", min_size=16, max_size=128)


def worked_example() -> dict[str, object]:
    """The worked example of docs/api.md section 7.0, as written there."""
    text = (ROOT / "docs" / "api.md").read_text()
    found = re.search(r"<!-- hmac-fy-1 worked example.*?-->\n```json\n(.*?)```", text, re.S)
    assert found, "docs/api.md has no hmac-fy-1 worked example"
    example: dict[str, object] = json.loads(found.group(1))
    return example


def codes(deck: tuple[object, ...]) -> list[str]:
    return [c.code for c in deck]  # type: ignore[attr-defined]


def test_the_worked_example_of_docs_api_md_is_what_the_code_deals() -> None:
    example = worked_example()
    seeds = example["seeds"]
    assert isinstance(seeds, list)
    assert codes(shuffle(str(example["secret"]), seeds, KLUB)) == example["deck"]
    assert secret_commitment(str(example["secret"])) == example["commitment"]
    # and the docs' recipe: the commitment is sha256 of the secret's hex digits
    assert hashlib.sha256(str(example["secret"]).encode()).hexdigest() == example["commitment"]


@settings(max_examples=size(60, 400), deadline=None)
@given(
    secret=HEX,
    seeds=st.lists(HEX, min_size=1, max_size=4),
    variant=st.sampled_from(["klub", "sixty-six", "partnership"]),
)
def test_the_shuffle_is_a_deterministic_permutation(
    secret: str, seeds: list[str], variant: str
) -> None:
    cards = VARIANTS[variant].deck
    deck = shuffle(secret, seeds, cards)
    assert sorted(codes(deck)) == sorted(codes(cards))
    assert shuffle(secret, list(seeds), tuple(reversed(cards))) == deck  # from any order


@settings(max_examples=size(40, 300), deadline=None)
@given(secret=HEX, seeds=st.lists(HEX, min_size=2, max_size=4), data=st.data())
def test_any_seed_or_the_secret_changed_changes_the_deck(
    secret: str, seeds: list[str], data: st.DataObject
) -> None:
    deck = shuffle(secret, seeds, KLUB)
    other = data.draw(HEX.filter(lambda s: s != secret))
    assert shuffle(other, seeds, KLUB) != deck
    at = data.draw(st.integers(0, len(seeds) - 1))
    changed = data.draw(HEX.filter(lambda s: s != seeds[at]))
    assert shuffle(secret, seeds[:at] + [changed] + seeds[at + 1 :], KLUB) != deck
    if seeds[0] != seeds[1]:  # the seats' order counts too
        assert shuffle(secret, [seeds[1], seeds[0], *seeds[2:]], KLUB) != deck


def test_every_card_lands_in_every_position_evenly() -> None:
    """Chi-square over (card, position) for 4,000 shuffles of 20 cards with fixed inputs (so
    the figure is always the same): 361 degrees of freedom (19 × 19), mean 361, sd 26.9; a
    bias of even a few percent in a position would push it far above 361 + 5 sd."""
    shuffles = 4000
    counts: Counter[tuple[str, int]] = Counter()
    for k in range(shuffles):
        for position, c in enumerate(shuffle(SECRET, [f"{k:032x}"], KLUB)):
            counts[c.code, position] += 1
    expected = shuffles / len(KLUB)
    chi_square = sum(
        (counts[c.code, position] - expected) ** 2 / expected
        for c in KLUB
        for position in range(len(KLUB))
    )
    assert chi_square < 361 + 5 * 26.9
    # the first card alone: each card about 200 times, none under 140 or over 260
    firsts = [counts[c.code, 0] for c in KLUB]
    assert min(firsts) > 140 and max(firsts) < 260


# --- the engine deals with it ----------------------------------------------------------------


def started(variant: str = "klub") -> MatchState:
    return replay(decide(INITIAL, StartMatch(variant, first_dealer=0)))


def apply(state: MatchState, command: object) -> tuple[MatchState, list[Event]]:
    events = decide(state, command)  # type: ignore[arg-type]
    return replay(events, state), events


def seeded(state: MatchState, secret: str = SECRET, **given: str) -> MatchState:
    seeds = tuple(
        Seed(
            seat,
            given.get(f"s{seat}", f"{seat + 1:032x}"),
            BY_PLAYER if f"s{seat}" in given else BY_SERVER,
        )
        for seat in range(state.seats)
    )
    return apply(state, DealSeeded(secret, seeds, "ab" * 32))[0]


def test_a_seeded_deal_is_the_shuffle_of_its_secret_and_seeds_and_commits_to_the_next() -> None:
    state, events = apply(
        started(),
        DealSeeded(SECRET, (Seed(0, SEEDS[0], BY_SERVER), Seed(1, SEEDS[1], BY_SERVER)), "ab" * 32),
    )
    (dealt,) = events
    assert isinstance(dealt, DealStarted)
    assert dealt.scheme == SEEDED_SCHEME
    assert codes(dealt.deck) == worked_example()["deck"]
    assert dealt.commitment == secret_commitment(SECRET)
    assert dealt.next_commitment == secret_commitment("ab" * 32)
    view = view_for(state, 0)
    assert view["next_deal"] == {
        "number": 2,
        "commitment": secret_commitment("ab" * 32),
        "seeded": [],
    }
    assert from_json(to_json(dealt)) == dealt  # seeds and all cross the wire


def test_seeds_are_taken_once_a_seat_for_the_next_deal_only() -> None:
    state = seeded(started())
    assert refused(state, GiveSeed(0, 1, "aa" * 16)) == "seed_not_due"  # the current deal
    assert refused(state, GiveSeed(0, 3, "aa" * 16)) == "seed_not_due"  # too far ahead
    assert refused(state, GiveSeed(0, 2, "AA" * 16)) == "invalid_seed"  # not lowercase hex
    assert refused(state, GiveSeed(0, 2, "aa" * 7)) == "invalid_seed"  # too short
    state, events = apply(state, GiveSeed(0, 2, "aa" * 16))
    assert events == [SeedGiven(0, 2, "aa" * 16)]
    assert view_for(state, 1)["next_deal"]["seeded"] == [0]
    assert refused(state, GiveSeed(0, 2, "bb" * 16)) == "seed_not_due"  # once


def test_the_next_deal_must_use_the_committed_secret_and_every_seed_given() -> None:
    state = seeded(started())
    state, _ = apply(state, GiveSeed(1, 2, "cc" * 16))
    deal = state.deal
    assert deal is not None
    state = apply(state, Surrender(deal.turn, confirm=True))[0]  # type: ignore[attr-defined]
    ours = (Seed(0, "dd" * 16, BY_SERVER), Seed(1, "cc" * 16, BY_PLAYER))
    assert refused(state, DealSeeded("cd" * 32, ours, "ef" * 32)) == "secret_not_committed"
    forgotten = (Seed(0, "dd" * 16, BY_SERVER), Seed(1, "ee" * 16, BY_SERVER))
    assert refused(state, DealSeeded("ab" * 32, forgotten, "ef" * 32)) == "invalid_seed"
    twice = (Seed(1, "cc" * 16, BY_PLAYER), Seed(1, "dd" * 16, BY_SERVER))
    assert refused(state, DealSeeded("ab" * 32, twice, "ef" * 32)) == "invalid_seed"
    state, (dealt, *_) = apply(state, DealSeeded("ab" * 32, ours, "ef" * 32))
    assert isinstance(dealt, DealStarted)
    assert dealt.seeds == ours
    assert dealt.deck == seeded_deck("ab" * 32, ours, KLUB)


def test_no_view_or_feed_carries_a_secret_before_its_deal_is_over() -> None:
    state = started()
    state, events = apply(state, DealSeeded(SECRET, (Seed(0, SEEDS[0], BY_SERVER),), "ab" * 32))
    variant = state.variant
    assert variant is not None
    for seat in (0, 1, None):
        shown = json.dumps(
            [view_for(state, seat)] + [redact_event(e, seat=seat, variant=variant) for e in events]
        )
        assert SECRET not in shown and "ab" * 32 not in shown
        assert secret_commitment("ab" * 32) in shown  # the commitment is public


# --- the old scheme --------------------------------------------------------------------------


def test_a_deal_stored_before_seeds_reads_and_verifies_as_the_old_scheme() -> None:
    """A ``deal_started`` as stored before this change (no scheme, no seeds) decodes to the old
    scheme, re-encodes unchanged, and its commitment is sha256(salt + deck)."""
    deck = [c.code for c in random.Random(7).sample(list(KLUB), len(KLUB))]
    salt = "0123456789abcdef"
    stored = {
        "type": "deal_started",
        "schema_version": 1,
        "number": 1,
        "dealer": 0,
        "deck": deck,
        "salt": salt,
        "commitment": hashlib.sha256((salt + "".join(deck)).encode()).hexdigest(),
    }
    event = from_json(stored)
    assert isinstance(event, DealStarted)
    assert event.scheme == OLD_SCHEME and event.seeds == () and event.next_commitment is None
    assert to_json(event) == stored
    assert commitment(event.salt, event.deck) == stored["commitment"]
    state = evolve(started(), event)
    assert "next_deal" not in view_for(state, 0)


def test_dealing_a_given_deck_stays_the_old_scheme() -> None:
    _, (dealt,) = apply(started(), DealCards(tuple(reversed(KLUB)), "0123456789abcdef"))
    assert isinstance(dealt, DealStarted)
    assert dealt.scheme == OLD_SCHEME
    assert dealt.commitment == commitment("0123456789abcdef", tuple(reversed(KLUB)))


# --- random matches dealt with seeds (partnership: its deal below; its bids need a clock) ---


@settings(max_examples=size(15, 120), deadline=None)
@given(seed=st.integers(0, 2**32), variant=st.sampled_from(["klub", "sixty-six"]))
def test_random_seeded_matches_replay_to_the_live_state_with_every_card_kept(
    seed: int, variant: str
) -> None:
    rng = random.Random(seed)
    state = origin = started(variant)
    log: list[Event] = []
    cards = sorted(codes(VARIANTS[variant].deck))
    while not state.finished and len(log) < 2000:
        number = state.deal.number + 1 if state.deal is not None else 1
        if state.awaiting_deal:
            given = dict(state.seeds)
            seeds = tuple(
                Seed(s, given[s], BY_PLAYER)
                if s in given
                else Seed(s, f"{rng.getrandbits(64):016x}", BY_SERVER)
                for s in range(state.seats)
            )
            command: object = DealSeeded(
                state.next_secret or f"{rng.getrandbits(128):032x}",
                seeds,
                f"{rng.getrandbits(128):032x}",
            )
        elif seed_due(state, seat := rng.randrange(state.seats), number) and rng.random() < 0.2:
            command = GiveSeed(seat, number, f"{rng.getrandbits(64):016x}")
        else:
            command = random_action(state, rng, give_up_rate=0.01)
        state, events = apply(state, command)
        log += events
        for e in events:
            if isinstance(e, DealStarted):
                assert e.deck == seeded_deck(e.salt, e.seeds, VARIANTS[variant].deck)
                assert sorted(codes(e.deck)) == cards
                assert e.commitment == secret_commitment(e.salt)
    assert replay(log, origin) == state
    assert any(isinstance(e, DealStarted) for e in log)


def test_partnership_hands_are_dealt_from_the_seeds_of_all_four_seats() -> None:
    state = started("partnership")
    seeds = tuple(Seed(s, f"{s + 10:032x}", BY_SERVER) for s in range(4))
    state, (dealt,) = apply(state, DealSeeded(SECRET, seeds, "ab" * 32))
    assert isinstance(dealt, DealStarted)
    assert dealt.deck == shuffle(SECRET, [s.value for s in seeds], VARIANTS["partnership"].deck)
    assert sorted(codes(dealt.deck)) == sorted(codes(VARIANTS["partnership"].deck))
    assert view_for(state, 2)["next_deal"]["number"] == 2
