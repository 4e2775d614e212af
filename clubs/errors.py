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

__all__ = ["DomainError", "PeopleError", "PlayerError", "sentence_for"]


def sentence_for(error: DomainError, sentences: Mapping[str, Any]) -> str:
    """``error`` told with the sentence ``sentences`` holds for its code (the Django layer
    passes its translations), filled in with the error's params; the error's own
    sentence when there is none, or when the params do not fit it. A sentence with a
    count (``ngettext_lazy(..., "rounds")``) takes its plural form from its params."""
    template = None if error.translated else sentences.get(error.code)
    if template is None:
        return str(error.message)
    try:
        return str(template % error.params)
    except (KeyError, TypeError, ValueError):
        text = str(template)
        return text if text and "%(" not in text else str(error.message)


class PeopleError(DomainError):
    """The people side's errors: told in the reader's language by their code
    (``clubs.messages``); a refusal of who asks (not a director, not the owner) is a 403."""

    FORBIDDEN_CODES = frozenset({"not_a_director", "not_the_owner"})

    def __init__(self, code: str, message: Any, params: Mapping[str, Any] | None = None, *,
                 field: str | None = None) -> None:
        super().__init__(code, message, params, field=field)
        if code in self.FORBIDDEN_CODES:
            self.status = 403


class PlayerError(PeopleError):
    """Adding, changing or merging players cannot be done as asked (nothing is saved)."""


class ClubError(PeopleError):
    """A club action cannot be done as asked (roles, leaving, joining); nothing is saved."""


class InvitationError(PeopleError):
    """An invitation cannot be used: unknown (forged or mistyped), expired, used up,
    revoked, or not for this account."""


class PlayerImportError(PeopleError):
    """A players file cannot be imported (nothing is saved)."""
