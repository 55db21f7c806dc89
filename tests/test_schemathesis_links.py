"""The OpenAPI links exercised as a client follows them (schemathesis' stateful run): make a
match against Kati, a room or a ticket, then read it, act in it, chat, seat Kati, cancel, poll —
with the ids the answers returned, against the real PostgreSQL and Redis. No answer may be a
server error or differ from the schema; and the run must really have reached the linked
operations with a live id (not only 404s).

Bounded like tests/test_schemathesis.py: a fixed seed, ``ST_STATEFUL_EXAMPLES`` scenarios
(default 40; 12 reached a live id too rarely to say anything) of at most 6 steps, over the
operations the links join."""

from __future__ import annotations

import os
from collections import Counter
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.specs.openapi.checks import ignored_auth, positive_data_acceptance

from tests.conftest import MakePlayer, session_token_for
from tests.schema_check import CALLER_RULES, schemathesis_schema
from tests.sizes import size

EXAMPLES = int(os.environ.get("ST_STATEFUL_EXAMPLES", size(40, 100)))
# A live match takes only its own game's actions, in their own shape: another game's action,
# or a `play_card` without its card (the one `Action` of every game allows both), is a 400
# the schema does not say. Every other request the schema allows must be taken.
SPARED = {"invalid_action", *CALLER_RULES}

# the operations the links join (matches, rooms, tickets): the rest of the API (blocks,
# reports, the wallet…) has no links, and tests/test_schemathesis.py calls every operation
schema = schemathesis_schema().include(path_regex=r"^/api/v1/(matches|rooms|matchmaking)/")


@pytest.mark.django_db(transaction=True)
def test_following_the_links_reaches_live_matches_rooms_and_tickets(
    make_player: MakePlayer,
) -> None:
    token = session_token_for(make_player().user)
    answers: Counter[tuple[str, int]] = Counter()

    class Client(schema.as_state_machine()):  # type: ignore[misc]
        def get_call_kwargs(self, case: schemathesis.Case) -> dict[str, Any]:
            return {"headers": {"X-Session-Token": token}}

        def after_call(self, response: Any, case: schemathesis.Case) -> None:
            answers[(f"{case.method} {case.path}", response.status_code)] += 1

        def validate_response(
            self, response: Any, case: schemathesis.Case, additional_checks: Any = None, **kw: Any
        ) -> None:
            # every call carries a real token here; the stateless run checks refusals of
            # missing or invalid ones (tests/test_schemathesis.py)
            excluded = [ignored_auth]
            if response.status_code == 400 and response.json()["code"] in SPARED:
                excluded.append(positive_data_acceptance)
            case.validate_response(
                response,
                additional_checks=additional_checks,
                excluded_checks=excluded,
                transport_kwargs=kw,
            )

    Client.run(
        settings=settings(
            max_examples=EXAMPLES,
            stateful_step_count=6,
            deadline=None,
            derandomize=True,
            suppress_health_check=list(HealthCheck),
        )
    )

    assert not [key for key in answers if key[1] >= 500]
    reached = {operation for (operation, status), _ in answers.items() if status != 404}
    # ids from the answers were used: the linked operations answered about a real match or room
    made = {"POST /api/v1/matches/computer/", "POST /api/v1/rooms/"} & reached
    assert made, answers
    linked = {
        "GET /api/v1/matches/{match_id}/",
        "POST /api/v1/matches/{match_id}/actions/",
        "GET /api/v1/matches/{match_id}/events/",
        "POST /api/v1/matches/{match_id}/chat/",
        "POST /api/v1/rooms/{match_id}/seats/",
        "POST /api/v1/rooms/{match_id}/cancel/",
    }
    assert len(linked & reached) >= 2, answers
