"""Match services: creating, joining and playing matches.

Every write locks the match row, loads the state by replay and goes through the one write path,
``appending.command_apply`` (decide, append, project, push after commit).
"""

from __future__ import annotations

from datetime import datetime, timedelta
from functools import partial
from typing import Any
from uuid import UUID

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import QuerySet
from django.utils import timezone

from apps.accounts.models import User
from apps.common.errors import Conflict, Forbidden, Gone, NotFound, Problem
from apps.common.policies import blocked_between, online_refusal, require_online_allowed
from apps.matches.engine import (
    INITIAL,
    VARIANTS,
    CodecError,
    Command,
    Leave,
    MatchState,
    Resign,
    StartMatch,
    command_from_json,
    command_to_json,
    echo,
)
from apps.matches.engine.commands import (
    PLAYER_TABLE_COMMANDS,
    CommitSecret,
    GiveSeed,
    Pause,
    Resume,
    ShowHand,
)
from apps.matches.engine.fairness import is_valid_seed, secret_commitment
from apps.matches.strengths import levels_for
from apps.wallet.services import stakes_hold

from . import attendance, commitments, deadlines, event_store, lapses, selectors
from .appending import Outcome, command_apply
from .follow_ups import random_hex
from .follow_ups import rng as _rng
from .models import Match, MatchEvent, Seat
from .seating import seat_of_user

# What a player may send besides its variant's deal commands (``Rules.commands``); the rest
# (dealing, deadlines, stand-in cards) only the server sends.
TABLE_PLAYER_COMMANDS = PLAYER_TABLE_COMMANDS
ONLINE_ONLY = (Pause, Resume, ShowHand)
# What a player barred from online play may still send in an online match: giving it up.
QUITTING = (Resign, Leave)
INVITE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"  # no I, L, O, 0, 1
INVITE_LENGTH = 6


# --- creating and joining ---------------------------------------------------------------


def _check_variant(variant: str) -> None:
    if variant not in VARIANTS:
        raise Problem(
            f"unknown variant {echo(variant)}",
            code="unknown_variant",
            params={"given": echo(variant)},
        )


def game_check(variant: str, target: int | None) -> int:
    """``variant`` is registered and ``target`` is one it is played to (else a 400); returns
    the target played (the variant's first when ``None``)."""
    _check_variant(variant)
    _check_target(variant, target)
    return VARIANTS[variant].targets[0] if target is None else target


def _check_strength(strength: str, variant: str) -> None:
    """The computer plays ``variant`` at ``strength`` (else a 400 naming the ones it plays)."""
    offered = levels_for(variant)
    if strength not in offered:
        raise Problem(
            f"unknown strength {echo(strength)}; choose one of {sorted(offered)}",
            code="unknown_strength",
            params={"given": echo(strength), "choices": sorted(offered)},
        )


def _check_target(variant: str, target: int | None) -> None:
    """``target`` is one the variant is played to (``None``: its default)."""
    allowed = VARIANTS[variant].targets
    if target is not None and target not in allowed:
        raise Problem(
            f"{variant} is played to {' or '.join(map(str, allowed))} game points",
            code="invalid_target",
            allowed=list(allowed),
        )


def match_create_vs_computer(
    *,
    user: User,
    variant: str,
    strength: str,
    target: int | None = None,
    seed: object = None,
) -> Match:
    """``seed``: the player's seed for the first deal, with the commitment it was chosen after
    (``commitments.first_seed``)."""
    game_check(variant, target)
    _check_strength(strength, variant)
    first = None if seed is None else commitments.first_seed(seed, user_id=user.id)
    with transaction.atomic():
        match = Match.objects.create(
            variant=variant,
            target=target,
            mode=Match.Mode.COMPUTER,
            status=Match.Status.ACTIVE,
            created_by=user,
        )
        Seat.objects.create(match=match, index=0, user=user)
        for index in range(1, VARIANTS[variant].seats):
            Seat.objects.create(match=match, index=index, bot_level=strength)
        if first is None:
            _start(match)
        else:
            secret, value = first
            _start(match, secret=secret, seeds=((0, value),))
    return match


