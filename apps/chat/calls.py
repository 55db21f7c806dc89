"""Voice-call signalling between the two players of an online match, over the match WebSocket.

The server carries no audio: it keeps the call's state, tells both players about every change,
and relays WebRTC offers, answers and ICE candidates between the two sockets in the call, and
nowhere else. A call starts only when both agree::

    A: {"type": "call.propose"}          → both: {"type": "call.proposed", "by_seat": A, …}
    B: {"type": "call.accept"}           → both: {"type": "call.accepted", "offerer_seat": A,
                                                  "ice_servers": […], …}
       (or {"type": "call.decline"}      → both: {"type": "call.declined", "by_seat": B, …})
    A: {"type": "call.signal", "kind": "offer", "payload": {…}}
                                         → B only: {"type": "call.signal", "from_seat": A, …}
    B: … "kind": "answer" …; both: … "kind": "ice" … (each to the other only)
    A: {"type": "call.mute", "muted": true}  → both: {"type": "call.muted", "seat": A, …}
    B: {"type": "call.hangup"}           → both: {"type": "call.ended", "reason": "hangup", …}
    any: {"type": "call.status"}         → itself: {"type": "call.state", "state": …}

Every server frame carries ``match_id`` and ``call_id``. A refused message is answered to its
sender alone with ``{"type": "error", "for": <its type>, "code", "detail"}`` (``suspended``
also has ``ends_at``). A call also ends (``reason``) when one of its sockets disconnects
(``disconnected``), when a proposal is not accepted within ``CALL_RING_SECONDS``
(``unanswered``), or when one player blocks the other (shown as that player's ``hangup``).

The state lives in the Django cache (Redis in production) under ``call:<match id>``, so every
ASGI process sees the same call; a proposal is kept ``CALL_RING_SECONDS`` (plus a margin), an
active call ``CALL_STATE_TTL_SECONDS`` (a safety net for processes that die mid-call: calls
normally end by hang-up or disconnect). Starting a call is atomic (``cache.add``); the later
steps read and write the state without a lock, a race the two players alone can cause and
that ends, at worst, in a call one of them hangs up.

The functions here are synchronous (database and cache); the consumer runs them in a thread
and sends what they return: frames for the whole match group (only the match's participants
join it) and relays addressed to one socket's channel.
"""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.core.cache import cache

from apps.accounts.models import User
from apps.common.errors import Conflict, Forbidden, Problem
from apps.common.policies import require_online_allowed
from apps.matches.engine import VARIANTS, echo
from apps.matches.models import Match, Seat

from .selectors import blocked_between, require_online_match

PROPOSED = "proposed"
ACTIVE = "active"
SIGNAL_KINDS = ("offer", "answer", "ice")
# How long past the ring time a proposal stays in the cache if no socket is left to end it.
_RING_MARGIN_SECONDS = 15


@dataclass(frozen=True)
class Caller:
    """The socket a call message came from."""

    match_id: str
    user_id: int
    seat: int
    channel: str


@dataclass
class Outcome:
    """What the consumer sends after a call message was handled."""

    broadcast: list[dict[str, Any]] = field(default_factory=list)  # frames for the match group
    relay: tuple[str, dict[str, Any]] | None = None  # (channel, frame) for one socket
    reply: dict[str, Any] | None = None  # a frame for the caller's socket only
    ring: str | None = None  # the caller proposed: the call id whose ring timer to start


def _key(match_id: object) -> str:
    return f"call:{match_id}"


def _load(match_id: object) -> dict[str, Any] | None:
    return cache.get(_key(match_id))


def _frame(
    frame_type: str, match_id: object, call: dict[str, Any], /, **fields: Any
) -> dict[str, Any]:
    return {"type": frame_type, "match_id": str(match_id), "call_id": call["id"], **fields}


def update_message(frame: dict[str, Any]) -> dict[str, Any]:
    """The channel-layer message that brings a state frame to every socket of the match."""
    return {"type": "call.update", "frame": frame}


def relay_message(frame: dict[str, Any]) -> dict[str, Any]:
    """The channel-layer message that brings a signal to one socket."""
    return {"type": "call.relay", "frame": frame}


def ice_servers() -> list[dict[str, Any]]:
    """``settings.ICE_SERVERS`` as ``RTCIceServer`` objects (``urls`` always a list)."""
    servers = []
    for server in settings.ICE_SERVERS:
        urls = server["urls"]
        entry: dict[str, Any] = {"urls": [urls] if isinstance(urls, str) else list(urls)}
        for optional in ("username", "credential"):
            if server.get(optional):
                entry[optional] = server[optional]
        servers.append(entry)
    return servers


