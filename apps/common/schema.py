"""OpenAPI (drf-spectacular) pieces shared by the API modules. Documentation only: nothing here
runs while a request is answered.

- ``ProblemSerializer``: the ``application/problem+json`` body of every error (``errors.py``);
- ``problem_responses``: the error responses of an operation, from the codes it declares: their
  statuses and meanings come from the catalogue (``catalogue.py``), never written per view;
- ``XSessionTokenScheme``: the ``X-Session-Token`` security scheme of allauth's headless
  ``XSessionTokenAuthentication`` (drf-spectacular ships a terser one; this one wins by
  priority). ``CommonConfig.ready`` imports this module so the extension is registered.
"""

from __future__ import annotations

from collections.abc import Iterator

from drf_spectacular.authentication import SessionScheme
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from drf_spectacular.utils import OpenApiResponse
from rest_framework import serializers

from .catalogue import CATALOGUE, CODES
from .errors import CONTENT_TYPE, PROBLEM_BASE
from .inputs import PAGE_MINIMUMS
from .uris import MAX_URI_LENGTH


class ProblemSerializer(serializers.Serializer):
    """An error, as RFC 9457 problem details with a stable machine-readable ``code``."""

    type = serializers.URLField(help_text=f"{PROBLEM_BASE}<code>")
    title = serializers.CharField(help_text="short, human-readable summary")
    status = serializers.IntegerField(help_text="the HTTP status code")
    detail = serializers.CharField(help_text="human-readable explanation of this occurrence")
    code = serializers.ChoiceField(
        choices=CODES,
        help_text="stable code to branch on, e.g. version_conflict, not_your_turn, room_full; "
        "every code with its status and meaning: GET /api/v1/errors/",
    )

    def get_fields(self) -> dict[str, serializers.Field]:
        # ``errors`` is also the name of a serializer's own property: declared in the class, the
        # field would hide it for the type checker (DRF's metaclass takes it out of the class)
        return {
            **super().get_fields(),
            "errors": serializers.DictField(
                child=serializers.ListField(child=serializers.CharField()),
                required=False,
                help_text="invalid_input and the display_name_* codes: the messages per request "
                "field",
            ),
            "current_version": serializers.IntegerField(
                required=False, help_text="version_conflict only: the match's version now"
            ),
        }


# codes that many operations list, for ``problem_responses(*BODY_REFUSED, …)``
BODY_REFUSED = ("invalid_input", "parse_error")  # a body that fails validation, or is no JSON
ONLINE_BARRED = ("suspended", "banned")  # no online play for you now (moderation)


def problem_responses(*codes: str, **notes: str) -> dict[tuple[int, str], OpenApiResponse]:
    """The error responses of an operation for ``extend_schema``, from the error catalogue: each
    of ``codes`` under its status there (``{(status, "application/problem+json"): Problem}``),
    described by its meaning there, or by ``notes[code]`` where the operation says more. A
    code the catalogue lacks is a ``KeyError`` when the view's module is imported."""
    unknown = notes.keys() - set(codes)
    if unknown:
        raise ValueError(f"notes on codes the operation does not list: {sorted(unknown)}")
    lines: dict[int, list[str]] = {}
    for code in codes:
        entry = CATALOGUE[code]
        lines.setdefault(entry.status, []).append(f"`{code}`: {notes.get(code, entry.meaning)}")
    return {
        (status, CONTENT_TYPE): OpenApiResponse(ProblemSerializer, description="; ".join(said))
        for status, said in sorted(lines.items())
    }


class XSessionTokenScheme(OpenApiAuthenticationExtension):
    target_class = "apps.common.authentication.SessionTokenAuthentication"
    name = "XSessionTokenAuth"
    priority = 1

    def get_security_definition(self, auto_schema: object) -> dict:
        return {
            "type": "apiKey",
            "in": "header",
            "name": "X-Session-Token",
            "description": (
                "An allauth headless session token: `session_token` from "
                "`POST /api/v1/guests/`, or `meta.session_token` from the allauth app "
                "endpoints (`/_allauth/app/v1/auth/login`, `…/signup`, `…/email/verify`)."
            ),
        }


class CookieSessionScheme(SessionScheme):
    """The browser session (``authentication.SessionAuthentication``, DRF's that also speaks
    the player's language): documented as DRF's own."""

    target_class = "apps.common.authentication.SessionAuthentication"


