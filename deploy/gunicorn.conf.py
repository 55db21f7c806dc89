"""gunicorn settings for the REST process (``deploy/Procfile``)."""

import multiprocessing
import os

bind = os.environ.get("GUNICORN_BIND", "0.0.0.0:8000")
# Requests spend much of their time waiting on PostgreSQL: two sync workers per core.
workers = int(os.environ.get("GUNICORN_WORKERS", 2 * multiprocessing.cpu_count()))
worker_class = "sync"
max_requests = 5000
max_requests_jitter = 500
timeout = 30
accesslog = "-"
raw_env = ["DJANGO_SETTINGS_MODULE=config.settings.production"]
