from django.apps import AppConfig


class MatchesConfig(AppConfig):
    name = "apps.matches"
    label = "matches"

    def ready(self) -> None:
        from apps.common.catalogue import RULE_STATUS, codes_register  # noqa: PLC0415

        from . import receivers  # noqa: F401, PLC0415 (connects the after-commit reactions)
        from .engine import rule_codes  # noqa: PLC0415
        from .rule_texts import TEXTS  # noqa: PLC0415
        from .variant_settings import variants_configure  # noqa: PLC0415

        variants_configure()  # the operator's settings, before any variant is made
        codes_register(rule_codes(), status=RULE_STATUS, topic="rules", texts=TEXTS)