def room_create(
    *, user: User, variant: str, target: int | None = None, seed: object = None
) -> Match:
    """A friend room with a fresh invite code; the creator takes seat 0. With ``seed`` (against
    a commitment the creator asked for, ``commitments.first_seed``) the room's first deal is
    dealt from that commitment's secret (``first_secret``); without, the room fixes one when
    it is first shown to someone who may join (``room_invite``)."""
    _require_registered(user)
    require_online_allowed(user.id)
    game_check(variant, target)
    first = None if seed is None else commitments.first_seed(seed, user_id=user.id)
    secret, seeds = ("", {}) if first is None else (first[0], {"0": first[1]})
    rooms_expire_due()
    expires = timezone.now() + timedelta(seconds=settings.INVITE_CODE_TTL_SECONDS)
    for _ in range(20):
        code = "".join(_rng.choice(INVITE_ALPHABET) for _ in range(INVITE_LENGTH))
        try:
            with transaction.atomic():
                match = Match.objects.create(
                    variant=variant,
                    target=target,
                    mode=Match.Mode.FRIEND,
                    status=Match.Status.WAITING,
                    created_by=user,
                    invite_code=code,
                    invite_expires_at=expires,
                    first_secret=secret,
                    first_seeds=seeds,
                )
                Seat.objects.create(match=match, index=0, user=user)
                return match
        except IntegrityError:  # the code is taken by another open room: draw again
            continue
    raise Conflict("no free invite code, try again", code="invite_code_exhausted")


def rooms_expire_due(*, user: User | None = None) -> int:
    """Mark open rooms whose invitation ran out as expired (freeing their codes); returns how
    many. Called on room creation, when a player lists or opens a room, and by a periodic
    Celery task, so nothing depends on a worker being alive."""
    due = Match.objects.filter(status=Match.Status.WAITING, invite_expires_at__lte=timezone.now())
    if user is not None:
        due = due.filter(created_by=user)
    return due.update(status=Match.Status.EXPIRED, end_reason="invite_expired")


def _open_room_locked(user: User, match_id: UUID, not_open: str) -> Match:
    """The caller's own friend room, locked, while it waits for players (else 404 or 409
    ``room_not_open`` with the message ``not_open``)."""
    match = Match.objects.select_for_update().filter(pk=match_id, created_by=user).first()
    if match is None or match.mode != Match.Mode.FRIEND:
        raise NotFound("no such room", code="match_not_found")
    if match.status != Match.Status.WAITING:
        raise Conflict(not_open, code="room_not_open")
    return match


def room_cancel(*, user: User, match_id: UUID) -> Match:
    """The creator closes a room nobody has joined yet."""
    with transaction.atomic():
        match = _open_room_locked(user, match_id, "only a room nobody has joined can be cancelled")
        room_close(match, timezone.now())
    return match


def room_close(match: Match, now: datetime) -> None:
    """Close a waiting room (the caller holds its lock): joining it answers
    ``invite_cancelled``. Its creator cancelled it, or was barred from online play
    (``withdrawal.py``): the others are told the same."""
    match.status = Match.Status.CANCELLED
    match.end_reason = "cancelled"
    match.finished_at = now
    match.save(update_fields=["status", "end_reason", "finished_at", "updated_at"])


def normalize_code(code: str) -> str:
    return code.strip().upper()


def room_invite(*, user: User, code: str) -> dict[str, Any]:
    """What whoever may join the room with this invite code sees before joining: its game and
    the server's commitment to its first deal's secret, to send a seed against (refused as
    joining it would be). A room opened without the host's seed fixes its secret here, the
    first time it is shown (under the room's lock: every reader sees the same commitment)."""
    _require_registered(user)
    require_online_allowed(user.id)
    with transaction.atomic():
        match = _joinable_room_locked(user, normalize_code(code))
        if not match.first_secret:
            match.first_secret = random_hex(32)
            match.save(update_fields=["first_secret", "updated_at"])
    return {
        "code": match.invite_code,
        "variant": match.variant,
        "target": match.target,
        "host": match.created_by.public_name,
        "deal": 1,
        "commitment": secret_commitment(match.first_secret),
        "expires_at": match.invite_expires_at,
    }


