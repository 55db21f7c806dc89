"""The production stack on services of its own, for the fault suite: a Redis server on a free
port and a PostgreSQL cluster made by ``initdb`` in a temporary folder, so that stopping them
disturbs nothing else on the machine; then the Procfile's processes (gunicorn for REST, daphne
for WebSockets, a Celery worker and beat) under ``config.settings.production``."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[2]
PG_BIN = Path(os.environ.get("PG_BIN", "/usr/lib/postgresql/15/bin"))
# initdb and postgres refuse to run as root: as root (a container), they run as this user.
PG_USER = "postgres"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_for(condition: Callable[[], object], *, timeout: float, what: str) -> object:
    """``condition()``'s first truthy value, polled until ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout} s waiting for {what}")
        time.sleep(0.2)


def _listening(port: int) -> bool:
    with socket.socket() as s:
        s.settimeout(0.5)
        return s.connect_ex(("127.0.0.1", port)) == 0


class Process:
    """A child process in its own process group, its output kept for failure reports."""

    def __init__(self, name: str, command: list[str], env: dict[str, str]) -> None:
        self.name, self.command, self.env = name, command, env
        self.lines: list[str] = []
        self.popen: subprocess.Popen[str] | None = None

    def start(self) -> Process:
        self.popen = subprocess.Popen(
            self.command,
            cwd=ROOT,
            env=self.env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            start_new_session=True,
        )
        threading.Thread(target=self._read, args=(self.popen,), daemon=True).start()
        return self

    def _read(self, popen: subprocess.Popen[str]) -> None:
        assert popen.stdout is not None
        for line in popen.stdout:
            self.lines.append(line)

    @property
    def pid(self) -> int:
        assert self.popen is not None
        return self.popen.pid

    def kill(self, sig: int = signal.SIGKILL) -> None:
        """``sig`` to the whole process group (a master and its workers)."""
        if self.popen is not None and self.popen.poll() is None:
            os.killpg(self.popen.pid, sig)
            self.popen.wait(30)

    def stop(self) -> None:
        if self.popen is None or self.popen.poll() is not None:
            return
        os.killpg(self.popen.pid, signal.SIGTERM)
        try:
            self.popen.wait(15)
        except subprocess.TimeoutExpired:
            self.kill()

    def tail(self, n: int = 40) -> str:
        return f"--- {self.name} ---\n" + "".join(line[:400] for line in self.lines[-n:])


class Redis:
    """``redis-server`` on a free port, without persistence: a restart loses everything, the
    harshest case for the cache, the sessions' cache, the channel layer and the broker."""

    def __init__(self) -> None:
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: Process | None = None

    def start(self) -> None:
        command = ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1"]
        command += ["--save", "", "--appendonly", "no"]
        self.process = Process("redis", command, dict(os.environ)).start()
        wait_for(lambda: _listening(self.port), timeout=20, what="redis")

    def stop(self) -> None:
        if self.process is not None:
            self.process.kill()


class PostgreSQL:
    """A cluster of its own (``initdb`` in ``folder``) on a free port, trusting local users."""

    def __init__(self) -> None:
        # its own folder in /tmp (pytest's are private to the user, whom postgres may not be)
        self.folder = Path(tempfile.mkdtemp(prefix="snapszer-faults-pg-"))
        self.data = self.folder / "data"
        self.port = free_port()
        self.url = f"postgres://postgres@127.0.0.1:{self.port}/snapszer"
        self._as = ["runuser", "-u", PG_USER, "--"] if os.geteuid() == 0 else []

    def _run(self, *command: str) -> None:
        subprocess.run([*self._as, *command], check=True, capture_output=True, timeout=120)

    def init(self) -> None:
        if self._as:
            shutil.chown(self.folder, PG_USER)
        self._run(str(PG_BIN / "initdb"), "-D", str(self.data), "-U", "postgres", "-A", "trust")
        self.start()
        self._run(str(PG_BIN / "createdb"), "-h", "127.0.0.1", "-p", str(self.port), "snapszer")

    def start(self) -> None:
        options = (
            f"-p {self.port} -c listen_addresses=127.0.0.1 -k {self.folder} -c fsync=off "
            "-c synchronous_commit=off -c full_page_writes=off"
        )
        log = str(self.folder / "postgres.log")
        self._run(
            str(PG_BIN / "pg_ctl"), "-D", str(self.data), "-o", options, "-l", log, "-w", "start"
        )

    def stop(self) -> None:
        self._run(str(PG_BIN / "pg_ctl"), "-D", str(self.data), "-m", "fast", "-w", "stop")

    def log(self) -> str:
        path = self.folder / "postgres.log"
        return path.read_text()[-4000:] if path.exists() else ""


