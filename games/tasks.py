"""Celery tasks of the games app. Thin: load by id, call the engine or a service, store."""

from __future__ import annotations

from typing import Any

from celery import shared_task
from django.contrib.auth import get_user_model

from games.services.transcripts import CHECK_TASK
from games.services.transcripts import check_transcript as check


@shared_task(name="games.tasks.ping")
def ping(value: str) -> dict[str, Any]:
    """Health check: echo `value` and count users, proving the worker reads the database."""
    return {"pong": value, "users": get_user_model().objects.count()}


@shared_task(
    name=CHECK_TASK,
    acks_late=True,
    autoretry_for=(Exception,),
    max_retries=3,
    retry_backoff=5,
    retry_jitter=True,
)
def check_transcript(transcript_id: int) -> dict[str, Any]:
    """Check an uploaded transcript with the engine; a second run changes nothing."""
    transcript = check(transcript_id)
    if transcript is None:
        return {"id": transcript_id, "status": "missing"}
    return {"id": transcript.pk, "status": transcript.status, "attempts": transcript.attempts}
