"""A visitor signs up from the home page: the code arrives by e-mail, they type it in, and the
club greets them as a member with a wallet."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.web.person import mailed_code, person, server_with_outbox

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_visitor_signs_up_with_the_emailed_code(
    chromium: Any, start_club_server: Any, tmp_path: Path
) -> None:
    outbox = tmp_path / "mail"
    server = server_with_outbox(start_club_server, outbox)
    zoe = person(chromium)
    zoe.goto(server)
    zoe.page.get_by_text("Üdv a Snapszer Klubban!").wait_for()
    form = zoe.page.locator("form.signup")
    form.get_by_label("E-mail").fill("zoe@example.com")
    form.get_by_label("Jelszó").fill("a long enough secret 42")
    form.get_by_role("button", name="Regisztráció").click()
    zoe.page.get_by_label("Megerősítő kód").wait_for()

    zoe.page.get_by_label("Megerősítő kód").fill(mailed_code(outbox, "zoe@example.com"))
    zoe.page.get_by_role("button", name="Megerősítés").click()

    zoe.page.get_by_text(re.compile(r"^Szia, .+!$")).wait_for()
    assert "Vendégként" not in zoe.page.locator(".hello").inner_text()
    zoe.page.get_by_text("Egyenleg: 1000 érme").wait_for()
    assert zoe.button("Szoba nyitása").is_visible()
    assert zoe.errors == []
