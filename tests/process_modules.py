"""What a fresh web process loads: the ``apps.`` modules in ``sys.modules`` after Django's set-up
and the given imports, in a new interpreter (so nothing an earlier test imported counts)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def modules_loaded_by(imports: str) -> list[str]:
    """``imports``: the modules to import, comma-separated, as an ``import`` statement takes
    them."""
    code = (
        "import json, sys, django; django.setup()\n"
        f"import {imports}\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.startswith('apps.'))))\n"
    )
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings.test"}
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    )
    return list(json.loads(out.stdout.strip().splitlines()[-1]))