def ice_servers_for(*, user: User) -> list[dict[str, Any]]:
    """The ICE servers, for a player who may call (TURN credentials are not for everyone)."""
    if user.is_guest:
        raise Forbidden(
            "guests can only play the computer; sign up to call friends",
            code="registration_required",
        )
    require_online_allowed(user.id)
    return ice_servers()


# --- the messages ------------------------------------------------------------------------


def call_command(caller: Caller, message: dict[str, Any]) -> Outcome:
    """Handle one ``call.*`` message of a participant's socket; a refusal raises a ``Problem``."""
    kind = message.get("type")
    if kind == "call.propose":
        return _propose(caller)
    if kind == "call.accept":
        return _accept(caller)
    if kind == "call.decline":
        return _decline(caller)
    if kind == "call.signal":
        return _signal(caller, message.get("kind"), message.get("payload"))
    if kind == "call.mute":
        return _mute(caller, message.get("muted"))
    if kind == "call.hangup":
        return _hangup(caller)
    if kind == "call.status":
        return Outcome(reply=_status(caller))
    raise Problem(f"unknown message type {echo(kind)}", code="unknown_message")


def _other_user(caller: Caller) -> tuple[int, int]:
    """The seat and user id of the caller's opponent, after checking that a call may start:
    an online match being played, no block either way, the caller not suspended or banned."""
    match = Match.objects.only("mode", "status", "variant").get(pk=caller.match_id)
    require_online_match(match)
    if match.status != Match.Status.ACTIVE:
        raise Conflict("calls are possible while the match is played", code="match_not_active")
    if VARIANTS[match.variant].seats != 2:  # two of four talking alone: a secret partner's aid
        raise Conflict(
            "voice calls are for two-player games; at this table use the chat, which all read",
            code="calls_two_players_only",
        )
    other = (
        Seat.objects.filter(match_id=caller.match_id, user__isnull=False)
        .exclude(index=caller.seat)
        .values_list("index", "user_id")
        .first()
    )
    if other is None:  # pragma: no cover - an active online match has two players
        raise Conflict("nobody to call", code="match_not_active")
    if blocked_between(caller.user_id, other[1]):
        raise Forbidden("you cannot call this player", code="blocked")
    require_online_allowed(caller.user_id)
    return other


def _propose(caller: Caller) -> Outcome:
    other_seat, other_user = _other_user(caller)
    call_id = secrets.token_hex(8)
    call = {
        "id": call_id,
        "state": PROPOSED,
        "proposer": caller.seat,
        "users": {caller.seat: caller.user_id, other_seat: other_user},
        "channels": {caller.seat: caller.channel},
        "muted": {caller.seat: False, other_seat: False},
    }
    timeout = settings.CALL_RING_SECONDS + _RING_MARGIN_SECONDS
    if not cache.add(_key(caller.match_id), call, timeout=timeout):
        raise Conflict("a call is already proposed or running", code="call_in_progress")
    frame = _frame(
        "call.proposed",
        caller.match_id,
        call,
        by_seat=caller.seat,
        ring_seconds=settings.CALL_RING_SECONDS,
    )
    return Outcome(broadcast=[frame], ring=call_id)


def _proposed_call(caller: Caller) -> dict[str, Any]:
    call = _load(caller.match_id)
    if call is None:
        raise Conflict("no call is proposed", code="no_call")
    if call["state"] != PROPOSED:
        raise Conflict("the call is already running", code="call_active")
    return call


def _accept(caller: Caller) -> Outcome:
    call = _proposed_call(caller)
    if call["proposer"] == caller.seat:
        raise Conflict("you proposed this call: the other player accepts", code="own_proposal")
    _other_user(caller)
    call["state"] = ACTIVE
    call["channels"][caller.seat] = caller.channel
    cache.set(_key(caller.match_id), call, timeout=settings.CALL_STATE_TTL_SECONDS)
    frame = _frame(
        "call.accepted",
        caller.match_id,
        call,
        by_seat=caller.seat,
        offerer_seat=call["proposer"],
        ice_servers=ice_servers(),
    )
    return Outcome(broadcast=[frame])


def _decline(caller: Caller) -> Outcome:
    call = _proposed_call(caller)
    if call["proposer"] == caller.seat:
        raise Conflict("you proposed this call: hang up to withdraw it", code="own_proposal")
    cache.delete(_key(caller.match_id))
    return Outcome(broadcast=[_frame("call.declined", caller.match_id, call, by_seat=caller.seat)])


