from django.apps import AppConfig


class MatchesConfig(AppConfig):
    name = "apps.matches"
    label = "matches"

    def ready(self) -> None:
        from . import receivers  # noqa: F401, PLC0415 (connects the after-commit reactions)
