"""Events the webhooks carry, from the lower layers' signals: a result confirmed, a round
published. Each saves its deliveries in the event's transaction."""

from __future__ import annotations

from typing import Any

from games.models import Match, MatchResult
from games.services.scoring import format_score
from ladders.choices import ChallengeStatus
from ladders.models import Challenge
from ladders.signals import challenge_decided, challenge_made
from tournaments.models import Pairing, Tournament
from tournaments.signals import rounds_published
from webhooks.models import Event
from webhooks.services import emit, wanted


def _player(player: Any) -> dict[str, Any] | None:
    return None if player is None else {"id": player.pk, "name": player.display_name}


def _tournament(tournament: Tournament) -> dict[str, Any]:
    return {"id": tournament.pk, "name": tournament.name, "variant": tournament.variant,
            "format": tournament.format}


def result_payload(match: Match, result: MatchResult) -> dict[str, Any]:
    pairing = Pairing.objects.select_related("tournament").filter(match_id=match.pk).first()
    return {
        "club": match.club.slug,
        "match": {
            "id": match.pk, "variant": match.variant, "length": match.length,
            "player1": _player(match.player1), "player2": _player(match.player2),
            "score1": format_score(result.score1), "score2": format_score(result.score2),
            "winner": _player(match.winner),
        },
        "result": {"id": result.pk, "overridden": bool(result.override_reason),
                   "confirmed_at": result.confirmed_at.isoformat() if result.confirmed_at else None},
        "tournament": None if pairing is None else {
            **_tournament(pairing.tournament), "flight": pairing.flight, "round": pairing.round,
            "number": pairing.number,
        },
    }


def on_result_confirmed(sender: Any, match: Match, result: MatchResult | None = None,
                        **kwargs: Any) -> None:
    if result is None:  # the club's own endpoints get its private events too: its data
        return
    if not wanted(club_id=match.club_id, event=Event.RESULT_CONFIRMED):
        return  # no payload built (its pairing, club and players read) for nobody
    emit(club_id=match.club_id, event=Event.RESULT_CONFIRMED, key=f"result.confirmed:{result.pk}",
         payload=result_payload(match, result))


def on_rounds_published(sender: Any, tournament: Tournament, rounds: list[tuple[str, int]],
                        **kwargs: Any) -> None:
    """One ``round.published`` event per round opened, with its documented payload; the
    rounds' pairings are read in one query, and only when an endpoint wants them."""
    if not wanted(club_id=tournament.club_id, event=Event.ROUND_PUBLISHED):
        return
    by_round: dict[tuple[str, int], list[Pairing]] = {key: [] for key in rounds}
    flights = {flight for flight, _ in rounds}
    numbers = {number for _, number in rounds}
    for p in tournament.pairings.filter(flight__in=flights, round__in=numbers).select_related(
            "top__player", "bottom__player").order_by("number"):
        if (p.flight, p.round) in by_round:
            by_round[(p.flight, p.round)].append(p)
    for (flight, round_number), pairings in by_round.items():
        emit(club_id=tournament.club_id, event=Event.ROUND_PUBLISHED,
             key=f"round.published:{tournament.pk}:{flight}:{round_number}",
             payload={
                 "club": tournament.club.slug,
                 "tournament": _tournament(tournament), "flight": flight, "round": round_number,
                 "pairings": [{
                     "number": p.number, "table": p.table, "state": p.state,
                     "top": _player(p.top.player) if p.top else None,
                     "bottom": _player(p.bottom.player) if p.bottom else None,
                     "match": p.match_id,
                 } for p in pairings],
             })


def _ladder_challenge(challenge: Challenge) -> dict[str, Any]:
    ladder = challenge.ladder
    return {
        "club": ladder.club.slug,
        "ladder": {"id": ladder.pk, "name": ladder.name, "variant": ladder.variant,
                   "length": ladder.length},
        "challenge": {
            "id": challenge.pk, "status": challenge.status,
            "challenger": _player(challenge.challenger), "challenged": _player(challenge.challenged),
            "match": challenge.match_id, "deadline": challenge.deadline.isoformat(),
            "handicap": None if not challenge.handicap_points else {
                "player": _player(challenge.handicap_to), "points": challenge.handicap_points},
            "winner": _player(challenge.winner),
        },
        "standings": [{"position": rung.position, "player": _player(rung.player)}
                      for rung in ladder.rungs.select_related("player").order_by("position")],
    }


def on_ladder_challenge(sender: Any, challenge: Challenge, **kwargs: Any) -> None:
    emit(club_id=challenge.ladder.club_id, event=Event.LADDER_CHALLENGE,
         key=f"ladder.challenge:{challenge.pk}", payload=_ladder_challenge(challenge))


def on_ladder_result(sender: Any, challenge: Challenge, **kwargs: Any) -> None:
    """A challenge played or forfeited (a voided one moves nobody and is not sent)."""
    if challenge.status not in (ChallengeStatus.PLAYED, ChallengeStatus.FORFEITED):
        return
    emit(club_id=challenge.ladder.club_id, event=Event.LADDER_RESULT,
         key=f"ladder.result:{challenge.pk}", payload=_ladder_challenge(challenge))


def connect() -> None:
    from games.signals import result_confirmed

    result_confirmed.connect(on_result_confirmed, dispatch_uid="webhooks.result_confirmed")
    rounds_published.connect(on_rounds_published, dispatch_uid="webhooks.rounds_published")
    challenge_made.connect(on_ladder_challenge, dispatch_uid="webhooks.ladder_challenge")
    challenge_decided.connect(on_ladder_result, dispatch_uid="webhooks.ladder_result")
