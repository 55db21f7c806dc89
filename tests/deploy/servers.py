"""The production processes as ``deploy/Procfile`` starts them (gunicorn for REST, daphne for
the sockets), under the production settings, on the test database and the test run's Redis.

Tests get them from the ``club_processes`` fixture (``conftest.py``): ``club.web()``,
``club.ws()``, ``club.worker()`` start one, and ``club.runserver()`` the server of embedded
mode (``**env`` over the production environment); ``club.ready()`` waits until each started
one answers ``/healthz`` (a worker: logs that it is ready); all are stopped at teardown. The
fixture makes the test transactional (the processes see only committed rows)."""

from __future__ import annotations

import os
import shlex
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

from django.conf import settings
from django.db import connection

ROOT = Path(__file__).resolve().parent.parent.parent
DEPLOY = ROOT / "deploy"
BIN = Path(sys.executable).parent
#: Seconds a process may take to answer its first ``/healthz``.
STARTUP_TIMEOUT = 30.0


def closed_port() -> int:
    """A port of 127.0.0.1 nothing listens on (free a moment ago)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def procfile() -> dict[str, str]:
    """``deploy/Procfile``: each process's command by its name."""
    commands = {}
    for line in (DEPLOY / "Procfile").read_text().splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            name, command = line.split(":", 1)
            commands[name.strip()] = command.strip()
    return commands


def production_env(**extra: str) -> dict[str, str]:
    """The environment of a production process pointed at the test database and Redis, on
    plain HTTP (no TLS proxy in front)."""
    database = connection.settings_dict
    password = f":{database['PASSWORD']}" if database.get("PASSWORD") else ""
    base = {k: v for k, v in os.environ.items() if not k.startswith(("GUNICORN_", "PYTEST_"))}
    return {
        **base,
        "DJANGO_SETTINGS_MODULE": "config.settings.production",
        # the test process's own: the processes of a deployment share one (sessions are signed)
        "DJANGO_SECRET_KEY": settings.SECRET_KEY,
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost",
        "HTTPS_ONLY": "false",
        "DATABASE_URL": f"postgres://{database['USER']}{password}@{database['HOST']}:"
        f"{database['PORT']}/{database['NAME']}",
        "REDIS_URL": settings.REDIS_URL,
        "LOG_LEVEL": "WARNING",
        **extra,
    }


@dataclass
class ClubProcess:
    """A running server process; ``url`` is ``http://127.0.0.1:PORT``."""

    name: str
    port: int
    process: subprocess.Popen = field(repr=False)
    lines: list[str] = field(default_factory=list, repr=False)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.append(line)

    def wait_ready(self) -> None:
        deadline = time.monotonic() + STARTUP_TIMEOUT
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                break
            if self.port == 0:  # a Celery worker: it logs that it is ready
                if any(" ready." in line for line in self.lines):
                    return
                time.sleep(0.1)
                continue
            try:
                with urllib.request.urlopen(self.url + "/healthz", timeout=2) as answer:
                    if answer.status == 200:
                        return
            except OSError:
                time.sleep(0.1)
        self.stop()
        raise AssertionError(f"{self.name} did not start:\n" + "".join(self.lines[-40:]))

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
        if self.process.poll() is None:
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)


def start(name: str, command: list[str], port: int, env: dict[str, str]) -> ClubProcess:
    process = subprocess.Popen(
        command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    club = ClubProcess(name=name, port=port, process=process)
    threading.Thread(target=club._read, daemon=True).start()
    return club


def procfile_command(name: str, **options: str) -> list[str]:
    """The command of deploy/Procfile's process ``name``, its program from this venv and the
    value after each option of ``options`` replaced (``{"-p": "8123"}``)."""
    words = shlex.split(procfile()[name])
    words[0] = str(BIN / words[0])
    for option, value in options.items():
        words[words.index(option) + 1] = value
    return words


def start_web(**env: str) -> ClubProcess:
    """gunicorn with ``deploy/gunicorn.conf.py``: one process of two threads."""
    port = closed_port()
    return start(
        "web",
        procfile_command("web"),
        port,
        production_env(
            GUNICORN_BIND=f"127.0.0.1:{port}",
            GUNICORN_WORKERS="1",
            GUNICORN_THREADS="2",
            GUNICORN_CONTROL_SOCKET="off",
            **env,
        ),
    )


def start_worker(**env: str) -> ClubProcess:
    """``worker`` of deploy/Procfile (its INFO lines tell when it is ready)."""
    return start("worker", procfile_command("worker"), 0, production_env(LOG_LEVEL="INFO", **env))


def start_ws(**env: str) -> ClubProcess:
    port = closed_port()
    return start(
        "ws",
        procfile_command("ws", **{"-b": "127.0.0.1", "-p": str(port)}),
        port,
        production_env(**env),
    )


def start_runserver(**env: str) -> ClubProcess:
    """``manage.py runserver``, the server of embedded mode (``make run``), on the production
    environment: which WebSocket server it runs does not depend on the settings, and these
    spare the developer's SQLite file."""
    port = closed_port()
    command = [str(BIN / "python"), "manage.py", "runserver", "--noreload", f"127.0.0.1:{port}"]
    return start("runserver", command, port, production_env(**env))


class Club:
    """The processes a test started."""

    def __init__(self) -> None:
        self.processes: list[ClubProcess] = []

    def web(self, **env: str) -> ClubProcess:
        self.processes.append(start_web(**env))
        return self.processes[-1]

    def ws(self, **env: str) -> ClubProcess:
        self.processes.append(start_ws(**env))
        return self.processes[-1]

    def runserver(self, **env: str) -> ClubProcess:
        self.processes.append(start_runserver(**env))
        return self.processes[-1]

    def worker(self, **env: str) -> ClubProcess:
        self.processes.append(start_worker(**env))
        return self.processes[-1]

    def ready(self) -> None:
        for process in self.processes:
            process.wait_ready()

    def stop(self) -> None:
        for process in self.processes:  # all asked to stop at once, then each waited for
            if process.process.poll() is None:
                process.process.terminate()
        for process in self.processes:
            process.stop()
