"""Failed logins, limited so that nobody can lock an account's owner out (docs/api.md, "Login
limits").

allauth counts failed logins under its rate limit ``login_failed`` (``ACCOUNT_RATE_LIMITS``),
per client address (``ip``) and per ``key``. Its key is the account alone, so whoever knows an
e-mail address could lock its owner out with a few wrong passwords. Here the key is the account
*and* the address: the address that guesses is held back, first on that account, then on every
account (its per-address count); the owner, from any other address, is not.

A refusal is answered with status 429 and ``Retry-After`` (allauth answers 400 and no wait), in
allauth's own error shape, as everything under ``/_allauth/``.
"""

from __future__ import annotations

import math
import time

from allauth.core.internal import ratelimit
from allauth.headless.internal.restkit.response import ErrorResponse
from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse

from apps.common.addresses import limited_address

APP = "allauth.account"
ACTION = "login_failed"
REFUSED = "too_many_login_attempts"  # allauth's error code, kept


def failures_key(account_key: str, request: HttpRequest) -> str:
    """The ``key`` failed logins count under: allauth's for the account (site and login, e.g.
    ``example.com:bela@example.com``), and the client's address."""
    return f"{account_key}:{limited_address(request)}"


def retry_after(request: HttpRequest, *, key: str) -> int:
    """Seconds until a login from this address to this account is tried again: until enough of
    the failures that filled a full limit (per address, or per account and address) are older
    than its window. allauth keeps each limit's failures as their times, newest first."""
    now = time.time()
    wait = 1.0
    for rate in ratelimit.get_rates(app=APP, action=ACTION):
        cache_key = ratelimit.get_cache_key(request, app=APP, action=ACTION, rate=rate, key=key)
        recent = sorted(t for t in cache.get(cache_key, []) if t > now - rate.duration)
        if len(recent) >= rate.amount:
            wait = max(wait, recent[len(recent) - rate.amount] + rate.duration - now)
    return math.ceil(wait)


def too_many(request: HttpRequest, refused: ValidationError, *, key: str) -> HttpResponse:
    """429 ``too_many_login_attempts`` with ``Retry-After``, in allauth's error shape."""
    response = ErrorResponse(request, exception=refused, status=429)
    response["Retry-After"] = str(retry_after(request, key=key))
    return response
