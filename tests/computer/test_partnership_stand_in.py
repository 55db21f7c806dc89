"""The stand-in for a paused ``partnership`` seat: once the pause runs out, the computer bids or
passes, answers the doubling window, plays, says "enough" and shows the cards for the seat,
always one of the seat's legal actions, marked as the stand-in's, from the seat's view only."""

from __future__ import annotations

import random
from collections import Counter
from datetime import timedelta

from apps.computer.services import stand_in_action
from apps.matches.engine import (
    Command,
    Leave,
    MatchState,
    Resign,
    command_from_json,
    decide,
    legal_actions,
    replay,
)
from apps.matches.engine.commands import Pause
from apps.matches.engine.presence import PAUSE_LENGTH, due_commands, stand_ins_to_play
from apps.matches.engine.variants.partnership.commands import Pass
from apps.matches.simulation import random_deck
from research.hands4 import T0, bot_view, start_hand
from tests.engine.builders_partnership import registered  # noqa: F401 (the autouse fixture)
from tests.engine.partnership import PARTNERSHIP

AWAY = 2  # the seat whose player paused and did not come back


def _others(state: MatchState, seat: int, rng: random.Random) -> Command:
    """The players present: passing more often than bidding, so that hands get played."""
    actions = [a for a in legal_actions(state, seat) if not isinstance(a, Leave | Resign)]
    passes = [a for a in actions if isinstance(a, Pass)]
    if passes and rng.random() < 0.6:
        return passes[0]
    return rng.choice(actions)


def test_the_stand_in_plays_every_phase_of_a_partnership_hand_for_an_away_seat() -> None:
    rng = random.Random(11)
    said: Counter[str] = Counter()
    for hand in range(40):
        state = start_hand(random_deck(rng, PARTNERSHIP), hand % 4)
        now = T0
        state = replay(decide(state, Pause(AWAY), now=now), state)
        now += PAUSE_LENGTH
        for command in due_commands(state, now):  # the pause ran out: the stand-in begins
            state = replay(decide(state, command, now=now), state)
        assert state.paused[AWAY] is not None and state.paused[AWAY].stand_in
        while not state.deal.over:  # type: ignore[union-attr]
            assert state.variant is not None
            now += timedelta(milliseconds=1)
            actors = state.variant.actors(state)
            if not actors:  # a shown hand: its wait runs out
                now = state.deal.deadline  # type: ignore[union-attr]
                for command in due_commands(state, now):
                    state = replay(decide(state, command, now=now), state)
                continue
            if AWAY in actors:
                assert stand_ins_to_play(state) == [AWAY]
                view = bot_view(state, AWAY)  # the seat's view and the public history only
                action = stand_in_action(view, PARTNERSHIP, rng)
                assert action in view["legal_actions"]
                assert action["type"] not in ("leave", "resign")
                said[action["type"]] += 1
                command = command_from_json(action, seat=AWAY, stand_in=True)
            else:
                command = _others(state, rng.choice(actors), rng)
            events = decide(state, command, now=now)
            if command.seat == AWAY:  # type: ignore[attr-defined]
                assert events[0].stand_in  # type: ignore[attr-defined]
            state = replay(events, state)
    # every phase: the bidding, the doubling window, the play, "enough" and the claim
    assert said["play"] > 0 and said["pass"] > 0 and said["bid"] > 0
    assert said["no_double"] + said["kontra"] + said["rekontra"] + said["subkontra"] > 0
    assert said["declare_enough"] + said["show_cards"] > 0
