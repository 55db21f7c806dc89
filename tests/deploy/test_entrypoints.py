"""The process entry points name their settings: a production process (gunicorn, daphne, a
Celery worker or beat) without ``DJANGO_SETTINGS_MODULE`` refuses to start rather than run on
the embedded settings (SQLite, eager Celery). ``manage.py`` (``make run``) stays embedded."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.deploy.conftest import ROOT, run_python

BIN = Path(sys.executable).parent
REFUSED = "DJANGO_SETTINGS_MODULE is not set"


@pytest.mark.parametrize("module", ["config.asgi", "config.wsgi", "config.celery"])
def test_an_entry_point_refuses_to_start_without_settings(module: str) -> None:
    done = run_python(f"import {module}", env={})
    assert done.returncode != 0
    assert REFUSED in done.stderr, done.stderr


def test_a_celery_process_refuses_to_start_without_settings() -> None:
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    done = subprocess.run(
        [BIN / "celery", "-A", "config", "report"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode != 0
    assert REFUSED in done.stdout + done.stderr, done.stdout + done.stderr


def test_the_entry_points_run_on_the_settings_they_are_given() -> None:
    done = run_python(
        "import config.asgi, config.wsgi; from config.celery import app;"
        " from django.conf import settings;"
        " print(settings.SETTINGS_MODULE, settings.DATABASES['default']['ENGINE'],"
        " app.conf.task_always_eager)",
        env={"DJANGO_SETTINGS_MODULE": "config.settings.production"},
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == [
        "config.settings.production",
        "django.db.backends.postgresql",
        "False",
    ]


def test_manage_py_stays_embedded_without_settings() -> None:
    """``make run`` (``manage.py runserver``, which loads ``config.asgi``) needs no variable."""
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    done = subprocess.run(
        [
            sys.executable,
            "manage.py",
            "shell",
            "-c",
            "import config.asgi; from django.conf import settings; print(settings.SETTINGS_MODULE)",
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "config.settings.embedded"
