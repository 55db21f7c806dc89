"""gunicorn settings for the REST process (``deploy/Procfile``; ``bench/api_move.py`` uses them
too, so the benchmark measures this configuration)."""

import gc
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
# The app is imported once, in the master, and the workers are forked from it: a replaced
# worker is ready at once instead of importing Django again (~1 s of CPU), and the imported
# modules are shared memory. A worker is still replaced now and then to bound any leak, but
# not every few seconds under load (5,000 requests was every ~30 s at the benchmark's rate).
preload_app = True
max_requests = 50000
max_requests_jitter = 5000
timeout = 30
# No access log by default: the reverse proxy in front logs every request already, and
# formatting and writing a second line per request cost ~5 % of the move benchmark's throughput.
# GUNICORN_ACCESS_LOG=- logs to stdout (or give a file).
accesslog = os.environ.get("GUNICORN_ACCESS_LOG") or None
raw_env = ["DJANGO_SETTINGS_MODULE=config.settings.production"]


def pre_fork(server, worker):  # gunicorn calls it with these two
    """Move what the master imported out of the collector's sight: a worker's full collections
    then scan only the objects of its own requests, and its copy-on-write pages stay shared."""
    gc.freeze()
