"""Checking real API answers against the OpenAPI schema (used by the ``check`` fixture)."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

from drf_spectacular.generators import SchemaGenerator
from jsonschema import Draft202012Validator

Check = Callable[..., dict]


def json_schema(node: Any) -> Any:
    """OpenAPI 3.0 schema → JSON Schema 2020-12: ``nullable`` becomes a ``null`` alternative,
    and documented objects are closed, so an undocumented field fails the check. ``oneOf``
    becomes ``anyOf``: formats are not checked, so "" is both a blank string and a "uri"."""
    if isinstance(node, list):
        return [json_schema(n) for n in node]
    if not isinstance(node, dict):
        return node
    node = {("anyOf" if k == "oneOf" else k): json_schema(v) for k, v in node.items()}
    if node.get("type") == "object" and "properties" in node:
        node.setdefault("additionalProperties", False)
    if node.pop("nullable", False):
        return {"anyOf": [node, {"type": "null"}]}
    return node


def api_schema() -> dict[str, Any]:
    return SchemaGenerator().get_schema(request=None, public=True)


def response_checker(schema: dict[str, Any]) -> Check:
    """``check(response, path, method="get")``: asserts the answer's status, media type and body
    are documented for that operation, and returns the body."""
    components = json_schema(copy.deepcopy(schema["components"]["schemas"]))
    components["Problem"]["additionalProperties"] = True  # RFC 9457 extension members

    def check(response: Any, path: str, method: str = "get") -> dict:
        responses = schema["paths"][path][method]["responses"]
        code = str(response.status_code)
        assert code in responses, f"{method.upper()} {path}: {code} is not documented"
        media = response["Content-Type"].split(";")[0]
        content = responses[code]["content"]
        assert media in content, f"{method.upper()} {path} {code}: {media} not documented"
        body = response.json()
        root = {
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "components": {"schemas": components},
            **json_schema(content[media]["schema"]),
        }
        errors = sorted(Draft202012Validator(root).iter_errors(body), key=str)
        assert not errors, f"{method.upper()} {path} {code}: " + "; ".join(
            f"{list(e.absolute_path)}: {e.message}" for e in errors[:5]
        )
        return body

    return check


# 400s for a request the schema allows that depend on who sends it (your own id), which no
# schema can say: schemathesis' positive_data_acceptance spares them.
CALLER_RULES = {
    "cannot_block_self",
    "cannot_report_self",
    # what a display name may hold (names.py: visible letters, no hidden or control characters,
    # few accents, not reserved, not like another player's) is more than a JSON schema says
    "display_name_invisible",
    "display_name_hidden_character",
    "display_name_too_many_marks",
    "display_name_reserved",
    "display_name_taken",
}

# A request the schema forbids may also be refused for its size: 413 (a body over the limit)
# and 414 (a URI over the limit) are refusals too, besides schemathesis' default statuses.
REJECTIONS = ["400", "401", "403", "404", "405", "406", "409", "413", "414", "415", "422", "428"]


def schemathesis_schema() -> Any:
    """The API's schema loaded by schemathesis, calling the WSGI app in-process."""
    import schemathesis  # noqa: PLC0415 (only the schemathesis tests load it)
    from django.core.wsgi import get_wsgi_application  # noqa: PLC0415
    from schemathesis.config import SchemathesisConfig  # noqa: PLC0415

    config = SchemathesisConfig.from_dict(
        {"checks": {"negative_data_rejection": {"expected-statuses": [*REJECTIONS, "429", "5xx"]}}}
    )
    document = json.loads(json.dumps(api_schema(), default=str))
    loaded = schemathesis.openapi.from_dict(document, config=config)
    loaded.app = get_wsgi_application()
    return loaded
