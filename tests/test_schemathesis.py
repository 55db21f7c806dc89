"""The OpenAPI schema exercised against the real application (schemathesis): every operation
with generated requests, valid and invalid, as a signed-in player, against the real PostgreSQL
and Redis. No answer may be a server error, or differ from what the schema documents (status,
media type, body, headers); a refusal is problem+json with a catalogued code; a request the
schema forbids (a wrong type, a missing field, an unknown one) must be refused; and a request
the schema allows must not be refused as invalid (schemathesis' ``positive_data_acceptance``:
no 400, the schema is as strict as the server). The club's rules may still refuse it with
their own statuses (a stake you cannot pay, a room that is full: 403, 404, 409); the 400s that
depend on who asks, which no schema can say, are ``CALLER_RULES``.

The size is bounded so that the suite stays within its time: a fixed seed (``derandomize``)
and ``ST_EXAMPLES`` examples per operation (default 8); every phase runs (the schema's
examples, the coverage phase's edge cases, generated requests), valid and invalid.

Each operation is one pytest item, and every case it runs is checked twice over: by the
assertions written here (no 5xx, a documented status, problem+json with a catalogued code for
a refusal) and by schemathesis' checks (``validate_response`` raises on any difference from the
schema). When an operation's cases have run, ``exercised`` asserts that enough were sent;
``test_the_run_covers_every_operation`` asserts that every documented operation is one of the
items, the API's main ones among them.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
import schemathesis
from hypothesis import HealthCheck, Phase, settings
from schemathesis.specs.openapi.checks import positive_data_acceptance

from apps.common.catalogue import CATALOGUE
from tests.conftest import MakePlayer, session_token_for
from tests.schema_check import CALLER_RULES, api_schema, schemathesis_schema
from tests.sizes import size
from tests.test_openapi import EXPECTED_OPERATIONS

EXAMPLES = int(os.environ.get("ST_EXAMPLES", size(8, 30)))
PROBLEM = "application/problem+json"

schema = schemathesis_schema()


@pytest.fixture
def token(make_player: MakePlayer) -> str:
    return session_token_for(make_player().user)


@pytest.fixture
def exercised() -> Iterator[list[int]]:
    """The statuses of one operation's cases (one pytest item runs them all). With the default
    8 examples each operation sends 10 to 90 cases (the schema's examples, valid and invalid
    requests, other methods); fewer than 8 would be a run that barely exercised it."""
    statuses: list[int] = []
    yield statuses
    assert len(statuses) >= min(EXAMPLES, 8), f"only {len(statuses)} cases sent: {statuses}"


@schema.parametrize()
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,
    suppress_health_check=list(HealthCheck),
    phases=[Phase.explicit, Phase.generate],
)
@pytest.mark.django_db(transaction=True)
def test_every_operation_answers_as_its_schema_says(
    case: schemathesis.Case, token: str, exercised: list[int]
) -> None:
    headers = {"X-Session-Token": token}
    response = case.call(headers=headers)
    status = response.status_code
    label = case.operation.label
    assert status < 500, f"{label} answered {status}: {response.text[:500]}"
    method = case.method.upper()
    if method == "OPTIONS":
        pass  # DRF's and CORS' own answer, undocumented: only no server error
    elif method != case.operation.method.upper():  # a method the schema does not list
        assert status == 405, f"{method} {case.path} answered {status}, not 405"
        assert case.operation.method.upper() in response.headers["allow"][0], response.headers
    else:
        documented = case.operation.definition.raw["responses"]
        assert str(status) in documented, f"{label} answered {status}, not in {list(documented)}"
    code = None
    if status >= 400:
        assert response.headers["content-type"][0].startswith(PROBLEM), (label, response.headers)
        code = response.json()["code"]
        assert code in CATALOGUE, f"{label} answered {status} with {code!r}, not catalogued"
    spared = [positive_data_acceptance] if code in CALLER_RULES else []
    case.validate_response(response, headers=headers, excluded_checks=spared)
    exercised.append(status)


def test_the_run_covers_every_operation() -> None:
    """The parametrization above is one item per operation of the schema, the API's main
    operations (``test_openapi.EXPECTED_OPERATIONS``) among them."""
    operations = {
        (op.path, op.method) for op in (result.ok() for result in schema.get_all_operations())
    }
    documented = {
        (path, method)
        for path, item in api_schema()["paths"].items()
        for method in item
        if method in {"get", "post", "put", "patch", "delete"}
    }
    assert operations == documented
    assert operations >= EXPECTED_OPERATIONS
