"""deploy/gunicorn.conf.py as gunicorn reads it: each instance on a host has a control socket
of its own (gunicorn's default is one path per user, so a second instance took the first's)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from gunicorn.app.base import Application

from tests.deploy.conftest import ROOT, closed_port

CONFIG = ROOT / "deploy/gunicorn.conf.py"
ENV = ("GUNICORN_BIND", "GUNICORN_CONTROL_SOCKET", "XDG_RUNTIME_DIR")


class _Probe(Application):
    def load_config(self) -> None:  # no command line: only the file
        pass

    def load(self) -> Any:
        return None


def gunicorn_config(monkeypatch: pytest.MonkeyPatch, **env: str) -> Any:
    """gunicorn's settings after it read the config file in this environment."""
    for name in ENV:
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    probe = _Probe()
    probe.load_config_from_file(str(CONFIG))
    return probe.cfg


def test_each_bind_address_has_its_own_control_socket(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    runtime = str(tmp_path)
    first = gunicorn_config(monkeypatch, GUNICORN_BIND="0.0.0.0:8000", XDG_RUNTIME_DIR=runtime)
    second = gunicorn_config(monkeypatch, GUNICORN_BIND="0.0.0.0:8001", XDG_RUNTIME_DIR=runtime)
    unix = gunicorn_config(monkeypatch, GUNICORN_BIND="unix:/run/club/web.sock")
    sockets = {first.control_socket, second.control_socket, unix.control_socket}
    assert len(sockets) == 3
    assert Path(first.control_socket).parent == tmp_path
    assert not (first.control_socket_disable or second.control_socket_disable)


def test_the_control_socket_can_be_named_or_turned_off(monkeypatch: pytest.MonkeyPatch) -> None:
    named = gunicorn_config(monkeypatch, GUNICORN_CONTROL_SOCKET="/run/club/web-a.ctl")
    assert named.control_socket == "/run/club/web-a.ctl"
    assert gunicorn_config(monkeypatch, GUNICORN_CONTROL_SOCKET="off").control_socket_disable


def test_two_instances_on_one_host_each_keep_their_control_socket(tmp_path: Path) -> None:
    """Two gunicorns of the same configuration started side by side (production settings on
    plain HTTP): each one's control socket answers ``gunicornc`` for its own master."""
    bin_dir = Path(sys.executable).parent
    base = {k: v for k, v in os.environ.items() if k not in ENV}
    env = {
        **base,
        "DJANGO_SETTINGS_MODULE": "config.settings.production",
        "HTTPS_ONLY": "false",
        "GUNICORN_WORKERS": "1",
        "XDG_RUNTIME_DIR": str(tmp_path),
    }
    ports = [closed_port(), closed_port()]
    servers = [
        subprocess.Popen(
            [bin_dir / "gunicorn", "config.wsgi:application", "-c", str(CONFIG)],
            cwd=ROOT,
            env={**env, "GUNICORN_BIND": f"127.0.0.1:{port}"},
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        for port in ports
    ]
    try:
        sockets = sorted(tmp_path.glob("*.ctl"))
        deadline = time.monotonic() + 30
        while len(sockets) < 2 and time.monotonic() < deadline:
            time.sleep(0.2)
            sockets = sorted(tmp_path.glob("*.ctl"))
        assert len(sockets) == 2, sockets
        masters = set()
        for socket in sockets:
            status = subprocess.run(
                [bin_dir / "gunicornc", "-s", str(socket), "-c", "show stats", "-j"],
                capture_output=True,
                text=True,
                timeout=30,
                check=False,
            )
            assert status.returncode == 0, status.stdout + status.stderr
            masters.add(json.loads(status.stdout)["pid"])
        assert masters == {server.pid for server in servers}
    finally:
        for server in servers:
            server.terminate()
        for server in servers:
            server.wait(timeout=30)
