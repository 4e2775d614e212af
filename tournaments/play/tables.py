"""Reading a table (a round robin, a group, the Swiss rounds, the play-offs): the standings
input from its decided pairings, and its standings with the event's tiebreak order (else
the format's). Below every service that plays a table (``round_robin``, ``swiss``,
``groups``, ``playoffs``) and the selectors that show one.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.db.models import QuerySet

from games.services.scoring import to_points
from tournaments import match_pr
from tournaments.models import Flight, Pairing, Tournament
from tournaments.standings import (
    PR_METRICS,
    MatchResult,
    Standings,
    compute_standings,
    scoring_order,
)

TABLE_FLIGHTS = (Flight.GROUP, Flight.SWISS)


@dataclass(slots=True)
class TableMatch:
    """What a table reads of a pairing's match (its score, length and seats)."""

    score1: Decimal
    score2: Decimal
    length: int
    player1_id: int | None
    player2_id: int | None

    @property
    def displayed_score(self) -> tuple[Decimal, Decimal]:
        """The score as shown: capped at the match length (games.models.Match's)."""
        if self.length == 0:  # a session
            return (self.score1, self.score2)
        cap = Decimal(self.length)
        return (min(self.score1, cap), min(self.score2, cap))


@dataclass(slots=True)
class TablePairing:
    """What a table reads of a pairing: a league's table has a pairing for every two
    players (1,225 for 50), and building each as a model object, its match joined, was
    most of the table's time. Read by ``table_pairings``; stands in for a Pairing wherever
    a table is worked out (``table_results``, ``pr_of_pairings``, the crosstable)."""

    pk: int
    group: int
    round: int
    state: str
    top_id: int | None
    bottom_id: int | None
    winner_id: int | None
    match_id: int | None
    match: TableMatch | None


_PAIRING_COLUMNS = ("pk", "group", "round", "state", "top_id", "bottom_id", "winner_id",
                    "match_id", "match__score1", "match__score2", "match__length",
                    "match__player1_id", "match__player2_id")  # fmt: skip


def table_pairings(pairings: QuerySet[Pairing]) -> list[TablePairing]:
    """``pairings`` (a queryset, in its order) read as plain rows, in one query."""
    return [_table_pairing(row) for row in pairings.values_list(*_PAIRING_COLUMNS)]


def _table_pairing(row: Sequence[Any]) -> TablePairing:
    pk, group, round_, state, top, bottom, winner, match_id, s1, s2, length, p1, p2 = row
    match = None if match_id is None else TableMatch(s1, s2, length, p1, p2)
    return TablePairing(pk, group, round_, state, top, bottom, winner, match_id, match)


def standings_order(tournament: Tournament) -> tuple[str, ...]:
    """The metrics the event's standings use: its tiebreaks (else the format's), after
    dual duel points when the format has that setting and it is on."""
    event_format = tournament.event_format
    order = tournament.tiebreaks or event_format.default_tiebreaks or ()
    dual_duel = "dual_duel" in event_format.settings and tournament.dual_duel
    return scoring_order(order, dual_duel=dual_duel)


def pr_of_pairings(tournament: Tournament,
                   pairings: Sequence[Pairing | TablePairing]) -> dict[int, tuple]:
    """{pairing id: (PR of top, PR of bottom)} of the analysed matches (tournaments.match_pr):
    two queries, the entries' players and the analyses."""
    played = [p for p in pairings if p.match is not None and p.state == Pairing.State.DECIDED]
    prs = match_pr.prs([p.match_id for p in played])
    if not prs:
        return {}
    player_of = dict(tournament.entries.values_list("pk", "player_id"))
    sides = {}
    for p in played:
        if p.match_id not in prs:
            continue
        pr1, pr2 = prs[p.match_id]
        top_first = player_of.get(p.top_id) == p.match.player1_id
        sides[p.pk] = (pr1, pr2) if top_first else (pr2, pr1)
    return sides


def table_results(pairings: Sequence[Pairing | TablePairing],
                  prs: Mapping[int, tuple] | None = None) -> list[MatchResult]:
    """Standings input from decided pairings (their matches' scores) and byes; ``prs``:
    each analysed pairing's PR of top and bottom (``pr_of_pairings``)."""
    prs = prs or {}
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
                length=p.match.length, first_pr=prs.get(p.pk, (None, None))[0],
                second_pr=prs.get(p.pk, (None, None))[1],
            ))
    return results


def table_standings(
    tournament: Tournament, *, flight: str = Flight.GROUP, group: int | None = None,
    pairings: Sequence[Pairing | TablePairing] | None = None, entry_ids: list[int] | None = None,
    withdrawn: Collection[int] = (), penalties: Mapping[int, int] | None = None,
) -> Standings:
    """Standings of a group (or the whole event) with the event's tiebreak order.

    Withdrawn entrants stay in (their results stand for their opponents) and are listed
    after everyone still in the event (tournaments.standings.compute_standings); given
    ``entry_ids``, ``withdrawn`` says which of them withdrew and ``penalties`` (when the
    caller has the entries) their late-entry penalty points.
    """
    if pairings is None:
        query = tournament.pairings.filter(flight=flight)
        if group is not None:
            query = query.filter(group=group)
        pairings = table_pairings(query)
    if entry_ids is None:
        entries = tournament.entries.all()
        if group is not None:
            entries = entries.filter(group=group)
        rows = list(entries.order_by("seed", "pk").values_list("pk", "withdrawn"))
        entry_ids = [pk for pk, _ in rows]
        withdrawn = {pk for pk, gone in rows if gone}
    order = standings_order(tournament)
    prs = pr_of_pairings(tournament, pairings) if PR_METRICS.intersection(order) else None
    return compute_standings(entry_ids, table_results(pairings, prs), order,
                             penalties=penalties_of(tournament, entry_ids) if penalties is None
                             else penalties, withdrawn=withdrawn)  # fmt: skip


def penalties_of(tournament: Tournament, entry_ids: list[int]) -> dict[int, int]:
    """Penalty points of late entries (LateEntryRule.PENALTY), taken off their match wins."""
    return dict(tournament.entries.filter(pk__in=entry_ids, penalty_points__gt=0)
                .values_list("pk", "penalty_points"))
