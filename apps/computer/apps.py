from django.apps import AppConfig


class ComputerConfig(AppConfig):
    name = "apps.computer"
    label = "computer"

    def ready(self) -> None:
        from . import receivers  # noqa: F401, PLC0415 (the computer's move follows new events)
