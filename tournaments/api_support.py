"""Shared by the tournaments API modules: running a service and answering its errors."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rest_framework import status
from rest_framework.response import Response

from clubs.errors import DomainError
from games.services import NotAllowed, ServiceError
from tournaments.views_support import error_text


def call(run: Callable[[], Any], ok_status: int = status.HTTP_200_OK) -> Response:
    """Run a service; its errors become 400 (or 403) responses with a code."""
    try:
        data = run()
    except NotAllowed as error:
        return Response({"code": error.code, "detail": str(error.message)}, status=403)
    except DomainError as error:
        code = 403 if error.code == "not_allowed" else 400
        return Response({"code": error.code, "detail": error_text(error)}, status=code)
    except ServiceError as error:
        return Response({"code": error.code, "detail": error_text(error)}, status=400)
    return Response(data, status=ok_status)
