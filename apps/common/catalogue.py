"""The catalogue of every error ``code`` the server can answer, with its HTTP status and meaning.

One list for every client: served at ``GET /api/v1/errors/`` (``api.py``), the enum of the
problem schema's ``code`` in OpenAPI (``schema.py``), and the table in docs/api.md section 11.
``tests/test_api_edges.py`` keeps it complete: every code raised in ``apps/`` is here, with the
status it is raised with.

The rules engine's codes (``apps.matches.engine.CODES``) are all ``409`` "Move not allowed";
the matches app adds them when the app registry is ready (``codes_register``: this module sits
below the apps whose codes it lists, so they hand them in). A code that only a WebSocket sends
(the error frames of ``/ws/…``) keeps the status of the problem behind it; socket refusals
also close with the codes in docs/api.md section 6.

Every code has its words for players in Hungarian and English (``problem_texts.py``; the rules'
codes come with theirs): ``problem_text`` says a problem's ``detail`` in a language.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from . import problem_texts

RULE_STATUS = 409


@dataclass(frozen=True)
class ErrorCode:
    code: str
    status: int
    meaning: str


# Every code outside the rules engine: (status, meaning).
_SERVER: dict[str, tuple[int, str]] = {
    # the request itself (DRF and Django, apps/common/errors.py)
    "bad_request": (400, "the request is malformed (Django refused it before any view)"),
    "invalid_input": (400, "the body or query failed validation; `errors` names the fields"),
    "parse_error": (400, "the body is not valid JSON"),
    "invalid_action": (
        400,
        "`action` is not something a player may send (unknown type or card, missing or extra "
        "fields)",
    ),
    "invalid_seed": (
        400,
        "`seed` is not `{deal, value}` with the value 16 to 128 lowercase hexadecimal digits "
        "(the rules refuse a seed for another deal than the next: `seed_not_due`)",
    ),
    "not_authenticated": (
        401,
        "no `X-Session-Token` (nor browser session) was sent; on a socket: no `authenticate` "
        "message in time",
    ),
    "invalid_token": (401, "the session token names no live session (logged out or expired)"),
    "csrf_failed": (403, "a browser session (cookie) without a valid CSRF token"),
    "https_required": (
        403,
        "the API is served over HTTPS only: a call over plain HTTP is refused, never redirected",
    ),
    "permission_denied": (403, "the request is not allowed"),
    "not_found": (404, "no such URL; on a socket: no such path (closed with 4404)"),
    "method_not_allowed": (405, "the URL does not take this method; see the `Allow` header"),
    "not_acceptable": (406, "the `Accept` header asks for something other than JSON"),
    "payload_too_large": (413, "the body is over `DATA_UPLOAD_MAX_MEMORY_SIZE` (2.5 MB)"),
    "uri_too_long": (414, "the URI (path and query) is over 2048 characters"),
    "unsupported_media_type": (415, "the body is not `application/json`"),
    "throttled": (429, "too many guests created from your address; see `Retry-After`"),
    "server_error": (500, "a bug on our side"),
    "service_unavailable": (
        503,
        "PostgreSQL or Redis, which the server needs, did not answer: nothing was changed; try "
        "again after `Retry-After` seconds",
    ),
    "not_ready": (
        503,
        "`/readyz` (outside the API): a service the server needs does not answer; `failed` "
        "names it",
    ),
    # accounts and restrictions
    "already_authenticated": (409, "`POST /api/v1/guests/` with a session already present"),
    "registration_required": (403, "guests play the computer only; sign up for the rest"),
    "password_incorrect": (
        403,
        "`POST /api/v1/me/delete/`: not the account's password",
    ),
    "former_guest_not_found": (
        404,
        "`POST /api/v1/me/guest-matches/`: this session did not log in from a guest's (or its "
        "matches were brought along already)",
    ),
    "suspended": (403, "you are suspended from online play and chat; `ends_at` says until when"),
    "banned": (403, "you are banned from online play"),
    "blocked": (403, "you and the other player blocked one another"),
    # display names (apps/accounts/names.py)
    "display_name_invisible": (
        400,
        "the display name shows nothing: only spaces or invisible (zero-width, format) characters",
    ),
    "display_name_hidden_character": (
        400,
        "the display name holds a control, format or invisible character: zero-width ones, "
        "direction overrides and isolates (U+202A–202E, U+2066–2069), line breaks, fillers, "
        "private-use or unassigned characters",
    ),
    "display_name_too_many_marks": (
        400,
        "the display name has more than 2 accents or other combining marks on one character",
    ),
    "display_name_reserved": (
        400,
        "the display name is, or looks like, the computer's (Kati), or names the club or its "
        "staff (admin, moderator, Snapszer Klub…)",
    ),
    "display_name_taken": (
        400,
        "another player's display name is this one or looks like it (compared without case, "
        "accents, spaces or punctuation, look-alike letters as one)",
    ),
    # matches and rooms
    "unknown_variant": (400, "no such variant"),
    "unknown_strength": (400, "no such computer strength (for this variant)"),
    "invalid_target": (
        400,
        "the variant is not played to this many game points; `allowed` lists them",
    ),
    "match_not_found": (404, "no such match, or you do not sit in it"),
    "hint_not_offered": (
        403,
        "a hint (what Kati would play) is given only in games against the computer",
    ),
    "deal_not_found": (404, "no deal with this number in the match"),
    "deal_not_over": (409, "the deal record asked for is of a deal still being played"),
    "analysis_not_offered": (404, "deals of this game are not analysed (none at present)"),
    "analysis_failed": (409, "the deal's analysis could not be made (logged for the operators)"),
    "version_conflict": (
        409,
        "`expected_version` is stale; `current_version` says where the match is",
    ),
    "client_move_id_reused": (
        409,
        "this `client_move_id` was already used in this match for another action (or by "
        "another player)",
    ),
    "match_not_started": (409, "the room is still waiting for a second player"),
    "online_only": (409, "pauses and showing your hand exist only in games between players"),
    "invite_not_found": (404, "no room has this invite code"),
    "invite_expired": (410, "the room's invitation ran out"),
    "invite_cancelled": (410, "the room's creator closed it"),
    "invite_code_exhausted": (409, "no free invite code was found; try again"),
    "room_full": (409, "the room already has two players (or has ended)"),
    "already_in_room": (409, "you are in this room already; `match_id` is its match"),
    "room_not_open": (409, "cancelling a room somebody joined, or that expired"),
    "match_not_finished": (409, "a rematch can follow only a finished match"),
    "rematch_already_offered": (409, "you already offered a rematch"),
    "calls_two_players_only": (
        409,
        "voice calls are for two-player games (at four seats two players talking alone could "
        "help a secret partner); the chat is read by the whole table",
    ),
    "rematch_already_accepted": (
        409,
        "you already accepted this rematch; it starts when every player at the table has",
    ),
    "rematch_not_offered": (404, "nobody offered a rematch"),
    "own_offer": (409, "the other player has to accept your rematch offer"),
    "rematch_expired": (410, "the rematch offer ran out"),
    "rematch_started": (409, "a rematch of this match was already played"),
    "rematch_unavailable": (
        409,
        "another player of the match cannot play online now (the reason is theirs to know)",
    ),
    # chat, blocks and voice calls
    "not_online_match": (409, "chat and calls exist only in matches between players"),
    "message_empty": (400, "a chat message needs some text"),
    "message_too_long": (400, "a chat message has at most 500 characters"),
    "chat_rate_limited": (429, "too many chat messages in a short time; see `Retry-After`"),
    "cannot_block_self": (400, "you cannot block yourself"),
    "user_not_found": (404, "no such player"),
    "block_not_found": (404, "you have not blocked this player"),
    "unknown_message": (400, "socket: a `call.*` message of an unknown type"),
    "invalid_message": (400, "socket: `call.mute` needs `muted` true or false"),
    "invalid_signal": (
        400,
        "socket: `call.signal` needs `kind` offer, answer or ice and an object `payload`",
    ),
    "signal_too_large": (400, "socket: a signal is over 16 KB"),
    "match_not_active": (409, "socket: calls are possible only while the match is played"),
    "call_in_progress": (409, "socket: a call is already proposed or running"),
    "no_call": (409, "socket: there is no call (or no proposal) to answer"),
    "call_active": (409, "socket: the call is already running"),
    "call_not_accepted": (409, "socket: the call has not been accepted yet"),
    "own_proposal": (409, "socket: the other player answers your proposal; hang up to withdraw"),
    "not_in_call": (403, "socket: this socket is not one of the call's two ends"),
    "peer_unreachable": (409, "socket: the other player's socket stopped reading"),
    # coins and ranked play
    "guest_has_no_wallet": (403, "guests have no wallet; sign up to play for coins"),
    "insufficient_coins": (409, "a player cannot pay the stake"),
    "invalid_stake": (400, "the stake must be one of 20, 50, 100, 200, 500, 1000"),
    "ticket_already_open": (409, "you are already waiting for a ranked match; `ticket_id`"),
    "ticket_not_found": (404, "no such matchmaking ticket of yours"),
    "already_matched": (409, "the ticket was already paired; `match_id` is the match to play"),
    "player_not_found": (404, "no such player"),
    "variant_not_ranked": (400, "this game is not played ranked; ranked games: klub, sixty-six"),
    "leaderboard_not_found": (404, "no leaderboard for this game or month"),
    "month_not_over": (409, "internal: a tournament month is closed only after it ends"),
    "grant_not_allowed": (403, "admin: you may not grant coins"),
    "invalid_amount": (400, "admin: a grant is a whole number of coins within the limit"),
    "reason_required": (400, "a report (or an admin's sanction or grant) needs its reason"),
    "invalid_players": (400, "internal: a stake needs at least two distinct players"),
    "stakes_already_held": (409, "internal: the stakes of this match are already held"),
    "invalid_winner": (400, "internal: the winner did not stake in this match"),
    "match_already_settled": (409, "internal: the match's escrow was settled otherwise"),
    # reports, notices and moderation (docs/moderation.md)
    "unknown_category": (400, "no such report category"),
    "cannot_report_self": (400, "you cannot report yourself"),
    "no_shared_match": (403, "you can only report players you have played with"),
    "not_in_match": (400, "the reported player did not play in this match"),
    "message_not_found": (404, "no such chat message"),
    "message_not_in_match": (400, "the chat message is not from that match"),
    "message_not_from_reported": (400, "the chat message was not sent by the reported player"),
    "too_many_reports": (429, "too many reports in the last hour; see `Retry-After`"),
    "already_reported": (409, "you already reported this; `report_id` is being reviewed"),
    "notice_not_found": (404, "no such notice of yours"),
    "not_a_warning": (400, "only warnings are acknowledged"),
    "not_a_moderator": (403, "moderators' admin: only moderators may do this"),
    "unknown_action": (400, "moderators' admin: no such decision or sanction"),
    "own_case": (403, "moderators' admin: another moderator decides cases about you"),
    "until_required": (400, "moderators' admin: a suspension needs its end"),
    "until_in_past": (400, "moderators' admin: a suspension must end in the future"),
    "until_not_allowed": (400, "moderators' admin: only a suspension has an end"),
    "report_not_found": (404, "moderators' admin: no such report"),
    "report_already_resolved": (409, "moderators' admin: the report was decided already"),
    "sanction_not_found": (404, "moderators' admin: no such sanction"),
    "sanction_already_lifted": (409, "moderators' admin: the sanction was lifted already"),
    "sanction_already_ended": (409, "moderators' admin: the suspension has ended already"),
}

CATALOGUE: dict[str, ErrorCode] = {
    code: ErrorCode(code, status, meaning) for code, (status, meaning) in _SERVER.items()
}
# Every code, sorted (the OpenAPI enum); kept up to date in place by ``codes_register``.
CODES: list[str] = sorted(CATALOGUE)


# Every code's words: (Hungarian, English); the apps' codes are added with theirs.
TEXTS: dict[str, tuple[str, str]] = dict(problem_texts.TEXTS)
#: The languages the words are in, in the order of ``TEXTS``' pairs (the first is the default).
LANGUAGES = ("hu", "en")


def codes_register(
    codes: dict[str, str],
    *,
    status: int,
    topic: str,
    texts: Mapping[str, tuple[str, str]],
) -> None:
    """Add an app's codes (code → meaning), all answered with ``status``; ``topic`` prefixes
    their meaning (``"rules"``); ``texts`` are their words (code → (Hungarian, English)). A code
    already listed keeps its entry and words (``unknown_variant`` is the API's 400 before it
    could ever be the engine's refusal)."""
    for code, meaning in codes.items():
        CATALOGUE.setdefault(code, ErrorCode(code, status, f"{topic}: {meaning}"))
        if code in texts:
            TEXTS.setdefault(code, texts[code])
    CODES[:] = sorted(CATALOGUE)


def _index(language: str | None) -> int:
    primary = (language or LANGUAGES[0]).split("-", maxsplit=1)[0].lower()
    return LANGUAGES.index(primary) if primary in LANGUAGES else 0


def _param(name: str, value: Any, language: str) -> str:
    if name == "wait" and isinstance(value, int | float):
        return problem_texts.wait_words(value, language)
    if name == "part" and value in problem_texts.PARTS:
        return problem_texts.PARTS[value][_index(language)]
    if isinstance(value, list | tuple):
        return ", ".join(map(str, value))
    return str(value)


def problem_text(
    code: str,
    language: str | None,
    params: Mapping[str, Any] | None = None,
    *,
    variant: str | None = None,
) -> str | None:
    """The ``detail`` of a ``code`` in ``language`` ("hu", "en", "en-GB"…; Hungarian for any
    other): its ``variant`` wording if asked for, else its detailed one when ``params`` fill
    every placeholder, else its plain words; ``None`` for a code without words."""
    index = _index(language)
    lang = LANGUAGES[index]
    filled = {name: _param(name, value, lang) for name, value in (params or {}).items()}
    for key in (f"{code}/{variant}" if variant else None, code):
        words = problem_texts.DETAILED.get(key) if key else None
        if words is not None:
            try:
                return words[index].format_map(filled)
            except (KeyError, IndexError, ValueError):
                pass  # a placeholder the refusal does not know: the plain words
    words = TEXTS.get(code)
    return None if words is None else words[index]


def title_text(title: str, language: str | None) -> str:
    """A problem's ``title`` in ``language`` (an unknown title stays as it is)."""
    words = problem_texts.TITLES.get(title)
    return title if words is None else words[_index(language)]


def catalogue_entries() -> list[ErrorCode]:
    """The catalogue by status, then code."""
    return sorted(CATALOGUE.values(), key=lambda entry: (entry.status, entry.code))