def room_join(*, user: User, code: str, seed: object = None) -> Match:
    """Take the next seat of the room with this invite code (the match starts when it is
    full). ``seed``: the joiner's seed for the first deal, against the room's commitment
    (``room_invite``)."""
    _require_registered(user)
    require_online_allowed(user.id)
    code = normalize_code(code)
    if seed is not None:
        commitments.seed_check(seed)  # 400 before anything is looked up
    with transaction.atomic():
        match = _joinable_room_locked(user, code)
        seats = list(match.seats.all())
        if seed is not None:
            value = commitments.room_seed(seed, secret=match.first_secret)
            match.first_seeds = {**match.first_seeds, str(len(seats)): value}
            match.save(update_fields=["first_seeds", "updated_at"])
        Seat.objects.create(match=match, index=len(seats), user=user)
        _start_when_full(match, len(seats) + 1)
    return match


def _joinable_room_locked(user: User, code: str) -> Match:
    """The friend room with this invite code, locked, if ``user`` may take a seat in it
    (else the refusal joining it would get)."""
    match = (
        Match.objects.select_for_update()
        .filter(invite_code=code, mode=Match.Mode.FRIEND)
        .order_by("-created_at")
        .first()
    )
    if match is None:
        raise NotFound("no room has this invite code", code="invite_not_found")
    seats = list(match.seats.all())
    if any(s.user_id == user.id for s in seats):
        raise Conflict(
            "you are already in this room", code="already_in_room", match_id=str(match.id)
        )
    expired = match.invite_expires_at is not None and match.invite_expires_at <= timezone.now()
    # A host barred from online play has no open room (``withdrawal.py``): to the others
    # the room is closed, whatever the reason.
    barred = match.status == Match.Status.WAITING and online_refusal(match.created_by_id)
    if match.status == Match.Status.CANCELLED or barred:
        raise Gone("this room was closed by its creator", code="invite_cancelled")
    if match.status == Match.Status.EXPIRED or (match.status == Match.Status.WAITING and expired):
        raise Gone("this invitation has expired", code="invite_expired")
    if match.status != Match.Status.WAITING or len(seats) >= VARIANTS[match.variant].seats:
        raise Conflict("this room has no free seat", code="room_full")
    if any(s.user_id and blocked_between(s.user_id, user.id) for s in seats):
        raise Forbidden("you cannot join this player's room", code="blocked")
    return match


def room_seat_computer(*, user: User, match_id: UUID, strength: str) -> Match:
    """The host fills the next empty seat of its open room with Kati at ``strength``; the match
    starts when every seat is taken."""
    require_online_allowed(user.id)
    with transaction.atomic():
        match = _open_room_locked(user, match_id, "only an open room takes new seats")
        _check_strength(strength, match.variant)
        taken = match.seats.count()
        if taken >= VARIANTS[match.variant].seats:
            raise Conflict("this room has no free seat", code="room_full")
        Seat.objects.create(match=match, index=taken, bot_level=strength)
        _start_when_full(match, taken + 1)
    return match


def _start_when_full(match: Match, taken: int) -> None:
    """Start the room's match once it holds the variant's number of seats."""
    if taken == VARIANTS[match.variant].seats:
        match.status = Match.Status.ACTIVE
        if match.first_secret:  # else no one was shown a commitment: the server's own secret
            seeds = tuple(sorted((int(seat), value) for seat, value in match.first_seeds.items()))
            _start(match, secret=match.first_secret, seeds=seeds)
        else:
            _start(match)


def _require_registered(user: User) -> None:
    if user.is_guest:
        raise Forbidden(
            "guests can only play the computer; sign up to play friends",
            code="registration_required",
        )


