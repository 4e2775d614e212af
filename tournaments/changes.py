"""The tournament's change log (TournamentLog) told in sentences, in the reader's language.

The log stores stable action codes ("entry_added", "round_started") and the values
before and after; a page shows these sentences, never the codes.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

SENTENCES: dict[str, Any] = {
    "created": gettext_lazy("Tournament created."),
    "updated": gettext_lazy("Settings changed."),
    "entry_added": gettext_lazy("A player was entered."),
    "entry_removed": gettext_lazy("A player was removed."),
    "seeds": gettext_lazy("Seeds changed."),
    "knockout_draw": gettext_lazy("The knockout draw was made."),
    "round_robin_draw": gettext_lazy("The round-robin draw was made."),
    "group_knockout_draw": gettext_lazy("The knockout of the group qualifiers was drawn."),
    "last_chance_draw": gettext_lazy("The last-chance flight was drawn."),
    "walkover": gettext_lazy("A walkover was given."),
    "correction_applied": gettext_lazy("A corrected result was carried through the bracket."),
    "correction_needs_director": gettext_lazy(
        "A corrected result changes a match already played: waiting for the director."),
    "conflict_applied": gettext_lazy("The correction was applied to the bracket."),
    "conflict_kept": gettext_lazy("The bracket was kept as played."),
}


def describe(action: str, after: dict[str, Any] | None = None) -> str:
    """The sentence for one log line (a generic one for an action without its own)."""
    after = after or {}
    if action == "round_started" and after.get("round"):
        return _("Round %(round)s started.") % {"round": after["round"]}
    if action == "status" and after.get("status"):
        from tournaments.models import Tournament

        labels = dict(Tournament.Status.choices)
        status = labels.get(after["status"], after["status"])
        return _("Status changed to “%(status)s”.") % {"status": status}
    sentence = SENTENCES.get(action)
    return str(sentence) if sentence is not None else _("Change recorded.")
