from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "apps.accounts"
    label = "accounts"

    def ready(self) -> None:
        from . import receivers  # noqa: F401, PLC0415 (a guest becomes a member once verified)
