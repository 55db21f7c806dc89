"""The embedded mode's slice of the suite (``tests/embedded``, the second command of
``make test``): the settings ``make run`` serves (SQLite, the in-memory channel layer, eager
Celery), with a test database file of its own and fast password hashing. Kati's think time,
which embedded mode sleeps inside the request, is zero here; the test of her timing injects a
sleep of its own (``apps.computer.pacing.sleep``) instead of waiting."""

import os
import tempfile
from pathlib import Path

from .embedded import *  # noqa: F403
from .embedded import DATABASES

# A file, as ``make run`` uses (several threads, ``BEGIN IMMEDIATE``), not SQLite's in-memory
# database; one per run, so two runs on one machine do not share it.
DATABASES["default"]["TEST"] = {
    "NAME": os.environ.get(
        "EMBEDDED_TEST_DATABASE",
        str(Path(tempfile.gettempdir()) / f"snapszer-embedded-test-{os.getpid()}.sqlite3"),
    )
}
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
GUEST_CREATE_RATE = "10000/hour"
# (the throttles count in Redis, which outlives a test; the rationing test sets its own rate)
HINT_RATE = "10000/min"
ACCOUNT_DELETE_RATE = "10000/min"
COMPUTER_THINK_SECONDS = {"*/*/*": 0.0}
