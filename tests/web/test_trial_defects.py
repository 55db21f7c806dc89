"""What the trial's players met at the table (issue 37), each as a person would meet it: the chat
field empties as a message goes and a double Enter sends one message; Block asks first and can
be undone at once; the focus goes to the table when a match starts (the table's own, single
<h1>); Home and End in the hand; no double-tap delay on the table's buttons; the turn line of
one's own seat always says "Te jössz!"."""

from __future__ import annotations

import re
from typing import Any

import pytest

from apps.chat.models import Block
from tests.web.person import TURN, Person, open_chat, person

pytestmark = pytest.mark.django_db(transaction=True)

# every text the turn line ever showed, recorded in the page as it changes (its words, not the
# hint button beside them in games against Kati)
TURN_LINES = """
window.turnLines = [];
new MutationObserver(() => {
  const line = document.querySelector('.turn');
  const words = [...(line ? line.childNodes : [])]
    .filter((node) => !node.classList?.contains('hint'));
  const text = line ? words.map((node) => node.textContent).join('') : null;
  if (text && window.turnLines.at(-1) !== text) window.turnLines.push(text);
}).observe(document, { subtree: true, childList: true, characterData: true });
"""


def _table_of_two(chromium: Any, club_server: Any, make_player: Any) -> tuple[Person, Any, Any]:
    """Cili at the table of a klub room Béla opened and she joined (by the API)."""
    host, friend = make_player(display_name="Béla"), make_player(display_name="Cili")
    room = host.client.post("/api/v1/rooms/", {"variant": "klub"}, format="json").json()
    joined = friend.client.post(
        "/api/v1/rooms/join/", {"code": room["invite"]["code"]}, format="json"
    )
    assert joined.status_code == 200, joined.content
    cili = person(chromium)
    club_server.sign_in(cili.context, friend.token)
    cili.goto(club_server, f"/m/{room['id']}/")
    cili.page.locator(".table").wait_for()
    open_chat(cili)  # the chat, blocking and reporting are in the drawer
    return cili, host, friend


def test_a_double_enter_sends_one_message_and_empties_the_field(
    chromium: Any, club_server: Any, make_player: Any
) -> None:
    cili, _, _ = _table_of_two(chromium, club_server, make_player)
    field = cili.page.get_by_label("Üzenet (max. 500 karakter)")
    field.fill("Jó játékot!")
    field.press("Enter")
    field.press("Enter")
    cili.page.locator(".messages li").first.wait_for()
    cili.page.wait_for_timeout(1500)  # a second message, if one went, has come back by now
    assert cili.page.locator(".messages li").all_inner_texts() == ["Te: Jó játékot!"]
    assert field.input_value() == ""
    # and the next message is typed into an empty field
    field.type("Köszi")
    field.press("Enter")
    cili.page.locator(".messages li").nth(1).wait_for()
    assert field.input_value() == ""
    assert cili.errors == []


def test_block_asks_first_and_can_be_undone_at_the_table(
    chromium: Any, club_server: Any, make_player: Any
) -> None:
    cili, host, friend = _table_of_two(chromium, club_server, make_player)
    blocked = Block.objects.filter(blocker=friend.user, blocked=host.user)
    cili.button("Letiltás: Béla").click()
    question = cili.page.get_by_role("alertdialog")
    question.wait_for()
    assert "nem látod többé az üzeneteit" in question.inner_text()
    assert not blocked.exists()
    question.get_by_role("button", name="Mégse").click()
    assert not blocked.exists()

    cili.button("Letiltás: Béla").click()
    cili.page.get_by_role("alertdialog").get_by_role("button", name="Igen").click()
    cili.page.get_by_text("Letiltottad: Béla.").wait_for()
    assert blocked.exists()
    undo = cili.button("Visszavonás")
    assert undo.evaluate("(button) => button === document.activeElement")
    undo.click()
    cili.page.get_by_text("Feloldottad Béla letiltását.").wait_for()
    assert not blocked.exists()
    assert cili.errors == []


def test_the_focus_goes_to_the_tables_heading_when_the_match_starts(
    chromium: Any, club_server: Any, make_player: Any
) -> None:
    host, friend = make_player(display_name="Béla"), make_player(display_name="Cili")
    bela = person(chromium)
    club_server.sign_in(bela.context, host.token)
    bela.goto(club_server)
    bela.button("Szoba nyitása").click()
    bela.page.get_by_text("Várakozás az ellenfélre…").wait_for()
    code = bela.page.get_by_label("Meghívó link").input_value().rsplit("/", 1)[1]
    bela.page.get_by_role("button", name="Másolás").focus()
    joined = friend.client.post("/api/v1/rooms/join/", {"code": code}, format="json")
    assert joined.status_code == 200, joined.content
    bela.page.locator(".table").wait_for()
    bela.page.wait_for_function("() => document.activeElement.matches('.table-screen h1')")
    headings = bela.page.locator("h1").all_inner_texts()
    assert len(headings) == 1 and "Barát ellen" in headings[0]

    # a match against Kati, opened from the home page: the same
    anna = person(chromium)
    anna.goto(club_server)
    anna.button("Játék Kati ellen").click()
    anna.page.wait_for_url(re.compile(r"/m/[0-9a-f-]{36}/$"))
    anna.page.wait_for_function("() => document.activeElement.matches('.table-screen h1')")
    assert len(anna.page.locator("h1").all_inner_texts()) == 1
    assert bela.errors == [] and anna.errors == []


def test_home_and_end_in_the_hand_and_a_tap_is_a_tap(chromium: Any, club_server: Any) -> None:
    anna = person(chromium)
    anna.goto(club_server)
    anna.button("Játék Kati ellen").click()
    anna.wait_for(TURN)
    cards = anna.page.locator(".hand [data-card-button]")
    codes = cards.evaluate_all("(all) => all.map((b) => b.dataset.cardButton)")
    focused = "() => document.activeElement.dataset.cardButton"
    cards.nth(1).focus()
    anna.page.keyboard.press("End")
    assert anna.page.evaluate(focused) == codes[-1]
    anna.page.keyboard.press("Home")
    assert anna.page.evaluate(focused) == codes[0]
    anna.page.keyboard.press("ArrowRight")
    assert anna.page.evaluate(focused) == codes[1]
    # no double-tap zoom to wait for on what the table is tapped on
    touch = anna.page.evaluate(
        """() => [...document.querySelectorAll('.table-screen button, .table-screen a')]
            .map((node) => getComputedStyle(node).touchAction)"""
    )
    assert touch and set(touch) == {"manipulation"}
    assert anna.errors == []


def test_ones_own_turn_is_always_your_turn_and_own_actions_are_in_the_second_person(
    chromium: Any, club_server: Any
) -> None:
    anna = person(chromium)
    anna.context.add_init_script(TURN_LINES)
    anna.goto(club_server)
    anna.button("Játék Kati ellen").click()
    for _ in range(6):
        anna.wait_for(TURN)
        anna.play_a_card()
    anna.wait_for(TURN)
    lines = anna.page.evaluate("window.turnLines")
    assert "Te jössz!" in lines
    assert not [line for line in lines if line.startswith("Te ") and line != "Te jössz!"], lines
    assert anna.errors == []
