"""The ceiling bench's reference players see exactly the hidden cards they claim to see
(``research/ceiling.py``): the seer the opponent's hand, the cheater the talon order as well."""

from __future__ import annotations

import random
from typing import Any

import pytest

from apps.bots.bitgame import BitGame, from_deal
from apps.bots.knowledge import Knowledge
from apps.bots.levels import player_for
from apps.matches.simulation import random_deck
from research import ceiling
from research.arena import play_deal
from research.ceiling import Truth


def public_part(g: BitGame) -> tuple[object, ...]:
    return (g.trump_card, g.turn, g.led, g.pts, g.tricks, g.closed_by, g.played)


def test_the_reference_players_see_the_hidden_cards_they_claim() -> None:
    truth = Truth()
    checked = 0

    def checking_club(view: dict[str, Any], rng: random.Random, budget: float) -> dict[str, Any]:
        nonlocal checked
        assert truth.state is not None and truth.state.deal is not None
        true = from_deal(truth.state.deal)
        seer = truth.reveal(view, talon=False).sample_world(rng)
        cheater = truth.reveal(view, talon=True).sample_world(rng)
        assert seer.hands == true.hands
        assert sorted(seer.talon) == sorted(true.talon)
        assert (cheater.hands, cheater.talon) == (true.hands, true.talon)
        assert public_part(seer) == public_part(cheater) == public_part(true)
        checked += 1
        return player_for("klub", "club")(view, rng, budget)

    for i in range(6):
        rngs = (random.Random(2 * i), random.Random(2 * i + 1))
        deck = random_deck(random.Random(i))
        play_deal(deck, i % 2, (checking_club, checking_club), rngs, observe=truth.observe)
    assert checked >= 6 * 6


def test_a_partial_seer_sees_the_hand_only_where_it_is_told(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``seer-lead`` searches with the opponent's hand at its open-talon leads only, and with
    what the view tells everywhere else."""
    truth = Truth()
    seen: list[tuple[bool, bool]] = []  # (an open-talon lead, the opponent's hand given)

    def recording_expert(k: Any, view: dict[str, Any], rng: random.Random, budget: float) -> Any:
        assert truth.state is not None and truth.state.deal is not None
        hand = from_deal(truth.state.deal).hands[k.opp]
        honest = Knowledge.read(view)
        seen.append((not honest.strict and honest.led < 0, k.opp_known == hand != honest.opp_known))
        return player_for("klub", "club")(view, rng, budget)

    monkeypatch.setattr(ceiling, "expert_with", recording_expert)
    player = ceiling.partial_seer(truth, ceiling.SEEN_AT["seer-lead"])
    for i in range(4):
        rngs = (random.Random(2 * i), random.Random(2 * i + 1))
        deck = random_deck(random.Random(100 + i))
        play_deal(deck, i % 2, (player, player), rngs, observe=truth.observe)
    leads = [given for lead, given in seen if lead]
    others = [given for lead, given in seen if not lead]
    assert leads and others
    assert all(leads) and not any(others)
