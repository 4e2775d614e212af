from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class DisputesConfig(AppConfig):
    """Disputed moves and results, checked by the engine in a Celery worker."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "disputes"
    label = "disputes"
    verbose_name = _("Disputes")

    def ready(self) -> None:
        from disputes import receivers  # noqa: F401  (connects the signal receivers)
        from disputes import tasks  # noqa: F401  (services queue its task by name)
