"""What a person does at the club's web client, in Playwright terms: find the buttons by their
names, tap a card twice to play it, wait for their turn. The tests read as the steps of a player.

The client's pacing is shortened for tests (a person's setting: how long a finished trick stays
on the table), and every page is recorded (``tests/web/hidden.py``) for the hidden-card checks.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from allauth.account.models import EmailAddress

from tests.factories import UserFactory
from tests.matches.helpers import create_friend_match
from tests.web.hidden import Recorder

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Page

    from tests.web.conftest import ClubServer

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 860}
PASSWORD = "correct horse battery"
# A person's own settings, kept in the browser: short pauses so a test match goes quickly.
FAST_TABLE = (
    "localStorage.setItem('snapszer.trickMs', '150');localStorage.setItem('snapszer.cardMs', '60');"
    "localStorage.setItem('snapszer.settleMs', '50');"
    "localStorage.setItem('snapszer.nextDealMs', '100');"
    "localStorage.setItem('snapszer.moveMs', '60');"
)
DEALS_CHECKED = (
    "() => [...document.querySelectorAll('[data-fair]')]"
    ".every(node => node.dataset.fair !== 'checking')"
)
TURN = ".table-screen[data-my-turn=yes][data-settled=yes]"
OVER = ".match-end"
POLL_MS = 20


@dataclass
class Person:
    context: BrowserContext
    page: Page
    recorder: Recorder
    errors: list[str]

    def goto(self, server: ClubServer, path: str = "/") -> None:
        self.page.goto(server.url + path)

    def button(self, name: str | re.Pattern[str]) -> Any:
        return self.page.get_by_role("button", name=name)

    def match_id(self) -> str:
        found = re.search(r"/m/([0-9a-f-]{36})/", self.page.url)
        assert found, self.page.url
        return found.group(1)

    def seat(self) -> int:
        return int(self.page.evaluate("window.snapszer.client.match.your_seat"))

    def my_turn_or_over(self, timeout: float = 20) -> bool:
        """Wait until it is this player's turn (True) or the match is over (False)."""
        self.wait_for(f"{TURN}, {OVER}", timeout=timeout)
        return self.page.locator(OVER).count() == 0

    def wait_for(self, selector: str, *, timeout: float = 30) -> None:
        """Wait until ``selector`` matches, looking every few milliseconds as a person's eye
        would (``wait_for_selector`` backs off to half a second between looks, which a whole
        match of turns adds up)."""
        self.page.wait_for_function(
            "(selector) => document.querySelector(selector) !== null",
            arg=selector,
            polling=POLL_MS,
            timeout=timeout * 1000,
        )

    def screen(self) -> str | None:
        """What the table asks of this player now, read in one look (a new deal may be shown
        between two separate looks): "bidding", "doubling", "play" (a card may be played),
        "count" (sixty-six: no card, only "count"), or None (nothing asked)."""
        return self.page.evaluate(  # type: ignore[no-any-return]
            """(turn) => {
                if (document.querySelector('.bidding-box')) return 'bidding';
                if (document.querySelector('.doubling-box button')) return 'doubling';
                if (document.querySelector(`${turn} .card-button.legal`)) return 'play';
                if (document.querySelector('.action-let_count')) return 'count';
                return null;
            }""",
            TURN,
        )

    def legal_card(self) -> tuple[str, Any]:
        """The first card that may be played: its code, and a locator that stays on that card
        (``.legal`` itself goes while pushed events are shown)."""
        code = str(self.page.locator(".card-button.legal").first.get_attribute("data-card-button"))
        return code, self.page.locator(f".card-button[data-card-button='{code}']")

    def wait_until_played(self, code: str) -> None:
        """Wait until ``code`` has left this player's hand."""
        self.page.wait_for_function(
            f"() => !window.snapszer.client.view.deal.hand.includes('{code}')"
        )

    def play_a_card(self) -> str:
        """Tap the first card that may be played, then tap it again: it is played."""
        code, card = self.legal_card()
        card.click()
        assert card.get_attribute("aria-pressed") == "true"
        card.click()
        return str(code)

    def fold_mismatches(self) -> list[str]:
        return list(self.page.evaluate("window.snapszer.foldMismatches"))


def person(
    browser: Browser, *, viewport: dict[str, int] = PHONE, language: str | None = None
) -> Person:
    context = browser.new_context(viewport=viewport)
    context.add_init_script(FAST_TABLE)
    if language:
        context.add_cookies(
            [{"name": "django_language", "value": language, "domain": "127.0.0.1", "path": "/"}]
        )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    return Person(context, page, Recorder(page), errors)


def member(**fields: Any) -> Any:
    """A registered player with a verified e-mail address, who can log in with PASSWORD."""
    user = UserFactory(**fields)
    EmailAddress.objects.create(user=user, email=user.email, verified=True, primary=True)
    return user


def log_in(who: Person, email: str) -> None:
    """Log in through the account form, as a person would."""
    form = who.page.locator("form.login")
    form.get_by_label("E-mail").fill(email)
    form.get_by_label(re.compile("Jelszó|Password")).fill(PASSWORD)
    form.get_by_role("button", name=re.compile("Belépés|Log in")).click()


