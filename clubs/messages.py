"""Sentences for the people side's error codes, in the reader's language."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

from clubs.errors import DomainError, sentence_for

# User-facing sentences by error code; the English sentence of the error is the fallback.
ERROR_MESSAGES: dict[str, Any] = {
    "merge_conflict": _("These players cannot be merged: both are entered in the same "
                        "tournament, or they played each other."),
}


def error_text(error: Exception, sentences: dict[str, Any] | None = None) -> str:
    """A translated sentence for a DomainError (``sentences`` adds the caller's own codes);
    any other error's message as it is."""
    if isinstance(error, DomainError):
        return sentence_for(error, {**ERROR_MESSAGES, **(sentences or {})})
    return str(getattr(error, "message", error))
