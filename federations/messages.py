"""Sentences of the federation errors, by code, in the reader's language."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

from clubs.errors import DomainError, sentence_for

ERROR_MESSAGES: dict[str, Any] = {
    "not_allowed": _("Only the federation's admins can do this."),
    "not_the_club_director": _("Only the club's directors can answer for the club."),
    "already_open": _("%(club)s is already a member of %(federation)s or waiting for an "
                      "answer."),
    "not_waiting": _("This affiliation is not waiting for an answer any more."),
    "own_request": _("The other side answers this request, not the side that sent it."),
    "not_active": _("This club is not a member of the federation now."),
    "last_admin": _("A federation keeps at least one admin."),
    "no_such_user": _("There is no account with the name %(username)s."),
    "already_admin": _("%(username)s is already an admin of this federation."),
    "not_an_admin": _("%(username)s is not an admin of this federation."),
}


def error_message(error: DomainError) -> str:
    return sentence_for(error, ERROR_MESSAGES)
