"""The API edges a client trips over (issue 24): every ``/api/`` answer is problem+json in every
mode, unrouted sockets are refused cleanly, CORS from the environment, the error catalogue
(served, in OpenAPI, in docs/api.md, complete), allauth's own specification, no unbounded echo
of input, the guest throttle as a setting, and docs that say what the server does."""

from __future__ import annotations

import ast
import json
import os
import re
import subprocess
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from channels.testing import WebsocketCommunicator
from django.http import HttpRequest, HttpResponse
from django.test import Client
from django.urls import path
from rest_framework import exceptions
from rest_framework.test import APIClient

from apps.chat import calls
from apps.common import middleware
from apps.common.catalogue import CATALOGUE, CODES
from apps.common.errors import Problem
from apps.matches.consumers import error_frame as _error_frame
from apps.matches.engine import rule_codes
from config.asgi import application
from config.urls import urlpatterns as project_urls
from tests.conftest import MakePlayer, Player
from tests.test_errors import assert_problem

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parent.parent
ORIGIN = "https://app.example.org"
HUGE = 2_000_000  # characters: a body just under DATA_UPLOAD_MAX_MEMORY_SIZE
SMALL = 2048  # bytes: the most a refusal of huge input may take


def _client_ip() -> str:
    n = uuid.uuid4().int
    return f"10.{n % 250 + 1}.{n // 250 % 250 + 1}.{n // 62500 % 250 + 1}"


# --- 1. every /api/ answer is problem+json, in every mode -----------------------------------


@pytest.fixture(params=[False, True], ids=["production", "debug"])
def debug(request: pytest.FixtureRequest, settings: Any) -> bool:
    """Both modes: production (DEBUG off) and embedded (``make run``: DEBUG on)."""
    settings.DEBUG = request.param
    return bool(request.param)


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("post", "/api/v1/guests"),
        ("get", "/api/v1/me"),
        ("patch", "/api/v1/me"),
        ("post", "/api/v1/matches/computer"),
        ("delete", "/api/v1/me"),
    ],
)
def test_a_url_without_its_trailing_slash_is_a_404_that_says_so(
    debug: bool, make_player: MakePlayer, method: str, path: str
) -> None:
    client = make_player().client
    response = getattr(client, method)(path, {}, format="json", HTTP_ACCEPT_LANGUAGE="en")

    problem = assert_problem(response, 404, "not_found")
    assert "slash" in problem["detail"]
    hungarian = getattr(client, method)(path, {}, format="json")
    assert "perjellel végződnek" in assert_problem(hungarian, 404, "not_found")["detail"]


@pytest.mark.parametrize(
    "path",
    ["/api/v1/nope/", "/api/nothing", "/api/", "/api/v1/matches/not-a-uuid/", "/api/v9/me/"],
)
def test_an_unknown_api_url_is_a_404_problem_for_every_method(
    debug: bool, make_player: MakePlayer, path: str
) -> None:
    client = make_player().client
    for method in ("get", "post", "put", "delete"):
        response = getattr(client, method)(path, HTTP_ACCEPT_LANGUAGE="en")
        problem = assert_problem(response, 404, "not_found")
        assert "slash" not in problem["detail"]


def _crash(request: HttpRequest) -> HttpResponse:
    raise RuntimeError("a bug")


urlpatterns = [path("api/v1/crash/", _crash), *project_urls]


def test_a_server_error_under_api_is_a_problem_even_in_debug_mode(
    debug: bool, settings: Any
) -> None:
    settings.ROOT_URLCONF = __name__
    client = Client(raise_request_exception=False)

    response = client.get("/api/v1/crash/")

    body = assert_problem(response, 500, "server_error")
    assert "a bug" not in json.dumps(body)


# --- 2. a socket nothing routes --------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("path", ["/ws/matches/not-a-uuid/", "/ws/nothing/", "/", "/ws/me/x/"])
async def test_a_socket_to_an_unrouted_path_is_refused_with_4404(path: str) -> None:
    socket = WebsocketCommunicator(application, path)

    connected, _ = await socket.connect(timeout=3)

    assert connected
    assert await socket.receive_json_from(timeout=3) == {"type": "error", "code": "not_found"}
    assert await socket.receive_output(timeout=3) == {"type": "websocket.close", "code": 4404}


# --- 3. CORS ---------------------------------------------------------------------------------


