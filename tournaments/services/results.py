"""Results seen from the tournament: advancing the draw when a result becomes official,
and the director's result entry from the console (through the games services)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.contrib.auth.base_user import AbstractBaseUser

from games import services as games_services
from games.models import Match, MatchResult
from tournaments.models import BracketConflict, Entry, Pairing, Tournament
from tournaments.services.knockout import (
    KNOCKOUT_FLIGHTS,
    correct_knockout_result,
    record_knockout_result,
)
from tournaments.services.round_robin import record_table_result


def on_result_confirmed(
    *, match: Match, result: MatchResult | None = None, previous_winner: Any = None, **kwargs: Any
) -> BracketConflict | None:
    """Receiver of ``games.signals.result_confirmed`` (inside the result's transaction).

    A first result advances the winner; a correction moves the bracket along while the
    next match has not started, else leaves a BracketConflict for the director.
    """
    found = Pairing.objects.filter(match_id=match.pk).values_list("tournament_id", flat=True).first()
    if found is None or match.winner_id is None:
        return None
    # One result at a time per tournament: the bracket is recomputed from all its pairings,
    # so two results confirmed at once must not both write from a stale picture.
    Tournament.objects.select_for_update().filter(pk=found).first()
    pairing = Pairing.objects.select_related("tournament").get(match_id=match.pk)
    winner = Entry.objects.get(tournament=pairing.tournament, player_id=match.winner_id)
    if pairing.flight not in KNOCKOUT_FLIGHTS:
        record_table_result(pairing, winner)
        return None
    if pairing.state == Pairing.State.READY:
        record_knockout_result(pairing, winner)
    elif pairing.state == Pairing.State.DECIDED and pairing.winner_id != winner.pk:
        actor = result.confirmed_by if result is not None else None
        return correct_knockout_result(pairing, winner, actor=actor)
    return None


def director_result(
    *, pairing: Pairing, by: AbstractBaseUser, score1: Decimal, score2: Decimal, reason: str
) -> MatchResult:
    """A director enters or overrides the result of a pairing's match, with a reason."""
    if pairing.match is None:
        raise games_services.ServiceError("no_match", "This pairing has no match to score.")
    return games_services.override_result(
        match=pairing.match, by=by, score1=score1, score2=score2, reason=reason
    )
