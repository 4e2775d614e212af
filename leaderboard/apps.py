from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class LeaderboardConfig(AppConfig):
    """Ratings and GP-style rankings: its own app so its migrations stand apart."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "leaderboard"
    label = "leaderboard"
    verbose_name = _("Ratings and rankings")

    def ready(self) -> None:
        from common.errors import register_sentence
        from leaderboard import receivers
        from leaderboard.messages import error_message
        from tournaments.errors import RankingError

        receivers.connect()
        register_sentence(RankingError, error_message)
