"""What the seat to move knows, read from its view and the deal's public history only.

``Knowledge.read(view)`` turns ``view_for(state, seat) | {"history": history_for(state, seat)}``
into bitmasks: the own hand, every card played, the cards known to be in the opponent's hand
(the other half of an announced marriage, the trump card it took by exchange or by drawing it
face up), the cards it cannot hold (voids and "could not beat" revealed in strict-phase
tricks, and the partner of a K or O it led without the automatic marriage announcement), and
the unseen rest. ``sample_world`` deals the unseen cards at random, consistently with all of
that, into a ``BitGame`` the search can play out. Nothing here reads hidden state: the bot's
only inputs are these two JSON documents.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from .bitgame import BitGame
from .bitgame66 import BitGame66
from .cardbits import (
    ABOVE,
    DECK_20,
    DECK_24,
    INDEX,
    POINTS,
    SUIT_MASK,
    SUITS,
    mask,
    members,
    partner,
)

View = dict[str, Any]
DECKS = {"klub": DECK_20, "sixty-six": DECK_24}


class MissingHistory(ValueError):
    """The view came without ``history`` (the service must add ``history_for``)."""


@dataclass(frozen=True)
class Knowledge:
    seat: int
    trump: int  # suit index
    hand: int  # own hand
    led: int  # the card on the table, or -1
    leader: int
    turn: int
    played: int  # every card played in this deal (tricks and table)
    pts: tuple[int, int]  # card points + announced marriages, per seat
    tricks: tuple[int, int]
    closed_by: int  # -1 if the talon was never closed
    closed_at: tuple[tuple[int, int], tuple[int, int]] | None
    trump_card: int  # the card under the talon (after an exchange: the jack)
    trump_under_talon: bool  # not taken yet (visible unless the talon is closed)
    facedown: int  # face-down talon cards
    opp_size: int
    opp_known: int  # cards certainly in the opponent's hand
    opp_forbidden: int  # cards the opponent certainly does not hold
    unseen: int  # cards whose place is unknown: opponent's hand or the face-down talon
    variant: str = "klub"
    cp: tuple[int, int] = (0, 0)  # card points alone, per seat (sixty-six's count compares them)
    bonus: int = 0  # sixty-six: the game points of earlier draws this deal's winner takes

    @property
    def opp(self) -> int:
        return 1 - self.seat

    @property
    def strict(self) -> bool:
        return self.closed_by >= 0 or self.facedown == 0

    @property
    def perfect(self) -> bool:
        """Whether the opponent's hand is known: the talon is exhausted, or strict play with
        every opponent card revealed (the face-down talon no longer matters then)."""
        if self.facedown == 0:
            return True
        return self.strict and self.opp_known.bit_count() == self.opp_size

    @classmethod
    def read(cls, view: View) -> Knowledge:
        history = view.get("history")
        if history is None:
            raise MissingHistory("the view needs the deal's public history (history_for)")
        deal = view["deal"]
        seat: int = view["seat"]
        variant = view.get("variant") or "klub"
        opp = 1 - seat
        trump = SUITS.index(deal["trump_suit"])
        hand = mask(deal["hand"])
        marriages = history["marriages"]
        cp, tricks, played, closed_at = _tricks(history)
        pts = list(cp)
        for m in marriages:
            pts[m["seat"]] += m["points"]
        table = deal["table"]
        led = -1
        for entry in table:
            led = INDEX[entry["card"]]
            played |= 1 << led
        forbidden = _opponent_lacks(history, opp, trump, led if deal["leader"] == opp else -1)
        exchange = history["exchange"]
        trump_card = INDEX[exchange["card"] if exchange else history["trump_card_dealt"]]
        taker = history["trump_card_taken_by"]
        under = taker is None
        known = 0
        for m in marriages:
            if m["seat"] == opp:
                for rank in "KO":
                    known |= 1 << INDEX[m["suit"] + rank]
        if exchange is not None and exchange["seat"] == opp:
            known |= 1 << INDEX[exchange["taken"]]
        if taker == opp:
            known |= 1 << trump_card
        known &= ~played & ~hand
        if under:
            known &= ~(1 << trump_card)
        facedown = deal["talon_size"] - (1 if under else 0)
        unseen = DECKS[variant] & ~hand & ~played & ~known
        if under:
            unseen &= ~(1 << trump_card)
        return cls(
            seat=seat,
            trump=trump,
            hand=hand,
            led=led,
            leader=deal["leader"],
            turn=deal["turn"],
            played=played,
            pts=(pts[0], pts[1]),
            tricks=(tricks[0], tricks[1]),
            closed_by=-1 if deal["closed_by"] is None else deal["closed_by"],
            closed_at=closed_at,
            trump_card=trump_card,
            trump_under_talon=under,
            facedown=facedown,
            opp_size=deal["hand_sizes"][opp],
            opp_known=known,
            opp_forbidden=forbidden & unseen,
            unseen=unseen,
            variant=variant,
            cp=cp,
            bonus=deal.get("bonus", 0),
        )

    def world(self, opp_hand: int, talon: list[int]) -> BitGame:
        """The deal with the opponent's hand and the face-down talon order filled in. A
        sixty-six deal is a ``BitGame66`` in ``auto`` mode: every seat declares as soon as it
        is right, and never wrongly."""
        hands = [0, 0]
        hands[self.seat] = self.hand
        hands[self.opp] = opp_hand
        game: type[BitGame] = BitGame
        extra: dict[str, object] = {}
        if self.variant == "sixty-six":
            game, extra = BitGame66, {"cp": list(self.cp), "bonus": self.bonus, "auto": True}
        return game(
            hands,
            talon,
            self.trump_card,
            self.leader,
            **extra,
            trump_taken=not self.trump_under_talon,
            led=self.led,
            pts=list(self.pts),
            tricks=list(self.tricks),
            closed_by=self.closed_by,
            closed_at=self.closed_at,
            played=self.played,
        )

    def sample_world(self, rng: random.Random) -> BitGame:
        """A world drawn uniformly among those consistent with what the seat knows."""
        need = self.opp_size - self.opp_known.bit_count()
        allowed = members(self.unseen & ~self.opp_forbidden)
        if len(allowed) < need:  # inconsistent inference: drop it rather than fail
            allowed = members(self.unseen)
        chosen = rng.sample(allowed, need) if need > 0 else []
        opp_hand = self.opp_known
        for c in chosen:
            opp_hand |= 1 << c
        talon = members(self.unseen & ~opp_hand)
        rng.shuffle(talon)
        return self.world(opp_hand, talon)

    def opponent_hands(self) -> list[int]:
        """Every opponent hand consistent with what the seat knows (for exact enumeration)."""
        from itertools import combinations  # noqa: PLC0415

        need = self.opp_size - self.opp_known.bit_count()
        allowed = members(self.unseen & ~self.opp_forbidden)
        if len(allowed) < need:
            allowed = members(self.unseen)
        out = []
        for combo in combinations(allowed, need):
            h = self.opp_known
            for c in combo:
                h |= 1 << c
            out.append(h)
        return out


def _tricks(
    history: dict[str, Any],
) -> tuple[tuple[int, int], list[int], int, tuple[tuple[int, int], tuple[int, int]] | None]:
    """From the history's tricks: each seat's card points and tricks, the cards played to
    them, and each seat's (points, tricks) when the talon was closed (or None)."""
    cp = [0, 0]
    tricks = [0, 0]
    played = 0
    closed = history["closed"]
    closed_after = None if closed is None else closed["after_tricks"]
    closed_at = None
    marriages = history["marriages"]
    for i, trick in enumerate(history["tricks"]):
        if closed_after == i:
            closed_at = _snapshot(cp, tricks, marriages, i)
        (first, second) = trick["cards"]
        a, b = INDEX[first["card"]], INDEX[second["card"]]
        played |= 1 << a | 1 << b
        cp[trick["winner"]] += POINTS[a] + POINTS[b]
        tricks[trick["winner"]] += 1
    if closed_after is not None and closed_at is None:
        closed_at = _snapshot(cp, tricks, marriages, closed_after)
    return (cp[0], cp[1]), tricks, played, closed_at


