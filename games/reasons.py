"""Reasons the site itself writes beside a result or a dispute (a replaced proposal, a
dispute's ruling, a transcript that disagrees) are stored in English, as their source
sentence, and put into the reader's words when shown: the person who caused the change
and the person who reads about it often speak different languages. What a person typed
(a director's note, a player's complaint) is shown as they wrote it."""

from __future__ import annotations

import re

from django.utils.translation import gettext, gettext_noop

REPLACED = gettext_noop("Replaced by a new proposal.")
TRANSCRIPT_DISAGREES = gettext_noop("The uploaded transcript disagrees with the result.")
RULING = gettext_noop("Ruling on dispute %(number)s")
_RULING = re.compile(r"^Ruling on dispute (?P<number>\d+)(?:: (?P<note>.*))?$", re.DOTALL)
_SENTENCES = {REPLACED, TRANSCRIPT_DISAGREES}


def ruling_reason(number: int, note: str = "") -> str:
    """The stored reason of a result set by a dispute's ruling (with the director's note)."""
    reason = RULING % {"number": number}
    return f"{reason}: {note}" if note else reason


def in_words(reason: str) -> str:
    """A stored reason in the current language (a person's own words unchanged)."""
    if reason in _SENTENCES:
        return gettext(reason)
    ruling = _RULING.match(reason)
    if ruling is not None:
        said = gettext(RULING) % {"number": ruling["number"]}
        return f"{said}: {ruling['note']}" if ruling["note"] else said
    return reason