# The answers every operation with a body may get before any view runs (errors.py turns both
# into problem+json): a body over DATA_UPLOAD_MAX_MEMORY_SIZE, and a body that is not JSON.
BODY_REFUSALS = {
    "413": "`payload_too_large`: the body is over 2.5 MB",
    "415": "`unsupported_media_type`: the body is not `application/json`",
}
# ... and every operation, body or not (uris.py).
URI_REFUSALS = {
    "414": f"`uri_too_long`: the URI (path and query) is over {MAX_URI_LENGTH} characters",
}
# ... and, where the club is served over HTTPS only, every call over plain HTTP (https.py).
HTTPS_REQUIRED = "`https_required`: the call came over plain HTTP (production serves HTTPS only)"


# What every operation may answer while PostgreSQL or Redis is down (errors.OUTAGES).
OUTAGE = "`service_unavailable`: PostgreSQL or Redis does not answer; try again after `Retry-After`"


def edge_responses(result: dict, generator: object, request: object, public: bool) -> dict:
    """drf-spectacular postprocessing hook: document the refusals of ``URI_REFUSALS``,
    ``HTTPS_REQUIRED`` and the outage 503 on every operation, those of ``BODY_REFUSALS`` on
    every operation that takes a body, and make "a URL or empty" mean one thing:
    drf-spectacular writes it as ``oneOf`` [URL, empty string], which an empty string matches
    twice (a URL's format is not checked by every validator), so the URL branch gets
    ``minLength: 1``."""
    problem = {CONTENT_TYPE: {"schema": {"$ref": "#/components/schemas/Problem"}}}
    retry = {"Retry-After": {"schema": {"type": "integer"}, "description": "seconds"}}
    for operation in _operations(result):
        responses = operation.setdefault("responses", {})
        responses.setdefault("503", {"description": OUTAGE, "content": problem, "headers": retry})
        refusals = URI_REFUSALS
        if "requestBody" in operation:
            refusals = {**URI_REFUSALS, **BODY_REFUSALS}
        for status, description in refusals.items():
            responses.setdefault(status, {"description": description, "content": problem})
        forbidden = responses.setdefault("403", {"description": "", "content": problem})
        forbidden["description"] = "; ".join(
            filter(None, [forbidden["description"], HTTPS_REQUIRED])
        )
    _exclusive_blank_urls(result.get("components", {}).get("schemas", {}))
    return result


def _exclusive_blank_urls(node: object) -> None:
    if isinstance(node, dict):
        branches = node.get("oneOf")
        if isinstance(branches, list) and any(b.get("maxLength") == 0 for b in branches):
            for branch in branches:
                if branch.get("format") == "uri":
                    branch.setdefault("minLength", 1)
        for value in node.values():
            _exclusive_blank_urls(value)
    elif isinstance(node, list):
        for value in node:
            _exclusive_blank_urls(value)


# --- requests: the schema refuses what the server refuses ---------------------------------
COMPONENTS = "#/components/schemas/"
# A URL a request sends, as a pattern within both what Django's URLValidator takes (a URLField)
# and RFC 3986 ("format: uri" alone allows URLs Django refuses: a host label over 63
# characters, none with a dot): http(s), two to four host labels of 1 to 63 letters, digits
# and inner hyphens (the host stays under its 253 characters), an optional port, then a path
# and query of up to 89 of RFC 3986's characters ("%" only as an escape, which counts as one).
# No newline: a pattern's "$" would let one through at the end. At most 498 characters in
# all: a field's maxLength (500) is out of the pattern's reach, which schemathesis sees at
# once; at a length the pattern can reach, its search for a string of exactly that length
# takes minutes.
_LABEL = "[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
_CHAR = "(?:[A-Za-z0-9._~!$&'()*+,;=:@/?-]|%[0-9A-Fa-f]{2})"
REQUEST_URL = (
    rf"^(?!.*\n)https?://(?:{_LABEL}\.){{1,3}}[A-Za-z]{{2,24}}(?::[0-9]{{1,5}})?"
    rf"(?:[/?]{_CHAR}{{0,89}})?$"
)
# A character that stripping keeps at either end of a text, other than a NUL (which DRF's
# CharField refuses anywhere).
_KEPT = r"[^\s\x00]"


