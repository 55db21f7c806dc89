"""The guard every online endpoint calls (rooms, chat, calls, matchmaking, moves and sockets of
online matches, rematches)."""

from __future__ import annotations

from apps.common.errors import Forbidden

from .selectors import Restriction, online_restriction


def restriction_refusal(restriction: Restriction) -> Forbidden:
    """The 403 a restricted player is answered: ``banned``, or ``suspended`` with ``ends_at``."""
    if restriction.code == "banned":
        return Forbidden("you are banned from online play", code="banned")
    assert restriction.ends_at is not None
    return Forbidden(
        f"you are suspended from online play and chat until {restriction.ends_at.isoformat()}",
        code="suspended",
        ends_at=restriction.ends_at.isoformat(),
    )


def require_online_allowed(user_id: int) -> None:
    """Raise a 403 ``suspended`` (with ``ends_at``) or ``banned`` if the player is restricted.
    Playing the computer is never restricted."""
    restriction = online_restriction(user_id)
    if restriction is not None:
        raise restriction_refusal(restriction)
