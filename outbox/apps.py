from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class OutboxConfig(AppConfig):
    """Background work: the transactional outbox and the worker heartbeat."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "outbox"
    verbose_name = _("Background work")