def match_create_ranked(
    *,
    user_ids: tuple[int, int],
    stake: int,
    variant: str = "klub",
    target: int | None = None,
    rematch_of: Match | None = None,
) -> str:
    """A ranked match of ``variant`` to ``target`` between two players, both stakes held in its
    escrow, first deal dealt; returns its id. Raises ``insufficient_coins`` (nothing moved, no
    match) if one cannot pay. Called by matchmaking (inside its pairing transaction) and by
    ranked rematches."""
    game_check(variant, target)
    for user_id in user_ids:
        require_online_allowed(user_id)
    with transaction.atomic():
        match = Match.objects.create(
            variant=variant,
            target=target,
            mode=Match.Mode.RANKED,
            status=Match.Status.ACTIVE,
            created_by_id=user_ids[0],
            stake=stake,
            rematch_of=rematch_of,
        )
        for index, user_id in enumerate(user_ids):
            Seat.objects.create(match=match, index=index, user_id=user_id)
        stakes_hold(match_id=match.id, user_ids=list(user_ids), stake=stake)
        match_start(match)
    return str(match.id)


def match_start(match: Match) -> None:
    """Start a match the server made with its seats all taken (a ranked pairing, a rematch):
    no one could send a seed before it existed, so it commits to its first deal's secret and
    that deal waits for the people's seeds (``match_seed_give``), at most
    ``FIRST_DEAL_SEED_SECONDS`` (0: dealt at once from the server's seeds)."""
    wait = settings.FIRST_DEAL_SEED_SECONDS
    if wait <= 0:
        _start(match)
    else:
        _start(match, secret=random_hex(32), seeds_within=timedelta(seconds=wait))


def _start(
    match: Match,
    *,
    secret: str | None = None,
    seeds: tuple[tuple[int, str], ...] = (),
    seeds_within: timedelta | None = None,
) -> None:
    """Start the match; its first deal is dealt in the same batch (``follow_ups.next_deal``),
    from ``secret`` (committed to before the match existed) and the players' ``seeds`` (seat,
    value) when there are any, else from the server's own. With ``seeds_within`` the deal
    waits that long for the people's seeds, sent after the commitment."""
    now = timezone.now()  # presence is watched from here (``attendance.presence_project``)
    seats = VARIANTS[match.variant].seats
    command = StartMatch(match.variant, first_dealer=_rng.randrange(seats), target=match.target)
    until = None if seeds_within is None else now + seeds_within
    first = () if secret is None else (CommitSecret(secret, until),)
    given = tuple(GiveSeed(seat, 1, value) for seat, value in seeds)
    command_apply(
        match,
        INITIAL,
        command,
        actor_id=None,
        client_move_id=None,
        now=now,
        followed_by=(*first, *given),
    )


# --- playing ------------------------------------------------------------------------------


def seed_input(seed: object, seat: int) -> GiveSeed:
    """A seed sent with a move (``{deal, value}``) as the engine's command for the caller's
    seat; ``400 invalid_seed`` if malformed (the rules say whether it is due)."""
    if (
        type(seed) is not dict
        or seed.keys() != {"deal", "value"}
        or type(seed["deal"]) is not int
        or not is_valid_seed(seed["value"])
    ):
        raise Problem(
            "a seed is {deal, value}: value 16 to 128 lowercase hex digits", code="invalid_seed"
        )
    return GiveSeed(seat, seed["deal"], seed["value"])


def match_command_submit(
    *,
    match_id: UUID,
    user: User,
    payload: object,
    expected_version: int,
    client_move_id: str,
    seed: object = None,
) -> tuple[Outcome, int]:
    """Apply a player's action; returns the outcome and the caller's seat. ``seed``: the
    player's seed for the next deal's shuffle (``view.next_deal``), sent with the move.

    A ``client_move_id`` seen before returns the first outcome again and appends nothing; a
    stale ``expected_version`` is a 409 ``version_conflict`` with the ``current_version``.
    Deadlines that ran out are applied first (in their own transaction: they stand even if the
    action is refused), so an action that comes too late meets the match as time left it:
    ended by a technical loss, or with a stand-in playing, and so at a newer version.
    """
    now = timezone.now()
    submit = partial(
        _submit,
        match_id=match_id,
        user=user,
        payload=payload,
        expected_version=expected_version,
        client_move_id=client_move_id,
        seed=seed,
        now=now,
    )
    submitted = submit(deadlines_applied=False)
    if submitted is None:  # deadlines were due: apply them, then the action
        deadlines.deadlines_apply(match_id, now=now)
        submitted = submit(deadlines_applied=True)
    assert submitted is not None
    return submitted


