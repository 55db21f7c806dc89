"""Sixty-six's scoring table (rules §3 and §6), twice:

1. table-driven: every row of the table, as the scorer (``sixty_six/scoring.py``) is asked it;
2. an independent reference of the table, written here from the rules, that the engine is held
   to on many random deals (hypothesis): from the events alone it tracks each seat's score,
   card points and tricks, the close and its snapshot, who declared or let the count decide,
   and the bonus of drawn deals, and predicts every ``deal_ended``. Along the way it checks
   that the declaration, the count and the exchange of the trump nine are offered exactly
   when the rules allow them.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from apps.matches.engine import (
    DECK_24,
    INITIAL,
    Card,
    CloseTalon,
    Command,
    DealCards,
    Event,
    ExchangeTrump,
    Leave,
    MatchState,
    PlayCard,
    Resign,
    StartMatch,
    Surrender,
    decide,
    evolve,
    legal_actions,
)
from apps.matches.engine.events import DealEnded, DealStarted, MatchEnded
from apps.matches.engine.variants.klub.events import (
    CardDrawn,
    CardPlayed,
    DealSurrendered,
    MarriageAnnounced,
    TalonClosed,
    TrickTaken,
    TrumpExchanged,
)
from apps.matches.engine.variants.sixty_six.commands import DeclareEnough, LetCount
from apps.matches.engine.variants.sixty_six.events import CountChosen, EnoughDeclared
from apps.matches.engine.variants.sixty_six.scoring import (
    Standing,
    on_count,
    on_declaration,
    on_surrender,
)
from tests.sizes import size

# --- 1. the table, row by row ------------------------------------------------------------------

DECLARE, COUNT, SURRENDER = "declare", "count", "surrender"

# (row, seat acting, what it does, per seat (score, card points, tricks), closer, per seat
#  (score, tricks) when closed) -> (winner, game points, reason). Scores include marriages.
ROWS = [
    ("declared; loser no trick", 0, DECLARE, ((70, 70, 4), (20, 0, 0)), None, None,
     (0, 3, "declared")),
    ("declared; loser trick, under 33", 0, DECLARE, ((66, 66, 3), (32, 32, 2)), None, None,
     (0, 2, "declared")),
    ("declared; loser 33 or more", 1, DECLARE, ((33, 13, 1), (66, 46, 3)), None, None,
     (1, 1, "declared")),
    ("declared; loser's marriages count in its score", 0, DECLARE,
     ((80, 80, 4), (33, 13, 1)), None, None, (0, 1, "declared")),
    ("wrong; opponent with a trick", 0, DECLARE, ((65, 65, 4), (10, 10, 1)), None, None,
     (1, 2, "wrong_declaration")),
    ("wrong; opponent without a trick", 1, DECLARE, ((0, 0, 0), (50, 50, 3)), None, None,
     (0, 3, "wrong_declaration")),
    ("wrong: no trick, whatever the score", 0, DECLARE, ((40, 0, 0), (0, 0, 0)), None, None,
     (1, 3, "wrong_declaration")),
    ("closer right; opponent no trick when closed", 0, DECLARE,
     ((70, 70, 4), (20, 20, 2)), 0, ((10, 1), (0, 0)), (0, 3, "close_succeeded")),
    ("closer right; opponent trick, under 33 when closed", 0, DECLARE,
     ((70, 70, 4), (40, 40, 2)), 0, ((10, 1), (32, 1)), (0, 2, "close_succeeded")),
    ("closer right; opponent 33 or more when closed", 1, DECLARE,
     ((45, 45, 3), (66, 66, 3)), 1, ((33, 2), (20, 1)), (1, 1, "close_succeeded")),
    ("closer wrong; closer had a trick when closed", 0, DECLARE,
     ((60, 60, 4), (20, 20, 1)), 0, ((10, 1), (0, 0)), (1, 2, "close_failed")),
    ("closer wrong; closer had no trick when closed", 0, DECLARE,
     ((60, 60, 4), (20, 20, 1)), 0, ((0, 0), (20, 1)), (1, 3, "close_failed")),
    ("opponent right; closer had a trick when closed", 1, DECLARE,
     ((20, 20, 1), (66, 66, 4)), 0, ((20, 1), (0, 0)), (1, 2, "close_failed")),
    ("opponent right; closer had no trick when closed", 1, DECLARE,
     ((20, 20, 1), (70, 70, 4)), 0, ((0, 0), (30, 2)), (1, 3, "close_failed")),
    ("opponent wrong; the closer has a trick", 1, DECLARE,
     ((20, 20, 1), (50, 50, 3)), 0, ((0, 0), (30, 2)), (0, 2, "wrong_declaration")),
    ("opponent wrong; the closer has no trick", 1, DECLARE,
     ((0, 0, 0), (50, 50, 3)), 0, ((0, 0), (0, 0)), (0, 3, "wrong_declaration")),
    ("closer never declared; all played", 1, COUNT,
     ((90, 90, 5), (30, 30, 1)), 0, ((0, 0), (0, 0)), (1, 3, "close_failed")),
    ("closer never declared; closer had a trick then", 0, COUNT,
     ((90, 90, 5), (30, 30, 1)), 0, ((12, 1), (0, 0)), (1, 2, "close_failed")),
    ("count; loser no trick", 0, COUNT, ((120, 120, 12), (0, 0, 0)), None, None,
     (0, 3, "count")),
    ("count; loser trick, under 33", 1, COUNT, ((113, 113, 11), (7, 7, 1)), None, None,
     (0, 2, "count")),
    ("count; loser 33 or more", 0, COUNT, ((58, 58, 5), (62, 62, 7)), None, None,
     (1, 1, "count")),
    ("count; card points only, marriages aside", 0, COUNT,
     ((100, 58, 5), (62, 62, 7)), None, None, (1, 1, "count")),
    ("count; the loser's score with marriages", 0, COUNT,
     ((61, 61, 6), (79, 59, 6)), None, None, (0, 1, "count")),
    ("count; loser under 33 with marriages aside", 0, COUNT,
     ((90, 90, 10), (30, 30, 2)), None, None, (0, 2, "count")),
    ("count; 60:60", 1, COUNT, ((60, 60, 6), (80, 60, 6)), None, None, (None, 0, "draw")),
    ("surrender; no trick", 0, SURRENDER, ((40, 0, 0), (30, 30, 2)), None, None,
     (1, 3, "surrendered")),
    ("surrender; trick, under 33", 1, SURRENDER, ((40, 40, 2), (30, 30, 2)), None, None,
     (0, 2, "surrendered")),
    ("surrender; 33 or more, after a close", 0, SURRENDER,
     ((50, 50, 3), (10, 10, 1)), 0, ((0, 0), (0, 0)), (1, 1, "surrendered")),
]  # fmt: skip


@pytest.mark.parametrize(
    ("seat", "move", "seats", "closer", "closed_at", "expected"),
    [row[1:] for row in ROWS],
    ids=[row[0] for row in ROWS],
)
def test_the_scoring_table(  # noqa: PLR0917 (one parameter per column of the table)
    seat: int,
    move: str,
    seats: tuple[tuple[int, int, int], ...],
    closer: int | None,
    closed_at: tuple[tuple[int, int], ...] | None,
    expected: tuple[int | None, int, str],
) -> None:
    standing = Standing(
        scores=tuple(s for s, _, _ in seats),
        card_points=tuple(c for _, c, _ in seats),
        tricks=tuple(t for _, _, t in seats),
        closed_by=closer,
        closed_at=closed_at,
    )
    if move == DECLARE:
        outcome = on_declaration(standing, seat)
    elif move == COUNT:
        outcome = on_count(standing)
    else:
        outcome = on_surrender(standing, seat)
    assert tuple(outcome) == expected


# --- 2. an independent reference, on random deals -----------------------------------------------


def by_loser(score: int, tricks: int) -> int:
    """Rules §2: 3 against a side without a trick, 2 under 33, else 1."""
    return 3 if tricks == 0 else (2 if score < 33 else 1)


@dataclass
class Facts:
    """What the events of one deal say, tracked here without the engine's state."""

    dealer: int
    trump: str
    hands: list[set[Card]]
    face_down: int = 11
    bonus: int = 0
    card_points: list[int] = field(default_factory=lambda: [0, 0])
    marriages: list[int] = field(default_factory=lambda: [0, 0])
    tricks: list[int] = field(default_factory=lambda: [0, 0])
    table: list[tuple[int, Card]] = field(default_factory=list)
    turn: int = 0
    closer: int | None = None
    at_close: list[tuple[int, int]] = field(default_factory=list)
    declared: int | None = None
    counted: bool = False
    surrendered: int | None = None
    marriage_window: int | None = None  # the seat that just led a marriage card

    def score(self, seat: int) -> int:
        return self.card_points[seat] + self.marriages[seat]

    @property
    def all_played(self) -> bool:
        return not self.table and not any(self.hands)

    def expected_end(self) -> tuple[int | None, int, str]:
        """Rules §3 and §6, from the facts: who wins the deal, with how many game points."""
        winner, points, reason = self._decided()
        if winner is not None:
            points += self.bonus  # the bonus of earlier draws goes on top
        return winner, points, reason

    def _decided(self) -> tuple[int | None, int, str]:
        s = self.surrendered
        if s is not None:
            return 1 - s, by_loser(self.score(s), self.tricks[s]), "surrendered"
        c = self.closer
        failed_close = (
            (None, 0, "")
            if c is None
            else (1 - c, 3 if self.at_close[c][1] == 0 else 2, "close_failed")
        )
        d = self.declared
        if d is not None:
            o = 1 - d
            right = self.tricks[d] >= 1 and self.score(d) >= 66
            if c is None and right:
                return d, by_loser(self.score(o), self.tricks[o]), "declared"
            if c is None:
                return o, 3 if self.tricks[o] == 0 else 2, "wrong_declaration"
            if d == c and right:
                return d, by_loser(*self.at_close[o]), "close_succeeded"
            if d == c or right:
                return failed_close
            return o, 3 if self.tricks[o] == 0 else 2, "wrong_declaration"
        assert self.counted
        if c is not None:
            return failed_close
        first, second = self.card_points
        if first == second:
            return None, 0, "draw"
        w = 0 if first > second else 1
        return w, by_loser(self.score(1 - w), self.tricks[1 - w]), "count"


