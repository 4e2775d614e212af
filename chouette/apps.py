from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ChouetteConfig(AppConfig):
    """The Django side of chouettes; the rules themselves are the pure modules beside it."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "chouette"
    label = "chouette"
    verbose_name = _("Chouettes")

    def ready(self) -> None:
        from chouette import archive_links, club_section
        from clubs import club_page

        club_page.register(club_section.section)
        archive_links.connect()
        from chouette.core.errors import ChouetteError
        from chouette.messages import describe
        from common.errors import register_sentence

        # Players appear by id here; the API and pages tell them by name where they can.
        register_sentence(ChouetteError, lambda error: describe(error, {}))  # type: ignore[arg-type]
