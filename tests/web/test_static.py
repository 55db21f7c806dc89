"""Production's static files: every module of the web client gets a hashed name, and the
modules import one another by those names (a release never mixes old and new modules)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from django.core.management import call_command

# a module's imports of its neighbours and of modules in other folders ("./x.js", "../x.js")
IMPORT = re.compile(r"""(?:import|from)\s*["']((?:\.\.?/)+[^"']+)["']""")


def test_collectstatic_hashes_the_client_and_rewrites_its_imports(
    settings: Any, tmp_path: Path
) -> None:
    settings.STATIC_ROOT = tmp_path
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "apps.web.storage.ClubStaticFilesStorage"},
    }
    call_command("collectstatic", interactive=False, verbosity=0)

    paths = json.loads((tmp_path / "staticfiles.json").read_text())["paths"]
    modules = {
        name: hashed
        for name, hashed in paths.items()
        if name.startswith("web/") and name.endswith(".js")
    }
    assert {"web/app.js", "web/table.js", "web/match_client.js", "web/cards.js"} <= set(modules)
    hashed_names = {Path(hashed).name for hashed in modules.values()}
    imports = 0
    for hashed in modules.values():
        for target in IMPORT.findall((tmp_path / hashed).read_text()):
            imports += 1
            assert Path(target).name in hashed_names, f"{hashed} imports {target}"
    assert imports >= 10
    assert (tmp_path / (modules["web/app.js"] + ".gz")).exists()
