"""The Celery app. Tasks live in ``apps/<app>/tasks.py``; embedded mode runs them eagerly."""

from celery import Celery

from .entry import require_settings_module

require_settings_module()  # no silent fallback to the embedded settings

app = Celery("snapszer")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
