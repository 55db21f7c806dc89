"""The club as an app on a phone: Chromium finds it installable (manifest, icons, a service
worker controlling the page), a page that cannot load shows the offline page in the player's
language and comes back by itself, live game state never comes from a cache, and a new release
takes over cleanly (its files together, the old version's caches gone, the player told once)."""

from __future__ import annotations

import json
import os
import re
import shutil
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from django.core.management import call_command

from tests.conftest import CHROMIUM, CHROMIUM_ARGS
from tests.web.hidden import Recorder
from tests.web.person import PHONE, Person, person, serious_violations

if TYPE_CHECKING:
    from playwright.sync_api import Browser

    from tests.web.conftest import ClubServer, StartClubServer

pytestmark = pytest.mark.django_db(transaction=True)

STYLESHEET = Path(__file__).resolve().parents[2] / "apps" / "web" / "static" / "web" / "club.css"
SHELL_CACHES = (
    "async () => (await caches.keys()).filter((name) => name.startsWith('snapszer-shell-'))"
)


def screenshots(tmp_path: Path) -> Path:
    """Where the screenshots go: CLIENT_SCREENSHOTS=docs/screenshots refreshes the docs'."""
    return Path(os.environ.get("CLIENT_SCREENSHOTS", tmp_path))


def open_the_club(who: Person, server: ClubServer) -> None:
    """Open the home page and wait until the club's service worker controls it."""
    who.goto(server)
    who.page.get_by_role("heading", level=1).wait_for()
    who.page.wait_for_function("() => navigator.serviceWorker.controller !== null")


def shell_caches(who: Person) -> list[str]:
    return list(who.page.evaluate(SHELL_CACHES))


def test_chromium_finds_the_club_installable(
    chromium: Browser, club_server: ClubServer, tmp_path: Path
) -> None:
    # Chromium installs nothing from an incognito profile, which a new context is: a profile
    # kept in a folder, as a person's browser keeps theirs.
    context = chromium.browser_type.launch_persistent_context(
        tmp_path,
        executable_path=str(CHROMIUM),
        args=CHROMIUM_ARGS,
        viewport=PHONE,
    )
    who = Person(context, context.pages[0], Recorder(context.pages[0]), [])
    who.page.on("pageerror", lambda error: who.errors.append(str(error)))
    open_the_club(who, club_server)

    cdp = who.context.new_cdp_session(who.page)
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["url"] == f"{club_server.url}/manifest.webmanifest?lang=hu"
    assert manifest["errors"] == []
    linked = json.loads(manifest["data"])  # as served; Chromium parsed it without an error
    assert linked["name"] == "Snapszer Klub"
    assert linked["lang"] == "hu"
    assert linked["display"] == "standalone"
    assert linked["start_url"] == "/"
    assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []

    assert who.page.evaluate("navigator.serviceWorker.controller.scriptURL").endswith("/sw.js")
    # the icons the manifest names load, at the sizes it says; one of them is maskable
    assert any(icon.get("purpose") == "maskable" for icon in linked["icons"])
    for icon in linked["icons"]:
        if icon["type"] != "image/png":
            continue
        size = who.page.evaluate(
            "async (src) => { const img = new Image(); img.src = src; await img.decode();"
            " return `${img.naturalWidth}x${img.naturalHeight}`; }",
            icon["src"],
        )
        assert size == icon["sizes"]
    # the browser's top bar takes the club's felt
    assert who.page.locator("meta[name=theme-color]").get_attribute("content") == "#1f5130"
    assert who.errors == []
    context.close()


