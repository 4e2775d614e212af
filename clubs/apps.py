from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ClubsConfig(AppConfig):
    """People: clubs, players, memberships and the permission rules (the bottom app)."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "clubs"
    verbose_name = _("Clubs and players")

    def ready(self) -> None:
        from clubs.errors import PeopleError
        from clubs.messages import error_text
        from common.errors import register_sentence

        register_sentence(PeopleError, error_text)
