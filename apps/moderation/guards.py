"""The guard every online endpoint calls (rooms, chat, calls, and later matchmaking)."""

from __future__ import annotations

from apps.common.errors import Forbidden

from .selectors import online_restriction


def require_online_allowed(user_id: int) -> None:
    """Raise a 403 ``suspended`` (with ``ends_at``) or ``banned`` if the player is restricted.
    Playing the computer is never restricted."""
    restriction = online_restriction(user_id)
    if restriction is None:
        return
    if restriction.code == "banned":
        raise Forbidden("you are banned from online play", code="banned")
    assert restriction.ends_at is not None
    raise Forbidden(
        f"you are suspended from online play and chat until {restriction.ends_at.isoformat()}",
        code="suspended",
        ends_at=restriction.ends_at.isoformat(),
    )
