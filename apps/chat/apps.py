from django.apps import AppConfig


class ChatConfig(AppConfig):
    name = "apps.chat"
    label = "chat"

    def ready(self) -> None:
        from apps.common.policies import block_check_register  # noqa: PLC0415

        from .selectors import blocked_between  # noqa: PLC0415

        block_check_register(blocked_between)
