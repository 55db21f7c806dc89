"""The client's message catalogue: both languages say everything, and every message the client
asks for exists (a missing one would show its key to a player)."""

from __future__ import annotations

import re
from pathlib import Path

from apps.matches.engine.shapes import MATCH_END_REASONS
from apps.moderation.models import Report

STATIC = Path(__file__).resolve().parents[2] / "apps" / "web" / "static" / "web"
KEY = re.compile(r"^\s{4}(\w+): ", re.MULTILINE)
ASKED = re.compile(r"""\bt\(\s*["'](\w+)["']""")
ASKED_BY_PREFIX = re.compile(r"""\bt\(\s*`(\w+)_\$\{""")


def catalogue() -> dict[str, set[str]]:
    text = (STATIC / "i18n.js").read_text()
    hu = text[text.index("  hu: {") : text.index("  en: {")]
    en = text[text.index("  en: {") : text.index("\n};")]
    return {"hu": set(KEY.findall(hu)), "en": set(KEY.findall(en))}


def test_both_languages_have_every_message() -> None:
    languages = catalogue()
    assert languages["hu"] == languages["en"]
    assert len(languages["hu"]) > 150


def test_every_message_the_client_asks_for_is_in_the_catalogue() -> None:
    known = catalogue()["hu"]
    asked: set[str] = set()
    prefixes: set[str] = set()
    # every module of the client, in its folders too (home/, join/ …), not the vendored ones
    for module in STATIC.rglob("*.js"):
        if "vendor" in module.relative_to(STATIC).parts:
            continue
        source = module.read_text()
        asked |= set(ASKED.findall(source))
        prefixes |= set(ASKED_BY_PREFIX.findall(source))
    assert asked, "the scan found the client's messages"
    assert sorted(asked - known) == []
    # keys built at run time (t(`strength_${…}`), t(`reason_${…}`), …) have their family
    assert sorted(p for p in prefixes if not any(k.startswith(p + "_") for k in known)) == []


def test_the_server_codes_the_client_names_have_their_own_words() -> None:
    known = catalogue()["hu"]
    reasons = ("reached_66", "last_trick", "close_succeeded", "close_failed", "surrendered")
    assert {f"reason_{r}" for r in reasons} <= known
    ends = MATCH_END_REASONS
    assert {f"end_reason_{r}" for r in ends} <= known


def test_the_report_form_offers_the_servers_categories() -> None:
    offered = re.search(
        r"CATEGORIES = \[((?:\"\w+\",?\s*)+)\]", (STATIC / "table" / "club.js").read_text()
    )
    assert offered
    categories = re.findall(r"\"(\w+)\"", offered.group(1))
    assert categories == list(Report.Category.values)
    assert {f"category_{c}" for c in categories} <= catalogue()["hu"]
