"""gunicorn settings for the REST process (``deploy/Procfile``; ``bench/api_move.py`` uses them
too, so the benchmark measures this configuration)."""

import gc
import multiprocessing
import os
import re

from apps.common.bodies import closes_after

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


def _control_socket_path(address: str) -> str:
    """gunicorn's control socket (``gunicornc``) is one fixed path per user by default
    ($XDG_RUNTIME_DIR/gunicorn.ctl or ~/.gunicorn/gunicorn.ctl): a second instance on the host
    took the first one's over. Each instance gets its own, named after its bind address (no
    two instances on a host bind the same one), in the same directory."""
    runtime = os.environ.get("XDG_RUNTIME_DIR")
    if not (runtime and os.path.isdir(runtime)):
        runtime = os.path.join(os.path.expanduser("~"), ".gunicorn")
    return os.path.join(runtime, "gunicorn-" + re.sub(r"[^A-Za-z0-9.-]+", "_", address) + ".ctl")


# GUNICORN_CONTROL_SOCKET names it (e.g. /run/club/web-1.ctl), or "off" turns it off.
_control = os.environ.get("GUNICORN_CONTROL_SOCKET", "").strip()
control_socket_disable = _control.lower() in ("off", "none", "false", "0")
control_socket = _control if _control and not control_socket_disable else _control_socket_path(bind)


def pre_fork(server, worker):  # gunicorn calls it with these two
    """Move what the master imported out of the collector's sight: a worker's full collections
    then scan only the objects of its own requests, and its copy-on-write pages stay shared."""
    gc.freeze()


def pre_request(worker, req):  # gunicorn calls it with these two
    """A body the application will not read to its end (``apps/common/bodies.py``): the
    connection closes after the answer, which says so (``Connection: close``) instead of
    announcing a keep-alive that gunicorn then breaks off."""
    headers = dict(req.headers)
    if closes_after(headers.get("CONTENT-LENGTH"), chunked="TRANSFER-ENCODING" in headers):
        req.force_close()
