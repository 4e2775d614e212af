from django.apps import AppConfig


class NardySiteConfig(AppConfig):
    """The project's wiring; its ready() adds the club page's data section."""

    name = "nardy_site"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from clubs import club_page
        from nardy_site.data import club_section

        club_page.register(club_section.section)
