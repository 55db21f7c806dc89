"""Questions about players that the lower apps ask and the higher apps answer: may this player
play online (moderation's sanctions), and did these two players block one another (chat's
blocks)? The matches app asks when a room is opened or joined, a move made in an online match,
a rematch offered or a match socket opened; it sits below moderation and chat, so it asks here,
and those apps register their answers when Django's app registry is ready (``apps.py``), the
way signals invert a dependency.

Every guard registered is asked; with none registered nobody is restricted, so the tests of
sanctions and blocks (tests/moderation, tests/chat, tests/matches/test_rooms.py) are what keep
the registrations in place.
"""

from __future__ import annotations

from collections.abc import Callable

from .errors import Problem

OnlineGuard = Callable[[int], None]  # raises a Problem if the player may not play online
BlockCheck = Callable[[int, int], bool]  # whether either player blocked the other

_online_guards: list[OnlineGuard] = []
_block_checks: list[BlockCheck] = []


def online_guard_register(guard: OnlineGuard) -> None:
    if guard not in _online_guards:
        _online_guards.append(guard)


def block_check_register(check: BlockCheck) -> None:
    if check not in _block_checks:
        _block_checks.append(check)


def require_online_allowed(user_id: int) -> None:
    """Raise the guard's ``Problem`` (403 ``suspended`` or ``banned``) if the player may not
    play online. Playing the computer is never restricted."""
    for guard in _online_guards:
        guard(user_id)


def online_refusal(user_id: int) -> Problem | None:
    """The refusal ``require_online_allowed`` would raise for this player, or ``None``: for
    asking about another player, whose sanction must not be shown to the asker."""
    try:
        require_online_allowed(user_id)
    except Problem as refusal:
        return refusal
    return None


def blocked_between(a_id: int, b_id: int) -> bool:
    """Whether either of the two players blocked the other."""
    return any(check(a_id, b_id) for check in _block_checks)
