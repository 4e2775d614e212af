from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class FederationsConfig(AppConfig):
    """Federations: clubs affiliated to a national body, its calendar and its ranking."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "federations"
    label = "federations"
    verbose_name = _("Federations")

    def ready(self) -> None:
        from common.errors import register_sentence
        from federations import receivers
        from federations.errors import FederationError
        from federations.messages import error_message

        receivers.connect()
        register_sentence(FederationError, error_message)
