"""Sentences for the webhooks' error codes, in the reader's language."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

from clubs.errors import DomainError, sentence_for

ERROR_MESSAGES: dict[str, Any] = {
    "bad_events": _("Choose at least one of the events offered."),
    "bad_url": _("Give an http:// or https:// address of at most 300 characters."),
    "too_many_endpoints": _("A club has at most %(maximum)s webhooks."),
    "not_allowed": _("Only the directors of this club manage its webhooks."),
}


def error_text(error: Exception) -> str:
    if isinstance(error, DomainError):
        return sentence_for(error, ERROR_MESSAGES)
    return str(error)
