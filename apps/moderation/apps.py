from django.apps import AppConfig


class ModerationConfig(AppConfig):
    name = "apps.moderation"
    label = "moderation"

    def ready(self) -> None:
        from apps.common.policies import online_guard_register  # noqa: PLC0415

        from .guards import require_online_allowed  # noqa: PLC0415

        online_guard_register(require_online_allowed)
