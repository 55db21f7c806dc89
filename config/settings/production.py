"""Production: PostgreSQL, Redis (cache, channel layer, Celery broker); separate gunicorn (REST),
ASGI (WebSockets), Celery worker and beat processes (see deploy/)."""

from .base import *  # noqa: F403
from .base import env

DATABASES = {
    "default": env.db("DATABASE_URL", default="postgres://postgres@127.0.0.1:5432/snapszer")
}
DATABASES["default"]["CONN_MAX_AGE"] = env.int("CONN_MAX_AGE", default=60)
# A health check is a round trip ("SELECT 1") at the start of every request: a tenth of a web
# worker's time on a move. Without it, a connection broken under a live worker (a database
# restart) fails one request, which is closed and replaced; clients retry their move with the
# same client_move_id. Turn it on where connections die often (some poolers, failovers).
DATABASES["default"]["CONN_HEALTH_CHECKS"] = env.bool("CONN_HEALTH_CHECKS", default=False)
REDIS_URL = env("REDIS_URL", default="redis://127.0.0.1:6379/0")
CACHES = {"default": {"BACKEND": "apps.common.cache.RedisCache", "LOCATION": REDIS_URL}}
# Redis pub/sub: one PUBLISH per push, delivered straight to the subscribed socket servers.
# Measured on the move benchmark against the list-based core layer: +20 % moves/s, daphne's CPU
# per move 1.8 -> 1.1 ms and Redis's 0.41 -> 0.13 ms. Pushes are hints (clients resync from the
# event feed), so the core layer's buffering of messages for absent channels is not needed.
CHANNEL_LAYERS = {
    "default": {
        "BACKEND": env(
            "CHANNEL_LAYER_BACKEND", default="channels_redis.pubsub.RedisPubSubChannelLayer"
        ),
        "CONFIG": {"hosts": [REDIS_URL]},
    }
}
CELERY_BROKER_URL = env("CELERY_BROKER_URL", default=REDIS_URL)
# `collectstatic` writes hashed, compressed files; the web client's imports point at them.
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "apps.web.storage.ClubStaticFilesStorage"},
}
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
