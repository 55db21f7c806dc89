"""The analysis app's web side (the view, the receiver, the URLs) loads no search: the C search
and the analysis itself are imported by the worker that makes an analysis, never by the web
process that serves one."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_web_side_of_the_analysis_loads_no_search() -> None:
    code = (
        "import json, sys, django; django.setup()\n"
        "import apps.analysis.api, apps.analysis.receivers, apps.analysis.urls\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.startswith('apps.'))))\n"
    )
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings.test"}
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    )
    loaded = json.loads(out.stdout.strip().splitlines()[-1])
    assert "apps.analysis.services" in loaded
    assert "apps.bots.analysis" not in loaded
    assert "apps.bots._search" not in loaded