def _snapshot(
    pts: list[int], tricks: list[int], marriages: list[dict[str, Any]], before_trick: int
) -> tuple[tuple[int, int], tuple[int, int]]:
    """Each seat's (points, tricks) when the talon was closed before trick ``before_trick``."""
    p = pts[:]
    for m in marriages:
        if m["trick"] is not None and m["trick"] < before_trick:
            p[m["seat"]] += m["points"]
    return ((p[0], tricks[0]), (p[1], tricks[1]))


def _opponent_lacks(history: dict[str, Any], opp: int, trump: int, opp_led_now: int) -> int:
    """Cards the opponent's plays show it does not hold now: in strict-phase tricks (no draw
    since) what its follows and unannounced K or O leads revealed, and the partner of a K or O
    it leads to the current trick without an announcement."""
    marriages = history["marriages"]
    absent = 0
    for i, trick in enumerate(history["tricks"]):
        if not trick["strict"]:
            continue
        (first, second) = trick["cards"]
        a, b = INDEX[first["card"]], INDEX[second["card"]]
        if second["seat"] == opp:
            absent |= _revealed_absent(a, b, trump)
        else:
            absent |= _unannounced_partner(a, i, marriages)
    if opp_led_now >= 0:
        absent |= _unannounced_partner(opp_led_now, len(history["tricks"]), marriages)
    return absent


def _unannounced_partner(led: int, trick: int, marriages: list[dict[str, Any]]) -> int:
    """Leading a K or O while holding its partner announces the marriage automatically (once
    per suit): a K or O led without an announcement shows the leader did not hold the partner.
    """
    mate = partner(led)
    if mate < 0:
        return 0
    suit = SUITS[led // 6]
    if any(m["suit"] == suit and (m["trick"] is None or m["trick"] <= trick) for m in marriages):
        return 0  # announced now or earlier: the partner is known, or nothing follows
    return 1 << mate


def _revealed_absent(led: int, followed: int, trump: int) -> int:
    """Cards a strict-phase follower showed it did not hold by playing ``followed`` to ``led``."""
    led_suit = led // 6
    if followed // 6 == led_suit:
        return ABOVE[led] if followed < led else 0  # could not beat
    absent = SUIT_MASK[led_suit]  # could not follow
    if followed // 6 != trump:
        absent |= SUIT_MASK[trump]  # could not trump either
    return absent
