"""How big the property and random-walk tests run: pull-request sizes by default, the full
sizes nightly.

``SNAPSZER_TESTS=nightly`` (``make test-nightly``) selects the nightly profile; unset, or
``pr``, the pull-request one (``make test``). Two things follow from it:

- Hypothesis's profile (``tests/conftest.py`` loads it): the examples of a ``@given`` test
  with no ``max_examples`` of its own, and in both profiles no per-example deadline and no
  "too slow" health check, which measure the wall clock and fail on a busy machine.
- ``size(pr, nightly)``: the length of a hand-written random walk (N seeded matches, races,
  layouts) and the ``max_examples`` of a ``@given`` test that names its own, written as
  ``@settings(max_examples=size(60, 1200))`` so that a decorator never overrides the profile.

A PR size is chosen so that the property still runs a meaningful number of cases (the test
says why where it is not obvious); the nightly size is the one the test had before it ran on
every pull request. A failing case is reproduced at either size by its seed (Hypothesis
prints the ``@reproduce_failure`` blob; the walks take theirs from an environment variable).
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

PROFILES = ("pr", "nightly")
PROFILE = os.environ.get("SNAPSZER_TESTS", "pr") or "pr"
if PROFILE not in PROFILES:
    raise ValueError(f"SNAPSZER_TESTS={PROFILE!r}: one of {', '.join(PROFILES)}")
NIGHTLY = PROFILE == "nightly"

_STEADY = {
    "deadline": None,  # a wall-clock limit per example: no test asserts on the wall clock
    "suppress_health_check": [HealthCheck.too_slow],  # ... nor does a health check
    "print_blob": True,
}
settings.register_profile("pr", max_examples=50, **_STEADY)
settings.register_profile("nightly", max_examples=400, **_STEADY)


def load_profile() -> None:
    """Hypothesis's profile for this run (``SNAPSZER_TESTS``)."""
    settings.load_profile(PROFILE)


def size(pr: int, nightly: int) -> int:
    """The size of a property or random walk in this run: ``pr`` unless nightly."""
    return nightly if NIGHTLY else pr
