from django.apps import AppConfig


class AnalysisConfig(AppConfig):
    name = "apps.analysis"
    label = "analysis"
    verbose_name = "Deal analysis: every decision of a finished deal valued"

    def ready(self) -> None:
        from . import receivers  # noqa: F401, PLC0415 (a finished deal is analysed)
