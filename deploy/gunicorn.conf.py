"""gunicorn settings for the REST process (``deploy/Procfile``; ``bench/api_move.py`` uses them
too, so the benchmark measures this configuration)."""

import multiprocessing
import os

bind = os.environ.get("GUNICORN_BIND", "0.0.0.0:8000")
# One process per core, each with a few threads: requests spend much of their time waiting on
# PostgreSQL and Redis, threads keep client connections alive (sync workers close each one),
# and the threads of a process share its caches of match states and seats. Measured on the move
# benchmark at 8 / 32 clients: 2 processes x 4 threads 239 / 243 moves/s against 4 sync
# workers 210 / ~200 (docs/performance.md).
workers = int(os.environ.get("GUNICORN_WORKERS", multiprocessing.cpu_count()))
threads = int(os.environ.get("GUNICORN_THREADS", "4"))
worker_class = "gthread"
keepalive = 5
max_requests = 5000
max_requests_jitter = 500
timeout = 30
accesslog = os.environ.get("GUNICORN_ACCESS_LOG", "-") or None  # "": off (the proxy logs too)
raw_env = ["DJANGO_SETTINGS_MODULE=config.settings.production"]
