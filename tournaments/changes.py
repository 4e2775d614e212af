"""The tournament's change log (TournamentLog) told in sentences, in the reader's language.

The log stores stable action codes ("entry_added", "round_started") and the values
before and after; a page shows these sentences, never the codes.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.models import Tournament

SENTENCES: dict[str, Any] = {
    "created": gettext_lazy("Tournament created."),
    "updated": gettext_lazy("Settings changed."),
    "entry_added": gettext_lazy("A player was entered."),
    "entry_removed": gettext_lazy("A player was removed."),
    "seeds": gettext_lazy("Seeds changed."),
    "knockout_draw": gettext_lazy("The knockout draw was made."),
    "round_robin_draw": gettext_lazy("The round-robin draw was made."),
    "group_knockout_draw": gettext_lazy("The knockout of the group qualifiers was drawn."),
    "finished_without_knockout": gettext_lazy(
        "Fewer than two players were left for the knockout: the event finished after the groups."),
    "last_chance_draw": gettext_lazy("The last-chance flight was drawn."),
    "swiss_draw": gettext_lazy("The first round was drawn."),
    "draw_published": gettext_lazy("The draw was published."),
    "draw_undone": gettext_lazy("The draw was taken back; the event is as it was before the draw."),
    "repeats_allowed": gettext_lazy("A round was paired allowing repeat matches."),
    "walkover": gettext_lazy("A walkover was given."),
    "correction_applied": gettext_lazy("A corrected result was carried through the bracket."),
    "correction_needs_director": gettext_lazy(
        "A corrected result changes a match already played: waiting for the director."),
    "conflict_applied": gettext_lazy("The correction was applied to the bracket."),
    "conflict_kept": gettext_lazy("The bracket was kept as played."),
    # registration, check-in and the day (tournaments.services.registration, .checkin, .day)
    "registered": gettext_lazy("%(player)s registered (%(status)s)."),
    "registration_decided": gettext_lazy("The registration of %(player)s was decided: %(status)s."),
    "promoted": gettext_lazy("%(player)s moved up from the waiting list."),
    "registration_cancelled": gettext_lazy("%(player)s cancelled their registration."),
    "withdrawn": gettext_lazy("%(player)s left the event (%(reason)s)."),
    "withdrawal_undone": gettext_lazy("%(player)s is back in the event."),
    "fee_paid": gettext_lazy("The entry fee of %(player)s was recorded as paid."),
    "fee_unpaid": gettext_lazy("The entry fee of %(player)s was recorded as unpaid."),
    "division": gettext_lazy("%(player)s moved to another division."),
    "checked_in": gettext_lazy("%(player)s checked in."),
    "check_in_undone": gettext_lazy("The check-in of %(player)s was taken back."),
    "no_shows_dropped": gettext_lazy("Dropped at the draw for not checking in: %(players)s."),
    "late_entry": gettext_lazy("%(player)s was entered after the draw."),
    "walkover_given": gettext_lazy("%(winner)s advanced by walkover: %(absent)s %(reason)s."),
    "walkover_undone": gettext_lazy("A walkover was taken back; the match is to be played."),
    "table": gettext_lazy("A match moved to table %(table)s."),
    "present": gettext_lazy("%(player)s is at the table."),
    "not_present": gettext_lazy("%(player)s is no longer marked at the table."),
    "forfeit_extended": gettext_lazy("The time before an absent player forfeits was changed."),
    "both_absent": gettext_lazy("Neither player came to a match in time; the director decides."),
    "draw_avoidance": gettext_lazy(
        "The draw kept pairs apart in round 1 (%(moved)s moved); could not avoid: %(players)s."),
}


def describe(action: str, after: dict[str, Any] | None = None,
             names: dict[str, Any] | None = None) -> str:
    """The sentence for one log line (a generic one for an action without its own).

    ``names``: the values of a sentence's placeholders (players' names looked up by the
    caller, ``tournaments.activity``); a walkover with them says who and why.
    """
    after = after or {}
    if names is not None and action == "walkover" and names.get("winner"):
        action = "walkover_given"
    sentence = SENTENCES.get(action)
    if sentence is not None and "%(" in str(sentence):
        try:
            return str(sentence) % (names or {})
        except (KeyError, TypeError, ValueError):
            return _("Change recorded.")
    if action == "round_started" and after.get("round"):
        return _("Round %(round)s started.") % {"round": after["round"]}
    if action == "status" and after.get("status"):
        labels = dict(Tournament.Status.choices)
        status = labels.get(after["status"], after["status"])
        return _("Status changed to “%(status)s”.") % {"status": status}
    sentence = SENTENCES.get(action)
    return str(sentence) if sentence is not None else _("Change recorded.")
