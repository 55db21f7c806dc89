"""A body over the size limit, sent to gunicorn as deployed: the client gets the whole 413
problem, and its keep-alive connection serves the next request; a body too large to be read
and thrown away gets the 413 with ``Connection: close`` and then a clean end of the stream."""

from __future__ import annotations

import http.client
import json
import socket

import pytest
from django.conf import settings

from apps.common.bodies import DRAINED_BODY_LIMIT
from tests.deploy.servers import Club

pytestmark = pytest.mark.django_db(transaction=True)
PROBLEM = "application/problem+json"


def oversized_body(size: int) -> bytes:
    return b'{"display_name": "' + b"x" * (size - 20) + b'"}'


def assert_too_large(status: int, content_type: str | None, body: bytes) -> None:
    assert status == 413
    assert content_type == PROBLEM
    problem = json.loads(body)
    assert (problem["status"], problem["code"]) == (413, "payload_too_large")


def test_after_a_413_the_keep_alive_connection_serves_the_next_request(
    club_processes: Club,
) -> None:
    web = club_processes.web()
    club_processes.ready()
    connection = http.client.HTTPConnection("127.0.0.1", web.port, timeout=20)
    body = oversized_body(settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 500_000)
    assert len(body) < DRAINED_BODY_LIMIT

    connection.request("POST", "/api/v1/guests/", body, {"Content-Type": "application/json"})
    refused = connection.getresponse()
    assert_too_large(refused.status, refused.getheader("Content-Type"), refused.read())
    assert refused.getheader("Connection") == "keep-alive"
    used = connection.sock

    connection.request("GET", "/api/v1/errors/")  # the same connection
    answer = connection.getresponse()
    assert answer.status == 200, answer.read()
    codes = json.loads(answer.read())["codes"]
    assert "payload_too_large" in {entry["code"] for entry in codes}
    assert connection.sock is used
    connection.close()


def test_a_body_too_large_to_drain_gets_its_413_and_a_clean_close(club_processes: Club) -> None:
    """The client has sent a little of a body it announced as huge: it reads the whole
    answer, told the connection closes, then the end of the stream (not a reset)."""
    web = club_processes.web()
    club_processes.ready()
    declared = DRAINED_BODY_LIMIT + 1
    head = (
        f"POST /api/v1/guests/ HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        f"Content-Type: application/json\r\nContent-Length: {declared}\r\n\r\n"
    ).encode()
    with socket.create_connection(("127.0.0.1", web.port), timeout=20) as client:
        client.sendall(head + oversized_body(32 * 1024))
        received = b""
        while chunk := client.recv(65536):  # b"": the server's FIN
            received += chunk
    response_head, _, body = received.partition(b"\r\n\r\n")
    lines = response_head.decode().split("\r\n")
    headers = {k.lower(): v.strip() for k, v in (line.split(":", 1) for line in lines[1:])}
    assert lines[0].startswith("HTTP/1.1 413")
    assert headers["connection"] == "close"
    assert int(headers["content-length"]) == len(body)
    assert_too_large(413, headers["content-type"], body)
