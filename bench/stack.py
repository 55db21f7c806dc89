"""The production stack on this machine, for the benches that drive it over the network
(``api_move.py``, ``soak.py``): its environment, a fresh database, players with session tokens,
a JSON client on one keep-alive connection, the server processes and their CPU and memory."""

from __future__ import annotations

import http.client
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import psycopg

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
HTTP_PORT, WS_PORT = 8001, 8002


def environment(db_name: str, redis_db: int) -> dict[str, str]:
    """Production settings on the loopback, with their own database, Redis db and queue."""
    return {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings.production",
        "DATABASE_URL": f"postgres://postgres@127.0.0.1:5432/{db_name}",
        "REDIS_URL": f"redis://127.0.0.1:6379/{redis_db}",
        "CELERY_QUEUE": f"bench-{db_name}",
        "DJANGO_SECRET_KEY": "bench-only-secret-key-0123456789abcdefghijklmnopqrstuvwxyz",
        "SECRET_KEY": "bench-only-secret-key-0123456789abcdefghijklmnopqrstuvwxyz",
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost",
        "HTTPS_ONLY": "false",  # plain HTTP on the loopback, no TLS proxy in front
    }


def recreate_database(env: dict[str, str], db_name: str) -> None:
    with psycopg.connect("postgresql://postgres@127.0.0.1:5432/postgres", autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {db_name} WITH (FORCE)")
        conn.execute(f"CREATE DATABASE {db_name}")
    subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True)


def make_tokens(env: dict[str, str], count: int, *, wallets: bool = False) -> list[str]:
    """``count`` registered players with session tokens (made through Django, not timed); with
    ``wallets``, each with the sign-up grant of coins."""
    code = f"""
import django, json
django.setup()
from django.contrib.auth import login
from django.test import RequestFactory
from allauth.headless.internal.sessionkit import new_session
from apps.accounts.models import User
from apps.wallet.services import wallet_open
tokens = []
for i in range({count}):
    user = User.objects.create(username=f"bench{{i}}", email=f"bench{{i}}@example.com")
    if {wallets!r}:
        wallet_open(user=user)
    request = RequestFactory().post("/")
    request.session = new_session()
    login(request, user, backend="django.contrib.auth.backends.ModelBackend")
    request.session.save()
    tokens.append(request.session.session_key)
print(json.dumps(tokens))
"""
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, check=True, capture_output=True, text=True
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


# A keep-alive connection the server closed while idle: sent again on a new connection, as
# HTTP clients do (a move carries its client_move_id, so a repeat is applied once).
STALE = (BrokenPipeError, ConnectionResetError, http.client.RemoteDisconnected)


class Api:
    """One persistent HTTP/1.1 connection speaking JSON with a session token."""

    def __init__(self, token: str) -> None:
        self.token = token
        self.conn = http.client.HTTPConnection("127.0.0.1", HTTP_PORT, timeout=30)

    def call(self, method: str, path: str, body: dict | None = None) -> tuple[int, dict]:
        headers = {"X-Session-Token": self.token, "Content-Type": "application/json"}
        payload = json.dumps(body) if body is not None else None
        try:
            self.conn.request(method, path, body=payload, headers=headers)
            response = self.conn.getresponse()
        except STALE:
            self.conn.close()
            self.conn.request(method, path, body=payload, headers=headers)
            response = self.conn.getresponse()
        data = response.read()
        return response.status, json.loads(data) if data else {}


def gunicorn_command(workers: int | None = None, threads: int | None = None) -> list[str]:
    """The production web process (deploy/gunicorn.conf.py) on the bench's port."""
    command = [
        str(BIN / "gunicorn"),
        "config.wsgi:application",
        "--config=deploy/gunicorn.conf.py",
        f"--bind=127.0.0.1:{HTTP_PORT}",
        "--log-level=warning",
    ]
    if workers is not None:
        command.append(f"--workers={workers}")
    if threads is not None:
        command.append(f"--threads={threads}")
        if threads == 1:
            command.append("--worker-class=sync")
    return command


# `ws` of deploy/Procfile: daphne with a close frame for a failed socket (config/ws.py)
DAPHNE = [
    str(BIN / "python"),
    *("-m", "config.ws", "-b", "127.0.0.1", "-p", str(WS_PORT)),
    "config.asgi:application",
]


def start(commands: list[list[str]], env: dict[str, str]) -> list[subprocess.Popen]:
    return [
        subprocess.Popen(
            command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        for command in commands
    ]


def stop(processes: list[subprocess.Popen]) -> None:
    for process in processes:
        process.terminate()
    for process in processes:
        process.wait(timeout=30)


def wait_for(port: int, path: str) -> None:
    deadline = time.time() + 30
    while time.time() < deadline:
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            conn.request("GET", path)
            conn.getresponse().read()
            return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"nothing answers on port {port}")


def processes_of(groups: dict[str, str]) -> dict[str, list[int]]:
    """The pids of each group of processes, by a fragment of their command line (/proc)."""
    found: dict[str, list[int]] = {group: [] for group in groups}
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            command = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:
            continue
        group = next((g for g, fragment in groups.items() if fragment in command), None)
        if group is not None:
            found[group].append(int(pid))
    return found


def cpu_seconds(groups: dict[str, str]) -> dict[str, float]:
    """CPU seconds (user + system) used so far by the processes of each group, and by their
    children that have ended (a recycled gunicorn worker, a closed PostgreSQL backend), so that
    processes ending mid-run still count."""
    tick = os.sysconf("SC_CLK_TCK")
    used = dict.fromkeys(groups, 0.0)
    for group, pids in processes_of(groups).items():
        for pid in pids:
            try:
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            used[group] += sum(int(f) for f in fields[11:15]) / tick
    return used


def _parents() -> dict[int, int]:
    found = {}
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            found[int(pid)] = int(
                Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1]
            )
        except OSError:
            continue
    return found


def tree_of(root: int, parents: dict[int, int]) -> list[int]:
    """``root`` and every process descending from it."""
    tree, grew = {root}, True
    while grew:
        more = {pid for pid, parent in parents.items() if parent in tree} - tree
        tree |= more
        grew = bool(more)
    return sorted(tree)


def resident_mb(roots: dict[str, int]) -> dict[str, float]:
    """Resident memory (MB) of each named process and its descendants (a gunicorn master and
    its workers), whatever else of the same name runs on the machine."""
    parents = _parents()
    used = dict.fromkeys(roots, 0.0)
    for group, root in roots.items():
        for pid in tree_of(root, parents):
            try:
                status = Path(f"/proc/{pid}/status").read_text()
            except OSError:
                continue
            line = next((x for x in status.splitlines() if x.startswith("VmRSS:")), None)
            if line:
                used[group] += int(line.split()[1]) / 1024
    return used


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")
