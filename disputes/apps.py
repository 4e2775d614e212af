from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class DisputesConfig(AppConfig):
    """Disputed moves and results, checked by the engine in a Celery worker."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "disputes"
    label = "disputes"
    verbose_name = _("Disputes")

    def ready(self) -> None:
        # receivers connect the signal receivers; services queue the task by its name
        from disputes import console, receivers, tasks  # noqa: F401
        from tournaments import console_sections

        console_sections.register("disputes", console.section)
