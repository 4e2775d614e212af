from django.apps import AppConfig


class CommonConfig(AppConfig):
    """The bottom layer as an app only for its one table: the idempotency keys."""

    name = "common"
    default_auto_field = "django.db.models.BigAutoField"
