"""Accounts that recover, clicked through as a person on a phone would (issue: nobody stranded):
a sign-up left before its code is finished by logging in; a code can be sent again; a forgotten
password is set anew from the login form and from the page the mails lead to; a member changes
the address and the password and deletes the account from the account page. With
CLIENT_SCREENSHOTS=<folder> the screenshots are kept there."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pytest
from allauth.account.models import EmailAddress
from playwright.sync_api import expect

from apps.accounts.models import User
from tests.web.person import (
    DESKTOP,
    PHONE,
    Person,
    log_in,
    mailed_code,
    mails_in,
    member,
    person,
    server_with_outbox,
)

pytestmark = pytest.mark.django_db(transaction=True)

SECRET = "a long enough secret 42"
NEW_SECRET = "another fine passphrase 7"
OVERFLOW = "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"


def _shot(who: Person, name: str, tmp_path: Path) -> None:
    folder = Path(os.environ.get("CLIENT_SCREENSHOTS", tmp_path))
    folder.mkdir(parents=True, exist_ok=True)
    who.page.screenshot(path=str(folder / f"{name}.png"), full_page=True)
    assert who.page.evaluate(OVERFLOW) <= 0


def _fill(who: Person, form: str, button: str, email: str) -> None:
    """An address and Zoe's password in the home page's sign-up or log-in form, sent (each
    test its own address: the codes mailed to one are limited, in a cache tests share)."""
    fields = who.page.locator(form)
    fields.get_by_label("E-mail").fill(email)
    fields.get_by_label("Jelszó").fill(SECRET)
    fields.get_by_role("button", name=button).click()


def _type_code(who: Person, code: str) -> None:
    who.page.get_by_label("Megerősítő kód").fill(code)
    who.page.get_by_role("button", name="Megerősítés", exact=True).click()


def test_a_sign_up_left_before_its_code_is_finished_by_logging_in(
    chromium: Any, start_club_server: Any, tmp_path: Path
) -> None:
    outbox = tmp_path / "mail"
    server = server_with_outbox(start_club_server, outbox)
    zoe = person(chromium)
    zoe.goto(server)
    _fill(zoe, "form.signup", "Regisztráció", "zoe.closed.tab@example.com")
    zoe.page.get_by_label("Megerősítő kód").wait_for()
    zoe.context.close()  # the tab is closed before the code is typed

    zoe = person(chromium)
    zoe.goto(server)
    mails = len(mails_in(outbox))
    _fill(zoe, "form.login", "Belépés", "zoe.closed.tab@example.com")

    zoe.page.get_by_text("A regisztrációd még nincs megerősítve").wait_for()
    first = mailed_code(outbox, after=mails)
    _shot(zoe, "account-code-phone-hu", tmp_path)
    # the mail was slow: another one, and only the newest code counts
    zoe.page.get_by_role("button", name="Kérek új kódot").click()
    zoe.page.get_by_text("Új kódot küldtünk").wait_for()
    second = mailed_code(outbox, after=mails + 1)
    assert second != first
    _type_code(zoe, first)
    status = zoe.page.get_by_role("region", name="Fiók").get_by_role("status")
    expect(status).not_to_have_text(re.compile("Új kódot|^$"))
    refusal = status.inner_text()
    assert refusal.strip() and "HTTP" not in refusal  # words, not a status number
    assert zoe.page.get_by_label("Megerősítő kód").is_visible()
    _type_code(zoe, second)

    zoe.page.get_by_text(re.compile(r"^Szia, .+!$")).wait_for()
    zoe.page.get_by_text("Egyenleg: 1000 érme").wait_for()
    assert zoe.errors == []


def test_signing_up_again_with_the_same_address_mails_the_code_again(
    chromium: Any, start_club_server: Any, tmp_path: Path
) -> None:
    outbox = tmp_path / "mail"
    server = server_with_outbox(start_club_server, outbox)
    for attempt in range(2):
        zoe = person(chromium)
        zoe.goto(server)
        mails = len(mails_in(outbox))
        _fill(zoe, "form.signup", "Regisztráció", "zoe.again@example.com")
        zoe.page.get_by_label("Megerősítő kód").wait_for()
        code = mailed_code(outbox, after=mails)
        if attempt == 0:
            zoe.context.close()

    _type_code(zoe, code)
    zoe.page.get_by_text(re.compile(r"^Szia, .+!$")).wait_for()
    assert User.objects.filter(email="zoe.again@example.com").count() == 1


@pytest.mark.parametrize("start", ["login form", "mail link"])
def test_a_forgotten_password_is_set_anew_by_a_mailed_code(
    chromium: Any, start_club_server: Any, tmp_path: Path, start: str
) -> None:
    outbox = tmp_path / "mail"
    server = server_with_outbox(start_club_server, outbox)
    bela = member(email="bela@example.com", display_name="Béla")
    who = person(chromium)
    if start == "login form":
        who.goto(server)
        who.page.get_by_role("button", name="Elfelejtetted a jelszavad?").click()
    else:
        who.goto(server, "/account/password/reset")
    who.page.get_by_label("E-mail").fill("bela@example.com")
    who.page.get_by_role("button", name="Kód küldése").click()
    who.page.get_by_label("Új jelszó").wait_for()
    _shot(who, "account-forgot-phone-hu", tmp_path)
    who.page.get_by_label("Megerősítő kód").fill(mailed_code(outbox))
    who.page.get_by_label("Új jelszó").fill(NEW_SECRET)
    who.page.get_by_role("button", name="Új jelszó mentése és belépés").click()

    who.page.get_by_text("Szia, Béla!").wait_for()
    assert User.objects.get(pk=bela.pk).check_password(NEW_SECRET)
    assert who.errors == []


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_a_member_changes_address_and_password_then_deletes_the_account(
    chromium: Any, start_club_server: Any, tmp_path: Path, size: str
) -> None:
    outbox = tmp_path / "mail"
    server = server_with_outbox(start_club_server, outbox)
    bela = member(email="bela@example.com", display_name="Béla")
    who = person(chromium, viewport=PHONE if size == "phone" else DESKTOP)
    who.goto(server)
    log_in(who, "bela@example.com")
    who.page.get_by_text("Szia, Béla!").wait_for()

    who.page.get_by_role("link", name="Béla").click()  # the name in the header
    who.page.get_by_role("heading", name="Fiókom").wait_for()
    who.page.get_by_text("A címed: bela@example.com").wait_for()
    _shot(who, f"account-{size}-hu", tmp_path)

    email = who.page.locator("section.account-email")
    email.get_by_label("Új e-mail cím").fill("bela.new@example.com")
    email.get_by_role("button", name="Cím módosítása").click()
    email.get_by_text("Kódot küldtünk ide: bela.new@example.com").wait_for()
    email.get_by_label("Megerősítő kód").fill(mailed_code(outbox))
    email.get_by_role("button", name="Megerősítés").click()
    email.get_by_text("Kész: mostantól ez a címed: bela.new@example.com.").wait_for()
    email.get_by_text("A címed: bela.new@example.com", exact=True).wait_for()

    password = who.page.locator("section.account-password")
    password.get_by_label("Jelenlegi jelszó").fill("not my password at all")
    password.get_by_label("Új jelszó").fill(NEW_SECRET)
    password.get_by_role("button", name="Jelszó módosítása").click()
    password.locator(".form-status").filter(has_text=re.compile(r"\S")).wait_for()
    assert not User.objects.get(pk=bela.pk).check_password(NEW_SECRET)
    password.get_by_label("Jelenlegi jelszó").fill("correct horse battery")
    password.get_by_role("button", name="Jelszó módosítása").click()
    password.get_by_text("Kész: megváltozott a jelszavad.").wait_for()
    assert User.objects.get(pk=bela.pk).check_password(NEW_SECRET)

    erase = who.page.locator("section.account-delete")
    delete = erase.get_by_role("button", name="A fiókom végleges törlése")
    assert delete.is_disabled()  # not before the box is ticked
    erase.get_by_label("Jelszó").fill(NEW_SECRET)
    erase.get_by_label(re.compile("Értem: a fiókom végleg törlődik")).check()
    delete.click()
    who.page.get_by_role("heading", name="A fiókodat töröltük").wait_for()
    gone = User.objects.get(pk=bela.pk)
    assert (gone.email, gone.display_name, gone.is_active) == ("", "", False)
    assert not EmailAddress.objects.filter(user=gone).exists()
    who.page.get_by_role("link", name="Belépés").wait_for()  # the header: nobody signed in
    assert who.errors == []


def test_the_account_page_speaks_english(
    chromium: Any, start_club_server: Any, tmp_path: Path
) -> None:
    server = start_club_server()
    member(email="bela@example.com", display_name="Béla")
    who = person(chromium, language="en")
    who.goto(server, "/account/")
    log_in(who, "bela@example.com")
    who.page.get_by_text("Hello, Béla!").wait_for()
    who.goto(server, "/account/")
    who.page.get_by_role("heading", name="My account").wait_for()
    for words in ("Change the address", "Change the password", "Delete my account for good"):
        assert who.page.get_by_role("button", name=words).is_visible()
    _shot(who, "account-phone-en", tmp_path)
    assert who.errors == []
