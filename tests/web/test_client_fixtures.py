"""The client's unit tests (``tests/js``) are fed with what the real server sends: this test plays
a short seeded match of each game through the public API (friend rooms, every seat a person
driven here, no mocks) and records, for one seat, every step as that seat's client meets it:
the view it holds, the envelopes of the event feed that follow (``GET …/events/?after_seq=``),
and the view fetched after them (``GET /api/v1/matches/<id>/``). ``tests/js/fold.test.mjs``
folds each step's envelopes into the view before and compares the result with the view after.

The deals are made deterministic the way the browser tests stack them: the first dealer and
every shuffle come from a seeded ``random.Random`` (``follow_ups.rng``, ``services._rng``),
and the moves from a fixed policy. What still changes from run to run (the match id, the
salts and so the commitments, times) is replaced by placeholders.

The committed files are what the server sends now: a change on the server fails this test.
``SNAPSZER_RECORD_FIXTURES=1`` rewrites them (then rerun ``make test-js``). The error codes of
the server's catalogue are recorded too (``errors.json``), and the wallet's ledger kinds
(``ledger_kinds.json``), for the catalogue tests of ``tests/js/i18n.test.mjs``: each in words
in both languages."""

from __future__ import annotations

import json
import os
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from apps.analysis import services as analysis_services
from apps.common.catalogue import catalogue_entries
from apps.matches import follow_ups, services
from apps.matches.models import Match
from apps.wallet.models import Transfer
from tests.conftest import MakePlayer, Player

FIXTURES = Path(__file__).resolve().parents[1] / "js" / "fixtures"
RECORD = os.environ.get("SNAPSZER_RECORD_FIXTURES") == "1"
RERUN = "rerun with SNAPSZER_RECORD_FIXTURES=1 to rewrite them, then run `make test-js`"
VIEWER = 0  # the host's seat: the seat whose client is recorded
NOT_PLAYED = {"surrender", "resign", "leave", "pause", "resume", "show_hand", "show_cards"}

# What each game's recording must hold (the event types), else its seed or policy is stale.
REQUIRED = {
    "klub": {
        "card_played",
        "trick_taken",
        "card_drawn",
        "marriage_announced",
        "trump_exchanged",
        "talon_closed",
        "deal_ended",
        "deal_started",
        "seed_given",
    },
    "sixty-six": {
        "card_played",
        "trick_taken",
        "card_drawn",
        "marriage_announced",
        "trump_exchanged",
        "talon_closed",
        "enough_declared",
        "deal_ended",
        "deal_started",
        "seed_given",
    },
    "partnership": {
        "bid_made",
        "passed",
        "bidding_ended",
        "doubled",
        "doubling_declined",
        "doubling_closed",
        "card_played",
        "trick_taken",
        "partner_revealed",
        "marriage_announced",
        "hand_settled",
        "deal_ended",
        "deal_started",
        "seed_given",
    },
}
SEEDS = {"klub": 2, "sixty-six": 0, "partnership": 1}
ANALYSIS_SEEDS = {"klub": 1, "sixty-six": 2, "partnership": 19}

Policy = Callable[[dict[str, Any]], dict[str, Any] | None]


# --- the moves: a fixed policy that reaches every event the fixtures need -------------------


def two_seat_policy(view: dict[str, Any]) -> dict[str, Any] | None:
    """Say "enough" with 66 and a trick, count after the last trick, take the trump when
    offered, close the talon in the first deal after two tricks, lead a marriage card when one
    can be announced, else the first card offered."""
    moves = [a for a in view["legal_actions"] if a["type"] not in NOT_PLAYED]
    if not moves:
        return None
    kinds = {a["type"]: a for a in moves}
    deal = view["deal"]
    if "declare_enough" in kinds and deal["points"] >= 66 and deal["trick_counts"][view["seat"]]:
        return kinds["declare_enough"]
    if "exchange_trump" in kinds:
        return kinds["exchange_trump"]
    if "close_talon" in kinds and deal["number"] == 1 and sum(deal["trick_counts"]) >= 2:
        return kinds["close_talon"]
    cards = [a for a in moves if a["type"] == "play_card"]
    hand = set(deal["hand"])
    pair = {"K": "O", "O": "K"}
    for action in cards:
        card = action["card"]
        if not deal["table"] and card[1] in pair and card[0] + pair[card[1]] in hand:
            return action
    if cards:
        return cards[0]
    return kinds.get("let_count") or moves[0]


