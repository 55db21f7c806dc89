"""What one seat may know. ``view_for`` is the only way game state leaves the server for a
player, ``history_for`` the only way the public record of a deal does, and ``redact_event`` the
only way an event does.

The match's part (scores, presence, the legal actions, the result) is built here; the deal's
part is the variant's (``Rules.deal_view``, ``Rules.history``, ``Rules.redact``). A seat never
sees another seat's hand, the talon order, or the deck and salt before the deal is over.
"""

from __future__ import annotations

from typing import Any

from .cards import sorted_codes
from .codec import JSON, command_to_json, to_json
from .events import Event, HandShown, SecretCommitted
from .legal import legal_actions
from .presence import PAUSES_PER_DEAL, PAUSES_PER_MATCH, presence_actions
from .rules import Rules
from .state import INITIAL, MatchState


def _status(state: MatchState) -> str:
    if not state.started:
        return "not_started"
    if state.finished:
        return "finished"
    return "awaiting_deal" if state.awaiting_deal else "playing"


def view_for(
    state: MatchState, seat: int | None, *, online: bool = False, stand_in: bool = False
) -> JSON:
    """Everything ``seat`` may know now, as JSON-ready data (``seat=None``: a spectator).

    ``online``: the match is played between people, so the presence actions (pause, OK after
    a pause, show the hand) are among the legal actions when the rules allow them.
    ``stand_in``: the view the computer decides from when it plays the seat (its legal actions
    are the computer's, also for a seat it took over)."""
    view: JSON = {
        "seat": seat,
        "status": _status(state),
        "variant": state.variant.name if state.variant else None,
        "target": state.target,
        "scores": list(state.scores),
        "deals_played": state.deals_played,
        "deal": None,
        "result": _match_result(state),
        "legal_actions": [],
    }
    rules = state.variant
    if state.deal is not None:
        assert rules is not None
        view["deal"] = rules.deal_view(state, seat)
        if seat is not None and not state.deal.over:
            view["deal"]["shown_hands"] = _shown_hands(state, seat)
    if state.started:
        view["presence"] = _presence(state)
    next_deal = _next_deal(state)
    if next_deal is not None:
        view["next_deal"] = next_deal
    if seat is not None and rules is not None:
        legal = legal_actions(state, seat, stand_in=stand_in)
        actions = sorted(legal, key=rules.display_order)
        if online:
            actions += presence_actions(state, seat)
        view["legal_actions"] = [_action_json(a) for a in actions]
    return view


def waiting_view(rules: Rules[Any], target: int | None, seat: int | None) -> JSON:
    """The view of a match made but not started yet (a room waiting for its players): the
    empty match's view, with the variant and target it was made with (the engine learns them
    only when it starts)."""
    return view_for(INITIAL, seat) | {"variant": rules.name, "target": rules.match_target(target)}


def _next_deal(state: MatchState) -> JSON | None:
    """The server's commitment to the next deal's secret (never the secret), while a deal is
    played or before the first, and the seats whose seed for it is in; before a first deal that
    waits for the seeds (a match the server made), ``until``: when it is dealt without them."""
    deal = state.deal
    if state.next_commitment is None or (deal is not None and deal.over) or not state.running:
        return None
    next_deal: JSON = {
        "number": 1 if deal is None else deal.number + 1,
        "commitment": state.next_commitment,
        "seeded": sorted(seat for seat, _ in state.seeds),
    }
    if deal is None and state.seeds_until is not None:
        next_deal["until"] = state.seeds_until.isoformat()
    return next_deal


def _presence(state: MatchState) -> JSON:
    """Every seat's clocks: reconnect deadline, pause, shown hand, pauses left; and where the
    others play on without a player who quits, whom the computer took over."""
    presence: JSON = {
        "away_until": [d.isoformat() if d else None for d in state.away_until],
        "paused": [
            {"until": p.until.isoformat(), "stand_in": p.stand_in} if p else None
            for p in state.paused
        ],
        "pauses_left": [
            0 if in_deal else min(PAUSES_PER_DEAL, PAUSES_PER_MATCH - taken)
            for taken, in_deal in zip(state.pauses_taken, state.paused_in_deal, strict=True)
        ],
        "shown_until": [s.until.isoformat() if s else None for s in state.shown],
    }
    assert state.variant is not None
    if state.variant.replaces_quitters:
        presence["taken_over"] = list(state.taken_over)
    return presence


def _shown_hands(state: MatchState, seat: int) -> list[JSON]:
    """The other seats' hands shown to ``seat`` now: the shown cards they still hold."""
    deal = state.deal
    assert deal is not None
    return [
        {
            "seat": other,
            "cards": sorted_codes(tuple(c for c in shown.cards if c in deal.hands[other])),
            "until": shown.until.isoformat(),
        }
        for other, shown in enumerate(state.shown)
        if shown is not None and other != seat
    ]


def _match_result(state: MatchState) -> JSON | None:
    if state.result is None:
        return None
    result = to_json(state.result)
    del result["type"], result["schema_version"]
    return result


def _action_json(command: Any) -> JSON:
    payload = command_to_json(command)
    payload.pop("seat", None)  # the seat is the caller's own
    payload.pop("stand_in", None)  # the server's flag, never a player's
    return payload


def history_for(state: MatchState, seat: int | None) -> JSON | None:
    """The public history of the current deal (``None`` when no deal was dealt yet).

    ``seat`` is accepted for symmetry with ``view_for``; the history is the same for every
    seat and spectator because it holds only public facts.
    """
    if state.deal is None or state.variant is None:
        return None
    return state.variant.history(state)


def redact_event(
    event: Event, *, seat: int | None, variant: Rules[Any], current: MatchState | None = None
) -> JSON:
    """``event`` as ``seat`` may see it (``seat=None``: someone with no hand).

    A shown hand's cards go to the other seats only while it is shown: pass the reader's
    ``current`` state when reading old events (the feed); a push, sent as the hand is shown,
    passes none.
    """
    if isinstance(event, HandShown):
        return _redact_shown(event, seat, current)
    if isinstance(event, SecretCommitted):  # the commitment for everyone, the secret for none
        payload = to_json(event)
        del payload["secret"]
        return payload
    redacted = variant.redact(event, seat)
    return to_json(event) if redacted is None else redacted


def _redact_shown(event: HandShown, seat: int | None, current: MatchState | None) -> JSON:
    payload = to_json(event)
    if seat == event.seat:
        return payload
    still_shown = current is None or (
        current.running
        and (shown := current.shown[event.seat]) is not None
        and shown.until == event.until
    )
    if seat is None or not still_shown:
        del payload["cards"]
    return payload
