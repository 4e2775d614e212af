"""The one table of the bottom layer: the answers remembered under idempotency keys
(see common.idempotency)."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class IdempotencyKey(models.Model):
    """A write done under a client's key, and the answer it gave: a resend with the same
    key answers the same and does nothing again. The key belongs to the user who sent it
    (two people's keys never meet)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    key = models.CharField(max_length=100)
    method = models.CharField(max_length=10)
    path = models.CharField(max_length=2000)
    body_hash = models.CharField(max_length=64, help_text="SHA-256 of the request's body")
    status = models.PositiveSmallIntegerField()
    content = models.BinaryField(help_text="The answer's body")
    headers = models.JSONField(default=dict, help_text="The answer's headers that matter")
    created = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "key"], name="idempotency_key_once_per_user")
        ]

    def __str__(self) -> str:
        return f"{self.method} {self.path} [{self.key}]"
