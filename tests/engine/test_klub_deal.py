"""Klub deal layout (rules §2 "Deal"), dealer rotation and the fair-play commitment."""

from __future__ import annotations

import hashlib

import pytest

from apps.matches.engine import DealCards, Surrender, cards, view_for
from apps.matches.engine.events import DealEnded, DealStarted

from .builders import SALT, apply, deal, deal_end, new_match, refused, start

# An arbitrary fixed order, written out so that each position is visible.
ORDER = cards("PA TK ZU MO PX  TA ZX MU PO TU  MK  ZA PK TX MA ZO  TO PU ZK MX")


def test_fixed_deck_is_dealt_exactly_as_specified() -> None:
    state = start(ORDER, first_dealer=0)  # dealer 0, so seat 1 is the forehand
    d = state.deal
    assert d is not None
    assert d.dealer == 0
    assert d.hands[1] == ORDER[0:5]  # forehand: d[0:5]
    assert d.hands[0] == ORDER[5:10]  # dealer: d[5:10]
    assert d.trump_card == ORDER[10]  # MK
    assert d.trump == "M"
    assert d.talon == ORDER[11:20]  # face-down talon in draw order
    assert d.leader == 1
    assert d.turn == 1
    view = view_for(state, 1)["deal"]
    assert view["hand"] == ["PX", "PA", "TK", "ZU", "MO"]  # sorted P, T, Z, M then rank
    assert view["trump_card"] == "MK"
    assert view["talon_size"] == 10  # nine face-down cards plus the trump card under them


def test_first_dealer_is_honoured() -> None:
    state = start(ORDER, first_dealer=1)
    d = state.deal
    assert d is not None
    assert d.dealer == 1
    assert d.hands[0] == ORDER[0:5]  # seat 0 is now the forehand
    assert d.hands[1] == ORDER[5:10]
    assert d.leader == d.turn == 0


def test_dealer_alternates_on_each_deal() -> None:
    state = start(ORDER, first_dealer=0)
    dealers = []
    for _ in range(3):
        d = state.deal
        assert d is not None
        dealers.append(d.dealer)
        forehand = 1 - d.dealer
        assert d.hands[forehand] == ORDER[0:5]
        assert d.leader == forehand
        if len(dealers) < 3:
            # Seat 0 gives up at once (3 game points to seat 1; 6 after two deals: no match end).
            state = deal(apply(state, Surrender(0, confirm=True))[0], ORDER)
    assert dealers == [0, 1, 0]
    assert state.scores == (0, 6)


def test_deal_number_counts_up() -> None:
    state = start(ORDER)
    state, _ = apply(state, Surrender(1, confirm=True))
    events = apply(state, DealCards(ORDER, SALT))[1]
    started = events[0]
    assert isinstance(started, DealStarted)
    assert started.number == 2
    assert started.dealer == 0  # deal 1 was dealt by seat 1


def test_commitment_is_sha256_of_salt_and_card_codes_and_deal_end_reveals_them() -> None:
    salt = "deadbeef" * 4
    state = new_match(first_dealer=0)
    events = apply(state, DealCards(ORDER, salt))[1]
    started = events[0]
    assert isinstance(started, DealStarted)
    text = salt + "PATKZUMOPXTAZXMUPOTUMKZAPKTXMAZOTOPUZKMX"
    assert started.commitment == hashlib.sha256(text.encode("ascii")).hexdigest()
    state = apply(state, DealCards(ORDER, salt))[0]
    ended = deal_end(apply(state, Surrender(1, confirm=True))[1])
    assert isinstance(ended, DealEnded)
    assert ended.deck == ORDER
    assert ended.salt == salt
    # Anyone can check the reveal against the commitment published at the start.
    revealed = ended.salt + "".join(c.code for c in ended.deck)
    assert hashlib.sha256(revealed.encode("ascii")).hexdigest() == started.commitment


@pytest.mark.parametrize(
    ("order", "salt", "code"),
    [
        (ORDER[:19], SALT, "invalid_deck"),  # a card missing
        (ORDER[:19] + ORDER[:1], SALT, "invalid_deck"),  # a card twice
        (ORDER, "0123456789abcde", "invalid_salt"),  # 15 hex digits: too short
        (ORDER, "0123456789ABCDEF", "invalid_salt"),  # upper case is not allowed
        (ORDER, "f" * 129, "invalid_salt"),  # too long
    ],
)
def test_bad_deck_or_salt_is_refused(order: tuple, salt: str, code: str) -> None:
    assert refused(new_match(), DealCards(order, salt)) == code


def test_salt_length_bounds_are_accepted() -> None:
    for salt in ("a" * 16, "0" * 128):
        d = start(ORDER, salt=salt).deal
        assert d is not None
        assert d.salt == salt
