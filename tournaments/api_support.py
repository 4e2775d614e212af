"""Shared by the tournaments API modules: running a service and answering what it gives."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rest_framework import status
from rest_framework.response import Response


def call(run: Callable[[], Any], ok_status: int = status.HTTP_200_OK) -> Response:
    """Run a service and answer its result. Its errors (the DomainError family: ActionError,
    ServiceError, NotAllowed, ...) are answered by the API's exception handler
    (``common.api``) in the one error shape: 400, or 403 for a refusal of who asks."""
    return Response(run(), status=ok_status)
