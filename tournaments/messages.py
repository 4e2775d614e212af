"""The tournaments app's error sentences, by error code, in the reader's language: the
draw, the formats and their settings, registration, check-in and the event day.

One place for them: the pages (``tournaments.views.support.report``), the forms, the
services that quote another error and the API's exception handler (registered in
``TournamentsConfig.ready``) all look a sentence up here by its code; the English
sentence of the error is the fallback."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from clubs.messages import error_text as clubs_error_text

# Director-facing sentences by error code.
ERROR_MESSAGES: dict[str, Any] = {
    "too_few_entrants": _("A draw needs at least %(minimum)s entrants; this tournament has %(entrants)s."),
    "duplicate_entrant": _("A player is entered more than once."),
    "similar_players": _("Players with a similar name are already here: find them with the "
                         "search above, or tick \"a new player\" to add one anyway."),
    "possible_duplicate_entrants": _("These entrants may be one person entered twice: "
                                     "%(pairs)s. Merge them, or mark them as different people "
                                     "on the club's players page, then make the draw."),
    "already_entered": _("This player is already entered."),
    "wrong_status": _("That is not possible at this stage of the tournament."),
    "draw_made": _("The format and seeding cannot change once the draw is made."),
    "match_not_ready": _("This match does not have both players yet."),
    "groups_not_finished": _("Every group match needs a confirmed result before the knockout."),
    "round_not_finished": _("Every match of the current round needs a confirmed result first."),
    "no_round_to_start": _("Every round of this event has already started."),
    "all_rounds_played": _("Every Swiss round of this event has been played."),
    "seed_used_twice": _("Each seed can be given to one entrant only."),
    "seed_out_of_range": _("A seed is outside the range of entrants."),
    "conflict_closed": _("This correction has already been decided."),
    "conflict_outdated": _("The bracket has moved on since this correction (another correction "
                           "changed this match): keep the bracket as played, or correct the "
                           "result again."),
    "too_many_rounds": ngettext_lazy(
        "With %(entrants)s entrants each player has only %(maximum)s possible opponents, so "
        "a Swiss event cannot have %(rounds)s round; at most %(maximum)s.",
        "With %(entrants)s entrants each player has only %(maximum)s possible opponents, so "
        "a Swiss event cannot have %(rounds)s rounds; at most %(maximum)s.", "rounds"),
    "too_few_rounds": _("An event of rounds has at least one round; %(rounds)s was asked for."),
    "too_few_losses": _("Players leave after their N-th loss, so N is at least 1; %(losses)s was "
                        "asked for."),
    "groups_too_small": _("%(entrants)s entrants in %(groups)s groups make groups too small: each "
                          "group needs at least two players and at least %(qualifiers)s "
                          "(the qualifiers)."),
    "too_many_playoff_places": _("Play-offs can decide places 1 to %(entrants)s at most (the "
                                 "number of entrants), not 1 to %(places)s."),
    "too_many_group_rounds": ngettext_lazy(
        "The smallest group has %(size)s players, so each of them has only %(maximum)s "
        "possible opponents: Swiss groups cannot have %(rounds)s round; at most %(maximum)s.",
        "The smallest group has %(size)s players, so each of them has only %(maximum)s "
        "possible opponents: Swiss groups cannot have %(rounds)s rounds; at most %(maximum)s.",
        "rounds"),
    "too_many_group_playoff_places": _("Play-offs can decide places 1 to %(size)s of each group "
                                       "at most (the smallest group's size), not 1 to "
                                       "%(places)s."),
    "group_rounds_out_of_range": _("Swiss groups under way: give from %(lowest)s (the rounds "
                                   "already paired) to %(highest)s rounds (the smallest group's "
                                   "size less one)."),
    "unknown_group_format": _("The groups are played as one of: %(choices)s."),
    "late_entry_swiss_groups": _("Late entries: Swiss groups take no late entrants (a group's "
                                 "byes are paired round by round, so there is no free place "
                                 "to take)."),
    "group_rounds_left": ngettext_lazy(
        "The groups play %(rounds)s Swiss round and %(played)s have been paired: pair the "
        "next round before the knockout.",
        "The groups play %(rounds)s Swiss rounds and %(played)s have been paired: pair the "
        "next round before the knockout.", "rounds"),
    "playoffs_not_finished": _("Every play-off match needs a confirmed result before the "
                               "knockout."),
    "too_few_qualifiers": _("The knockout after the groups needs at least two qualifiers in all."),
    "no_new_pairings": _("Round %(round)s cannot be paired without a repeat match; pair it "
                         "allowing repeats (as few as possible) or end the event."),
    "no_bye_possible": _("Every player has already had a bye, so nobody can take this round's bye."),
    "pairing_search_too_long": _("No pairing without repeats was found in reasonable time; pair "
                                 "this round allowing repeats."),
    "event_finished": _("The event is over: fewer than two players are left."),
    "block_rule_needs_nardy": _(
        "The six-point block rule is a long-nardy rule; a backgammon event has none."
    ),
    "unknown_block_rule": _("The six-point block rule is one of %(choices)s."),
    "block_rule_fixed": _(
        "The six-point block rule cannot change once the draw is made: the event's matches "
        "are played under it."
    ),
    "out_of_range": _("%(label)s: give a whole number from %(lowest)s to %(highest)s."),
    "text_too_long": _("The rules text is at most %(highest)s characters long."),
    "bad_match_length": _("Match lengths are whole numbers from 1 to %(highest)s: up to three "
                          "per flight (early rounds, semi-finals, final)."),
    "unknown_tiebreak": _("Choose each tiebreak once from: %(choices)s."),
    "no_result": _("No result is waiting for an answer."),
    "ends_before_start": _("A tournament cannot end before it starts."),
    "unknown_status": _("The status can be set to one of: %(choices)s."),
    "bad_status_change": _("A tournament cannot go from “%(from)s” to “%(to)s”."),
    # registration, check-in and the event day
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
    "nobody_chosen": _("Choose at least one player."),
    "not_a_member_to_register": _("Some of the chosen players are not club members waiting "
                                  "to be registered: reload the page and choose again."),
    "not_an_entrant": _("Some of the chosen players are not entrants of this event: reload "
                        "the page and choose again."),
    "no_entry_fee": _("This event has no entry fee."),
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
    "bad_clock_rule": _("Choose how the match clocks are worked out."),
    "clock_needs_minutes": _("Give the minutes per point of the match length."),
    "clock_needs_bank": _("Give each player's fixed bank in minutes."),
    "clock_needs_delay": _("Give the delay per move in seconds (0 for none)."),
    "bad_table": _("A table is named in at most 20 characters."),
    "not_in_match": _("This player does not play this match."),
    "bad_reason": _("Unknown reason for a withdrawal."),
    "bad_avoided_pairs": _("Each pair kept apart names two different entrants."),
    # the draw's preview and its undo (tournaments.services.draw)
    "bad_random_seed": _("A random seed is a whole number from %(lowest)s to %(highest)s."),
    "undo_draw_in_event": _("This division was drawn with its event: take the draw back on the "
                            "event's console."),
    "no_draw_to_undo": _("There is no draw to take back."),
    "draw_in_play": _("The draw can no longer be taken back: a result, a game or a walkover is "
                      "already in."),
    "draw_moved_on": _("The draw can no longer be taken back: a later round has started or a "
                       "player was entered late."),
}


def error_text(error: Exception) -> str:
    """A translated sentence for a club, tournament or games service error."""
    return clubs_error_text(error, ERROR_MESSAGES)
