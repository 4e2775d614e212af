"""The sentences of ladder errors in the reader's language, by code (one definition each)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

from common.errors import DomainError

SENTENCES: dict[str, Any] = {
    "not_on_ladder": _("This player is not on the ladder."),
    "already_on_ladder": _("This player is already on the ladder."),
    "bad_position": _("Choose a position from 1 to %(count)s."),
    "self_challenge": _("A player cannot challenge themselves."),
    "challenge_upward": _("Only a player above you on the ladder can be challenged."),
    "out_of_reach": _("You may challenge players up to %(reach)s places above you."),
    "challenger_paused": _("You are on a break from the ladder: come back to challenge."),
    "challenged_paused": _("This player is on a break from the ladder."),
    "too_many_open": _("You already have %(limit)s open challenges, the most allowed."),
    "opponent_busy": _("This player already has %(limit)s open challenges, the most allowed."),
    "rematch_too_soon": _("You played this player less than %(days)s days ago."),
    "winner_not_in_challenge": _("The winner is one of the two players."),
    "not_allowed": _("Only the player or a director of the club may do this."),
    "not_director": _("Only a director of the club may do this."),
    "not_a_member": _("Only members of the club play on its ladder."),
    "challenge_closed": _("This challenge is no longer open."),
    "match_started": _("This match already has a result entered; a director decides it."),
    "bad_extension": _("Extend by 1 to %(most)s days."),
    "has_open_challenges": _("This player has open challenges: void them first."),
    "out_of_bounds": _("Choose a number from %(low)s to %(high)s."),
    "name_taken": _("The club already has a ladder of this name."),
}


def sentence(error: DomainError) -> str:
    """The error's sentence in the active language (its English message if unknown)."""
    template = SENTENCES.get(error.code)
    if template is None:
        return str(error.message)
    params = {key: value for key, value in error.params.items() if key != "field"}
    try:
        return str(template) % params if "%(" in str(template) else str(template)
    except (KeyError, TypeError, ValueError):
        return str(template)