def _winner(table: list[tuple[int, Card]], trump: str) -> int:
    (leader, led), (follower, followed) = table
    if followed.suit == led.suit:
        return follower if followed.order > led.order else leader
    return follower if followed.suit == trump else leader


def new_facts(event: DealStarted, bonus: int) -> Facts:
    d, forehand = event.deck, 1 - event.dealer
    hands = [set(), set()]
    hands[forehand], hands[event.dealer] = set(d[0:6]), set(d[6:12])
    return Facts(event.dealer, d[12].suit, hands, bonus=bonus, turn=forehand)


def observe(f: Facts, events: list[Event]) -> None:
    """Fold one command's events into the facts."""
    f.marriage_window = None
    for e in events:
        if isinstance(e, MarriageAnnounced):
            f.marriages[e.seat] += e.points
        elif isinstance(e, CardPlayed):
            i = events.index(e)
            f.hands[e.seat].discard(e.card)
            f.table.append((e.seat, e.card))
            f.turn = 1 - e.seat
            led_marriage = (
                len(f.table) == 1 and i > 0 and isinstance(events[i - 1], MarriageAnnounced)
            )
            f.marriage_window = e.seat if led_marriage else None
            if len(f.table) == 2:
                winner, points = _winner(f.table, f.trump), sum(c.points for _, c in f.table)
                assert events[i + 1] == TrickTaken(winner, points)
                f.card_points[winner] += points
                f.tricks[winner] += 1
                f.table, f.turn = [], winner
        elif isinstance(e, CardDrawn):
            f.hands[e.seat].add(e.card)
            f.face_down -= 0 if e.face_up else 1
        elif isinstance(e, TrumpExchanged):
            f.hands[e.seat] = f.hands[e.seat] - {e.card} | {e.taken}
        elif isinstance(e, TalonClosed):
            f.closer = e.seat
            f.at_close = [(f.score(s), f.tricks[s]) for s in (0, 1)]
        elif isinstance(e, EnoughDeclared):
            f.declared = e.seat
        elif isinstance(e, CountChosen):
            f.counted = True
        elif isinstance(e, DealSurrendered):
            f.surrendered = e.seat