def _submit(
    *,
    match_id: UUID,
    user: User,
    payload: object,
    expected_version: int,
    client_move_id: str,
    seed: object,
    now: datetime,
    deadlines_applied: bool,
) -> tuple[Outcome, int] | None:
    """The action applied; ``None`` (nothing written) when deadlines ran out that must be
    applied first and have not been."""
    try:
        with transaction.atomic():
            match, seat = _seat_locked(match_id, user)
            # a player never sends a stand-in card: that flag is the server's
            try:
                command = command_from_json(payload, seat=seat, stand_in=False)  # type: ignore[arg-type]
            except CodecError as malformed:
                reason = str(malformed)
                raise Problem(reason, code="invalid_action", params={"reason": reason}) from None
            if not isinstance(command, (TABLE_PLAYER_COMMANDS, VARIANTS[match.variant].commands)):
                reason = _not_sendable(command, match.variant)
                raise Problem(reason, code="invalid_action", params={"reason": reason})
            preceded_by = () if seed is None else (seed_input(seed, seat),)
            if isinstance(command, ONLINE_ONLY) and match.mode == Match.Mode.COMPUTER:
                raise Conflict(
                    "pauses and showing your hand are for games with other players",
                    code="online_only",
                )
            if match.mode != Match.Mode.COMPUTER and not isinstance(command, QUITTING):
                require_online_allowed(user.id)  # a suspension or a ban: only giving up
            if not deadlines_applied and deadlines.due_by_clock(match, now):
                return None
            attendance.seen_on_move(match, seat, now)
            if match.status == Match.Status.WAITING:
                raise Conflict(
                    "the match has not started: waiting for a second player",
                    code="match_not_started",
                )
            if expected_version != match.version:
                # Most likely a retry of a move that went through: answer it as the first time.
                previous = _retried(match, user, command, client_move_id)
                if previous is not None:
                    return previous, seat
                raise Conflict(
                    "the match has moved on; fetch it again",
                    code="version_conflict",
                    current_version=match.version,
                )
            state = event_store.state_load(match)
            if preceded_by and _seed_in(state, preceded_by[0]):
                preceded_by = ()  # sent alone a moment before (``match_seed_give``): in already
            outcome = command_apply(
                match,
                state,
                command,
                actor_id=user.id,
                client_move_id=client_move_id,
                now=now,
                preceded_by=preceded_by,
            )
        return outcome, seat
    except IntegrityError:
        # UNIQUE(match, client_move_id): the id was used before, at an earlier version.
        with transaction.atomic():
            match = Match.objects.get(pk=match_id)
            previous = _retried(match, user, command, client_move_id)
        if previous is None or seat is None:  # pragma: no cover - the constraint names this id
            raise
        return previous, seat


def match_seed_give(*, match_id: UUID, user: User, seed: object) -> tuple[Outcome, int]:
    """The caller's seed for the next deal's shuffle, sent alone (``{deal, value}``): for the
    first deal of a match the server made, which waits for it (docs/api.md 7.0), or ahead of a
    move. Returns the outcome (the first deal, when this was the last seed it waited for) and the
    caller's seat. No version is expected: the seats' seeds come in any order. The same seed
    sent again answers with nothing new; another one ``409 seed_not_due``."""
    now = timezone.now()
    deadlines.deadlines_apply(match_id, now=now)  # a wait run out: the deal is dealt without it
    with transaction.atomic():
        match, seat = _seat_locked(match_id, user)
        command = seed_input(seed, seat)
        if match.mode != Match.Mode.COMPUTER:
            require_online_allowed(user.id)  # a suspension or a ban: the server's seed
        if match.status == Match.Status.WAITING:
            raise Conflict(
                "the match has not started: waiting for a second player",
                code="match_not_started",
            )
        attendance.seen_on_move(match, seat, now)
        state = event_store.state_load(match)
        if _seed_in(state, command):  # a retry of one that went through
            return Outcome(match, match.version + 1, match.version, [], state), seat
        outcome = command_apply(match, state, command, actor_id=user.id, now=now)
    return outcome, seat


