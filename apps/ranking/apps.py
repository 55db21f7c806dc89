from django.apps import AppConfig


class RankingConfig(AppConfig):
    name = "apps.ranking"
    label = "ranking"
    verbose_name = "Ranking, matchmaking and the monthly tournament"

    def ready(self) -> None:
        # settlement settles ranked matches as they end; receivers take a barred player out
        # of the queue
        from . import receivers, settlement  # noqa: F401, PLC0415
