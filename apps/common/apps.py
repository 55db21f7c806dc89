from django.apps import AppConfig


class CommonConfig(AppConfig):
    name = "apps.common"

    def ready(self) -> None:
        from . import schema  # noqa: F401, PLC0415 (registers the OpenAPI auth extension)
        from .logs import celery_signals_connect  # noqa: PLC0415

        celery_signals_connect()  # tasks carry the request id of the request that sent them