def test_the_page_loads_its_files_from_the_shell_and_the_api_from_the_server(
    chromium: Browser, club_server: ClubServer
) -> None:
    who = person(chromium)
    open_the_club(who, club_server)
    responses: list[Any] = []

    def seen(response: Any) -> None:  # (Playwright cannot take a bound builtin as a handler)
        responses.append(response)

    who.page.on("response", seen)
    who.page.reload()
    who.page.get_by_role("heading", level=1).wait_for()

    static = [r for r in responses if "/static/web/" in r.url]
    api = [r for r in responses if "/api/v1/" in r.url or "/_allauth/" in r.url]
    assert any(r.url.endswith("/static/web/app.js") for r in static)
    assert static and all(r.from_service_worker for r in static)
    assert api and not any(r.from_service_worker for r in api)

    # pages the worker passes on arrive as before: the language form (a POST, redirected), a
    # page redirected to its address with a slash
    who.page.get_by_label("Nyelv").select_option("en")
    who.page.get_by_role("heading", name=re.compile("Welcome"), level=1).wait_for()
    who.page.goto(club_server.url + "/leaderboard")
    assert who.page.url == f"{club_server.url}/leaderboard/"

    # offline, the API answers nothing: no game state from a cache
    who.context.set_offline(True)
    answered = who.page.evaluate(
        "() => fetch('/api/v1/games/').then(() => 'answered', () => 'refused')"
    )
    assert answered == "refused"
    who.context.set_offline(False)
    assert who.errors == []


@pytest.mark.parametrize(
    "words",
    [
        ("hu", "Nincs kapcsolat", "Próbáld újra", "Üdv a Snapszer Klubban"),
        ("en", "No connection", "Try again", "Welcome to the Snapszer Club"),
    ],
    ids=["hu", "en"],
)
def test_offline_a_page_shows_the_offline_page_and_comes_back_by_itself(
    chromium: Browser, club_server: ClubServer, words: tuple[str, str, str, str], tmp_path: Path
) -> None:
    language, title, retry, back = words
    who = person(chromium, viewport=PHONE, language=language)
    open_the_club(who, club_server)

    who.context.set_offline(True)
    who.page.reload()
    who.page.get_by_role("heading", name=title, level=1).wait_for()
    assert who.page.evaluate("document.documentElement.lang") == language
    assert who.button(retry).is_visible()
    # the other language's words are not shown
    other = "No connection" if language == "hu" else "Nincs kapcsolat"
    assert not who.page.get_by_text(other).is_visible()
    assert serious_violations(who.page) == []
    if language == "hu":
        who.page.screenshot(path=str(screenshots(tmp_path) / "offline-phone-hu.png"))

    # "Try again" while still offline: the offline page again
    who.button(retry).click()
    who.page.get_by_role("heading", name=title, level=1).wait_for()

    who.context.set_offline(False)  # the connection returns: the club's page again
    who.page.get_by_role("heading", name=re.compile(back), level=1).wait_for()
    assert who.page.url == f"{club_server.url}/"
    assert who.errors == []


def test_when_the_club_itself_was_away_the_page_comes_back_when_it_answers(
    chromium: Browser, start_club_server: StartClubServer
) -> None:
    """The device stays online (no "online" event will come): the club's server was down
    for a moment, as during a release. The offline page asks again by itself and goes back."""
    first = start_club_server()
    who = person(chromium, viewport=PHONE)
    open_the_club(who, first)
    first.stop()
    who.page.reload()
    who.page.get_by_role("heading", name="Nincs kapcsolat", level=1).wait_for()
    start_club_server(port=first.port)
    who.page.get_by_role("heading", name=re.compile("Üdv a Snapszer Klubban"), level=1).wait_for()
    assert who.page.url == f"{first.url}/"


def test_the_rules_can_be_read_offline(chromium: Browser, club_server: ClubServer) -> None:
    who = person(chromium, viewport=PHONE)
    open_the_club(who, club_server)
    who.page.wait_for_function(
        "async () => Boolean(await caches.match('/rules/'))"
    )  # kept when the app was installed, before any visit to the rules

    who.context.set_offline(True)
    who.goto(club_server, "/rules/klub/")  # never opened online

    who.page.get_by_role("heading", name="A klub snapszer szabályai", level=1).wait_for()
    assert who.page.get_by_text("Nincs kapcsolat").count() == 0
    assert who.page.locator("table").count() >= 1  # the cards' worth, the scoring
    # the other pages still say there is no connection
    who.goto(club_server, "/matches/")
    who.page.get_by_role("heading", name="Nincs kapcsolat", level=1).wait_for()
    assert who.errors == []


