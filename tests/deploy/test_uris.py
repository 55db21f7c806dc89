"""A URI over the app's limit is a 414 problem, answered by the app under gunicorn as deployed;
one over gunicorn's request-line limit gets gunicorn's own 414 (docs/api.md, limits)."""

from __future__ import annotations

import http.client
import json

import pytest
from django.test import Client

from apps.common.uris import MAX_URI_LENGTH
from tests.deploy.servers import Club

pytestmark = pytest.mark.django_db(transaction=True)
PROBLEM = "application/problem+json"


def uri_of_length(length: int) -> str:
    path = "/api/v1/errors/?q="
    return path + "x" * (length - len(path))


def get(port: int, uri: str) -> tuple[int, str | None, bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=20)
    connection.request("GET", uri)
    answer = connection.getresponse()
    result = answer.status, answer.getheader("Content-Type"), answer.read()
    connection.close()
    return result


def test_a_uri_over_the_limit_is_a_414_problem_under_gunicorn(club_processes: Club) -> None:
    web = club_processes.web()
    club_processes.ready()

    status, content_type, _ = get(web.port, uri_of_length(MAX_URI_LENGTH))
    assert status == 200

    status, content_type, body = get(web.port, uri_of_length(MAX_URI_LENGTH + 1))
    assert (status, content_type) == (414, PROBLEM)
    problem = json.loads(body)
    assert (problem["status"], problem["code"]) == (414, "uri_too_long")

    # over gunicorn's limit_request_line (4094 bytes with the method and the version)
    status, _, _ = get(web.port, uri_of_length(5000))
    assert status == 414


def test_a_long_path_counts_too(client: Client) -> None:
    response = client.get("/api/v1/" + "a" * MAX_URI_LENGTH + "/")
    assert response.status_code == 414
    assert response["Content-Type"] == PROBLEM
    assert response.json()["code"] == "uri_too_long"
