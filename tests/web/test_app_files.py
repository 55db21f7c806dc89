"""What the server answers for the installed app: the manifest, the service worker (its shell
and version) and the offline page; the client page links them. The browser's side is in
``test_installable.py``."""

from __future__ import annotations

import json
import re
import shutil
import struct
from pathlib import Path
from typing import Any

from django.conf import settings as django_settings
from django.contrib.staticfiles import finders
from django.core.management import call_command
from django.test import Client

from tests.web.test_static import IMPORT

WEB = Path(__file__).resolve().parents[2] / "apps" / "web" / "static" / "web"
CONFIG = re.compile(r"^const CONFIG = (\{.*?\});$", re.MULTILINE | re.DOTALL)


def worker(client: Client) -> tuple[Any, dict[str, Any]]:
    response = client.get("/sw.js")
    assert response.status_code == 200
    found = CONFIG.search(response.content.decode())
    assert found, "the worker names its version and shell"
    return response, json.loads(found.group(1))


def test_the_service_worker_is_served_at_the_root_and_always_asked_for_anew(
    client: Client,
) -> None:
    response, config = worker(client)
    assert response["Content-Type"].startswith("text/javascript")
    assert "no-cache" in response["Cache-Control"]
    assert re.fullmatch(r"[0-9a-f]{16}", config["version"])
    assert config["offline"] == "/offline/"
    assert client.get(config["offline"]).status_code == 200
    assert config["hashed"] is False  # the tests' plain names: from the network first
    assert client.post("/sw.js").status_code == 405


def test_the_shell_holds_every_file_the_page_loads_and_nothing_live(client: Client) -> None:
    _, config = worker(client)
    shell = set(config["shell"])
    # only the client's static files: never the API, allauth, the sockets or a page
    assert all(url.startswith("/static/web/") for url in shell)

    page = client.get("/").content.decode() + client.get("/offline/").content.decode()
    wanted = set(re.findall(r"""(?:href|src)="(/static/web/[^"]+)\"""", page))
    assert {"/static/web/app.js", "/static/web/install.js", "/static/web/club.css"} <= wanted
    # and every module those import, one import after another
    modules = [url for url in wanted if url.endswith(".js")]
    while modules:
        url = modules.pop()
        for target in IMPORT.findall((WEB / url.removeprefix("/static/web/")).read_text()):
            imported = str(Path(url).parent / target)
            imported = re.sub(r"/[^/]+/\.\./", "/", imported).replace("/./", "/")
            if imported not in wanted:
                wanted.add(imported)
                modules.append(imported)
    assert "/static/web/vendor/snabbdom/index.js" in wanted
    assert wanted <= shell, wanted - shell


def test_any_change_to_the_client_is_a_new_version(
    client: Client, settings: Any, tmp_path: Path
) -> None:
    _, before = worker(client)
    assert worker(client)[1]["version"] == before["version"]  # the same files, the same version
    page = client.get("/").content.decode()
    assert f'data-client-version="{before["version"]}"' in page  # the page says its version

    # a release with a copy of one module: the same client
    (tmp_path / "copy" / "web").mkdir(parents=True)
    shutil.copy(WEB / "cards.js", tmp_path / "copy" / "web" / "cards.js")
    settings.STATICFILES_DIRS = [str(tmp_path / "copy")]  # found first, as Django's finders
    assert worker(client)[1]["version"] == before["version"]

    # a release that changes it
    (tmp_path / "next" / "web").mkdir(parents=True)
    shutil.copy(WEB / "cards.js", tmp_path / "next" / "web" / "cards.js")
    with (tmp_path / "next" / "web" / "cards.js").open("a") as module:
        module.write("\n// the next release\n")
    settings.STATICFILES_DIRS = [str(tmp_path / "next")]
    after = worker(client)[1]
    assert after["version"] != before["version"]
    assert after["shell"] == before["shell"]
    assert f'data-client-version="{after["version"]}"' in client.get("/").content.decode()


