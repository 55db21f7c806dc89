"""A guest who signs up or logs in keeps what it played (docs/api.md, "Guests").

allauth's headless sign-up and login refuse a session that is already signed in (409). A guest's
session is one, and the guest is exactly who should sign up: so the two endpoints are served by
the subclasses below, which let a guest through.

- **Sign-up** turns the guest itself into the new member (the account adapter's ``new_user``
  hands allauth the guest's own row): every match, seat, event, block and chat message keeps
  pointing at the same player, the open match goes on. Until the e-mailed code is typed in, the
  player stays a guest (``is_guest``) with an unverified address; the code makes it a member
  (``guest_becomes_member``, on allauth's ``email_confirmed``).
- **Login** to another, existing account leaves the guest behind, and remembers it in the new
  session (``FORMER_GUEST``): only that session may then bring the guest's finished matches
  along (``apps.matches.former_guest``).
"""

from __future__ import annotations

from typing import Any

from allauth.headless.account.views import LoginView, SignupView
from allauth.headless.base.response import AuthenticationResponse
from django.contrib.auth.models import AnonymousUser
from django.http import HttpRequest, HttpResponse

from .models import User
from .unfinished import signup_resume, unfinished_signup

# The session key naming the guest a member logged in from (its id).
FORMER_GUEST = "club_former_guest"
# The request attribute naming the guest being signed up or logged in from.
_GUEST = "club_guest"


def signed_in_guest(request: HttpRequest) -> User | None:
    """The guest ``request`` comes from: the one its view let through, or its signed-in user if
    that is a guest."""
    guest = getattr(request, _GUEST, None)
    if guest is not None:
        return guest
    user = getattr(request, "user", None)
    if isinstance(user, User) and user.is_authenticated and user.is_guest:
        return user
    return None


def _as_visitor(request: HttpRequest) -> User | None:
    """A guest's request, seen by allauth as a visitor's (its session stays, until a login
    replaces it); the guest is kept on the request."""
    guest = signed_in_guest(request)
    if guest is not None:
        setattr(request, _GUEST, guest)
        request.user = AnonymousUser()
    return guest


class GuestSignupView(SignupView):
    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        guest = _as_visitor(request)
        unfinished = unfinished_signup(self.input)
        if unfinished is not None:  # a sign-up never finished, begun again (unfinished.py)
            email = self.input.cleaned_data["email"]
            response = AuthenticationResponse.from_response(
                request, signup_resume(request, unfinished, email)
            )
        else:
            response = super().post(request, *args, **kwargs)
        if guest is not None and not request.user.is_authenticated:
            request.user = guest  # still signed in as the guest, until the code
        return response


class GuestLoginView(LoginView):
    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        guest = _as_visitor(request)
        response = super().post(request, *args, **kwargs)
        if guest is not None and not request.user.is_authenticated:
            request.user = guest  # a refused or pending login leaves the guest signed in
        return response
