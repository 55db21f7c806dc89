from django.apps import AppConfig


class MatchesConfig(AppConfig):
    name = "apps.matches"
    label = "matches"

    def ready(self) -> None:
        from apps.common.catalogue import RULE_STATUS, codes_register  # noqa: PLC0415

        from . import receivers  # noqa: F401, PLC0415 (connects the after-commit reactions)
        from .engine import CODES  # noqa: PLC0415
        from .variant_settings import variants_configure  # noqa: PLC0415

        codes_register(CODES, status=RULE_STATUS, topic="rules")
        variants_configure()  # the operator's settings, before any variant is made
