from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AnalysisConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "analysis"
    verbose_name = _("Match analysis")

    def ready(self) -> None:
        from analysis import receivers, tasks  # noqa: F401  (the outbox finds the task by name)

        receivers.connect()