def test_while_developing_an_edited_file_is_a_new_version_at_once(
    client: Client, settings: Any, tmp_path: Path
) -> None:
    settings.DEBUG = True  # `make run`
    (tmp_path / "web").mkdir()
    module = tmp_path / "web" / "cards.js"
    shutil.copy(WEB / "cards.js", module)
    settings.STATICFILES_DIRS = [str(tmp_path)]
    before = worker(client)[1]["version"]
    with module.open("a") as edit:
        edit.write("\n// an edit\n")
    assert worker(client)[1]["version"] != before


def test_in_production_the_shell_names_the_hashed_files(
    client: Client, settings: Any, tmp_path: Path
) -> None:
    settings.STATIC_ROOT = tmp_path
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "apps.web.storage.ClubStaticFilesStorage"},
    }
    call_command("collectstatic", interactive=False, verbosity=0)
    hashed = json.loads((tmp_path / "staticfiles.json").read_text())["paths"]

    _, config = worker(client)
    assert config["hashed"] is True  # served from the cache first
    assert f"/static/{hashed['web/app.js']}" in config["shell"]
    assert f"/static/{hashed['web/offline.js']}" in config["shell"]
    for url in config["shell"]:
        assert (tmp_path / url.removeprefix("/static/")).is_file(), url
    offline = client.get("/offline/").content.decode()
    assert f"/static/{hashed['web/club.css']}" in offline


def png_size(name: str) -> str:
    path = finders.find(name)
    assert isinstance(path, str), name
    head = Path(path).read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n", name
    width, height = struct.unpack(">II", head[16:24])
    return f"{width}x{height}"


def test_the_manifest_names_the_club_in_hungarian_with_its_colours_and_icons(
    client: Client,
) -> None:
    response = client.get("/manifest.webmanifest")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    manifest = json.loads(response.content)
    assert manifest["name"] == "Snapszer Klub"
    assert manifest["lang"] == "hu"
    assert "kártyajátékok" in manifest["description"]
    assert (manifest["start_url"], manifest["scope"], manifest["id"]) == ("/", "/", "/")
    assert manifest["display"] == "standalone"
    # the felt and the paper of the club's stylesheet
    stylesheet = (WEB / "club.css").read_text()
    assert f"--felt: {manifest['theme_color']};" in stylesheet
    assert f"--paper: {manifest['background_color']};" in stylesheet

    pngs = [icon for icon in manifest["icons"] if icon["type"] == "image/png"]
    assert {icon["sizes"] for icon in pngs} >= {"192x192", "512x512"}
    assert [icon["sizes"] for icon in pngs if icon.get("purpose") == "maskable"] == ["512x512"]
    for icon in pngs:
        assert png_size(icon["src"].removeprefix("/static/")) == icon["sizes"]
        assert client.get(icon["src"]).status_code == 200


def test_the_manifest_in_english_on_request(client: Client) -> None:
    english = json.loads(client.get("/manifest.webmanifest?lang=en").content)
    assert english["lang"] == "en"
    assert english["description"].startswith("Snapszer, sixty-six")
    unknown = json.loads(client.get("/manifest.webmanifest?lang=xx").content)
    assert unknown["lang"] == "hu"


def test_the_page_links_the_manifest_in_its_language(client: Client) -> None:
    page = client.get("/").content.decode()
    assert '<link rel="manifest" href="/manifest.webmanifest?lang=hu">' in page
    assert '<meta name="theme-color" content="#1f5130">' in page
    assert '<link rel="apple-touch-icon" href="/static/web/icons/apple-touch-icon.png">' in page
    client.cookies[django_settings.LANGUAGE_COOKIE_NAME] = "en"
    page = client.get("/").content.decode()
    assert '<link rel="manifest" href="/manifest.webmanifest?lang=en">' in page


def test_the_offline_page_speaks_both_languages(client: Client) -> None:
    response = client.get("/offline/")
    assert "no-cache" in response["Cache-Control"]
    page = response.content.decode()
    assert "Nincs kapcsolat" in page
    assert "No connection" in page
    assert 'src="/static/web/offline.js"' in page
