"""The analysis app's web side (the view, the receiver, the URLs) loads no search: the C search
and the analysis itself are imported by the worker that makes an analysis, never by the web
process that serves one."""

from __future__ import annotations

from tests.process_modules import modules_loaded_by


def test_the_web_side_of_the_analysis_loads_no_search() -> None:
    loaded = modules_loaded_by("apps.analysis.api, apps.analysis.receivers, apps.analysis.urls")
    assert "apps.analysis.services" in loaded
    assert "apps.bots.analysis" not in loaded
    assert "apps.bots._search" not in loaded