def check_offers(f: Facts, state: MatchState) -> None:
    """The declaration, the count and the trump nine's exchange are offered exactly when the
    rules allow them (§6)."""
    for seat in (0, 1):
        offered = legal_actions(state, seat)
        may_declare = seat in (f.turn, f.marriage_window)
        assert (DeclareEnough(seat) in offered) == may_declare, (seat, offered)
        assert (LetCount(seat) in offered) == (f.all_played and f.turn == seat), (seat, offered)
        nine = next(c for c in DECK_24 if c.suit == f.trump and c.rank == "9")
        may_exchange = (
            f.turn == seat
            and not f.table
            and f.closer is None
            and f.face_down > 0
            and nine in f.hands[seat]
            and f.tricks[seat] > 0
        )
        assert (ExchangeTrump(seat) in offered) == may_exchange, (seat, offered)


def choose(f: Facts, state: MatchState, rng: random.Random) -> Command:
    """A player who declares when it is sensible, sometimes when it is not, and sometimes
    right after leading a marriage card."""
    window = f.marriage_window
    if window is not None:
        sensible = f.tricks[window] > 0 and f.score(window) >= 66
        if rng.random() < (0.7 if sensible else 0.05):
            return DeclareEnough(window)
    seat = f.turn
    offered = [a for a in legal_actions(state, seat) if not isinstance(a, Leave | Resign)]
    if f.all_played:
        return rng.choice(offered)
    if DeclareEnough(seat) in offered:
        sensible = f.tricks[seat] > 0 and f.score(seat) >= 66
        if rng.random() < (0.4 if sensible else 0.005):
            return DeclareEnough(seat)
    if rng.random() < 0.01:
        return Surrender(rng.randrange(2), confirm=True)
    for kind, rate in ((ExchangeTrump, 0.7), (CloseTalon, 0.04)):
        if kind(seat) in offered and rng.random() < rate:
            return kind(seat)
    return rng.choice([a for a in offered if isinstance(a, PlayCard)])


