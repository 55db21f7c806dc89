from django.apps import AppConfig


class CommonConfig(AppConfig):
    name = "apps.common"

    def ready(self) -> None:
        # authentication: the receivers that tell every process of a logout or an account
        # change; schema: registers the OpenAPI auth extension
        from . import authentication, schema  # noqa: F401, PLC0415
        from .logs import celery_signals_connect  # noqa: PLC0415

        celery_signals_connect()  # tasks carry the request id of the request that sent them
