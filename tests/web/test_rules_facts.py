"""The rules pages' numbers are the engine's: this test computes, from the engine and the games'
catalogue, every number the rules pages show (targets, deck and hand sizes, card points, 66 and
33, marriages, each scoring table's game points, partnership's values, chips, pot stake, solo
and doubling factors, the claim's seconds) and compares them with ``tests/js/fixtures/
rules.json``; ``tests/js/rules.test.mjs`` compares each game's rules module (``apps/web/static/
web/rules/<game>.js``, its ``facts``) with that file. A change in the engine fails here:
``SNAPSZER_RECORD_FIXTURES=1`` rewrites the file, and then the client test names the rules text
to correct."""

from __future__ import annotations

import json
import os
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from apps.matches.engine.cards import card
from apps.matches.engine.registry import rules_for
from apps.matches.engine.variants.klub import play as klub_play
from apps.matches.engine.variants.klub import scoring as klub_scoring
from apps.matches.engine.variants.partnership import rules as partnership_rules
from apps.matches.engine.variants.partnership import scoring as partnership_scoring
from apps.matches.engine.variants.partnership import state as partnership_state
from apps.matches.engine.variants.sixty_six import scoring as sixty_six_scoring
from apps.matches.engine.variants.sixty_six.events import DRAW
from apps.matches.engine.variants.sixty_six.state import carried_bonus
from apps.matches.games import games_catalogue

FIXTURE = Path(__file__).resolve().parents[1] / "js" / "fixtures" / "rules.json"
RECORD = os.environ.get("SNAPSZER_RECORD_FIXTURES") == "1"
RERUN = "rerun with SNAPSZER_RECORD_FIXTURES=1 to rewrite it, then run `make test-js`"

NO_TRICK, UNDER_HALF, HALF = (0, 0), (32, 1), (33, 1)  # (points, tricks) of a losing side


def by_state(prefix: str, score: Any) -> dict[str, int]:
    """A 3 / 2 / 1 row group: the game points against a side with no trick, under 33, 33+."""
    return {
        f"{prefix}_no_trick": score(*NO_TRICK),
        f"{prefix}_under_half": score(*UNDER_HALF),
        f"{prefix}_half": score(*HALF),
    }


def two_seat(variant: str) -> dict[str, Any]:
    rules = rules_for(variant)
    targets = next(g["targets"] for g in games_catalogue() if g["variant"] == variant)
    loser = klub_scoring.by_loser_state
    return {
        "seats": rules.seats,
        "deck": len(rules.deck),
        "hand": rules.hand_size,
        # face down; under it, the trump card
        "talon": len(rules.deck) - rules.seats * rules.hand_size - 1,
        "targets": targets,
        "brink": targets[0] - 1,  # Rückschneider: won after trailing 0 : target − 1
        "exchange": rules.exchange_rank,
        "win": klub_scoring.WINNING_SCORE,
        "half": min(p for p in range(121) if loser(p, 1) == 1),
        "marriage": klub_play.MARRIAGE_POINTS,
        "trump_marriage": klub_play.TRUMP_MARRIAGE_POINTS,
        "card_points": {c.rank: c.points for c in rules.deck if c.suit == "P"},
    }


def klub() -> dict[str, Any]:
    loser = klub_scoring.by_loser_state
    return {
        **two_seat("klub"),
        "points": {
            **by_state("win", loser),
            "last_trick": klub_scoring.LAST_TRICK,
            **by_state("close_won", loser),
            "close_failed_no_trick": klub_scoring.for_failed_close(0),
            "close_failed_trick": klub_scoring.for_failed_close(1),
            **by_state("surrender", loser),
        },
    }


