"""Production: PostgreSQL, Redis (cache, channel layer, Celery broker); separate gunicorn (REST),
ASGI (WebSockets), Celery worker and beat processes (see deploy/)."""

from typing import Any

from django.core.checks.security.base import (
    SECRET_KEY_INSECURE_PREFIX,
    SECRET_KEY_MIN_LENGTH,
    SECRET_KEY_MIN_UNIQUE_CHARACTERS,
)
from django.core.exceptions import ImproperlyConfigured

from .base import *  # noqa: F403
from .base import EMBEDDED_SECRET_KEY, env
from .base import LOGGING as BASE_LOGGING


def _secret_key() -> str:
    """``DJANGO_SECRET_KEY``, or the process refuses to start: production never runs on the
    embedded key (it is public, in the source), on a key Django calls insecure (its
    ``django-insecure-`` marker, fewer than 50 characters or 5 different ones: what
    ``check --deploy`` warns of), so forged sessions, password-reset links and signed values
    cannot be made by whoever read the source. The key itself is never printed."""
    key = env("DJANGO_SECRET_KEY", default="").strip()
    advice = (
        "Set DJANGO_SECRET_KEY to a random value of your own, the same for every process, e.g. "
        "python -c 'import secrets; print(secrets.token_urlsafe(50))' (deploy/README.md)."
    )
    if not key:
        why = "DJANGO_SECRET_KEY is not set"
    elif key == EMBEDDED_SECRET_KEY:
        why = "DJANGO_SECRET_KEY is the embedded mode's key, which is public"
    elif key.startswith(SECRET_KEY_INSECURE_PREFIX):
        why = (
            f"DJANGO_SECRET_KEY starts with {SECRET_KEY_INSECURE_PREFIX!r}, Django's mark of a "
            "key not for production"
        )
    elif len(key) < SECRET_KEY_MIN_LENGTH:
        why = f"DJANGO_SECRET_KEY has {len(key)} characters, fewer than {SECRET_KEY_MIN_LENGTH}"
    elif len(set(key)) < SECRET_KEY_MIN_UNIQUE_CHARACTERS:
        why = (
            f"DJANGO_SECRET_KEY has fewer than {SECRET_KEY_MIN_UNIQUE_CHARACTERS} different "
            "characters"
        )
    else:
        return key
    raise ImproperlyConfigured(f"{why}: production refuses to start. {advice}")


SECRET_KEY = _secret_key()

