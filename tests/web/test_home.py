"""The home page, the join page and the account, as a person uses them: an invite link opened
again opens the room's table; a room that ended before its game began says so and offers the
way home; every page has one main heading; a player blocked at the table can be unblocked from
the profile; what a player types survives the ranked search's ticking clock."""

from __future__ import annotations

import re
from typing import Any

import pytest

from apps.chat.models import Block
from apps.matches.models import Match
from tests.web.person import confirm, open_chat, person

pytestmark = pytest.mark.django_db(transaction=True)

TABLE_URL = re.compile(r"/m/[0-9a-f-]{36}/$")


def _room(host: Any) -> dict[str, Any]:
    answer = host.client.post("/api/v1/rooms/", {"variant": "klub"}, format="json")
    assert answer.status_code == 201, answer.content
    room: dict[str, Any] = answer.json()
    return room


def _headings(who: Any) -> list[str]:
    return list(who.page.locator("h1").all_inner_texts())


def test_an_invite_link_opened_again_opens_the_rooms_table(
    chromium: Any, club_server: Any, make_player: Any
) -> None:
    host, friend = make_player(display_name="Béla"), make_player(display_name="Cili")
    room = _room(host)
    code = room["invite"]["code"]
    cili = person(chromium)
    club_server.sign_in(cili.context, friend.token)
    cili.goto(club_server, f"/join/{code}")
    cili.page.wait_for_url(TABLE_URL)
    assert cili.match_id() == room["id"]
    cili.page.locator(".table").wait_for()

    # the link again (from the chat app where it was sent): the same table, not a refusal
    cili.goto(club_server, f"/join/{code}")
    cili.page.wait_for_url(TABLE_URL)
    assert cili.match_id() == room["id"]
    cili.page.locator(".table").wait_for()
    assert cili.page.get_by_text("Ez a saját szobád").count() == 0

    # the host's own link, before anyone joined another room of theirs: its waiting room
    bela = person(chromium)
    club_server.sign_in(bela.context, host.token)
    other = _room(host)
    bela.goto(club_server, f"/join/{other['invite']['code']}")
    bela.page.wait_for_url(TABLE_URL)
    assert bela.match_id() == other["id"]
    bela.page.get_by_text("Várakozás az ellenfélre…").wait_for()
    assert cili.errors == [] and bela.errors == []


@pytest.mark.parametrize("ending", ["cancelled", "expired"])
def test_a_room_that_ended_before_its_game_says_so_and_offers_the_way_home(
    chromium: Any, club_server: Any, make_player: Any, ending: str
) -> None:
    host = make_player(display_name="Béla")
    room = _room(host)
    if ending == "cancelled":
        cancelled = host.client.post(f"/api/v1/rooms/{room['id']}/cancel/")
        assert cancelled.status_code == 200, cancelled.content
    else:
        Match.objects.filter(pk=room["id"]).update(
            status=Match.Status.EXPIRED, end_reason="invite_expired"
        )
    bela = person(chromium)
    club_server.sign_in(bela.context, host.token)
    bela.goto(club_server, f"/join/{room['invite']['code']}")
    bela.page.get_by_role("heading", name="Ez a szoba már nincs nyitva").wait_for()
    said = "A szobát bezárták" if ending == "cancelled" else "A meghívó lejárt"
    assert said in bela.page.locator(".notice").inner_text()
    assert bela.page.locator(".chat, .messages").count() == 0
    assert _headings(bela) == ["Ez a szoba már nincs nyitva"]
    bela.page.get_by_role("link", name="Vissza a kezdőlapra").click()
    bela.page.get_by_text("Szia, Béla!").wait_for()
    assert bela.page.url == club_server.url + "/"
    assert bela.errors == []


