"""Helpers shared by the tournament views: loading with permission checks, error messages."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext_lazy as _

from clubs.messages import error_text as clubs_error_text
from clubs.permissions import can_manage_club
from tournaments import selectors
from tournaments.event_messages import EVENT_MESSAGES
from tournaments.models import Tournament

# Director-facing sentences by error code; the English sentence of the error is the fallback.
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
    "too_many_rounds": _("With %(entrants)s entrants each player has only %(maximum)s possible "
                         "opponents, so a Swiss event cannot have %(rounds)s rounds; at most "
                         "%(maximum)s."),
    "too_few_rounds": _("An event of rounds has at least one round; %(rounds)s was asked for."),
    "too_few_losses": _("Players leave after their N-th loss, so N is at least 1; %(losses)s was "
                        "asked for."),
    "groups_too_small": _("%(entrants)s entrants in %(groups)s groups make groups too small: each "
                          "group needs at least two players and at least %(qualifiers)s "
                          "(the qualifiers)."),
    "too_many_playoff_places": _("Play-offs can decide places 1 to %(entrants)s at most (the "
                                 "number of entrants), not 1 to %(places)s."),
    "too_many_group_rounds": _("The smallest group has %(size)s players, so each of them has "
                               "only %(maximum)s possible opponents: Swiss groups cannot have "
                               "%(rounds)s rounds; at most %(maximum)s."),
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
    "group_rounds_left": _("The groups play %(rounds)s Swiss rounds and %(played)s have been "
                           "paired: pair the next round before the knockout."),
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
    **EVENT_MESSAGES,
}


def error_text(error: Exception) -> str:
    """A translated sentence for a club, tournament or games service error."""
    return clubs_error_text(error, ERROR_MESSAGES)


def report(request: HttpRequest, error: Exception) -> None:
    messages.error(request, error_text(error))


def visible_tournament(request: HttpRequest, pk: int) -> Tournament:
    """The tournament if this user may see it (404 otherwise: private events stay hidden)."""
    return get_object_or_404(selectors.visible_tournaments(request.user), pk=pk)


def managed_tournament(request: HttpRequest, pk: int) -> Tournament:
    """The tournament if this user directs its club (403 otherwise; 404 for a private
    event the user may not even see, so that its address confirms nothing)."""
    tournament = visible_tournament(request, pk)
    if not can_manage_club(request.user, tournament.club):
        raise PermissionDenied(_("Only the directors of this club manage its tournaments."))
    return tournament