def _seat_locked(match_id: UUID, user: User) -> tuple[Match, int]:
    """The match, locked, and ``user``'s seat at it (``404 match_not_found`` if none)."""
    match = event_store.match_lock(match_id)
    seat = seat_of_user(match, user.id) if match is not None else None
    if match is None or seat is None:
        raise NotFound("no such match", code="match_not_found")
    return match, seat


def _seed_in(state: MatchState, seed: GiveSeed) -> bool:
    """Whether ``seed`` is already in: given for the next deal, or gone into the current one."""
    deal = state.deal
    if (seed.seat, seed.value) in state.seeds:
        return seed.deal == (deal.number + 1 if deal is not None else 1)
    return (
        deal is not None
        and deal.number == seed.deal
        and any(s.seat == seed.seat and s.value == seed.value for s in state.deal_seeds)
    )


def _not_sendable(command: Command, variant: str) -> str:
    """Why a player may not send ``command`` in a ``variant`` match: another variant's action,
    or one only the server sends."""
    if any(isinstance(command, rules.commands) for rules in VARIANTS.values()):
        return f"a {variant} match has no {command.type!r}"
    return f"players cannot send {command.type!r}"


def _retried(match: Match, user: User, command: Command, client_move_id: str) -> Outcome | None:
    """The first outcome of an earlier action with this ``client_move_id``, if it is the same
    action by the same player; another action under a used id is a 409."""
    previous = MatchEvent.objects.filter(match=match, client_move_id=client_move_id).first()
    if previous is None:
        return None
    if previous.actor_id != user.id or previous.command != command_to_json(command):
        raise Conflict(
            "this client_move_id was already used for another action",
            code="client_move_id_reused",
        )
    return _outcome_of_batch(match, previous.batch)


def _outcome_of_batch(match: Match, batch: int) -> Outcome:
    seqs = list(
        MatchEvent.objects.filter(match=match, batch=batch)
        .order_by("seq")
        .values_list("seq", flat=True)
    )
    last = seqs[-1]
    events = event_store.events_load(match.id, after_seq=batch - 1, upto_seq=last)
    return Outcome(match, batch, last, events, event_store.state_at(match.id, last))


# --- opening a match (what a load owes the clock) ------------------------------------------


def matches_list(*, user: User, variant: str | None = None) -> QuerySet[Match]:
    """The caller's matches, newest first (``variant``: of that game only), after expiring
    their rooms whose invitation ran out and ending their matches against Kati left alone
    (``lapses``): the list never shows a dead room as waiting, nor a lapsed match as going."""
    rooms_expire_due(user=user)
    lapses.kati_matches_lapse(user_id=user.pk)
    return selectors.matches_of_player(user=user, variant=variant)


def match_open(*, match_id: UUID, user: User) -> tuple[Match, int]:
    """The caller's match and seat, after what the clock is owed: an open room whose invitation
    ran out is expired, run-out deadlines are applied (on every load, not only by a worker),
    and the caller's sign of life is noted; the match is read again if any of these wrote."""
    match, seat = selectors.match_for_player(match_id=match_id, user=user)
    now = timezone.now()
    stale = False
    if selectors.invite_is_due(match):
        rooms_expire_due(user=match.created_by)
        stale = True
    if deadlines.load_is_due(match, now):
        deadlines.deadlines_apply(match.id, now=now)
        stale = True
    if attendance.presence_seen_on_load(match, seat, now):
        stale = True
    if stale:
        match, seat = selectors.match_for_player(match_id=match_id, user=user)
    return match, seat
