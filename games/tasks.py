"""Celery tasks of the games app. Thin: load by id, call the engine or a service, store."""

from __future__ import annotations

from typing import Any

from celery import shared_task
from django.contrib.auth import get_user_model


@shared_task(name="games.tasks.ping")
def ping(value: str) -> dict[str, Any]:
    """Health check: echo `value` and count users, proving the worker reads the database."""
    return {"pong": value, "users": get_user_model().objects.count()}
