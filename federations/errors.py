"""Errors of federation actions: a stable code, an English sentence, its params (the
reader's language comes from ``federations.messages``). A refusal of who acts answers 403."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from common.errors import DomainError


class FederationError(DomainError):
    """A federation action cannot be done as asked; nothing is saved."""

    FORBIDDEN_CODES = frozenset({"not_allowed", "not_the_club_director", "own_request"})

    def __init__(self, code: str, message: Any, params: Mapping[str, Any] | None = None, *,
                 field: str | None = None) -> None:
        super().__init__(code, message, params, field=field)
        if code in self.FORBIDDEN_CODES:
            self.status = 403
