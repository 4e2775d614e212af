from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class LaddersConfig(AppConfig):
    """Challenge ladders; results go through games' flow (the result_confirmed signal)."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "ladders"
    verbose_name = _("Ladders")

    def ready(self) -> None:
        from clubs import club_page
        from common.errors import register_sentence
        from ladders import club_section, receivers
        from ladders.messages import sentence
        from ladders.rules import LadderError

        receivers.connect()
        club_page.register(club_section.section)
        register_sentence(LadderError, sentence)
