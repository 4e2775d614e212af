"""Results seen from the tournament: advancing the draw when a result becomes official,
and the director's result entry from the console (through the games services)."""

from __future__ import annotations

import datetime
from decimal import Decimal
from typing import Any

from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction

from games import services as games_services
from games.models import Match, MatchResult
from tournaments import page_cache
from tournaments.models import BracketConflict, Entry, Pairing, Tournament, Walkover
from tournaments.play import games_adapter
from tournaments.play.common import ActionError, record
from tournaments.signals import match_forfeited


def on_result_confirmed(
    *, match: Match, result: MatchResult | None = None, previous_winner: Any = None, **kwargs: Any
) -> BracketConflict | None:
    """Receiver of ``games.signals.result_confirmed`` (inside the result's transaction).

    A first result advances the winner; a correction moves the bracket along while the
    next match has not started, else leaves a BracketConflict for the director.
    """
    if match.winner_id is None:  # nobody advances; the score shown changed all the same
        page_cache.touch(Pairing.objects.filter(match_id=match.pk).values_list("tournament_id", flat=True))
        return None
    # One result at a time per tournament: the bracket is recomputed from all its pairings,
    # so two results confirmed at once must not both write from a stale picture. The
    # match's pairing, its two entries and the event's row (locked) in one query (none:
    # the match is no event's).
    pairing = (Pairing.objects.select_for_update(of=("tournament",))
               .select_related("tournament", "top", "bottom").filter(match_id=match.pk).first())
    if pairing is None:
        return None
    pairing.match = match  # known: not read again
    # the score shown changed even where the pairing's row does not (a correction)
    page_cache.touch([pairing.tournament_id])
    winner = next((entry for entry in (pairing.top, pairing.bottom)
                   if entry is not None and entry.player_id == match.winner_id), None)
    if winner is None:  # the match's winner is not one of the pairing's entrants
        winner = Entry.objects.get(tournament=pairing.tournament, player_id=match.winner_id)
    actor = result.confirmed_by if result is not None else None
    return pairing.tournament.event_format.record_result(pairing=pairing, winner=winner, actor=actor)


@transaction.atomic
def award_walkover(*, pairing: Pairing, winner: Entry, actor: AbstractBaseUser | None,
                   reason: str = Walkover.ABSENT) -> Pairing:
    """The opponent is absent or withdrew: ``winner`` advances without playing (§1).

    The unplayed match is removed, so it is neither rated nor counted for points;
    ``reason`` (a Walkover value) is kept on the pairing for the bracket and standings.
    """
    Tournament.objects.select_for_update().filter(pk=pairing.tournament_id).first()
    pairing = Pairing.objects.select_related("tournament", "match").get(pk=pairing.pk)
    if pairing.state != Pairing.State.READY:
        raise ActionError("match_not_ready", "A walkover is given for a match waiting to be played.")
    if winner.pk not in (pairing.top_id, pairing.bottom_id):
        raise ActionError("winner_not_in_match", "The walkover goes to one of the match's players.")
    if pairing.match is not None:
        if games_adapter.has_started(pairing.match):
            raise ActionError("match_started",
                              "This match has started; enter or override its result instead.")
        match, pairing.match = pairing.match, None
        pairing.save(update_fields=["match"])
        games_adapter.discard_unplayed(match)
    loser = pairing.bottom_id if winner.pk == pairing.top_id else pairing.top_id
    pairing.walkover = reason
    pairing.save(update_fields=["walkover"])
    pairing.tournament.event_format.record_result(pairing=pairing, winner=winner, actor=actor)
    record(pairing.tournament, actor, "walkover",
           after={"pairing": pairing.pk, "winner": winner.pk, "absent": loser, "reason": reason})
    match_forfeited.send(sender=Pairing, pairing=pairing, winner=winner,
                         absent=Entry.objects.get(pk=loser), reason=reason)
    return pairing


def director_result(
    *, pairing: Pairing, by: AbstractBaseUser, score1: Decimal, score2: Decimal, reason: str,
    played_on: datetime.date | None = None,
) -> MatchResult:
    """A director enters or overrides the result of a pairing's match, with a reason (and
    the day it was played)."""
    if pairing.match is None:
        raise games_services.ServiceError("no_match", "This pairing has no match to score.")
    return games_services.override_result(
        match=pairing.match, by=by, score1=score1, score2=score2, reason=reason,
        played_on=played_on,
    )
