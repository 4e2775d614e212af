from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class MoneyConfig(AppConfig):
    """The event's money, recorded (never moved): fees, pool, payouts, side pools, calcutta."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "money"
    label = "money"
    verbose_name = _("Money")
