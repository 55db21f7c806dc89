from django.apps import AppConfig


class CommonConfig(AppConfig):
    name = "apps.common"

    def ready(self) -> None:
        from . import schema  # noqa: F401, PLC0415 (registers the OpenAPI auth extension)