def sixty_six() -> dict[str, Any]:
    scoring = sixty_six_scoring

    def standing(**fields: Any) -> Any:
        return scoring.Standing(**fields)

    def declared(points: int, tricks: int) -> int:
        # seat 0 declares 66 with a trick; seat 1 (the loser) stands at (points, tricks)
        return scoring.on_declaration(
            standing(scores=(66, points), card_points=(66, points), tricks=(1, tricks)), 0
        ).game_points

    def counted(points: int, tricks: int) -> int:
        return scoring.on_count(
            standing(
                scores=(120 - points, points),
                card_points=(120 - points, points),
                tricks=(1, tricks),
            )
        ).game_points

    def surrendered(points: int, tricks: int) -> int:
        return scoring.on_surrender(
            standing(scores=(points, 0), card_points=(points, 0), tricks=(tricks, 1)), 0
        ).game_points

    def close_won(points: int, tricks: int) -> int:
        return scoring.on_declaration(
            standing(
                scores=(70, 40),
                card_points=(70, 40),
                tricks=(3, 2),
                closed_by=0,
                closed_at=((10, 1), (points, tricks)),
            ),
            0,
        ).game_points

    draw = scoring.on_count(standing(scores=(60, 60), card_points=(60, 60), tricks=(3, 3)))
    drawn_deal = SimpleNamespace(bonus=0, result=SimpleNamespace(reason=DRAW))
    return {
        **two_seat("sixty-six"),
        "points": {
            **by_state("declared", declared),
            "wrong_no_trick": scoring.for_wrong_declaration(0),
            "wrong_trick": scoring.for_wrong_declaration(1),
            **by_state("close_won", close_won),
            "close_failed_no_trick": scoring.for_failed_close(0),
            "close_failed_trick": scoring.for_failed_close(1),
            **by_state("count", counted),
            "draw": draw.game_points,
            "draw_bonus": carried_bonus(drawn_deal),
            **by_state("surrender", surrendered),
        },
    }


def partnership() -> dict[str, Any]:
    rules = rules_for("partnership")
    state = partnership_state
    value = state.table_value
    hand = SimpleNamespace(
        caller=0, holder=0, seats=4, value=50, solo=True, chips=(state.START_CHIPS,) * 4, pot=0
    )
    solo_paid = -partnership_scoring.hand_settlement(hand, won=False).changes[0]
    bid = state.Call(0, card("ZA"))
    doubled = state.PartnershipDeal.value.fget(SimpleNamespace(bid=bid, doublings=(1,)))
    return {
        "seats": rules.seats,
        "deck": len(rules.deck),
        "hand": state.HAND_SIZE,
        "win": state.WINNING_SCORE,
        # partnership announces as klub does (its play.py: 40 in trump, else 20)
        "marriage": klub_play.MARRIAGE_POINTS,
        "trump_marriage": klub_play.TRUMP_MARRIAGE_POINTS,
        "card_points": {c.rank: c.points for c in rules.deck if c.suit == "P"},
        "values": {
            "snapszer": value(card("ZA"), False),
            "snapszer_hearts": value(card("PA"), False),
            "durchmarsch": value(card("ZA"), True),
            "durchmarsch_hearts": value(card("PA"), True),
        },
        "chips": state.START_CHIPS,
        "all_pass": state.ALL_PASS_STAKE,
        "solo": solo_paid // hand.value,
        "doubling": doubled // bid.value,
        "claim_seconds": int(partnership_rules.CLAIM_WAIT.total_seconds()),
    }


def test_the_rules_pages_numbers_are_the_engines() -> None:
    recorded = {"klub": klub(), "sixty-six": sixty_six(), "partnership": partnership()}
    assert {g["variant"] for g in games_catalogue()} >= set(recorded)
    text = json.dumps(recorded, indent=1, ensure_ascii=False, sort_keys=True) + "\n"
    if RECORD:
        FIXTURE.write_text(text)
        return
    assert FIXTURE.exists(), f"tests/js/fixtures/rules.json is missing: {RERUN}"
    committed = json.loads(FIXTURE.read_text())
    differing = [
        f"{game}.{key}"
        for game in recorded
        for key in sorted(set(recorded[game]) | set(committed.get(game, {})))
        if recorded[game].get(key) != committed.get(game, {}).get(key)
    ]
    assert not differing, f"the engine's numbers changed ({', '.join(differing)}): {RERUN}"