def test_every_page_has_one_main_heading(chromium: Any, club_server: Any, make_player: Any) -> None:
    host = make_player(display_name="Béla")
    code = _room(host)["invite"]["code"]
    visitor = person(chromium)
    # the home page of a visitor, with the account's forms
    visitor.goto(club_server)
    visitor.page.get_by_text("Üdv a Snapszer Klubban!").wait_for()
    assert len(_headings(visitor)) == 1
    # the join page asking a guest to log in or sign up
    visitor.goto(club_server, f"/join/{code}")
    visitor.page.get_by_text("Ehhez regisztrálnod kell.").wait_for()
    assert _headings(visitor) == ["Csatlakozás a szobához"]
    # a code that opens nothing, for a member
    bela = person(chromium)
    club_server.sign_in(bela.context, host.token)
    bela.goto(club_server, "/join/ZZZZZZ")
    bela.page.get_by_text("Nincs ilyen kódú szoba.").wait_for()
    assert _headings(bela) == ["Csatlakozás a szobához"]
    # a member's home page
    bela.goto(club_server)
    bela.page.get_by_text("Egyenleg: 1000 érme").wait_for()
    assert _headings(bela) == ["Szia, Béla!"]
    # a match nobody may open
    bela.goto(club_server, "/m/00000000-0000-0000-0000-000000000000/")
    bela.page.get_by_role("link", name="Vissza a kezdőlapra").wait_for()
    assert len(_headings(bela)) == 1
    assert visitor.errors == [] and bela.errors == []


def test_a_player_blocked_at_the_table_is_unblocked_from_the_profile(
    chromium: Any, club_server: Any, make_player: Any
) -> None:
    host, friend = make_player(display_name="Béla"), make_player(display_name="Cili")
    room = _room(host)
    joined = friend.client.post(
        "/api/v1/rooms/join/", {"code": room["invite"]["code"]}, format="json"
    )
    assert joined.status_code == 200, joined.content
    cili = person(chromium)
    club_server.sign_in(cili.context, friend.token)
    cili.goto(club_server, f"/m/{room['id']}/")
    open_chat(cili)
    confirm(cili, "Letiltás: Béla")  # a block asks first
    cili.page.get_by_text("Letiltottad: Béla.").wait_for()
    assert Block.objects.filter(blocker=friend.user, blocked=host.user).exists()

    cili.goto(club_server)
    blocked = cili.page.get_by_role("region", name="Letiltott játékosok")
    blocked.get_by_text("Béla", exact=True).wait_for()
    blocked.get_by_role("button", name="Béla letiltásának feloldása").click()
    blocked.get_by_text("Feloldottad Béla letiltását.").wait_for()
    assert blocked.get_by_text("Senkit sem tiltottál le.").is_visible()
    assert not Block.objects.filter(blocker=friend.user, blocked=host.user).exists()
    # it stays undone
    cili.page.reload()
    cili.page.get_by_role("region", name="Letiltott játékosok").get_by_text(
        "Senkit sem tiltottál le."
    ).wait_for()
    assert cili.errors == []


def test_typing_survives_the_ranked_searchs_clock(
    chromium: Any, club_server: Any, make_player: Any
) -> None:
    dora = person(chromium)
    club_server.sign_in(dora.context, make_player(display_name="Dóra").token)
    dora.goto(club_server)
    dora.page.get_by_text("Egyenleg: 1000 érme").wait_for()
    dora.button("Ellenfél keresése").click()
    searching = dora.page.locator(".searching")
    searching.get_by_text(re.compile(r"\(0 mp\)")).wait_for()
    name = dora.page.get_by_label("Megjelenített név")
    name.click()
    name.press("End")
    name.press_sequentially(" Kis", delay=50)
    searching.get_by_text(re.compile(r"\([2-9] mp\)")).wait_for()
    name.press_sequentially("s", delay=50)
    assert name.input_value() == "Dóra Kiss"
    assert dora.page.evaluate("document.activeElement.id") == "display-name"
    dora.button("Mégse").click()
    dora.page.get_by_text("A keresés véget ért.").wait_for()
    assert name.input_value() == "Dóra Kiss"
    assert dora.errors == []
