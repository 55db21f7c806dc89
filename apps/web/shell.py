"""The client's shell as the service worker keeps it: the static files the page loads (the web
client's modules, styles and icons, found where Django's static files come from), their URLs
(hashed names in production) and the version they make together.

The version is a digest of every file's URL and content and of the offline page: any change to
the client is a new version, so the service worker's script (which names it) changes, the
browser installs it, and the caches of the old version are deleted. Nothing to bump by hand.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache

from django.conf import settings
from django.contrib.staticfiles import finders
from django.contrib.staticfiles.storage import ManifestFilesMixin, staticfiles_storage
from django.core.files.storage import Storage, storages

#: The web client's own static files, under this prefix.
PREFIX = "web/"
#: What the page may load from it; the vendored library's licence and version notes stay out.
SUFFIXES = (".js", ".css", ".svg", ".png")
#: The stylesheet whose colours the installed app takes (the felt and the paper).
STYLESHEET = "web/club.css"


@dataclass(frozen=True)
class ShellFile:
    name: str  # its name under the static files, "web/app.js"
    url: str  # where the page asks for it, "/static/web/app.3f2e1c.js" in production
    storage: Storage  # where it is read from (its app's static folder)


def hashed_names() -> bool:
    """Whether the static files' names carry their content's hash (production's storage): a
    file's URL then names one content for good."""
    return isinstance(staticfiles_storage, ManifestFilesMixin)


def shell_files() -> list[ShellFile]:
    """Every file of the shell, in name order; a name found twice counts once, as Django's
    (and whitenoise's) finders take the first."""
    seen: dict[str, Storage] = {}
    for name, storage in _found():
        if name.startswith(PREFIX) and name.endswith(SUFFIXES):
            seen.setdefault(name, storage)
    return [
        ShellFile(name, staticfiles_storage.url(name), storage)
        for name, storage in sorted(seen.items())
    ]


def _found() -> Iterator[tuple[str, Storage]]:
    for finder in finders.get_finders():
        for name, storage in finder.list([]):
            yield name.replace("\\", "/"), storage


_versions: dict[tuple[object, ...], str] = {}


def shell_version(files: list[ShellFile], offline_page: bytes) -> str:
    """A short digest of the files' URLs and contents and of the offline page. Kept for as long
    as no file changes size or time (the files are read once per change, not per request)."""
    key = (
        offline_page,
        *((f.url, f.storage.size(f.name), f.storage.get_modified_time(f.name)) for f in files),
    )
    if key not in _versions:
        digest = hashlib.sha256(offline_page)
        for shell_file in files:
            with shell_file.storage.open(shell_file.name) as content:
                digest.update(shell_file.url.encode() + b"\0")
                digest.update(hashlib.sha256(content.read()).digest())
        _versions.clear()
        _versions[key] = digest.hexdigest()[:16]
    return _versions[key]


@dataclass(frozen=True)
class Release:
    files: list[ShellFile]
    version: str
    hashed: bool


_releases: dict[tuple[object, ...], Release] = {}


def current_release(offline_page: Callable[[], str]) -> Release:
    """This release's shell, version, and whether its names are hashed. Outside DEBUG it is
    worked out once per configuration of the static files (a running production process never
    sees its files change); under DEBUG at every call, as files are edited."""
    key = (*finders.get_finders(), storages["staticfiles"])
    if settings.DEBUG or key not in _releases:
        files = shell_files()
        found = Release(files, shell_version(files, offline_page().encode()), hashed_names())
        if settings.DEBUG:
            return found
        _releases.clear()
        _releases[key] = found
    return _releases[key]


COLOUR = re.compile(r"--(felt|paper):\s*(#[0-9a-fA-F]{3,8})\s*;")


@cache
def club_colours() -> dict[str, str]:
    """The stylesheet's felt (the app's theme colour) and paper (its background), as the
    stylesheet declares them: one place for the club's colours (read once per process)."""
    path = finders.find(STYLESHEET)
    assert isinstance(path, str), STYLESHEET
    with open(path, encoding="utf-8") as stylesheet:
        found = dict(COLOUR.findall(stylesheet.read()))
    return {"theme": found["felt"], "background": found["paper"]}
