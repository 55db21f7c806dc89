"""Fixtures of the match tests: ``sockets``, the test's match sockets (``ws_helpers.py``)."""

from tests.matches.ws_helpers import sockets  # noqa: F401 (a fixture)
