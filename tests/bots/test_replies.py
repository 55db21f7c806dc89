"""The model of an opponent answering the expert's lead without seeing the expert's hand."""

from __future__ import annotations

from apps.bots.bitgame import BitGame
from apps.bots.cardbits import INDEX, mask
from apps.bots.replies import reply_weights

FOLLOWER = ["TU", "TO", "ZK", "ZO", "MU"]  # a Z marriage, and the jack of trumps (M)
TALON = ["PO", "PK", "TK", "TX", "ZU", "ZX", "MO", "MK", "MX"]  # the trump card is MA
LEADER = ["PA", "TA", "ZA"]  # and PU or PX, whichever was not led


def position(led: str, leader_rest: list[str], talon: list[str] = TALON) -> BitGame:
    """Seat 0 has led ``led`` while the talon is open; seat 1 must answer."""
    assert len(set(leader_rest + talon + FOLLOWER + [led, "MA"])) == 20
    return BitGame(
        [mask(leader_rest), mask(FOLLOWER)],
        [INDEX[c] for c in talon],
        INDEX["MA"],
        0,
        led=INDEX[led],
        played=mask([led]),
    )


def chance(g: BitGame, card: str) -> float:
    return reply_weights(g)[INDEX[card]]


def test_every_legal_reply_has_a_probability_and_they_sum_to_one() -> None:
    weights = reply_weights(position("PX", [*LEADER, "PU"]))
    assert set(weights) == {INDEX[c] for c in FOLLOWER}
    assert abs(sum(weights.values()) - 1) < 1e-12
    assert all(p > 0 for p in weights.values())


def test_the_follower_trumps_a_ten_more_readily_than_a_jack() -> None:
    on_ten = position("PX", [*LEADER, "PU"])
    on_jack = position("PU", [*LEADER, "PX"])
    assert chance(on_ten, "MU") > 0.5 > chance(on_jack, "MU")
    assert max(reply_weights(on_ten).values()) == chance(on_ten, "MU")


def test_the_follower_keeps_its_marriage_halves() -> None:
    g = position("PU", [*LEADER, "PX"])
    assert chance(g, "TO") > chance(g, "ZO")
    assert chance(g, "TO") > chance(g, "ZK")


def test_the_model_cannot_see_the_leaders_hand() -> None:
    hidden = [*LEADER, "PU"]
    swapped = ["PO", "TX", "ZU", "MO"]  # the leader's cards and these change places
    talon = [hidden[swapped.index(c)] if c in swapped else c for c in TALON]
    one = reply_weights(position("PX", hidden))
    other = reply_weights(position("PX", swapped, talon))
    assert one == other
