"""``make run``: one process, nothing to install. SQLite file, in-memory channel layer, Celery
eager (tasks run in the request, after commit)."""

from typing import Any

from .base import *  # noqa: F403
from .base import BASE_DIR, env

DEBUG = env.bool("DJANGO_DEBUG", default=True)
DATABASES = {
    "default": {
        "ENGINE": "django.db.backends.sqlite3",
        "NAME": BASE_DIR / "snapszer.sqlite3",
        "OPTIONS": {"transaction_mode": "IMMEDIATE", "timeout": 20},
    }
}
CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
CHANNEL_LAYERS: dict[str, dict[str, Any]] = {
    "default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}
}
CELERY_TASK_ALWAYS_EAGER = True
CELERY_BROKER_URL = "memory://"
MAILERS = {"default": {"BACKEND": "django.core.mail.backends.console.EmailBackend"}}
# Static files come straight from the apps (no collectstatic in embedded mode).
STATIC_ROOT = None
WHITENOISE_USE_FINDERS = True
# A deal is analysed when a seat asks for it: the eager worker would make the move that ends
# a deal wait for its analysis
ANALYSIS_AFTER_DEAL = False