def stripped_text(least: int, most: int | None) -> str:
    """The pattern of a text a request sends, as DRF's CharField takes it (and the chat, which
    strips its text itself): no NUL, and ``least`` to ``most`` characters (``None``: no limit)
    once the whitespace at either end is stripped, however much of it there is."""
    if most == 0:
        return r"^\s*$"
    core = _KEPT  # the first kept character, and the last
    if most != 1:
        rest = rf"[^\x00]{{{max(least, 2) - 2},{'' if most is None else most - 2}}}{_KEPT}"
        core += f"(?:{rest})?" if least <= 1 else rest
    if least == 0:
        core = f"(?:{core})?"
    return rf"^\s*{core}\s*$"


def strict_requests(result: dict, generator: object, request: object, public: bool) -> dict:
    """drf-spectacular postprocessing hook: a request the schema allows is one the server takes
    (as far as a schema can say; tests/test_schemathesis.py sends such requests and expects
    none refused as invalid):

    - every request body is closed (``additionalProperties: false``): a ``BodySerializer``
      refuses a field it does not know (``inputs.py``);
    - a page's ``limit`` and ``offset`` have their ``minimum`` (``inputs.PAGE_MINIMUMS``);
    - a URL in a request body matches ``REQUEST_URL`` (in place of ``format: uri``), other
      text ``stripped_text``: its ``minLength`` and ``maxLength`` count the characters once
      stripped (DRF's), which no length of the raw text says, so they move into the pattern
      (and the description).
    """
    for operation in _operations(result):
        for parameter in operation.get("parameters", []):
            least = PAGE_MINIMUMS.get(parameter["name"])
            if parameter["in"] == "query" and least is not None:
                parameter["schema"]["minimum"] = least
    schemas = result.get("components", {}).get("schemas", {})
    for body in request_bodies(result):
        body["additionalProperties"] = False
        _request_strings(body)
        for nested in _nested_objects(body, schemas):  # an object inside a body (a seed)
            nested["additionalProperties"] = False
    return result


def _nested_objects(body: dict, schemas: dict) -> Iterator[dict]:
    """The request serializers' components a request body's properties refer to (``allOf``
    with one ``$ref`` included, as a described field is written): a nested input's object."""
    for field in body.get("properties", {}).values():
        refs = [field, *field.get("allOf", [])]
        for name in (r["$ref"].removeprefix(COMPONENTS) for r in refs if "$ref" in r):
            component = schemas.get(name, {})
            # (a declared shape the engine also answers with is one object under two names:
            # left as declared)
            shared = component is schemas.get(name.removesuffix("Request"))
            if name.endswith("Request") and component.get("type") == "object" and not shared:
                yield component


def _operations(result: dict) -> Iterator[dict]:
    for operations in result.get("paths", {}).values():
        for operation in operations.values():
            if isinstance(operation, dict):
                yield operation


def request_bodies(result: dict) -> list[dict]:
    """The components that are the request bodies of the schema's operations (each once)."""
    schemas = result.get("components", {}).get("schemas", {})
    names = {
        media["schema"]["$ref"].removeprefix(COMPONENTS)
        for operation in _operations(result)
        for media in operation.get("requestBody", {}).get("content", {}).values()
    }
    return [schemas[name] for name in sorted(names)]


def _request_strings(node: object) -> None:
    if isinstance(node, dict):
        if node.get("format") == "uri":
            # the pattern says more than the format; both, and schemathesis spends seconds
            # looking for a string that matches the pattern but is not a URI
            del node["format"]
            node["pattern"] = REQUEST_URL
            node.setdefault("description", "an http(s) URL")
        elif node.get("type") == "string" and not {"pattern", "format", "enum"} & node.keys():
            least, most = node.pop("minLength", 0), node.pop("maxLength", None)
            node["pattern"] = stripped_text(least, most)
            if most is not None:
                length = f"{least} to {most}" if least else f"at most {most}"
                said = f"{length} characters once stripped" if most else "blank"
                node["description"] = "; ".join(filter(None, [node.get("description"), said]))
        for value in node.values():
            _request_strings(value)
    elif isinstance(node, list):
        for value in node:
            _request_strings(value)