def partnership_policy(view: dict[str, Any]) -> dict[str, Any] | None:
    """The first bidder calls the first card it does not hold (a partner to find), at
    Snapszer; every other seat passes; the first seat offered Kontra says it, the rest let
    the window go; in the play: "enough" with 66, a marriage when offered, else the first
    card offered."""
    moves = [a for a in view["legal_actions"] if a["type"] not in NOT_PLAYED]
    if not moves:
        return None
    kinds = {a["type"]: a for a in moves}
    deal = view["deal"]
    if "bid" in kinds:
        hand = set(deal["hand"])
        bids = [
            a
            for a in moves
            if a["type"] == "bid" and not a["durchmarsch"] and a["card"] not in hand
        ]
        if not any(b["card"] for b in deal["bids"]) and bids:
            return bids[0]
        return kinds["pass"]
    if "kontra" in kinds and not deal["doublings"]:
        return kinds["kontra"]
    if "no_double" in kinds:
        return kinds["no_double"]
    if "declare_enough" in kinds and deal["side_points"] >= 66:
        return kinds["declare_enough"]
    plays = [a for a in moves if a["type"] == "play"]
    married = [a for a in plays if a.get("marriage")]
    return (married or plays or [None])[0]  # "enough" under 66 is not said


# --- what changes from run to run -----------------------------------------------------------

TIME = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)?$")
HEX = re.compile(r"^[0-9a-f]{32}$|^[0-9a-f]{64}$")


class Normaliser:
    """Replaces the match id, salts and commitments (each distinct value by its own numbered
    placeholder, so that equal values stay equal) and every time."""

    def __init__(self, match_id: str) -> None:
        self.match_id = match_id
        self.names: dict[str, str] = {}

    def __call__(self, value: Any) -> Any:
        if isinstance(value, dict):
            return {key: self(item) for key, item in value.items()}
        if isinstance(value, list):
            return [self(item) for item in value]
        if not isinstance(value, str):
            return value
        if value == self.match_id:
            return "<match>"
        if TIME.match(value):
            return "<time>"
        if HEX.match(value):
            kind = "salt" if len(value) == 32 else "commitment"
            known = sum(name.startswith(f"<{kind}") for name in self.names.values())
            return self.names.setdefault(value, f"<{kind}-{known + 1}>")
        return value


# --- playing and recording --------------------------------------------------------------------


def start(game: str, players: list[Player]) -> str:
    """A friend room of ``game`` opened by the first player and joined by the others (in seat
    order); returns the match id."""
    opened = players[0].client.post("/api/v1/rooms/", {"variant": game}, format="json")
    assert opened.status_code == 201, opened.content
    code = opened.json()["invite"]["code"]
    for player in players[1:]:
        joined = player.client.post("/api/v1/rooms/join/", {"code": code}, format="json")
        assert joined.status_code == 200, joined.content
    assert joined.json()["status"] == "active"
    return opened.json()["id"]


def get(player: Player, url: str, **query: Any) -> dict[str, Any]:
    answer = player.client.get(url, query)
    assert answer.status_code == 200, answer.content
    return answer.json()


def record(game: str, players: list[Player], policy: Policy, *, deals: int) -> dict[str, Any]:
    """Play until ``deals`` deals are over (and the next one has begun); every action (of any
    seat) is one step of the viewer's client."""
    match_id = start(game, players)
    url = f"/api/v1/matches/{match_id}/"
    viewer = players[VIEWER]
    normal = Normaliser(match_id)
    first = get(viewer, url)
    steps: list[dict[str, Any]] = []
    version = first["version"]
    for step in range(400):
        matches = [get(player, url) for player in players]
        viewed = matches[VIEWER]
        if viewed["status"] != "active" or viewed["view"]["deals_played"] >= deals:
            break
        chosen = next(
            (seat, action)
            for seat, match in enumerate(matches)
            if (action := policy(match["view"])) is not None
        )
        seat, action = chosen
        body = {
            "action": action,
            "expected_version": matches[seat]["version"],
            "client_move_id": f"s{seat}-{step}",
        }
        # a seed for the next deal with a seat's first move after its commitment, as the
        # browser sends it (docs/api.md section 7.0)
        upcoming = matches[seat]["view"].get("next_deal")
        if upcoming and seat not in upcoming["seeded"]:
            body["seed"] = {"deal": upcoming["number"], "value": f"{seat}{step:031x}"}
        answer = players[seat].client.post(url + "actions/", body, format="json")
        assert answer.status_code == 200, answer.content
        feed = get(viewer, url + "events/", after_seq=version)
        assert not feed["has_more"]
        after = get(viewer, url)
        assert after["version"] == feed["version"] == feed["events"][-1]["seq"]
        version = after["version"]
        steps.append(
            {
                "action": {"seat": seat, **action},
                "envelopes": feed["events"],
                "version": after["version"],
                "view": after["view"],
            }
        )
    else:
        pytest.fail(f"{game}: {deals} deals were not over in 400 actions")
    return normal(
        {
            "game": game,
            "seed": SEEDS[game],
            "seat": VIEWER,
            "initial": {"version": first["version"], "view": first["view"]},
            "steps": steps,
        }
    )


def event_types(recording: dict[str, Any]) -> set[str]:
    return {e["event"]["type"] for step in recording["steps"] for e in step["envelopes"]}


