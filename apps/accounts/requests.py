"""The request a view behind ``IsAuthenticated`` (DRF's default permission here) receives, as the
type checker sees it: its ``user`` is a member or a guest, never anonymous. A type only: DRF
builds its own ``Request``, and the permission is what makes the annotation true."""

from rest_framework.request import Request

from .models import User


class MemberRequest(Request):
    user: User
