"""The OpenAPI schema exercised against the real application (schemathesis): every operation
with generated requests, valid and invalid, as a signed-in player, against the real PostgreSQL
and Redis. No answer may be a server error, or differ from what the schema documents (status,
media type, body, headers); and a request the schema forbids (a wrong type, a missing field)
must be refused.

The size is bounded so that the suite stays within its time: a fixed seed (``derandomize``)
and ``ST_EXAMPLES`` examples per operation (default 8). The check that every schema-valid
request is accepted is left out: some valid-looking requests are refused by the rules of the
club (a stake you cannot pay, a player you cannot block), which the schema cannot say.
"""

from __future__ import annotations

import os

import pytest
import schemathesis
from hypothesis import HealthCheck, Phase, settings
from schemathesis.specs.openapi.checks import positive_data_acceptance

from tests.conftest import MakePlayer, session_token_for
from tests.schema_check import schemathesis_schema

EXAMPLES = int(os.environ.get("ST_EXAMPLES", "8"))

schema = schemathesis_schema()


@pytest.fixture
def token(make_player: MakePlayer) -> str:
    return session_token_for(make_player().user)


@schema.parametrize()
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,
    suppress_health_check=list(HealthCheck),
    phases=[Phase.explicit, Phase.generate],
)
@pytest.mark.django_db(transaction=True)
def test_every_operation_answers_as_its_schema_says(case: schemathesis.Case, token: str) -> None:
    case.call_and_validate(
        headers={"X-Session-Token": token}, excluded_checks=[positive_data_acceptance]
    )
