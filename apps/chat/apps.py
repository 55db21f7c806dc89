from django.apps import AppConfig


class ChatConfig(AppConfig):
    name = "apps.chat"
    label = "chat"

    def ready(self) -> None:
        from apps.accounts.signals import account_closing  # noqa: PLC0415
        from apps.common.policies import block_check_register  # noqa: PLC0415

        from .selectors import blocked_between  # noqa: PLC0415
        from .services import blocks_forget  # noqa: PLC0415

        block_check_register(blocked_between)
        account_closing.connect(blocks_forget, dispatch_uid="chat.blocks_forget")
