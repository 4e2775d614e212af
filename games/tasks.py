"""Celery tasks of the games app. Thin: load by id, call the engine or a service, store."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from celery import shared_task
from django.contrib.auth import get_user_model

from games.services.results import propose_from_transcript
from games.services.transcripts import CHECK_TASK, give_up
from games.services.transcripts import check_transcript as check
from outbox.registry import task


@shared_task(name="games.tasks.ping", ignore_result=False)
def ping(value: str) -> dict[str, Any]:
    """Health check: echo `value` and count users, proving the worker reads the database.

    The one task whose result is stored: whoever sends it waits for the answer."""
    return {"pong": value, "users": get_user_model().objects.count()}


def _give_up(transcript_id: int) -> None:
    give_up(transcript_id)


@task(
    name=CHECK_TASK,
    lease=timedelta(minutes=5),
    max_attempts=5,  # the check itself gives up after its own MAX_ATTEMPTS runs
    on_give_up=_give_up,
)
def check_transcript(transcript_id: int) -> None:
    """Check an uploaded transcript with the engine (through the outbox), then, when it
    fits a match with nothing entered yet, propose its result; a second run changes
    nothing."""
    check(transcript_id)
    propose_from_transcript(transcript_id)