UPDATE = "Megjött a klub új változata."


def production_static(settings: Any, root: Path, header: str | None = None) -> None:
    """Static files as production serves them: collected into ``root`` with hashed names
    (whitenoise serves them from there alone); ``header``: this release's stylesheet paints the
    header so."""
    settings.STATIC_ROOT = root
    settings.WHITENOISE_USE_FINDERS = False
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "apps.web.storage.ClubStaticFilesStorage"},
    }
    if header:
        changed = root.parent / f"{root.name}-source"
        (changed / "web").mkdir(parents=True)
        stylesheet = changed / "web" / "club.css"
        shutil.copy(STYLESHEET, stylesheet)
        with stylesheet.open("a") as css:
            css.write(f"\nheader.site {{ background: {header}; }}\n")
        settings.STATICFILES_DIRS = [str(changed)]
    call_command("collectstatic", interactive=False, verbosity=0)


def header_colour(who: Person) -> str:
    return str(
        who.page.locator("header.site").evaluate("node => getComputedStyle(node).backgroundColor")
    )


def test_a_new_release_takes_over_and_the_old_caches_go(
    chromium: Browser, settings: Any, start_club_server: StartClubServer, tmp_path: Path
) -> None:
    production_static(settings, tmp_path / "first")
    first = start_club_server()
    anna = person(chromium)
    open_the_club(anna, first)
    old = shell_caches(anna)
    assert len(old) == 1
    assert header_colour(anna) == "rgb(31, 81, 48)"
    # the same player in a second tab
    again = Person(anna.context, anna.context.new_page(), anna.recorder, anna.errors)
    again.page.on("pageerror", lambda error: anna.errors.append(str(error)))
    open_the_club(again, first)

    # The next release, at the same address: its stylesheet paints the header a darker felt.
    first.stop()
    production_static(settings, tmp_path / "second", header="rgb(20, 60, 36)")
    second = start_club_server(port=first.port)

    # The club opened once more, in a third tab: it is the new release at once, nothing to say.
    # Meanwhile the new version installs, takes over every tab and deletes the old caches.
    third = Person(anna.context, anna.context.new_page(), anna.recorder, anna.errors)
    open_the_club(third, second)
    assert header_colour(third) == "rgb(20, 60, 36)"
    # the two tabs opened before are told, once
    for tab in (anna, again):
        tab.page.get_by_role("status").filter(has_text=UPDATE).wait_for()
    third.page.wait_for_function("() => navigator.serviceWorker.controller.state === 'activated'")
    new = shell_caches(third)
    assert len(new) == 1
    assert new != old
    assert third.page.get_by_text(UPDATE).count() == 0
    assert serious_violations(anna.page) == []
    anna.page.screenshot(path=str(screenshots(tmp_path) / "update-phone-hu.png"))

    # "Újratöltés": the new version, whole
    anna.page.get_by_role("button", name="Újratöltés").click()
    anna.page.get_by_role("heading", level=1).wait_for()
    assert header_colour(anna) == "rgb(20, 60, 36)"
    assert anna.page.get_by_text(UPDATE).count() == 0
    # "Később": the bar goes, the page goes on as it was
    again.page.get_by_role("button", name="Később").click()
    assert again.page.get_by_text(UPDATE).count() == 0
    assert again.page.get_by_role("heading", level=1).is_visible()
    assert header_colour(again) == "rgb(31, 81, 48)"
    assert shell_caches(anna) == new
    assert anna.errors == []
