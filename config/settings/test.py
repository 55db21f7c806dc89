"""The test suite: the real PostgreSQL and Redis, Celery eager, fast password hashing."""

import os
import secrets

# Production refuses to start without a key of its own; the suite makes one for its run (its
# subprocesses inherit it; the tests of the refusal remove it).
os.environ.setdefault("DJANGO_SECRET_KEY", secrets.token_urlsafe(50))

from .production import *  # noqa: F403
from .production import env

DATABASES = {
    "default": env.db("DATABASE_URL", default="postgres://postgres@127.0.0.1:5432/snapszer")
}
# Several suites may run at once on one server (developers, CI): each can name its own test DB.
DATABASES["default"]["TEST"] = {"NAME": env("TEST_DATABASE_NAME", default="test_snapszer")}
# The suite runs in parallel (pytest-xdist): each worker gets its own test database (pytest-django
# suffixes its name) and its own Redis database, so no cache key or channel group is shared.
# A REDIS_URL set in the environment overrides this: give such a run one worker (-n 0).
_WORKER = int(os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw"))
REDIS_URL = env("REDIS_URL", default=f"redis://127.0.0.1:6379/{15 - _WORKER % 15}")
CACHES = {"default": {"BACKEND": "apps.common.cache.RedisCache", "LOCATION": REDIS_URL}}
CHANNEL_LAYERS = {"default": {**CHANNEL_LAYERS["default"], "CONFIG": {"hosts": [REDIS_URL]}}}  # noqa: F405
CELERY_TASK_ALWAYS_EAGER = True
CELERY_BROKER_URL = REDIS_URL
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
MAILERS = {"default": {"BACKEND": "django.core.mail.backends.locmem.EmailBackend"}}
STATIC_ROOT = None
WHITENOISE_USE_FINDERS = True
# Served from the apps as in embedded mode (tests/web/test_static.py runs collectstatic itself).
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
GUEST_CREATE_RATE = "10000/hour"
# (the throttles count in Redis, which outlives a test; the rationing test sets its own rate)
HINT_RATE = "10000/min"
ACCOUNT_DELETE_RATE = "10000/min"
# Kati moves as soon as she has chosen; the timing tests give her a schedule and a clock.
COMPUTER_THINK_SECONDS = {"*/*/*": 0.0}
# A match the server makes deals its first deal at once from the server's seeds: most tests
# play it from the first move. Those of the seeds' wait (tests/matches/test_first_deal_seeds.py)
# and the browser's (tests/web/conftest.py: its clients send the seeds) set the product's.
FIRST_DEAL_SEED_SECONDS = 0
# The test client and the test servers speak plain HTTP (production's HTTPS settings tested in
# tests/deploy/test_security.py).
SECURE_SSL_REDIRECT = SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = False
SECURE_HSTS_SECONDS = 0
# Deals are analysed when a seat asks (tests/analysis turn the hook on to test it): the
# suite finishes many deals and must not pay a search after each
ANALYSIS_AFTER_DEAL = False
