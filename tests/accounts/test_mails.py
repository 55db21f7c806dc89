"""The account mails (apps/accounts/mail_texts.py): every one the club's settings can send is in
the club's words, in Hungarian and English, as text and HTML, and every link in it opens a page
of the web client."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from pathlib import Path

import allauth
import pytest
from django.conf import settings
from django.core import mail
from django.test import Client

from apps.accounts.mail_texts import LETTERS
from apps.accounts.models import User
from apps.common.mails import compose, fill

from .conftest import Headless, unique_email

# allauth's mails that these settings never send: logins by code are off, and a forgotten
# password is set by a code (``password_reset_code``), never by a link with a key
NEVER_SENT = {"account/email/login_code", "account/email/password_reset_key"}
CLUB_OWN = {"account/email/account_deleted"}
# what allauth puts in each mail's context (its adapter and flows), for every placeholder
CONTEXT = {
    "email": "bela@example.com",
    "code": "KXRT-BDFQ",
    "ip": "10.1.2.3",
    "user_agent": "Mozilla/5.0 (Android 14)",
    "timestamp": datetime(2026, 12, 6, 15, 4, tzinfo=UTC),
    "from_email": "old@example.com",
    "to_email": "new@example.com",
    "deleted_email": "gone@example.com",
    "password_reset_url": "http://ignored.example/",
    "signup_url": "http://ignored.example/",
}
_LINK = re.compile(r"https?://[^\s\"<>]+")


def _allauth_mails() -> set[str]:
    folder = Path(allauth.__file__).parent / "templates" / "account" / "email"
    return {
        f"account/email/{p.name.removesuffix('_subject.txt')}" for p in folder.glob("*_subject.txt")
    }


def test_every_mail_allauth_sends_here_is_in_the_clubs_words() -> None:
    assert _allauth_mails() - NEVER_SENT == set(LETTERS) - CLUB_OWN


@pytest.mark.parametrize("prefix", sorted(LETTERS))
@pytest.mark.parametrize("language", ["hu", "en"])
def test_each_mail_reads_whole_in_both_languages(prefix: str, language: str) -> None:
    message = compose(fill(LETTERS[prefix], language, CONTEXT), ["bela@example.com"])

    html = message.alternatives[0][0]
    assert message.alternatives[0][1] == "text/html"
    assert message.extra_headers["Content-Language"] == language
    assert f'<html lang="{language}">' in html
    for text in (message.subject, message.body, html):
        assert "{" not in text and "}" not in text.replace("{%", ""), text  # all filled in
    words = LETTERS[prefix][language]
    for paragraph in words.paragraphs:
        first = paragraph.split("{")[0][:30]
        assert first in message.body and first.replace("'", "&#x27;") in html
    if "{code}" in str(words) or prefix.endswith(("_code", "confirmation", "confirmation_signup")):
        assert "KXRT-BDFQ" in message.body and "KXRT-BDFQ" in html
    other = "en" if language == "hu" else "hu"
    assert LETTERS[prefix][other].subject not in message.subject


@pytest.mark.django_db
@pytest.mark.parametrize("prefix", sorted(LETTERS))
def test_every_link_in_a_mail_opens_a_page_of_the_client(prefix: str, client: Client) -> None:
    for language in ("hu", "en"):
        message = compose(fill(LETTERS[prefix], language, CONTEXT), ["bela@example.com"])
        links = set(_LINK.findall(message.body)) | set(_LINK.findall(message.alternatives[0][0]))
        assert links, "every mail leads at least home"
        for link in links:
            assert link.startswith(settings.PUBLIC_BASE_URL), link
            page = client.get(link.removeprefix(settings.PUBLIC_BASE_URL) or "/")
            assert page.status_code == 200, link
            assert b'src="/static/web/app.js"' in page.content or b"web/app.js" in page.content


@pytest.mark.django_db
def test_a_mail_is_in_the_players_own_language_else_the_requests() -> None:
    english = Headless("app")
    email = unique_email()
    english.http.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"

    english.auth("post", "auth/password/request", {"email": email})  # nobody has it

    (sent,) = mail.outbox
    assert sent.subject == "[Snapszer Klub] No account with this address"
    assert f"{settings.PUBLIC_BASE_URL}/account/signup" in sent.body


@pytest.mark.django_db
def test_a_member_who_chose_english_gets_english_from_a_hungarian_page(
    verified_user: User,
) -> None:
    User.objects.filter(pk=verified_user.pk).update(language="en")

    Headless("browser").auth("post", "auth/password/request", {"email": verified_user.email})

    (sent,) = mail.outbox
    assert sent.subject == "[Snapszer Klub] Your code for a new password"