def _active_call_of(caller: Caller) -> dict[str, Any]:
    """The running call, if the caller's socket is one of its two ends."""
    call = _load(caller.match_id)
    if call is None:
        raise Conflict("there is no call", code="no_call")
    if call["state"] != ACTIVE:
        raise Conflict("the call has not been accepted yet", code="call_not_accepted")
    if call["channels"].get(caller.seat) != caller.channel:
        raise Forbidden("this socket is not in the call", code="not_in_call")
    return call


def _signal(caller: Caller, kind: object, payload: object) -> Outcome:
    if kind not in SIGNAL_KINDS:
        raise Problem(f"kind must be one of {', '.join(SIGNAL_KINDS)}", code="invalid_signal")
    if not isinstance(payload, dict):
        raise Problem("payload must be an object", code="invalid_signal")
    if len(json.dumps(payload)) > settings.CALL_SIGNAL_MAX_BYTES:
        raise Problem(
            f"a signal has at most {settings.CALL_SIGNAL_MAX_BYTES} bytes",
            code="signal_too_large",
        )
    call = _active_call_of(caller)
    other = next(seat for seat in call["channels"] if seat != caller.seat)
    frame = _frame(
        "call.signal", caller.match_id, call, from_seat=caller.seat, kind=kind, payload=payload
    )
    return Outcome(relay=(call["channels"][other], frame))


def _mute(caller: Caller, muted: object) -> Outcome:
    if not isinstance(muted, bool):
        raise Problem("muted must be true or false", code="invalid_message")
    call = _active_call_of(caller)
    call["muted"][caller.seat] = muted
    cache.set(_key(caller.match_id), call, timeout=settings.CALL_STATE_TTL_SECONDS)
    frame = _frame("call.muted", caller.match_id, call, seat=caller.seat, muted=muted)
    return Outcome(broadcast=[frame])


def _hangup(caller: Caller) -> Outcome:
    """Ends a running call (from a socket in it) or withdraws a proposal (the proposer's
    socket; the other player declines, or hangs up, which is the same)."""
    call = _load(caller.match_id)
    if call is None:
        raise Conflict("there is no call", code="no_call")
    in_call = call["channels"].get(caller.seat) == caller.channel
    if not in_call and not (call["state"] == PROPOSED and call["proposer"] != caller.seat):
        raise Forbidden("this socket is not in the call", code="not_in_call")
    cache.delete(_key(caller.match_id))
    frame = _frame("call.ended", caller.match_id, call, reason="hangup", by_seat=caller.seat)
    return Outcome(broadcast=[frame])


def _status(caller: Caller) -> dict[str, Any]:
    call = _load(caller.match_id)
    if call is None:
        return {"type": "call.state", "match_id": caller.match_id, "state": "none"}
    return _frame(
        "call.state",
        caller.match_id,
        call,
        state=call["state"],
        proposer_seat=call["proposer"],
        muted=[call["muted"][seat] for seat in sorted(call["muted"])],
        in_call=call["channels"].get(caller.seat) == caller.channel,
    )


# --- endings without a message ----------------------------------------------------------------


def call_leave(*, match_id: str, channel: str) -> dict[str, Any] | None:
    """A socket disconnected: if it was one end of the call (or its proposer), the call ends.
    Returns the frame for the match group, if any."""
    call = _load(match_id)
    if call is None:
        return None
    seat = next((s for s, c in call["channels"].items() if c == channel), None)
    if seat is None:
        return None
    cache.delete(_key(match_id))
    return _frame("call.ended", match_id, call, reason="disconnected", by_seat=seat)


def call_expire(*, match_id: str, call_id: str) -> dict[str, Any] | None:
    """The ring time of proposal ``call_id`` is over: if still unanswered, it ends."""
    call = _load(match_id)
    if call is None or call["id"] != call_id or call["state"] != PROPOSED:
        return None
    cache.delete(_key(match_id))
    return _frame("call.ended", match_id, call, reason="unanswered", by_seat=None)


def call_end_between(*, match_id: object, by_user_id: int) -> dict[str, Any] | None:
    """End the match's call (proposed or running) on behalf of one of its players, who just
    blocked the other; to the other it looks like a hang-up. Returns the frame, if any."""
    call = _load(match_id)
    if call is None:
        return None
    seat = next((s for s, u in call["users"].items() if u == by_user_id), None)
    if seat is None:  # pragma: no cover - the players of a call are the match's players
        return None
    cache.delete(_key(match_id))
    return _frame("call.ended", match_id, call, reason="hangup", by_seat=seat)
