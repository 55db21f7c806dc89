"""What every process entry point (``config.asgi``, ``config.wsgi``, ``config.celery``) checks
first: that the process was told which settings to run on.

Without ``DJANGO_SETTINGS_MODULE`` they refuse to start. Falling back to the embedded settings
would let a production worker run on SQLite with eager Celery and no error at all.
``manage.py`` (``make run``) names the embedded settings itself, before it loads any of them.
"""

import os

from django.core.exceptions import ImproperlyConfigured


def require_settings_module() -> str:
    """The settings module this process runs on; ``ImproperlyConfigured`` if none is named."""
    name = os.environ.get("DJANGO_SETTINGS_MODULE", "").strip()
    if not name:
        raise ImproperlyConfigured(
            "DJANGO_SETTINGS_MODULE is not set. Name the settings of this process, e.g. "
            "DJANGO_SETTINGS_MODULE=config.settings.production (deploy/README.md); "
            "`manage.py` and `make run` use config.settings.embedded by themselves."
        )
    return name
