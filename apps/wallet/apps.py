from django.apps import AppConfig


class WalletConfig(AppConfig):
    name = "apps.wallet"
    label = "wallet"

    def ready(self) -> None:
        from . import receivers  # noqa: F401, PLC0415 (opens a wallet at every sign-up)
