from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class WebhooksConfig(AppConfig):
    """Signed event posts to the addresses clubs register (integrators)."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "webhooks"
    verbose_name = _("Webhooks")

    def ready(self) -> None:
        from webhooks import receivers, tasks  # noqa: F401 - connect; register the task

        receivers.connect()