class Stack:
    """The services and the Procfile's four processes (web, ws, worker, beat)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.redis = Redis()
        self.postgresql = PostgreSQL()
        self.web_port, self.ws_port = free_port(), free_port()
        self.base_url = f"http://127.0.0.1:{self.web_port}"
        self.ws_url = f"ws://127.0.0.1:{self.ws_port}"
        self.env = {
            **{k: v for k, v in os.environ.items() if not k.startswith(("DJANGO", "PYTEST"))},
            "DJANGO_SETTINGS_MODULE": "config.settings.production",
            "DJANGO_SECRET_KEY": "fault-suite-" + "x" * 50,
            "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost",
            "DATABASE_URL": self.postgresql.url,
            "REDIS_URL": self.redis.url,
            "HTTPS_ONLY": "false",
            "LOG_LEVEL": "WARNING",
            # a dead service fails a request within a second or two, not five
            "DATABASE_CONNECT_TIMEOUT": "2",
            "REDIS_TIMEOUT": "2",
            "GUNICORN_BIND": f"127.0.0.1:{self.web_port}",
            "GUNICORN_WORKERS": "2",
            "GUNICORN_CONTROL_SOCKET": "off",
        }
        python = sys.executable
        self.web = Process(
            "web",
            [python, "-m", "gunicorn", "config.wsgi:application", "-c", "deploy/gunicorn.conf.py"],
            self.env,
        )
        self.ws = Process(
            "ws",
            [
                python,
                "-m",
                "daphne",
                "-b",
                "127.0.0.1",
                "-p",
                str(self.ws_port),
                "config.asgi:application",
            ],
            self.env,
        )
        self.beat = Process(
            "beat",
            [
                python,
                "-m",
                "celery",
                "-A",
                "config",
                "beat",
                "--loglevel=WARNING",
                f"--schedule={folder / 'celerybeat-schedule'}",
            ],
            self.env,
        )
        self.worker = self._worker()

    def _worker(self) -> Process:
        return Process(
            "worker",
            [
                sys.executable,
                "-m",
                "celery",
                "-A",
                "config",
                "worker",
                "--loglevel=INFO",
                "--concurrency=2",
                "--without-gossip",
                "--without-mingle",
            ],
            self.env,
        )

    def manage(self, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "manage.py", *args],
            cwd=ROOT,
            env=self.env,
            capture_output=True,
            text=True,
            timeout=300,
            check=check,
        )

    def python(self, code: str) -> str:
        """``code`` run in a Django process of the stack (after ``django.setup()``); its stdout."""
        setup = "import django; django.setup()\n"
        done = subprocess.run(
            [sys.executable, "-c", setup + code],
            cwd=ROOT,
            env=self.env,
            capture_output=True,
            text=True,
            timeout=120,
            check=True,
        )
        return done.stdout

    def start(self) -> None:
        self.redis.start()
        self.postgresql.init()
        self.manage("migrate", "--noinput")
        for process in (self.web, self.ws, self.worker, self.beat):
            process.start()
        wait_for(self.ready, timeout=60, what="the web and ws processes")
        self.worker_ready(self.worker)

    def ready(self) -> bool:
        try:
            web = httpx.get(f"{self.base_url}/readyz", timeout=2).status_code == 200
        except httpx.HTTPError:
            return False
        return web and _listening(self.ws_port)

    def worker_ready(self, worker: Process) -> None:
        wait_for(lambda: any(" ready." in line for line in worker.lines), timeout=60, what="worker")

    def worker_restart(self) -> None:
        self.worker = self._worker().start()
        self.worker_ready(self.worker)

    def web_workers(self) -> list[int]:
        """The pids of gunicorn's worker processes (the master's children)."""
        children = Path(f"/proc/{self.web.pid}/task/{self.web.pid}/children").read_text()
        return [int(pid) for pid in children.split()]

    def stop(self) -> None:
        for process in (self.beat, self.worker, self.ws, self.web):
            process.stop()
        self.redis.stop()
        with contextlib.suppress(subprocess.CalledProcessError):
            self.postgresql.stop()
        shutil.rmtree(self.postgresql.folder, ignore_errors=True)

    def report(self) -> str:
        processes = (self.web, self.ws, self.worker, self.beat)
        return (
            "\n".join(p.tail() for p in processes) + "\n--- postgres ---\n" + self.postgresql.log()
        )