DATABASES = {
    "default": env.db("DATABASE_URL", default="postgres://postgres@127.0.0.1:5432/snapszer")
}
DATABASES["default"]["CONN_MAX_AGE"] = env.int("CONN_MAX_AGE", default=60)
# A health check is a round trip ("SELECT 1") at the start of every request: a tenth of a web
# worker's time on a move. Without it, a connection broken under a live worker (a database
# restart) fails one request, which is closed and replaced; clients retry their move with the
# same client_move_id. Turn it on where connections die often (some poolers, failovers).
DATABASES["default"]["CONN_HEALTH_CHECKS"] = env.bool("CONN_HEALTH_CHECKS", default=False)
# A database or Redis that does not answer fails the request (and /readyz) within seconds
# instead of holding a web thread until gunicorn's timeout replaces the whole worker.
DATABASES["default"].setdefault("OPTIONS", {}).setdefault(
    "connect_timeout", env.int("DATABASE_CONNECT_TIMEOUT", default=5)
)
REDIS_URL = env("REDIS_URL", default="redis://127.0.0.1:6379/0")
_REDIS_TIMEOUT = env.float("REDIS_TIMEOUT", default=5.0)
CACHES = {
    "default": {
        "BACKEND": "apps.common.cache.RedisCache",
        "LOCATION": REDIS_URL,
        "OPTIONS": {"socket_connect_timeout": _REDIS_TIMEOUT, "socket_timeout": _REDIS_TIMEOUT},
    }
}
# Redis pub/sub: one PUBLISH per push, delivered straight to the subscribed socket servers.
# Measured on the move benchmark against the list-based core layer: +20 % moves/s, daphne's CPU
# per move 1.8 -> 1.1 ms and Redis's 0.41 -> 0.13 ms. Pushes are hints (clients resync from the
# event feed), so the core layer's buffering of messages for absent channels is not needed.
CHANNEL_LAYERS: dict[str, dict[str, Any]] = {
    "default": {
        "BACKEND": env(
            "CHANNEL_LAYER_BACKEND", default="channels_redis.pubsub.RedisPubSubChannelLayer"
        ),
        "CONFIG": {"hosts": [REDIS_URL]},
    }
}
CELERY_BROKER_URL = env("CELERY_BROKER_URL", default=REDIS_URL)
# The worker and beat log through LOGGING below, like the web processes (Celery would
# otherwise put its own handler and format on the root logger).
CELERY_WORKER_HIJACK_ROOT_LOGGER = False
# beat's record of when each periodic task last ran (a file it writes; the image points it at
# a writable volume)
CELERY_BEAT_SCHEDULE_FILENAME = env("CELERY_BEAT_SCHEDULE_FILENAME", default="celerybeat-schedule")
# --- logs: one JSON object per line on stdout, with the request id (apps/common/logs.py) -------
_LOG_LEVEL = env("LOG_LEVEL", default="INFO")
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"json": {"()": "apps.common.logs.JsonFormatter"}},
    "filters": BASE_LOGGING["filters"],
    "handlers": {
        "stdout": {
            "class": "logging.StreamHandler",
            "stream": "ext://sys.stdout",
            "formatter": "json",
        }
    },
    "root": {"handlers": ["stdout"], "level": _LOG_LEVEL},
    "loggers": {
        # Django's own handlers off (its console handler logs only under DEBUG, and mail to
        # ADMINS is not how this club learns of errors): its records reach the root's.
        "django": {"handlers": [], "level": _LOG_LEVEL, "propagate": True},
        "django.server": {"handlers": [], "level": _LOG_LEVEL, "propagate": True},
        **BASE_LOGGING["loggers"],
    },
}
# `collectstatic` writes hashed, compressed files; the web client's imports point at them.
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "apps.web.storage.ClubStaticFilesStorage"},
}
# --- HTTPS (TLS ends at the reverse proxy; deploy/README.md) ---------------------------------
# HTTPS_ONLY=false turns the whole group off (plain HTTP on a private network, a bench); each
# setting can also be given on its own. `manage.py check --deploy` is clean with the defaults.
_HTTPS = env.bool("HTTPS_ONLY", default=True)
# The proxy says which scheme the client used. It must set this header on every request (and
# drop a client's own): the web processes must not be reachable but through it. Empty: none.
_PROXY_SSL = env("SECURE_PROXY_SSL_HEADER", default="HTTP_X_FORWARDED_PROTO,https")
SECURE_PROXY_SSL_HEADER = tuple(_PROXY_SSL.split(",", 1)) if _PROXY_SSL.strip() else None
# Plain HTTP: pages are redirected, API calls refused with 403 https_required, never redirected
# (apps/common/https.py). /healthz and /readyz are answered before either: probes speak plain
# HTTP inside.
SECURE_SSL_REDIRECT = env.bool("SECURE_SSL_REDIRECT", default=_HTTPS)
SESSION_COOKIE_SECURE = env.bool("SESSION_COOKIE_SECURE", default=_HTTPS)
CSRF_COOKIE_SECURE = env.bool("CSRF_COOKIE_SECURE", default=_HTTPS)
# Browsers keep to HTTPS for this long once they saw the header: a year, this domain and its
# subdomains. Start lower (SECURE_HSTS_SECONDS=300) if any subdomain still serves plain HTTP.
SECURE_HSTS_SECONDS = env.int("SECURE_HSTS_SECONDS", default=365 * 24 * 3600 if _HTTPS else 0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env.bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", default=_HTTPS)
SECURE_HSTS_PRELOAD = env.bool("SECURE_HSTS_PRELOAD", default=_HTTPS)
# Other origins a browser may POST forms from (the admin's login, allauth's browser flows).
CSRF_TRUSTED_ORIGINS = env.list("CSRF_TRUSTED_ORIGINS", default=[])

# Outgoing mail (sign-up and reset codes, moderation notices). SMTP by default, configured from
# EMAIL_*; another backend (console, locmem, a provider's) takes none of the SMTP options.
_SMTP = "django.core.mail.backends.smtp.EmailBackend"
_MAIL_BACKEND = env("EMAIL_BACKEND", default=_SMTP)
MAILERS = {"default": {"BACKEND": _MAIL_BACKEND}}
if _MAIL_BACKEND == _SMTP:
    MAILERS["default"]["OPTIONS"] = {
        "host": env("EMAIL_HOST", default="localhost"),
        # unset: 465 with EMAIL_USE_SSL, 587 with EMAIL_USE_TLS, else 25
        "port": env.int("EMAIL_PORT", default=None),
        "username": env("EMAIL_HOST_USER", default=None) or None,
        "password": env("EMAIL_HOST_PASSWORD", default=None) or None,
        "use_tls": env.bool("EMAIL_USE_TLS", default=False),  # STARTTLS
        "use_ssl": env.bool("EMAIL_USE_SSL", default=False),  # implicit TLS
        # seconds: a mail server that hangs must not hold a web worker's thread for good
        "timeout": env.int("EMAIL_TIMEOUT", default=10),
    }
