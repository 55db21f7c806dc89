from django.apps import AppConfig


class RankingConfig(AppConfig):
    name = "apps.ranking"
    label = "ranking"
    verbose_name = "Ranking, matchmaking and the monthly tournament"