def play_until_over(who: Person, *, limit: float = 240) -> int:
    """Play the first legal card at every turn until the match ends; returns the cards played."""
    played = 0
    deadline = time.monotonic() + limit
    while who.my_turn_or_over():
        who.play_a_card()
        played += 1
        assert time.monotonic() < deadline, "the match did not end in time"
    return played


# axe-core as package-lock.json pins it (npm ci, `make test`), injected into the page under test
AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"


def serious_violations(page: Page) -> list[str]:
    """axe-core's serious and critical accessibility violations on the page at rest: after any
    card still moving or fading (a trick gathered to its taker) has finished, as a person reads
    it (axe measures a fading card's contrast at its opacity of the moment)."""
    page.wait_for_function(
        "() => document.getAnimations().every((a) => a.playState !== 'running')", polling=20
    )
    if not page.evaluate("() => typeof window.axe === 'object'"):
        # evaluated, not added as a <script>: the page's CSP allows no inline script
        page.evaluate(AXE.read_text())
    violations = page.evaluate(
        "async () => (await axe.run(document, {resultTypes: ['violations']})).violations"
    )
    return [
        f"{v['id']} ({v['impact']}): {v['help']} — {[n['target'] for n in v['nodes']][:3]}"
        for v in violations
        if v["impact"] in ("serious", "critical")
    ]


def play_turns(people: list[Person], done: Any, *, limit: float = 120) -> int:
    """Whoever's turn it is plays the first legal card, until ``done()`` says stop."""
    played = 0
    deadline = time.monotonic() + limit
    while not done():
        assert time.monotonic() < deadline, "the game did not get there in time"
        for who in people:
            if who.page.locator(TURN).count() and not done():
                who.play_a_card()
                played += 1
        people[0].page.wait_for_timeout(50)
    return played


def open_chat(who: Person) -> None:
    """Open the chat drawer (friends' and ranked tables): the chat, blocking and reporting,
    the call."""
    who.page.locator("[data-key=chat-toggle][aria-expanded=false]").click()
    who.page.locator("#club-drawer").wait_for()


def close_chat(who: Person) -> None:
    """Close the chat drawer with Esc (the focus is in it), back to the table."""
    who.page.locator("#club-drawer").press("Escape")
    who.page.locator("#club-drawer").wait_for(state="detached")


def table_action(who: Person, action: str | re.Pattern[str]) -> Any:
    """The button of one of the table's own actions (pause, show cards, leave, resign), as a
    person finds it: under "More" ("Továbbiak") when it is not in sight."""
    button = who.button(action)
    if not button.is_visible():
        who.page.locator("[data-key=more][aria-expanded=false]").click()
    return button


def confirm(who: Person, action: str | re.Pattern[str]) -> None:
    """Press a button that asks first (under "More" if it is there), then say yes."""
    table_action(who, action).click()
    dialog = who.page.get_by_role("alertdialog")
    dialog.wait_for()
    dialog.get_by_role("button", name=re.compile("^(Igen|Yes)$")).click()


def friends_at_a_table(
    chromium: Any, club_server: Any, make_player: Any
) -> tuple[Any, Any, dict[str, Any]]:
    """Béla and Cili, each signed in at their own browser, at the table of a friend match
    between them (Béla the host): (bela, cili, the match)."""
    host, friend = make_player(display_name="Béla"), make_player(display_name="Cili")
    match = create_friend_match(host, friend)
    bela, cili = person(chromium), person(chromium)
    for who, player in ((bela, host), (cili, friend)):
        club_server.sign_in(who.context, player.token)
        who.goto(club_server, f"/m/{match['id']}/")
        who.page.locator(".table").wait_for()
    return bela, cili, match


def server_with_outbox(start_club_server: Any, outbox: Path) -> Any:
    """A club server of its own whose mails are written as files into ``outbox`` (a browser
    test reads the e-mailed code from there)."""
    return start_club_server(
        MAILERS={
            "default": {
                "BACKEND": "django.core.mail.backends.filebased.EmailBackend",
                "OPTIONS": {"file_path": str(outbox)},
            }
        }
    )


# A mailed code on a line of its own: allauth's (``KXRT-BDFQ``) or digits.
_MAILED_CODE = re.compile(r"^([A-Z0-9]{4}-[A-Z0-9]{4}|\d{6})$", re.MULTILINE)


# Django's file backend ends each mail with this line; a file without it is still being written
# (the file is made when the connection opens, the mail written after).
_MAIL_END = "-" * 79 + "\n"


def mails_in(outbox: Path) -> list[str]:
    """The mails written whole into ``outbox`` (``server_with_outbox``), oldest first."""
    if not outbox.exists():
        return []
    files = sorted(outbox.iterdir(), key=lambda p: p.stat().st_mtime_ns)
    return [text for text in (p.read_text() for p in files) if text.endswith(_MAIL_END)]


def mailed_code(outbox: Path, to: str | None = None, *, after: int = 0) -> str:
    """The code in the newest mail, once more than ``after`` mails were sent (a mail is sent
    as the page answers, or just after); ``to``: the address it must have gone to."""
    for _ in range(100):
        mails = mails_in(outbox)
        if len(mails) > after:
            assert to is None or to in mails[-1], mails[-1]
            return str(_MAILED_CODE.findall(mails[-1])[-1])
        time.sleep(0.1)
    raise AssertionError("no mail came")
