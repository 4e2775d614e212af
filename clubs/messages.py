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


ERROR_MESSAGES.update({
    # players
    "name_required": _("A player needs a name."),
    "bad_language": _("The site has no such language."),
    "bad_shown_as": _("Choose how your name is shown from the list."),
    "bad_name_style": _("Names are shown in full, as a first name and initial, or as "
                        "initials."),
    "same_player": _("A player cannot be merged into themselves."),
    "both_have_accounts": _("Both players have an account: two accounts are two people, "
                            "they cannot be merged."),
    "similar_players": _("Players with a similar name are already here: pick one of them, "
                         "or confirm that this is a new player."),
    "has_account": _("This player has an account; deactivate the player instead."),
    "has_history": _("This player has played or entered events; deactivate the player "
                     "instead, so that the history stays."),
    # clubs and roles
    "not_a_director": _("Only the club's owner and directors can do this."),
    "bad_role": _("The role is director, scorer or member."),
    "owner_role": _("The owner stays a director; hand the club over first."),
    "not_a_member": _("Roles go to members of the club only."),
    "own_role": _("You cannot take away your own director's role; another director can."),
    "not_the_owner": _("Only the owner can hand the club over."),
    "owner_cannot_leave": _("The owner hands the club over to another member before leaving."),
    "not_in_club": _("You are not a member of this club."),
    # deleting an account
    "wrong_password": _("The password is not right."),
    "last_director": _("Nobody else directs %(clubs)s: hand the club over to another director "
                       "(or delete it) before deleting your account."),
    "owner_of_club": _("You own %(clubs)s: hand the club over to one of its directors before "
                       "deleting your account."),
    "record_has_account": _("This player record already belongs to another account."),
    "record_not_in_club": _("That player is not one of this club's players."),
    "already_member": _("You are already a member of %(club)s."),
    "already_requested": _("You have already asked to join; a director will answer."),
    "already_decided": _("This request has already been answered."),
    # invitations
    "bad_kind": _("An invitation is sent by email or as a link."),
    "bad_days": _("An invitation lasts from 1 to %(max)s days."),
    "bad_email": _("Enter a valid email address."),
    "unknown": _("This invitation link is not valid. Check that it was copied whole, or ask "
                 "the club for a new one."),
    "revoked": _("%(club)s withdrew this invitation. Ask the club for a new one."),
    "used_up": _("This invitation to %(club)s has already been used. Ask the club for a new "
                 "one if you still need it."),
    "expired": _("This invitation to %(club)s expired on %(date)s. Ask the club for a new one."),
    "already_accepted": _("You have already accepted this invitation."),
    # imports
    "too_big": _("The file is larger than 1 MB."),
    "not_text": _("The file is not a text (CSV) file in UTF-8, Windows-1251 or UTF-16. Save "
                  "it from your spreadsheet as \"CSV\"."),
    "empty": _("The file is empty."),
    "bad_csv": _("Line %(line)s cannot be read as CSV: %(value)s"),
    "missing_column": _("Line %(line)s: the column \"%(column)s\" is missing; the first line "
                        "must name the columns (name, email, role, rating, fibs, dailygammon, "
                        "galaxy, gridgammon)."),
    "duplicate_column": _("Line %(line)s: the column \"%(value)s\" appears twice."),
    "too_many_lines": _("The file has more than 2000 players (line %(line)s)."),
    "no_lines": _("The file has no players."),
    "already_applied": _("This file has already been imported."),
    "lines_refused": _("Nothing was imported: lines %(lines)s cannot be imported. Correct the "
                       "file and upload it again."),
    "bad_choice": _("The choice for line %(line)s is not one of its similar players."),
})

# Why a line of an import is created, linked or refused (code -> sentence).
IMPORT_REASONS: dict[str, Any] = {
    "name_required": _("The name is empty."),
    "missing_cells": _("The line ends early: no %(column)s."),
    "bad_email": _("\"%(value)s\" is not an email address."),
    "bad_role": _("\"%(value)s\" is not a role (member, scorer or director)."),
    "bad_rating": _("\"%(value)s\" is not a rating (a number from 0 to 5000)."),
    "bad_handle": _("\"%(value)s\" is not a user name on %(column)s."),
    "too_long": _("The %(column)s is too long."),
    "email_twice_in_file": _("The same email is on line %(line)s."),
    "name_twice_in_file": _("The same name is on line %(line)s."),
    "same_email_in_club": _("A player of the club has this email."),
    "same_email": _("A player in the registry has this email; they join the club."),
    "already_in_club": _("The club has a player of this name."),
    "similar_names": _("Similar names are already here; choose."),
    "role_needs_account": _("The role (%(role)s) is given once the person has an account."),
}

# Why two names look like one person (clubs/names.py's reason codes).
SIMILARITY_REASONS: dict[str, Any] = {
    "same_name": _("same name"),
    "transliteration": _("another alphabet"),
    "spelling": _("another spelling"),
    "word_order": _("another word order"),
    "initials": _("initials"),
    "extra_name": _("an extra name"),
}


def reason_text(code: str, params: dict[str, Any], sentences: dict[str, Any]) -> str:
    template = sentences.get(code)
    if template is None:
        return code
    if "role" in params:  # a role's name, not its code
        from clubs.models import Role

        labels = dict(Role.choices)
        params = {**params, "role": str(labels.get(params["role"], params["role"])).lower()}
    try:
        return str(template) % params
    except (KeyError, TypeError, ValueError):
        return str(template)


def similarity_text(reasons: tuple[str, ...]) -> str:
    return ", ".join(str(SIMILARITY_REASONS.get(code, code)) for code in reasons)
