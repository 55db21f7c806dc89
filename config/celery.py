"""The Celery app. Tasks live in ``apps/<app>/tasks.py``; embedded mode runs them eagerly."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.embedded")

app = Celery("snapszer")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
