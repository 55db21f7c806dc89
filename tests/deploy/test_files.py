"""deploy/: the container image and the Compose file run exactly the Procfile's processes, with
the same commands (this test fails when they drift apart), and the proxy routes to the ports
those commands listen on."""

from __future__ import annotations

import json
import re
import shlex
import tomllib
from typing import Any

import yaml

from tests.deploy.conftest import DEPLOY, ROOT, procfile

#: The one-off step before a release's processes start (not a Procfile process).
RELEASE = "migrate"


def compose() -> dict[str, Any]:
    return yaml.safe_load((DEPLOY / "compose.yaml").read_text())["services"]  # type: ignore[no-any-return]


def app_services() -> dict[str, Any]:
    """The services that run the club's image."""
    services = compose()
    image = services["web"]["image"]
    return {name: s for name, s in services.items() if s.get("image") == image}


def as_text(command: str | list[str]) -> str:
    return command if isinstance(command, str) else shlex.join(command)


def test_compose_runs_the_procfiles_commands() -> None:
    services = compose()
    commands = procfile()
    assert set(commands) == {"web", "ws", "worker", "beat"}
    assert {name: as_text(services[name]["command"]) for name in commands} == commands


def test_compose_runs_no_process_the_procfile_does_not_name() -> None:
    assert set(app_services()) == set(procfile()) | {RELEASE}


def test_compose_has_what_each_process_needs() -> None:
    services = compose()
    assert {"postgres", "redis", "proxy"} <= set(services)
    for name, service in app_services().items():
        environment = service["environment"]
        assert environment["DJANGO_SETTINGS_MODULE"] == "config.settings.production", name
        assert environment["DATABASE_URL"].startswith("postgres://"), name
        assert "@postgres:5432/" in environment["DATABASE_URL"], name
        assert environment["REDIS_URL"].startswith("redis://redis:6379/"), name
        assert "DJANGO_SECRET_KEY" in environment, name
        needs = service["depends_on"]
        assert needs["postgres"]["condition"] == "service_healthy", name
        assert needs["redis"]["condition"] == "service_healthy", name
        if name != RELEASE:
            assert needs[RELEASE]["condition"] == "service_completed_successfully", name
    # web × N behind the proxy; exactly one beat in the whole deployment
    assert services["web"]["deploy"]["replicas"] >= 2
    assert services["beat"].get("deploy", {}).get("replicas", 1) == 1
    assert set(services["proxy"]["depends_on"]) >= {"web", "ws"}


def test_the_proxy_routes_to_the_ports_the_commands_listen_on() -> None:
    nginx = (DEPLOY / "nginx.conf").read_text()
    gunicorn = (DEPLOY / "gunicorn.conf.py").read_text()
    web_port = re.search(r'GUNICORN_BIND", "0\.0\.0\.0:(\d+)"', gunicorn)
    ws_port = re.search(r"-p (\d+)", procfile()["ws"])
    assert web_port and ws_port
    assert f"server web:{web_port[1]} " in nginx
    assert f"server ws:{ws_port[1]} " in nginx
    assert re.search(r"location /ws/ \{[^}]*proxy_pass http://ws;", nginx)
    assert "proxy_set_header X-Forwarded-Proto $forwarded_proto;" in nginx  # HTTPS_ONLY
    assert "proxy_set_header X-Request-ID $request_id;" in nginx


def test_the_proxy_forwards_the_address_it_saw_on_every_route() -> None:
    """nginx sets proxy_set_header of the server level only in locations that set none; each
    location must send the forwarded headers itself, X-Forwarded-For overwritten (a client's
    own value passed on would be taken for its address: TRUSTED_PROXY_COUNT=1)."""
    nginx = (DEPLOY / "nginx.conf").read_text()
    routes = re.findall(r"location (/\S*) \{([^}]*)\}", nginx)
    assert {path for path, _ in routes} == {"/", "/ws/"}
    for path, block in routes:
        sent = dict(re.findall(r"proxy_set_header (\S+) ([^;]+);", block))
        assert sent["X-Forwarded-For"] == "$remote_addr", path
        assert sent["Host"] == "$host", path
        assert sent["X-Forwarded-Proto"] == "$forwarded_proto", path
        assert sent["X-Request-ID"] == "$request_id", path
    assert "$proxy_add_x_forwarded_for" not in nginx
    for name, service in app_services().items():
        assert service["environment"]["TRUSTED_PROXY_COUNT"] == "1", name


def test_the_image_runs_the_web_command_by_default() -> None:
    dockerfile = (DEPLOY / "Dockerfile").read_text()
    cmd = re.search(r"^CMD (\[.*\])$", dockerfile, flags=re.MULTILINE)
    assert cmd and shlex.join(json.loads(cmd[1])) == procfile()["web"]
    # the Python the project asks for, the code where the commands' relative paths point
    python = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["requires-python"]
    assert ">=3.12" in python and re.search(r"^FROM python:3\.12", dockerfile, flags=re.MULTILINE)
    assert re.search(r"^WORKDIR /app$", dockerfile, flags=re.MULTILINE)
    assert "collectstatic" in dockerfile  # the hashed files the web client imports
    assert re.search(r"^USER (?!root)\w+", dockerfile, flags=re.MULTILINE)
    compose_build = compose()["web"]["build"]
    assert compose_build == {"context": "..", "dockerfile": "deploy/Dockerfile"}
