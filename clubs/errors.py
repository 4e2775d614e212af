"""The errors a director or player can fix: a stable code, a sentence, its parameters.

``DomainError`` is the project's one base of such errors (``common.errors``, at the
bottom, so the engine's errors derive from it too); the people side's and the
tournaments' errors derive from it, so pages and the API show them all the same way. No
Django import here: the pure cores above (draws, standings, ratings) raise these too.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from common.errors import DomainError

__all__ = ["DomainError", "PlayerError", "sentence_for"]


def sentence_for(error: DomainError, sentences: Mapping[str, Any]) -> str:
    """``error`` told with the sentence ``sentences`` holds for its code (the Django layer
    passes its translations), filled in with the error's params; the error's own
    sentence when there is none, or when the params do not fit it."""
    template = None if error.translated else sentences.get(error.code)
    if template is None:
        return str(error.message)
    try:
        return str(template) % error.params
    except (KeyError, TypeError, ValueError):
        return str(template) if "%(" not in str(template) else str(error.message)


class PlayerError(DomainError):
    """Adding, changing or merging players cannot be done as asked (nothing is saved)."""


class ClubError(DomainError):
    """A club action cannot be done as asked (roles, leaving, joining); nothing is saved."""


class InvitationError(DomainError):
    """An invitation cannot be used: unknown (forged or mistyped), expired, used up,
    revoked, or not for this account."""


class PlayerImportError(DomainError):
    """A players file cannot be imported (nothing is saved)."""
