"""The staff admin: the match list, a match with its seats and read-only event log, and the
replay of the whole state (every hand) at any ``seq``; none of it for players."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import Permission
from django.test import Client
from django.urls import reverse

from apps.matches import event_store, follow_ups, services
from apps.matches.models import Match, MatchEvent
from tests.conftest import Player
from tests.factories import UserFactory
from tests.matches.helpers import PRESENCE, act, create_friend_match, fetch, random_move

pytestmark = pytest.mark.django_db(transaction=True)

GIVING_UP = {"surrender", "resign", "leave"}
PRESENCE_ACTIONS = set(PRESENCE)


def _played_match(make_player: Callable[..., Player], moves: int = 4) -> tuple[Player, str]:
    """A computer match created through the API, with ``moves`` cards played by the guest."""
    player = make_player(guest=True)
    response = player.client.post("/api/v1/matches/computer/", {}, format="json")
    assert response.status_code == 201, response.content
    match_id = response.json()["id"]
    for i in range(moves):
        match = player.client.get(f"/api/v1/matches/{match_id}/").json()
        actions = [a for a in match["view"]["legal_actions"] if a["type"] not in GIVING_UP]
        assert actions, match["view"]  # the computer has answered: it is the guest's turn
        body = {
            "action": actions[0],
            "expected_version": match["version"],
            "client_move_id": f"admin-test-{i}",
        }
        response = player.client.post(f"/api/v1/matches/{match_id}/actions/", body, format="json")
        assert response.status_code == 200, response.content
    return player, match_id


def _urls(match_id: str, seq: int) -> dict[str, str]:
    return {
        "list": reverse("admin:matches_match_changelist"),
        "match": reverse("admin:matches_match_change", args=[match_id]),
        "replay": reverse("admin:matches_match_replay", args=[match_id, seq]),
    }


def _shown_hands(html: str) -> dict[int, str]:
    found = re.findall(r'<span class="cards" data-seat="(\d+)">([^<]*)</span>', html)
    return {int(seat): cards for seat, cards in found}


def _codes(cards: Any) -> str:
    return " ".join(c.code for c in cards)


def _events_snapshot(match_id: str) -> list[tuple]:
    return list(
        MatchEvent.objects.filter(match_id=match_id)
        .order_by("seq")
        .values_list("seq", "type", "payload", "client_move_id")
    )


def test_staff_sees_the_match_list_and_the_event_log(make_player, admin_client: Client) -> None:
    player, match_id = _played_match(make_player)
    match = Match.objects.get(pk=match_id)
    events = _events_snapshot(match_id)
    assert len(events) == match.version > 4

    listing = admin_client.get(_urls(match_id, 0)["list"])
    assert listing.status_code == 200
    assert match_id in listing.content.decode()

    page = admin_client.get(_urls(match_id, 0)["match"])
    assert page.status_code == 200
    html = page.content.decode()
    assert player.user.username in html  # the seats
    for seq, type_, _, _ in events:  # every event, with a link to the state after it
        assert type_ in html
        assert reverse("admin:matches_match_replay", args=[match_id, seq]) in html
    assert "admin-test-0" in html  # the client_move_id of the guest's first move
    # Read-only: no form to save, no way to add or delete events or the match.
    assert 'name="_save"' not in html
    assert "events-0-DELETE" not in html
    assert reverse("admin:matches_match_delete", args=[match_id]) not in html


@pytest.mark.parametrize("at", ["deal_start", "mid_trick", "last"])
def test_replay_shows_every_hand_at_that_seq(make_player, admin_client: Client, at: str) -> None:
    _, match_id = _played_match(make_player, moves=3)
    match = Match.objects.get(pk=match_id)
    types = dict(MatchEvent.objects.filter(match=match).values_list("seq", "type"))
    seq = {
        "deal_start": min(s for s, t in types.items() if t == "deal_started"),
        "mid_trick": max(s for s, t in types.items() if t == "card_played" and s < match.version),
        "last": match.version,
    }[at]
    state = event_store.state_at(match.id, seq)
    assert state.deal is not None

    response = admin_client.get(_urls(match_id, seq)["replay"])
    assert response.status_code == 200
    html = response.content.decode()
    assert f"event #{seq} of {match.version}" in html
    assert _shown_hands(html) == {
        seat: _codes(hand) or "(empty)" for seat, hand in enumerate(state.deal.hands)
    }
    assert _codes(state.deal.talon) in html  # the talon order, hidden from players
    assert state.deal.salt in html
    assert (types[seq] in html) is True


def test_replay_beyond_the_last_event_shows_the_last_state(
    make_player, admin_client: Client
) -> None:
    _, match_id = _played_match(make_player, moves=1)
    match = Match.objects.get(pk=match_id)
    state = event_store.state_at(match.id, match.version)
    response = admin_client.get(_urls(match_id, match.version + 50)["replay"])
    assert response.status_code == 200
    assert f"event #{match.version} of {match.version}" in response.content.decode()
    assert _shown_hands(response.content.decode())[0] == _codes(state.deal.hands[0])


def test_a_player_is_sent_to_the_admin_login(make_player) -> None:
    player, match_id = _played_match(make_player, moves=2)
    match = Match.objects.get(pk=match_id)
    deal = event_store.state_at(match.id, match.version).deal
    secrets_ = [deal.salt, _codes(deal.hands[1]), _codes(deal.talon), _codes(deal.deck)]

    for logged_in in (player.user, UserFactory()):  # a guest, and a registered non-staff player
        browser = Client()
        browser.force_login(logged_in)
        for name, url in _urls(match_id, match.version).items():
            response = browser.get(url)
            assert response.status_code == 302, name
            assert response["Location"].startswith(reverse("admin:login")), name
            body = response.content.decode()
            assert not any(secret and secret in body for secret in secrets_), name

    # The API session token of the player opens no admin page either.
    response = player.client.get(_urls(match_id, match.version)["replay"])
    assert response.status_code == 302
    assert deal.salt not in response.content.decode()


def test_staff_without_the_view_permission_gets_no_replay(make_player) -> None:
    _, match_id = _played_match(make_player, moves=1)
    match = Match.objects.get(pk=match_id)
    salt = event_store.state_at(match.id, match.version).deal.salt
    staff = UserFactory(is_staff=True)
    browser = Client()
    browser.force_login(staff)
    for url in _urls(match_id, match.version).values():
        response = browser.get(url)
        assert response.status_code == 403
        assert salt not in response.content.decode()

    staff.user_permissions.add(Permission.objects.get(codename="view_match"))
    browser.force_login(staff)  # a fresh session: permissions are cached per user object
    response = browser.get(_urls(match_id, match.version)["replay"])
    assert response.status_code == 200
    assert salt in response.content.decode()


def test_events_and_matches_cannot_be_changed_or_deleted(make_player, admin_client: Client) -> None:
    _, match_id = _played_match(make_player, moves=2)
    before = _events_snapshot(match_id)
    match_before = Match.objects.values().get(pk=match_id)
    first = MatchEvent.objects.get(match_id=match_id, seq=1)

    change = reverse("admin:matches_match_change", args=[match_id])
    tampering = {
        "status": "finished",
        "events-TOTAL_FORMS": "1",
        "events-INITIAL_FORMS": "1",
        "events-0-id": str(first.pk),
        "events-0-match": match_id,
        "events-0-type": "tampered",
        "events-0-DELETE": "on",
        "_save": "Save",
    }
    assert admin_client.post(change, tampering).status_code == 403
    delete = reverse("admin:matches_match_delete", args=[match_id])
    assert admin_client.get(delete).status_code == 403
    assert admin_client.post(delete, {"post": "yes"}).status_code == 403
    assert admin_client.get(reverse("admin:matches_match_add")).status_code == 403
    bulk = admin_client.post(
        reverse("admin:matches_match_changelist"),
        {"action": "delete_selected", "_selected_action": [match_id], "post": "yes"},
    )
    assert bulk.status_code in (200, 302)
    # Events have no admin of their own: nothing to change or delete them through.
    assert admin_client.get(f"/admin/matches/matchevent/{first.pk}/change/").status_code == 404
    assert admin_client.post(f"/admin/matches/matchevent/{first.pk}/delete/").status_code == 404

    assert _events_snapshot(match_id) == before
    assert Match.objects.values().get(pk=match_id) == match_before


# --- a long match: a few queries and a bounded page ---------------------------------------

LONG_MATCH_EVENTS = 160
LONG_MATCH_SEED = 34  # 161 events, about the match of the issue


@pytest.fixture
def long_match(
    make_player: Callable[..., Player], monkeypatch: pytest.MonkeyPatch
) -> tuple[list[Player], Match]:
    """A finished match between two players, every move sent through the API (so each event
    has its actor): 160 events or more (the shuffles seeded so that it is)."""
    shuffles = random.Random(LONG_MATCH_SEED)  # the decks and the first dealer
    monkeypatch.setattr(follow_ups, "rng", shuffles)
    monkeypatch.setattr(services, "_rng", shuffles)
    players = [make_player(), make_player()]
    match_id = create_friend_match(*players)["id"]
    rng = random.Random(3)
    for n in range(1000):
        views = [fetch(p, match_id) for p in players]
        if views[0]["status"] == "finished":
            break
        player, view = next(
            (p, v)
            for p, v in zip(players, views, strict=True)
            if [
                a
                for a in v["view"]["legal_actions"]
                if a["type"] not in GIVING_UP | PRESENCE_ACTIONS
            ]
        )
        response = act(player, view, random_move(view["view"], rng), f"long-{n}")
        assert response.status_code == 200, response.content
    match = Match.objects.get(pk=match_id)
    assert match.status == "finished" and match.version >= LONG_MATCH_EVENTS
    return players, match


def _replay_link(match: Match, seq: int) -> str:
    return reverse("admin:matches_match_replay", args=[match.id, seq])


def test_a_long_matchs_page_is_a_few_queries_and_bounded(
    long_match: tuple[list[Player], Match],
    admin_client: Client,
    django_assert_max_num_queries: Any,
) -> None:
    _, match = long_match
    with django_assert_max_num_queries(10):
        page = admin_client.get(_urls(str(match.id), 0)["match"])
    assert page.status_code == 200
    assert len(page.content) < 80_000  # 50 events; was 340 KB for all of them
    html = page.content.decode()
    # the latest events, each with its replay link; the whole log is one click away
    assert _replay_link(match, match.version) in html
    assert _replay_link(match, 1) + '"' not in html
    log = reverse("admin:matches_match_events", args=[match.id])
    assert f'href="{log}"' in html
    assert f"all {match.version} events" in html


def test_the_whole_event_log_page_by_page(
    long_match: tuple[list[Player], Match],
    admin_client: Client,
    django_assert_max_num_queries: Any,
) -> None:
    players, match = long_match
    log = reverse("admin:matches_match_events", args=[match.id])
    shown: list[int] = []
    page_number = 1
    while True:
        with django_assert_max_num_queries(10):
            page = admin_client.get(log, {"p": page_number})
        assert page.status_code == 200
        assert len(page.content) < 100_000
        html = page.content.decode()
        shown += [int(s) for s in re.findall(r'<tr class="event" data-seq="(\d+)">', html)]
        if f'?p={page_number + 1}"' not in html:
            break
        page_number += 1
    assert page_number >= 2
    assert shown == list(range(1, match.version + 1))  # every event once, in order
    first = MatchEvent.objects.filter(match=match).exclude(client_move_id=None).earliest("seq")
    html = admin_client.get(log, {"p": 1}).content.decode()
    assert first.client_move_id in html
    assert players[0].user.username in html or players[1].user.username in html
    assert admin_client.get(log, {"p": 999}).status_code == 404


def test_the_event_log_is_for_staff_with_the_view_permission(
    long_match: tuple[list[Player], Match],
) -> None:
    players, match = long_match
    log = reverse("admin:matches_match_events", args=[match.id])
    browser = Client()
    browser.force_login(players[0].user)
    response = browser.get(log)
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("admin:login"))
    browser.force_login(UserFactory(is_staff=True))
    assert browser.get(log).status_code == 403


def test_a_partnership_replay_shows_the_four_hands_the_holder_and_the_chips(
    make_player, admin_client: Client
) -> None:
    """Staff see what players do not: every hand and who holds the called card."""
    player = make_player(guest=True)
    body = {"variant": "partnership", "strength": "club"}
    match_id = player.client.post("/api/v1/matches/computer/", body, format="json").json()["id"]
    for step in range(40):  # pass until a Kati calls (or the hands are passed out)
        match = player.client.get(f"/api/v1/matches/{match_id}/").json()
        if match["view"]["deal"]["caller"] is not None:
            break
        moves = {a["type"]: a for a in match["view"]["legal_actions"]}
        if "pass" not in moves:
            break
        act(player, match, moves["pass"], f"p{step}")
    match = Match.objects.get(pk=match_id)
    state = event_store.state_at(match.id, match.version)
    html = admin_client.get(_urls(match_id, match.version)["replay"]).content.decode()
    assert _shown_hands(html) == {
        seat: _codes(hand) or "(empty)" for seat, hand in enumerate(state.deal.hands)
    }
    assert f"pot {state.deal.pot}" in html
    if state.deal.caller is not None:
        holder = re.search(r'<td class="holder">([^<]*)</td>', html).group(1)
        assert f"holder seat {state.deal.holder}" in holder