def _cors(response: Any) -> str | None:
    return response.headers.get("Access-Control-Allow-Origin")


def test_cors_is_off_by_default(anon: APIClient) -> None:
    response = anon.get("/api/v1/errors/", HTTP_ORIGIN=ORIGIN)
    preflight = anon.options(
        "/api/v1/me/", HTTP_ORIGIN=ORIGIN, HTTP_ACCESS_CONTROL_REQUEST_METHOD="GET"
    )

    assert response.status_code == 200 and _cors(response) is None
    assert _cors(preflight) is None


def test_an_allowed_origin_may_call_the_api(settings: Any, make_player: MakePlayer) -> None:
    settings.CORS_ALLOWED_ORIGINS = [ORIGIN]

    response = make_player().client.get("/api/v1/me/", HTTP_ORIGIN=ORIGIN)

    assert response.status_code == 200
    assert _cors(response) == ORIGIN
    assert "Access-Control-Allow-Credentials" not in response.headers  # tokens, no cookies
    assert "retry-after" in response.headers["Access-Control-Expose-Headers"].lower()


def test_another_origin_gets_no_cors_headers(settings: Any, make_player: MakePlayer) -> None:
    settings.CORS_ALLOWED_ORIGINS = [ORIGIN]

    response = make_player().client.get("/api/v1/me/", HTTP_ORIGIN="https://evil.example")

    assert _cors(response) is None


def test_a_preflight_is_answered_before_authentication(settings: Any, anon: APIClient) -> None:
    settings.CORS_ALLOWED_ORIGINS = [ORIGIN]

    response = anon.options(
        "/api/v1/matches/computer/",
        HTTP_ORIGIN=ORIGIN,
        HTTP_ACCESS_CONTROL_REQUEST_METHOD="POST",
        HTTP_ACCESS_CONTROL_REQUEST_HEADERS="x-session-token, content-type",
    )

    assert response.status_code == 200, response.content
    assert _cors(response) == ORIGIN
    allowed = {h.strip() for h in response.headers["Access-Control-Allow-Headers"].split(",")}
    assert {"x-session-token", "content-type"} <= allowed
    assert "POST" in response.headers["Access-Control-Allow-Methods"]