@settings(max_examples=size(40, 100), deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**64 - 1))
def test_the_engine_scores_random_deals_as_the_reference(seed: int) -> None:
    rng = random.Random(seed)
    target = rng.choice((7, 11))
    state = INITIAL
    for event in decide(state, StartMatch("sixty-six", rng.randrange(2), target)):
        state = evolve(state, event)
    bonus, deals = 0, 0
    facts: Facts | None = None
    while not state.finished:
        if state.awaiting_deal:
            deck = list(DECK_24)
            rng.shuffle(deck)
            command: Command = DealCards(tuple(deck), f"{rng.getrandbits(64):016x}")
        else:
            assert facts is not None
            check_offers(facts, state)
            command = choose(facts, state, rng)
        events = decide(state, command)
        for event in events:
            state = evolve(state, event)
        started = [e for e in events if isinstance(e, DealStarted)]
        if started:
            facts = new_facts(started[0], bonus)
            continue
        assert facts is not None
        observe(facts, events)
        ended = [e for e in events if isinstance(e, DealEnded)]
        if ended:
            expected = facts.expected_end()
            assert (ended[0].winner, ended[0].game_points, ended[0].reason) == expected
            bonus = bonus + 1 if expected[2] == "draw" else 0
            deals += 1
    assert isinstance(events[-1], MatchEnded) and events[-1].reason == "points"
    assert max(state.scores) >= target and deals >= 2
