"""Sentences for the error codes of registration, check-in and the event day, in the
reader's language (merged into ``tournaments.views_support.ERROR_MESSAGES``)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

EVENT_MESSAGES: dict[str, Any] = {
    "registration_closed": _("Registration for this event is not open."),
    "registration_deadline_passed": _("The registration deadline has passed."),
    "already_registered": _("%(player)s is already registered."),
    "registration_rejected": _("The directors did not accept this registration."),
    "registration_decided": _("This registration has already been decided."),
    "deadline_in_past": _("The registration deadline must be in the future."),
    "bad_capacity": _("The number of places is a whole number from 1."),
    "bad_entry_fee": _("An entry fee is an amount from 0 to 999999.99."),
    "bad_divisions": _("The divisions are not written correctly: code: name, with <rating for a limit and * for self-declared."),
    "division_required": _("Choose a division."),
    "unknown_division": _("There is no such division in this event."),
    "division_rating_limit": _("The %(division)s division is for players rated up to %(limit)s."),
    "entrants_without_division": _("Every entrant needs one of the event's divisions before the "
                                   "draw; these have none: %(names)s. Choose their division at "
                                   "the entry desk."),
    "empty_division": _("The %(division)s division has no entrants: enter players into it or "
                        "remove it from the divisions."),
    "division_draw_refused": _("The %(division)s division cannot be drawn: %(reason)s"),
    "play_in_divisions": _("Each division of this event has its own draw: do this in the "
                           "division's event."),
    "check_in_window": _("Check-in must close after it opens."),
    "check_in_not_open": _("Check-in has not opened yet."),
    "check_in_closed": _("Check-in is closed."),
    "check_in_not_required": _("This event has no check-in."),
    "already_withdrawn": _("%(player)s has already withdrawn."),
    "already_finished": _("The event is over."),
    "event_full": _("Every place is taken."),
    "not_allowed": _("You may not do this."),
    "not_running": _("Late entries are taken once the draw is made."),
    "late_entries_closed": _("This event takes no entries after the draw."),
    "late_entry_not_possible": _("A late entry under this rule is not possible in this format."),
    "no_consolation": _("This event has no consolation flight."),
    "no_open_place": _("There is no open place left in the draw for a late entry."),
    "late_entry_rule_not_in_format": _("Late entries: the format %(format)s cannot apply the "
                                       "rule “%(rule)s”; choose one of: %(allowed)s."),
    "late_entry_penalty_needs_wins": _("Late entries with penalty points need match wins among "
                                       "the tiebreaks: the penalty points are taken off them."),
    "late_entry_needs_consolation": _("Late entries into the consolation need a consolation "
                                      "flight: choose one, or another late-entry rule."),
    "no_round_left": _("Every round of this event has been paired: a late entrant would play none."),
    "groups_over": _("The groups are over: a late entrant has no group left to play in."),
    "no_free_place": _("No group has a free place: a round robin takes a late entrant only into "
                       "a group with an odd number of players, in place of the bye of the rounds "
                       "still to play."),
    "cannot_undo": _("This can no longer be undone."),
    "bad_time_controls": _("The time controls are not written correctly: ROUND: text, one per round."),
    "bad_minutes": _("Give 1 to %(maximum)s minutes."),
    "bad_table": _("A table is named in at most 20 characters."),
    "not_in_match": _("This player does not play this match."),
    "bad_reason": _("Unknown reason for a withdrawal."),
    "bad_avoided_pairs": _("Each pair kept apart names two different entrants."),
}