def test_cors_origins_and_the_guest_rate_come_from_the_environment() -> None:
    code = (
        "import django; django.setup(); from django.conf import settings; "
        "print(settings.CORS_ALLOWED_ORIGINS, settings.GUEST_CREATE_RATE)"
    )
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings.production",
        "CORS_ALLOWED_ORIGINS": "https://a.example,http://localhost:5173",
        "GUEST_CREATE_RATE": "5/minute",
    }

    out = subprocess.run(
        [sys.executable, "-c", code], env=env, cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout

    assert out.strip() == "['https://a.example', 'http://localhost:5173'] 5/minute"


# --- 4. the error catalogue ------------------------------------------------------------------


def test_the_catalogue_is_served_without_authentication(anon: APIClient, check: Any) -> None:
    anon.credentials(HTTP_X_SESSION_TOKEN="no-such-session")  # not even a bad token matters

    body = check(anon.get("/api/v1/errors/"), "/api/v1/errors/")

    served = {entry["code"]: (entry["status"], entry["meaning"]) for entry in body["codes"]}
    assert served == {e.code: (e.status, e.meaning) for e in CATALOGUE.values()}
    assert body["type_base"] + "not_found" == "https://snapszer.klub/problems/not_found"


def test_the_openapi_problem_code_is_the_catalogue_as_an_enum(schema: dict) -> None:
    schemas = schema["components"]["schemas"]
    code = schemas["Problem"]["properties"]["code"]
    ref = code["$ref"] if "$ref" in code else code["allOf"][0]["$ref"]

    assert ref == "#/components/schemas/ProblemCodeEnum"
    assert schemas["ProblemCodeEnum"]["enum"] == CODES


def _problem_classes() -> dict[str, tuple[int, str]]:
    """(status, default code) of every exception class that becomes a problem, by name (the
    URL conf imported above has imported every module that defines one)."""
    found: dict[str, tuple[int, str]] = {}

    def walk(cls: type, status: str, code: str) -> None:
        for sub in cls.__subclasses__():
            found.setdefault(sub.__name__, (getattr(sub, status), getattr(sub, code)))
            walk(sub, status, code)

    found["Problem"] = (Problem.status, Problem.code)
    walk(Problem, "status", "code")
    walk(exceptions.APIException, "status_code", "default_code")
    # errors.py maps every one to this
    found["ValidationError"] = found["InvalidQuery"] = (400, "invalid_input")
    found["AuthenticationFailed"] = (401, "authentication_failed")  # a 401, errors.py
    assert {"RateLimited", "TooManyRequests", "InsufficientCoins", "PayloadTooLarge"} <= set(found)
    return found


def _raised_codes() -> Iterator[tuple[str, int | None, str]]:
    """(code, status or None, where) of every error code raised in ``apps/``: Problem and
    DRF exceptions (with their class's status), rule violations, socket refusals, and the
    problems errors.py builds by hand."""
    classes = _problem_classes()

    def constant(node: ast.AST | None) -> Any:
        return node.value if isinstance(node, ast.Constant) else None

    for source in sorted((ROOT / "apps").rglob("*.py")):
        if "migrations" in source.parts:
            continue
        where = str(source.relative_to(ROOT))
        for node in ast.walk(ast.parse(source.read_text(), where)):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
            keywords = {k.arg: k.value for k in node.keywords}
            if name == "RuleViolation" and node.args:
                yield constant(node.args[0]), None, where
            elif (
                name == "_refuse" and len(node.args) == 2 and isinstance(node.args[1], ast.Constant)
            ):
                # (a code not written out is a Problem's, relayed: found where it is raised)
                yield node.args[1].value, None, where
            elif name == "problem_body" and isinstance(keywords["code"], ast.Constant):
                yield keywords["code"].value, constant(keywords["status_code"]), where
            elif name in classes and not (name == "NotFound" and "exceptions" in ast.unparse(func)):
                status, default = classes[name]
                if "code" not in keywords:
                    yield default, status, where
                elif isinstance(keywords["code"], ast.Constant):
                    yield keywords["code"].value, status, where


def test_every_code_raised_in_the_code_base_is_in_the_catalogue() -> None:
    raised = list(_raised_codes())
    assert len({code for code, _, _ in raised}) > 100  # the scan itself finds what we know of

    missing = {(code, where) for code, _, where in raised if code not in CATALOGUE}
    wrong_status = {
        (code, status, CATALOGUE[code].status, where)
        for code, status, where in raised
        if status is not None and code in CATALOGUE and CATALOGUE[code].status != status
    }

    assert not missing
    assert not wrong_status
    assert set(rule_codes()) <= set(CATALOGUE)  # the core's and every variant's


def test_the_codes_drf_and_django_answer_with_are_in_the_catalogue() -> None:
    """DRF's own refusals keep their default code (errors.py), and the middleware names the
    status of a page Django answers itself."""
    drf = [
        exceptions.ParseError,
        exceptions.NotAuthenticated,
        exceptions.PermissionDenied,
        exceptions.NotFound,
        exceptions.MethodNotAllowed,
        exceptions.NotAcceptable,
        exceptions.UnsupportedMediaType,
        exceptions.Throttled,
    ]
    for cls in drf:
        assert CATALOGUE[cls.default_code].status == cls.status_code, cls
    for status, code in middleware._CODES.items():
        assert CATALOGUE[code].status == status


def _documented_codes() -> dict[str, int]:
    text = (ROOT / "docs/api.md").read_text()
    section = text.split("## 11. Errors", 1)[1].split("\n## ", 1)[0]
    rows = re.findall(r"^\| (\d{3}) \| `([a-z_]+)` \|", section, flags=re.MULTILINE)
    return {code: int(status) for status, code in rows}


def test_the_error_table_in_docs_api_md_is_the_catalogue() -> None:
    assert _documented_codes() == {e.code: e.status for e in CATALOGUE.values()}


# --- 6. allauth's endpoints, documented ------------------------------------------------------


def test_allauths_own_specification_is_served_and_linked_from_api_docs(
    anon: APIClient, schema: dict
) -> None:
    spec = anon.get("/_allauth/openapi.json")
    page = anon.get("/api/docs/allauth/")

    assert spec.status_code == 200
    paths = json.loads(spec.content)["paths"]
    assert {"/_allauth/{client}/v1/auth/login", "/_allauth/{client}/v1/auth/signup"} <= set(paths)
    assert page.status_code == 200 and b"/_allauth/openapi.json" in page.content
    assert b"cdn" not in page.content.lower()  # Swagger UI's files come from the server
    assert "/api/docs/allauth/" in schema["info"]["description"]
    assert "/api/v1/errors/" in schema["info"]["description"]


# --- 7. no unbounded echo of input -----------------------------------------------------------


def _action(player: Player, match_id: str, action: Any) -> Any:
    body = {"action": action, "expected_version": 0, "client_move_id": "huge"}
    return player.client.post(f"/api/v1/matches/{match_id}/actions/", body, format="json")


@pytest.mark.parametrize(
    "action",
    [
        {"type": "play_card", "card": "P" * HUGE},
        {"type": "play_card", "card": ["PA"] * (HUGE // 8)},
        {"type": "P" * HUGE},
        {"type": "resign", "x" * HUGE: 1},
        {"type": "surrender", "confirm": "y" * HUGE},
    ],
    ids=["card", "card-list", "type", "field-name", "confirm"],
)
def test_a_huge_value_in_an_action_is_not_echoed(make_player: MakePlayer, action: Any) -> None:
    player = make_player(guest=True)
    match = player.client.post("/api/v1/matches/computer/", {}, format="json").json()

    response = _action(player, match["id"], action)

    problem = assert_problem(response, 400, "invalid_action")
    assert len(response.content) < SMALL
    assert "…" in problem["detail"]


@pytest.mark.parametrize("field", ["variant", "strength"])
def test_a_huge_variant_or_strength_is_not_echoed(make_player: MakePlayer, field: str) -> None:
    player = make_player(guest=True)

    response = player.client.post("/api/v1/matches/computer/", {field: "k" * HUGE}, format="json")

    problem = assert_problem(response, 400, f"unknown_{field}")
    assert len(response.content) < SMALL
    assert "…" in problem["detail"]


def test_a_huge_call_message_type_is_not_echoed_on_the_socket() -> None:
    caller = calls.Caller(str(uuid.uuid4()), 1, 0, "channel")
    kind = "call." + "x" * HUGE
    with pytest.raises(Problem) as refused:
        calls.call_command(caller, {"type": kind})

    frame = _error_frame(refused.value, kind, "en")

    assert frame["code"] == "unknown_message"
    assert len(json.dumps(frame)) < SMALL


# --- 8. the guest throttle is a setting ------------------------------------------------------


@pytest.mark.parametrize("allowed", [2, 4])
def test_the_guest_creation_rate_is_the_setting(settings: Any, allowed: int) -> None:
    settings.GUEST_CREATE_RATE = f"{allowed}/hour"
    client = APIClient(REMOTE_ADDR=_client_ip())

    def create() -> Any:
        client.cookies.clear()  # stay anonymous: each request asks for a new guest
        return client.post("/api/v1/guests/", {}, format="json")

    statuses = [create().status_code for _ in range(allowed)]

    assert statuses == [201] * allowed
    assert_problem(create(), 429, "throttled")


# --- 9. docs/api.md says what the server does ------------------------------------------------


def test_a_retry_with_another_expected_version_still_gets_the_first_answer(
    make_player: MakePlayer,
) -> None:
    player = make_player(guest=True)
    match = player.client.post("/api/v1/matches/computer/", {}, format="json").json()
    resign = {"action": {"type": "resign"}, "client_move_id": "r1"}
    url = f"/api/v1/matches/{match['id']}/actions/"

    first = player.client.post(url, {**resign, "expected_version": match["version"]}, format="json")
    again = player.client.post(url, {**resign, "expected_version": 999}, format="json")

    assert first.status_code == again.status_code == 200
    assert again.content == first.content


def _links(text: str) -> list[str]:
    inline = re.findall(r"\]\(([^)\s]+)\)", text)
    auto = re.findall(r"<(https?://[^>\s]+)>", text)
    return inline + auto


def test_the_docs_link_nothing_outside_the_repository() -> None:
    local = re.compile(r"^(https?://(127\.0\.0\.1|localhost)[:/]|#|[^:]+$)")
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]

    outside = {(p.name, link) for p in pages for link in _links(p.read_text())}
    outside = {(page, link) for page, link in outside if not local.match(link)}

    assert not outside


def test_docs_api_md_uses_the_port_make_run_serves() -> None:
    text = (ROOT / "docs/api.md").read_text()
    makefile = (ROOT / "Makefile").read_text()

    assert "8000" in makefile
    assert "8765" not in text
    assert "http://127.0.0.1:8000" in text
