from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class NotificationsConfig(AppConfig):
    """In-app notifications, email and other channels (a registry), sent by the worker."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "notifications"
    verbose_name = _("Notifications")

    def ready(self) -> None:
        from notifications import analysis, ladders, receivers, tasks  # noqa: F401 - connect; register the tasks

        receivers.connect()
        ladders.connect()
        analysis.connect()
