"""Proof that a hidden card never reached the page: what the browser received, checked against
what the player's seat could know at that moment.

``Recorder(page)`` keeps, in arrival order, every WebSocket frame the page receives and the
text body of every response under ``/api/`` and ``/_allauth/``.

``assert_no_hidden_cards(recorder, match_id, seat)`` folds the match's stored events with the
engine and computes, for every ``seq`` h, **Known(h)**: every card code in
``view_for(state_s, seat)`` for each s from the ``deal_started`` of the deal running at h up to
h. That is the hand, the table, the last trick, the captured cards and the trump card as they
were at any moment of the deal, a hand shown by the opponent (``shown_hands``), and once the deal
is over its whole record. Every card code (a string ``^[PTZM][UOKXA9]$`` anywhere in a JSON
message) must be in Known(horizon):

- a WebSocket envelope ``{"type": "event", "seq"}`` is checked at its own ``seq``, also inside a
  feed or an action's answer (a feed may reach back into earlier deals);
- the rest of a message at its ``version`` (a match, an action's answer, a feed, ``ready``), or
  else the largest ``seq`` in it, or else the largest horizon seen before it;
- left out, because they reveal a finished deal: ``revealed`` of a deal whose phase is
  ``over``, the ``deck`` and ``salt`` of a ``deal_ended`` event, and the body of
  ``GET /api/v1/matches/<id>/deals/<n>/`` and of its ``analysis/`` (both served only for
  finished deals);
- messages of another match (a URL, ``match_id`` or top-level match ``id`` naming it) are
  skipped.

``assert_dom_shows_no_hidden_cards(page, match_id, seat)``: every ``data-card`` on the page,
outside a ``[data-revealed]`` container, is in Known(the match's current version).

**Partnership.** The bids a seat is offered (``legal_actions`` of type ``bid``) name every card
the level allows, wherever it lies: they say nothing, so they neither count as known nor are
checked. And the partner (who holds the called card) is secret until it is public: every
partner identity a message carries (a deal view's ``partner``, the history's ``partner.seat``,
a ``partner_revealed`` event's ``seat``, a ``holder`` outside a finished deal's record) must be
the one the engine lets the seat know at that seq (``partner_known_to``: once public, or its
own card), and so must every ``data-partner`` the page shows.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal
from urllib.parse import urlsplit
from uuid import UUID

from django.db import connections

from apps.matches import event_store
from apps.matches.engine import INITIAL, MatchState, evolve, view_for
from apps.matches.engine.variants.partnership.state import PartnershipDeal
from apps.matches.engine.variants.partnership.view import partner_known_to

if TYPE_CHECKING:
    from playwright.sync_api import Page, Response, WebSocket

CARD = re.compile(r"^[PTZM][UOKXA9]$")
RECORDED_PATHS = ("/api/", "/_allauth/")
_MATCH_IN_PATH = re.compile(r"/matches/([0-9a-fA-F-]{36})(?:/|$)")
_DEAL_RECORD = re.compile(r"^/api/v1/matches/[0-9a-fA-F-]{36}/deals/\d+/(?:analysis/)?$")
#: What the page is asked for: the face-up cards it draws, outside finished-deal replays.
_DOM_CARDS = """() => Array.from(document.querySelectorAll('[data-card]'))
    .filter((element) => !element.closest('[data-revealed]'))
    .map((element) => element.getAttribute('data-card'))"""
#: The seats the page names as the partner.
_DOM_PARTNERS = """() => Array.from(document.querySelectorAll('[data-partner]'))
    .filter((element) => !element.closest('[data-revealed]'))
    .map((element) => Number(element.getAttribute('data-partner')))"""
_EXCERPT = 600


# --- recording --------------------------------------------------------------------------------


@dataclass
class Recorded:
    """One message the page received: a WebSocket frame (``kind="ws"``, the socket's URL) or a
    response body (``kind="http"``). ``text`` is None for a binary frame or a response without
    a readable body."""

    kind: Literal["ws", "http"]
    url: str
    text: str | None
    status: int | None = None
    method: str | None = None

    def describe(self, index: int) -> str:
        if self.kind == "ws":
            return f"message #{index}: WebSocket frame on {self.url}"
        return f"message #{index}: {self.method or 'GET'} {self.url} ({self.status})"

    def json(self) -> Any:
        """The parsed JSON, or None when the text is not JSON."""
        if self.text is None:
            return None
        try:
            return json.loads(self.text)
        except ValueError:
            return None


class Recorder:
    """Everything a page receives that could carry a card, in arrival order.

    ``Recorder(page)`` attaches at once (do it before ``page.goto``); ``Recorder()`` records
    nothing by itself, for feeding messages by hand (``add_http``, ``add_ws``). Attach it to
    every page of a player.
    """

    def __init__(self, page: Page | None = None) -> None:
        self.messages: list[Recorded] = []
        if page is not None:
            self.attach(page)

    def attach(self, page: Page) -> Recorder:
        page.on("websocket", self._on_websocket)
        page.on("response", self._on_response)
        return self

    def _on_websocket(self, socket: WebSocket) -> None:
        url = socket.url

        def received(payload: str | bytes) -> None:
            text = payload if isinstance(payload, str) else None
            self.messages.append(Recorded("ws", url, text))

        socket.on("framereceived", received)

    def _on_response(self, response: Response) -> None:
        if not urlsplit(response.url).path.startswith(RECORDED_PATHS):
            return
        # in the list at once, so the order is the order the responses arrived in (reading the
        # body lets Playwright dispatch other events meanwhile)
        entry = Recorded("http", response.url, None, response.status, response.request.method)
        self.messages.append(entry)
        try:
            entry.text = response.text()
        except Exception:  # a redirect, 204, HEAD, a body evicted by a navigation
            entry.text = None

    def add_http(self, url: str, body: Any, *, status: int = 200, method: str = "GET") -> None:
        """Record a response by hand (``body``: text, bytes, or JSON-ready data)."""
        self.messages.append(Recorded("http", url, _as_text(body), status, method))

    def add_ws(self, url: str, frame: Any) -> None:
        """Record a received WebSocket frame by hand (text or JSON-ready data)."""
        self.messages.append(Recorded("ws", url, _as_text(frame)))

    def frames(self, url_contains: str = "") -> list[Any]:
        """The JSON of the WebSocket frames received so far (on sockets whose URL contains
        ``url_contains``)."""
        return [
            m.json() for m in self.messages if m.kind == "ws" and url_contains in m.url and m.text
        ]

    def bodies(self, path_contains: str = "") -> list[Any]:
        """The JSON of the responses recorded so far (whose URL contains ``path_contains``)."""
        return [
            m.json()
            for m in self.messages
            if m.kind == "http" and path_contains in m.url and m.json() is not None
        ]


def _as_text(body: Any) -> str:
    if isinstance(body, bytes):
        return body.decode()
    if isinstance(body, str):
        return body
    return json.dumps(body)


# --- what a seat could know --------------------------------------------------------------------


class Knowledge:
    """Known(h) for every seq h of a match (index 0: before its first event), from the stored
    events, for one seat. ``states[h]`` is the true state after event h."""

    def __init__(self, match_id: str | UUID, seat: int) -> None:
        self.match_id = str(match_id)
        self.seat = seat
        self.states: list[MatchState] = [INITIAL]
        self.known: list[frozenset[str]] = [frozenset()]
        self.deal_of: list[int | None] = [None]
        self.partner: list[int | None] = [None]  # the partner the seat may know, if any
        self.refresh()

    @property
    def version(self) -> int:
        return len(self.states) - 1

    def refresh(self) -> None:
        """Read the events recorded since the last read."""
        after = self.version
        events = _orm(lambda: event_store.events_load(UUID(self.match_id), after_seq=after))
        state, known = self.states[-1], set(self.known[-1])
        for event in events:
            state = evolve(state, event)
            if event.type == "deal_started":
                known = set()
            known.update(card_codes(_without_offered_bids(view_for(state, self.seat))))
            self.states.append(state)
            self.known.append(frozenset(known))
            self.deal_of.append(state.deal.number if state.deal is not None else None)
            deal = state.deal
            partner = (
                partner_known_to(deal, self.seat) if isinstance(deal, PartnershipDeal) else None
            )
            self.partner.append(partner)

    def at(self, seq: int) -> frozenset[str]:
        if seq > self.version:
            self.refresh()
        assert 0 <= seq <= self.version, (
            f"seq {seq} is beyond the {self.version} events stored for match {self.match_id}"
        )
        return self.known[seq]

    def partner_at(self, seq: int) -> int | None:
        self.at(seq)
        return self.partner[seq]

    def where(self, code: str, seq: int) -> str:
        """Where a card really was at ``seq`` (for failure messages)."""
        deal = self.states[min(seq, self.version)].deal
        if deal is None:
            return "no deal running"
        for other, hand in enumerate(deal.hands):
            if any(c.code == code for c in hand):
                return "in your own hand" if other == self.seat else f"in seat {other}'s hand"
        if any(c.code == code for c in deal.talon):
            return "in the undrawn talon"
        return f"not in any hand or the talon of deal {deal.number}"


def card_codes(data: Any) -> Iterator[str]:
    """Every string in JSON-ready ``data`` that is a card code."""
    if isinstance(data, str):
        if CARD.match(data):
            yield data
    elif isinstance(data, dict):
        for value in data.values():
            yield from card_codes(value)
    elif isinstance(data, list | tuple):
        for value in data:
            yield from card_codes(value)


def _offered_bid(action: Any) -> bool:
    return isinstance(action, dict) and action.get("type") == "bid"


def _without_offered_bids(view: dict) -> dict:
    """A view without the bids it offers (they name cards wherever they lie)."""
    actions = [a for a in view.get("legal_actions") or [] if not _offered_bid(a)]
    return {**view, "legal_actions": actions}


def _orm[T](read: Callable[[], T]) -> T:
    """Run a database read. In a thread with a running event loop (Playwright's sync API) and
    without ``DJANGO_ALLOW_ASYNC_UNSAFE`` it runs in a worker thread, which sees committed rows
    only: fine in the transactional tests that a browser needs."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return read()
    if os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE"):
        return read()

    def in_worker() -> T:
        try:
            return read()
        finally:
            connections.close_all()

    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(in_worker).result()


# --- the checks -------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Seen:
    code: str
    seq: int
    path: str


@dataclass(frozen=True)
class _Partner:
    """A partner identity a message carried: ``seat`` named at ``seq``."""

    seat: int
    seq: int
    path: str


def _other_match(url: str, match_id: str) -> bool:
    found = _MATCH_IN_PATH.search(urlsplit(url).path)
    return found is not None and found.group(1).lower() != match_id


def _elsewhere(message: Recorded, data: Any, match_id: str) -> bool:
    """A message that is not this match's, or reveals only a finished deal (its record)."""
    path = urlsplit(message.url).path
    if _other_match(message.url, match_id):
        return True
    if message.kind == "http" and _DEAL_RECORD.match(path):
        return True
    # another match's body (a rematch accepted, say)
    match_body = isinstance(data, dict) and "view" in data and isinstance(data.get("id"), str)
    return match_body and data["id"].lower() != match_id


def _is_envelope(node: Any) -> bool:
    return (
        isinstance(node, dict)
        and node.get("type") == "event"
        and isinstance(node.get("seq"), int)
        and "event" in node
    )


def _horizon(data: Any, previous: int) -> int:
    """The seq a message's non-envelope parts are as of."""
    if _is_envelope(data):
        return data["seq"]
    if isinstance(data, dict):
        if isinstance(data.get("version"), int):
            return data["version"]
        seqs = [e["seq"] for e in data.get("events") or [] if _is_envelope(e)]
        if seqs:
            return max(seqs)
    return previous


def _scan(
    node: Any,
    seq: int,
    path: str,
    match_id: str,
    seen: list[_Seen],
    *,
    partners: list[_Partner] | None = None,
) -> None:
    partners = [] if partners is None else partners
    if isinstance(node, str):
        if CARD.match(node):
            seen.append(_Seen(node, seq, path))
        return
    if isinstance(node, list):
        for i, value in enumerate(node):
            if path.endswith("legal_actions") and _offered_bid(value):
                continue  # an offered bid names a card wherever it lies
            _scan(value, seq, f"{path}[{i}]", match_id, seen, partners=partners)
        return
    if not isinstance(node, dict):
        return
    if isinstance(node.get("match_id"), str) and node["match_id"].lower() != match_id:
        return  # another match's frame or envelope
    skip: set[str] = set()
    if _is_envelope(node):
        seq = node["seq"]
        event = node["event"]
        if isinstance(event, dict) and event.get("type") == "deal_ended":
            node = {**node, "event": {k: v for k, v in event.items() if k not in ("deck", "salt")}}
        if isinstance(event, dict) and event.get("type") == "partner_revealed":
            partners.append(_Partner(event["seat"], seq, f"{path}.event.seat"))
    if node.get("phase") == "over":
        skip.add("revealed")  # a finished deal, shown whole
    for key in ("partner", "holder"):
        named = node.get(key)
        if isinstance(named, dict):
            named = named.get("seat")
        if isinstance(named, int) and not isinstance(named, bool) and key not in skip:
            partners.append(_Partner(named, seq, f"{path}.{key}" if path else key))
    for key, value in node.items():
        if key not in skip:
            _scan(value, seq, f"{path}.{key}" if path else key, match_id, seen, partners=partners)


def assert_no_hidden_cards(recorder: Recorder, match_id: str | UUID, seat: int) -> int:
    """Every card code the page received was known to ``seat`` at the message's seq (see the
    module docstring). Returns how many card codes were checked."""
    match_id = str(match_id).lower()
    knowledge = Knowledge(match_id, seat)
    running = 0
    checked = 0
    failures: list[str] = []
    for index, message in enumerate(recorder.messages):
        data = message.json()
        if data is None or _elsewhere(message, data, match_id):
            continue
        horizon = _horizon(data, running)
        running = max(running, horizon)
        seen: list[_Seen] = []
        partners: list[_Partner] = []
        _scan(data, horizon, "", match_id, seen, partners=partners)
        for card in seen:
            checked += 1
            if card.code not in knowledge.at(card.seq):
                failures.append(_failure(card, knowledge, message.describe(index), message.text))
        for named in partners:
            checked += 1
            if knowledge.partner_at(named.seq) != named.seat:
                failures.append(
                    f"- partner seat {named.seat} at seq {named.seq}, not public to seat {seat} "
                    f"then, in {message.describe(index)}, at {named.path}: "
                    f"{(message.text or '')[:_EXCERPT]}"
                )
    count = (
        f"{len(failures)} hidden card(s) or partner(s) reached the page "
        f"(seat {seat}, match {match_id})"
    )
    assert not failures, count + ":\n" + "\n".join(failures[:10])
    return checked


def _failure(card: _Seen, knowledge: Knowledge, where: str, text: str | None) -> str:
    excerpt = (text or "")[:_EXCERPT]
    return (
        f"- {card.code} at seq {card.seq} ({knowledge.where(card.code, card.seq)}), "
        f"in {where}, at {card.path or '<top>'}: {excerpt}"
    )


def assert_dom_shows_no_hidden_cards(
    page: Page, match_id: str | UUID, seat: int, *, timeout: float = 2.0
) -> list[str]:
    """Every ``data-card`` on the page outside a ``[data-revealed]`` container is known to
    ``seat`` at the match's current version. The page may lag behind the database for a
    moment (a reply rendered, the next deal dealt), so the check is repeated for up to
    ``timeout`` seconds before it fails. Returns the cards shown."""
    knowledge = Knowledge(match_id, seat)
    deadline = time.monotonic() + timeout
    while True:
        try:
            shown: list[str | None] = page.evaluate(_DOM_CARDS)
        except Exception:  # a navigation under way destroyed the page's context: try again
            if time.monotonic() > deadline:
                raise
            page.wait_for_timeout(100)
            continue
        partners: list[int] = page.evaluate(_DOM_PARTNERS)
        knowledge.refresh()
        known = knowledge.at(knowledge.version)
        cards = [c for c in shown if c is not None and CARD.match(c)]
        hidden = [c for c in cards if c not in known]
        partner = knowledge.partner_at(knowledge.version)
        secret = [p for p in partners if p != partner]
        if not hidden and not secret:
            return cards
        if time.monotonic() > deadline:
            version = knowledge.version
            detail = ", ".join(f"{c} ({knowledge.where(c, version)})" for c in hidden)
            assert not secret, (
                f"the page names seat(s) {secret} as the partner at version {version} of match "
                f"{match_id}; seat {seat} may know {partner}"
            )
            assert not hidden, (
                f"the page shows hidden card(s) at version {version} of match {match_id} "
                f"(seat {seat}): {detail}; data-card values outside [data-revealed]: {shown}"
            )
        page.wait_for_timeout(100)
