"""The club's e-mails to players: each one a short text in the player's language (Hungarian,
English on request), sent as plain text with an HTML alternative drawn from one layout.

A mail is a ``Letter``: a subject, paragraphs, at most one code to type in the client and at
most one link (a button in the HTML). Its words are in the catalogues of the apps that send
them (``apps/accounts/mail_texts.py``: allauth's account mails; ``apps/moderation/
notifications.py``: a sanction's), each in both languages (``tests/common/test_mails.py``). Every
link leads to a page of the web client (``apps/web/urls.py``).

The language is the recipient's own setting (``User.language``), else the request's (the page's
or ``Accept-Language``), else Hungarian (``languages.club_language``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.template.loader import render_to_string

SUBJECT_PREFIX = "[Snapszer Klub] "

# the words around every mail, per language
_FRAME = {
    "hu": {
        "hello": "Szia!",
        "bye": "Jó játékot kíván a Snapszer Klub",
        "code": "A kód:",
        "ignore": "Ha nem te kérted, ezt a levelet nyugodtan figyelmen kívül hagyhatod.",
    },
    "en": {
        "hello": "Hello,",
        "bye": "Have a good game, the Snapszer Klub",
        "code": "Your code:",
        "ignore": "If you did not ask for this, you can safely ignore this mail.",
    },
}


@dataclass(frozen=True)
class Letter:
    """A mail's words in one language; ``{name}`` in them is filled from the mail's context."""

    subject: str
    paragraphs: tuple[str, ...]
    link_text: str = ""  # the button's words, when the mail has a link:
    link: str = ""  # the web client's page it opens, e.g. "/account/password/reset"
    ignorable: bool = False  # "if you did not ask for this, ignore it"


@dataclass(frozen=True)
class Message:
    """A letter filled in: what the layout draws."""

    language: str
    subject: str
    paragraphs: list[str]
    code: str = ""
    link: str = ""
    link_text: str = ""
    ignorable: bool = False
    frame: Mapping[str, str] = field(default_factory=dict)


def client_url(path: str) -> str:
    """The address of a page of the web client, e.g. ``/account/password/reset``."""
    return f"{settings.PUBLIC_BASE_URL}{path}"


def fill(letters: Mapping[str, Letter], language: str, context: Mapping[str, object]) -> Message:
    """The letter in ``language`` with the context's values in it."""
    letter = letters[language]
    values = {k: _text(v) for k, v in context.items()}
    return Message(
        language=language,
        subject=letter.subject.format_map(values),
        paragraphs=[p.format_map(values) for p in letter.paragraphs],
        code=values.get("code", ""),
        link=client_url(letter.link) if letter.link else "",
        link_text=letter.link_text,
        ignorable=letter.ignorable,
        frame=_FRAME[language],
    )


def _text(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, datetime):
        return f"{value.astimezone(UTC):%Y-%m-%d %H:%M} UTC"
    return str(value)


def compose(message: Message, to: list[str]) -> EmailMultiAlternatives:
    """The mail: text, and the same in HTML."""
    context = {"m": message, "home": client_url("/")}
    text = render_to_string("mail/message.txt", context).strip() + "\n"
    html = render_to_string("mail/message.html", context)
    mail = EmailMultiAlternatives(
        subject=SUBJECT_PREFIX + message.subject,
        body=text,
        from_email=settings.DEFAULT_FROM_EMAIL,
        to=to,
        headers={"Content-Language": message.language},
    )
    mail.attach_alternative(html, "text/html")
    return mail
