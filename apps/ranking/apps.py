from django.apps import AppConfig


class RankingConfig(AppConfig):
    name = "apps.ranking"
    label = "ranking"
    verbose_name = "Ranking, matchmaking and the monthly tournament"

    def ready(self) -> None:
        from . import settlement  # noqa: F401, PLC0415 (settles ranked matches as they end)
