from django.apps import AppConfig


class BotsConfig(AppConfig):
    name = "apps.bots"
    label = "bots"

    def ready(self) -> None:
        from . import receivers  # noqa: F401, PLC0415 (the computer's move follows new events)
