from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "tournaments"
    verbose_name = _("Clubs and tournaments")

    def ready(self) -> None:
        from common.errors import register_sentence
        from tournaments import archive_links, receivers
        from tournaments.errors import TournamentError
        from tournaments.format_registry import load_formats
        from tournaments.messages import error_text
        from tournaments.views import embeds

        load_formats()
        receivers.connect()
        archive_links.connect()
        embeds.register()  # the pages a club may embed (clubs.embeds)
        register_sentence(TournamentError, error_text)
