"""Reading a table (a round robin, a group, the Swiss rounds, the play-offs): the standings
input from its decided pairings, and its standings with the event's tiebreak order (else
the format's). Below every service that plays a table (``round_robin``, ``swiss``,
``groups``, ``playoffs``) and the selectors that show one.
"""

from __future__ import annotations

from collections.abc import Collection

from games.services.scoring import to_points
from tournaments.models import Flight, Pairing, Tournament
from tournaments.standings import MatchResult, Standings, compute_standings

TABLE_FLIGHTS = (Flight.GROUP, Flight.SWISS)


def table_results(pairings: list[Pairing]) -> list[MatchResult]:
    """Standings input from decided pairings (their matches' scores) and byes."""
    results = []
    for p in pairings:
        if p.state == Pairing.State.BYE:
            results.append(MatchResult(first=p.top_id, second=None, winner=p.top_id))
        elif p.state == Pairing.State.DECIDED and p.match is None:  # a walkover
            results.append(MatchResult(first=p.top_id, second=p.bottom_id, winner=p.winner_id,
                                       walkover=True))
        elif p.state == Pairing.State.DECIDED and p.match is not None:
            results.append(MatchResult(
                first=p.top_id, second=p.bottom_id, winner=p.winner_id,
                first_score=to_points(p.match.score1), second_score=to_points(p.match.score2),
                length=p.match.length,
            ))
    return results


def table_standings(
    tournament: Tournament, *, flight: str = Flight.GROUP, group: int | None = None,
    pairings: list[Pairing] | None = None, entry_ids: list[int] | None = None,
    withdrawn: Collection[int] = (),
) -> Standings:
    """Standings of a group (or the whole event) with the event's tiebreak order.

    Withdrawn entrants stay in (their results stand for their opponents) and are listed
    after everyone still in the event (tournaments.standings.compute_standings); given
    ``entry_ids``, ``withdrawn`` says which of them withdrew.
    """
    if pairings is None:
        query = tournament.pairings.filter(flight=flight).select_related("match")
        if group is not None:
            query = query.filter(group=group)
        pairings = list(query)
    if entry_ids is None:
        entries = tournament.entries.all()
        if group is not None:
            entries = entries.filter(group=group)
        rows = list(entries.order_by("seed", "pk").values_list("pk", "withdrawn"))
        entry_ids = [pk for pk, _ in rows]
        withdrawn = {pk for pk, gone in rows if gone}
    order = tournament.tiebreaks or tournament.event_format.default_tiebreaks
    return compute_standings(entry_ids, table_results(pairings), order,
                             penalties=penalties_of(tournament, entry_ids), withdrawn=withdrawn)


def penalties_of(tournament: Tournament, entry_ids: list[int]) -> dict[int, int]:
    """Penalty points of late entries (LateEntryRule.PENALTY), taken off their match wins."""
    return dict(tournament.entries.filter(pk__in=entry_ids, penalty_points__gt=0)
                .values_list("pk", "penalty_points"))
