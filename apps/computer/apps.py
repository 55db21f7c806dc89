from django.apps import AppConfig


class ComputerConfig(AppConfig):
    name = "apps.computer"
    label = "computer"

    def ready(self) -> None:
        from apps.bots.rosters import ROSTERS  # noqa: PLC0415 (names only: no decision code)
        from apps.matches.strengths import levels_register  # noqa: PLC0415

        from . import receivers  # noqa: F401, PLC0415 (the computer's move follows new events)

        for variant, roster in ROSTERS.items():
            levels_register(variant, roster.levels)
