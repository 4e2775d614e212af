"""Sentences of the data pages' errors, in the reader's language, by code."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

from clubs.errors import DomainError
from clubs.messages import error_text

ARCHIVE_MESSAGES: dict[str, Any] = {
    "archive_too_big": _("The archive is too big to import here."),
    "not_a_zip": _("The file is not a club archive: a club archive is a .zip file exported "
                   "from a club's page."),
    "no_manifest": _("The archive has no %(file)s: it was not exported from a club's page."),
    "unknown_version": _("%(file)s: the archive's format (version %(version)s) is not one "
                         "this site can read."),
    "bad_manifest": _("%(file)s cannot be read as the archive's manifest."),
    "unknown_table": _("%(file)s: this site has no such table."),
    "missing_file": _("The archive has no %(file)s, which its manifest lists."),
    "bad_file": _("%(file)s cannot be read: it is not a list of rows in JSON."),
    "bad_row": _("%(file)s, row %(row)s cannot be imported. %(reason)s"),
    "broken_link": _("%(file)s, row %(row)s points (in %(reason)s) at a row the archive "
                     "does not hold."),
    "no_club": _("%(file)s holds no club."),
    "bad_player_choice": _("%(file)s, row %(row)s: the player chosen to merge with is not "
                           "here any more."),
    "name_not_confirmed": _("Type the club's name, %(club)s, exactly as it is written."),
    "archive_expired": _("The uploaded archive is no longer kept: upload it again."),
}


def data_error_text(error: DomainError) -> str:
    return error_text(error, ARCHIVE_MESSAGES)
