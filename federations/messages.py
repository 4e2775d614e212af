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
    "name_required": _("A federation needs a name."),
    "busy": _("Too many federations of this name are being started at once; try again."),
    "not_a_membership": _("Only an accepted membership has dates to correct."),
    "joined_on_required": _("Give the day the club joined."),
    "date_in_future": _("%(day)s is in the future: give a day that has come."),
    "still_a_member": _("The club is still a member: end the membership before giving the "
                        "day it left."),
    "left_on_required": _("Give the day the club left."),
    "left_before_joined": _("The club cannot leave (%(left)s) before it joined (%(joined)s)."),
    "memberships_overlap": _("These dates overlap another membership of the club (from "
                             "%(joined)s to %(left)s)."),
}


def error_message(error: DomainError) -> str:
    return sentence_for(error, ERROR_MESSAGES)
