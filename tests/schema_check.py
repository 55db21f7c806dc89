"""Checking real API answers against the OpenAPI schema (used by the ``check`` fixture)."""

from __future__ import annotations

import copy
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