def compare(name: str, recorded: Any) -> None:
    """Write the file (recording), or fail when it differs from the committed one."""
    path = FIXTURES / name
    text = json.dumps(recorded, indent=1, ensure_ascii=False) + "\n"
    if RECORD:
        FIXTURES.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
        return
    assert path.exists(), f"tests/js/fixtures/{name} is missing: {RERUN}"
    committed = json.loads(path.read_text())
    if committed != recorded:
        differing = [
            key
            for key in sorted(set(committed) | set(recorded))
            if committed.get(key) != recorded.get(key)
        ]
        pytest.fail(
            f"tests/js/fixtures/{name} is not what the server sends now (differing: "
            f"{', '.join(differing)}): {RERUN}"
        )


@pytest.fixture
def seeded_shuffles(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """The first dealer, the invite codes and every deck from one seeded generator."""
    rng = random.Random(f"client-fixtures-{SEEDS[request.node.callspec.params['game']]}")
    monkeypatch.setattr(follow_ups, "rng", rng)
    monkeypatch.setattr(services, "_rng", rng)


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(
    ("game", "seats", "deals"), [("klub", 2, 2), ("sixty-six", 2, 2), ("partnership", 4, 2)]
)
def test_the_client_fixtures_are_what_the_server_sends(
    seeded_shuffles: None, make_player: MakePlayer, game: str, seats: int, deals: int
) -> None:
    policy = partnership_policy if game == "partnership" else two_seat_policy
    recording = record(game, [make_player() for _ in range(seats)], policy, deals=deals)
    missing = REQUIRED[game] - event_types(recording)
    assert not missing, f"{game}: the recording has no {sorted(missing)} (seed or policy stale)"
    compare(f"{game}.json", recording)


def test_the_error_codes_are_recorded_for_the_catalogue_test() -> None:
    entries = sorted(catalogue_entries(), key=lambda entry: entry.code)
    compare("errors.json", {e.code: {"status": e.status, "meaning": e.meaning} for e in entries})


def test_the_ledger_kinds_are_recorded_for_the_catalogue_test() -> None:
    compare("ledger_kinds.json", {kind.value: kind.label for kind in Transfer.Kind})


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(("game", "seats"), [("klub", 2), ("sixty-six", 2), ("partnership", 4)])
def test_the_analysis_fixtures_are_what_the_server_sends(
    seeded_shuffles: None,
    make_player: MakePlayer,
    monkeypatch: pytest.MonkeyPatch,
    game: str,
    seats: int,
) -> None:
    """What the analysis screen (``tests/js/analysis.test.mjs``) reads of a finished deal, as
    the viewer's client fetches it: the match, the event feed from its start, the deal's
    record and its analysis (``202`` while it is made, then ``200``). The analysis's sampling
    seed comes from the match id, which changes from run to run: here it is fixed."""
    monkeypatch.setattr(analysis_services, "seed_of", lambda match_id, number: 7 + number)
    # decks of their own: a deal with a turning point and a mark (the screen's tests read them)
    rng = random.Random(f"analysis-fixtures-{os.environ.get('AN_SEED', ANALYSIS_SEEDS[game])}")
    monkeypatch.setattr(follow_ups, "rng", rng)
    monkeypatch.setattr(services, "_rng", rng)
    players = [make_player() for _ in range(seats)]
    policy = partnership_policy if game == "partnership" else two_seat_policy
    record(game, players, policy, deals=1)
    match_id = str(Match.objects.latest("created_at").id)
    viewer = players[VIEWER]
    url = f"/api/v1/matches/{match_id}/"
    first = viewer.client.get(url + "deals/1/analysis/")
    assert first.status_code in (200, 202), first.content
    analysis = get(viewer, url + "deals/1/analysis/")
    assert analysis["decisions"], analysis
    decisions = analysis["decisions"]
    if game == "partnership":  # the viewer calls, has a partner, and a marriage is announced
        covered = any(d["seat"] != VIEWER and d["caller_side"] for d in decisions) and any(
            d["action"].get("marriage") for d in decisions
        )
        contract = analysis["contract"]
        covered = covered and contract is not None and contract["caller"] == VIEWER
    else:  # a turning point and a mark
        covered = bool(analysis["turning_point"]) and any(
            (d["own"] or {}).get("mark") for d in decisions
        )
    assert covered, f"{game}: the deal lacks what the screen's tests read (seed stale)"
    compare(
        f"analysis-{game}.json",
        Normaliser(match_id)(
            {
                "match": {
                    key: value
                    for key, value in get(viewer, url).items()
                    if key in ("id", "variant", "mode", "your_seat")
                },
                "feed": get(viewer, url + "events/", after_seq=0, limit=1000),
                "record": get(viewer, url + "deals/1/"),
                "analysis": analysis,
            }
        ),
    )
