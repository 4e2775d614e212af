"""Standings with configurable tiebreaks: tournaments.md §3.3 (round robin) and §4.6 (Swiss).

One small class per metric (key, name, abbreviation, explanation, sort direction), so
the order of tiebreaks is configuration and the standings page can explain each one.
Ranking: the first metric splits the whole field; inside every tied group the metrics
are applied again from the second one (``restart_from``), head-to-head being worked out
among the tied players only. Players no metric separates share the place.

Penalty points (a late entry under the "penalty" rule, tournaments.models.LateEntryRule)
are taken off the player's own match wins: the ``wins`` metric is match wins less the
penalty, so they count wherever match wins do (the place, and the score groups of the
next Swiss round). They do not change the opponents' tiebreaks (Buchholz and the others
add up the opponents' match wins as won), so a late entrant's penalty costs only them.

PR (GNU Backgammon's error rate, lower is better) comes with a result when its match was
analysed (``MatchResult.first_pr``, ``second_pr``). Two metrics read it: ``average_pr``,
a player's PR averaged over their analysed matches (players with none rank after those
with one: their value is None), and ``duel_points``, the "dual duel" score: each match
gives a point to its winner (a bye or a walkover too, like a match win) and one to the
player with the lower PR in it (none when either side has no PR, or on equal PR). With
the event's dual duel setting on, ``scoring_order`` puts duel points first.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import ClassVar

from tournaments.draws.progress import PlaceGroup
from tournaments.errors import StandingsError

PlayerId = Hashable
Number = int | float


@dataclass(frozen=True, slots=True)
class MatchResult:
    """A finished match. ``second=None`` is a bye for ``first``.

    Walkovers and byes count as wins but not for points (§1, §4.5).
    """

    first: PlayerId
    second: PlayerId | None
    winner: PlayerId
    first_score: int = 0
    second_score: int = 0
    length: int = 0
    walkover: bool = False
    first_pr: float | None = None  # the match's PR of each side, when it was analysed
    second_pr: float | None = None

    @property
    def played(self) -> bool:
        return self.second is not None and not self.walkover


@dataclass
class _Record:
    wins: int = 0
    byes: int = 0
    points_for: int = 0
    points_against: int = 0
    opponents: list[PlayerId] = field(default_factory=list)
    prs: list[float] = field(default_factory=list)  # PR of each analysed match played
    pr_points: int = 0  # dual duel: matches played with the better PR


class ResultsTable:
    """Per-player totals and the head-to-head results, built once from the results;
    ``penalties``: penalty points per player (none for a player left out)."""

    def __init__(self, players: Sequence[PlayerId], results: Sequence[MatchResult],
                 penalties: Mapping[PlayerId, int] | None = None):
        self.records: dict[PlayerId, _Record] = {player: _Record() for player in players}
        self.penalties: dict[PlayerId, int] = {
            player: int((penalties or {}).get(player, 0)) for player in players
        }
        self.beaten: dict[PlayerId, list[PlayerId]] = {player: [] for player in players}
        for result in results:
            self._add(result)

    def _add(self, result: MatchResult) -> None:
        sides = (result.first,) if result.second is None else (result.first, result.second)
        for player in sides:
            if player not in self.records:
                raise StandingsError(
                    "unknown_player",
                    f"A result names {player}, who is not entered in this event.",
                    {"player": player},
                )
        if result.winner not in sides or result.first == result.second:
            raise StandingsError(
                "bad_result",
                f"The winner {result.winner} did not play in the match {result.first} v "
                f"{result.second}.",
                {"winner": result.winner},
            )
        self.records[result.winner].wins += 1
        if result.second is None:
            self.records[result.first].byes += 1
            return
        loser = result.second if result.winner == result.first else result.first
        self.beaten[result.winner].append(loser)
        self.records[result.first].opponents.append(result.second)
        self.records[result.second].opponents.append(result.first)
        if result.played:
            cap = result.length if result.length > 0 else max(result.first_score, result.second_score)
            first, second = min(result.first_score, cap), min(result.second_score, cap)
            self._points(result.first, first, second)
            self._points(result.second, second, first)
            self._pr(result)

    def _pr(self, result: MatchResult) -> None:
        for player, pr in ((result.first, result.first_pr), (result.second, result.second_pr)):
            if pr is not None:
                self.records[player].prs.append(float(pr))
        if result.first_pr is None or result.second_pr is None:
            return
        if result.first_pr < result.second_pr:
            self.records[result.first].pr_points += 1
        elif result.second_pr < result.first_pr:
            self.records[result.second].pr_points += 1

    def _points(self, player: PlayerId, scored: int, conceded: int) -> None:
        self.records[player].points_for += scored
        self.records[player].points_against += conceded


class Metric:
    key: ClassVar[str]
    name: ClassVar[str]
    abbreviation: ClassVar[str]
    explanation: ClassVar[str]
    higher_is_better: ClassVar[bool] = True
    among_tied_only: ClassVar[bool] = False  # worked out inside each tied group

    def values(self, players: Collection[PlayerId], table: ResultsTable) -> dict[PlayerId, Number]:
        raise NotImplementedError


class MatchWins(Metric):
    key, name, abbreviation = "wins", "Match wins", "W"
    explanation = (
        "Matches won; a bye or a walkover counts as a win. A late entrant's penalty points "
        "are taken off."
    )

    def values(self, players, table):
        return {p: table.records[p].wins - table.penalties[p] for p in players}


class HeadToHead(Metric):
    """Direct encounter, as FIDE's tiebreak rules define it.

    When every two of the tied players have met, their wins in those matches count (a
    round robin always has them all met). When some have not, the missing matches could
    have gone either way, so the metric only puts first a player who beat every other
    tied player, and otherwise separates nobody.
    """

    key, name, abbreviation = "head_to_head", "Head-to-head", "H2H"
    explanation = (
        "Direct encounter: wins in the matches among the tied players, when they have all "
        "played each other; otherwise only a player who beat all the others goes first."
    )
    among_tied_only = True

    def values(self, players, table):
        tied = set(players)
        wins = {p: sum(1 for loser in table.beaten[p] if loser in tied) for p in players}
        opponents = {p: set(table.records[p].opponents) for p in players}
        if all(tied - {p} <= opponents[p] for p in players):
            return wins
        return {p: int(tied - {p} <= set(table.beaten[p])) for p in players}


class PointsDifference(Metric):
    key, name, abbreviation = "points_difference", "Points difference", "+/−"
    explanation = (
        "Points scored minus points conceded in played matches; a winner's score counts "
        "at most the match length."
    )

    def values(self, players, table):
        return {p: table.records[p].points_for - table.records[p].points_against for p in players}


class PointsScored(Metric):
    key, name, abbreviation = "points_scored", "Points scored", "PTS"
    explanation = "Points scored in played matches; a winner's score counts at most the match length."

    def values(self, players, table):
        return {p: table.records[p].points_for for p in players}


class Buchholz(Metric):
    key, name, abbreviation = "buchholz", "Buchholz", "BH"
    explanation = "The sum of the match wins of one's opponents; a bye adds nothing."

    def values(self, players, table):
        return {p: sum(table.records[o].wins for o in table.records[p].opponents) for p in players}


class MedianBuchholz(Metric):
    """Buchholz less the best and the worst opponent, defined for every player.

    A bye counts as an opponent with no wins, so players who had one are compared over
    as many rounds as the others (and the bye is the one dropped as the worst). With
    fewer than three opponents there is no middle to keep: nothing is dropped.
    """

    key, name, abbreviation = "median_buchholz", "Median Buchholz", "MBH"
    explanation = (
        "Buchholz without the best and the worst opponent; a bye counts as an opponent "
        "with no wins. With fewer than three opponents nothing is dropped."
    )

    def values(self, players, table):
        out = {}
        for p in players:
            record = table.records[p]
            wins = sorted([table.records[o].wins for o in record.opponents] + [0] * record.byes)
            out[p] = sum(wins[1:-1]) if len(wins) >= 3 else sum(wins)
        return out


class SonnebornBerger(Metric):
    key, name, abbreviation = "sonneborn_berger", "Sonneborn–Berger", "SB"
    explanation = (
        "The sum of the match wins of the opponents one has beaten; a bye adds nothing."
    )

    def values(self, players, table):
        return {p: sum(table.records[o].wins for o in table.beaten[p]) for p in players}


class AveragePr(Metric):
    """Lower is better; a player with no analysed match has None and ranks after every
    player with one (``_Ranker`` sorts None last)."""

    key, name, abbreviation = "average_pr", "Average PR", "PR"
    explanation = (
        "The average PR (GNU Backgammon's error rate, lower is better) over the player's "
        "analysed matches in the event; players with no analysed match come after those "
        "with one."
    )
    higher_is_better = False

    def values(self, players, table):
        out: dict[PlayerId, Number | None] = {}
        for p in players:
            prs = table.records[p].prs
            out[p] = round(sum(prs) / len(prs), 2) if prs else None
        return out


class DuelPoints(Metric):
    key, name, abbreviation = "duel_points", "Dual duel points", "DD"
    explanation = (
        "One point for each match won (a bye or a walkover too) and one for each match "
        "played with the better PR than the opponent; no PR point when either player's "
        "match is not analysed, or on equal PR. A late entrant's penalty points are taken off."
    )

    def values(self, players, table):
        return {p: table.records[p].wins + table.records[p].pr_points - table.penalties[p]
                for p in players}


METRICS: dict[str, type[Metric]] = {
    cls.key: cls
    for cls in (
        MatchWins, HeadToHead, PointsDifference, PointsScored, Buchholz, MedianBuchholz,
        SonnebornBerger, AveragePr, DuelPoints,
    )
}
DUEL_SCORE = DuelPoints.key
# Metrics that read the matches' PR: the standings need the analyses when one is used.
PR_METRICS = frozenset({AveragePr.key, DuelPoints.key})


def scoring_order(order: Sequence[str], *, dual_duel: bool = False) -> tuple[str, ...]:
    """The metrics the standings use: with dual duel points on, they are the primary
    score and the event's tiebreaks follow (match wins among them stay a tiebreak)."""
    if not dual_duel:
        return tuple(order)
    return (DUEL_SCORE, *(key for key in order if key != DUEL_SCORE))
ROUND_ROBIN_ORDER = ("wins", "head_to_head", "points_difference", "points_scored")
SWISS_ORDER = ("wins", "buchholz", "median_buchholz", "points_difference", "head_to_head")


@dataclass(frozen=True, slots=True)
class StandingRow:
    place: int
    player: PlayerId
    shared: bool
    values: Mapping[str, Number | None]  # every metric that does not depend on the tied group
    penalty: int = 0  # penalty points taken off the match wins (a late entry)
    withdrawn: bool = False  # left the event: listed below everyone still in it


@dataclass(frozen=True, slots=True)
class Separation:
    """Why ``upper`` is above ``lower`` (adjacent rows); ``metric`` None means tied."""

    upper: PlayerId
    lower: PlayerId
    metric: str | None
    upper_value: Number | None = None
    lower_value: Number | None = None

    def explain(self, names: Callable[[PlayerId], str] = str) -> str:
        if self.metric is None:
            return f"{names(self.upper)} and {names(self.lower)} are tied and share the place."
        if self.metric == WITHDRAWN:
            return f"{names(self.lower)} withdrew and is listed below the players still in."
        metric = METRICS[self.metric]
        return (
            f"{names(self.upper)} is above {names(self.lower)} on {metric.name.lower()} "
            f"({self.upper_value} to {self.lower_value})."
        )


@dataclass(frozen=True)
class Standings:
    rows: tuple[StandingRow, ...]
    separations: tuple[Separation, ...]  # one per adjacent pair of rows
    order: tuple[str, ...]

    def place_groups(self) -> tuple[PlaceGroup, ...]:
        groups: list[PlaceGroup] = []
        for row in self.rows:
            if groups and groups[-1].first == row.place:
                last = groups[-1]
                groups[-1] = PlaceGroup(last.first, last.last + 1, last.players + (row.player,))
            else:
                groups.append(PlaceGroup(row.place, row.place, (row.player,)))
        return tuple(groups)

    def playoffs_needed(self, places: Collection[int]) -> tuple[PlaceGroup, ...]:
        """Tied groups covering a place that matters (a prize or qualification), §3.3.5;
        never withdrawn players (they play no more)."""
        gone = self.withdrawn()
        return tuple(
            g for g in self.place_groups()
            if g.last > g.first and any(g.first <= p <= g.last for p in places)
            and not gone.intersection(g.players)
        )

    def withdrawn(self) -> set[PlayerId]:
        return {row.player for row in self.rows if row.withdrawn}


def after_playoffs(
    standings: Standings, playoff_results: Sequence[MatchResult], places: Collection[int]
) -> tuple[tuple[PlaceGroup, ...], tuple[tuple[PlayerId, ...], ...]]:
    """Places once the play-offs played so far are counted, and who still needs one.

    A group the tiebreaks leave tied on a place in ``places`` is ordered by the play-off
    matches among its players (match wins, then head-to-head among those still level);
    players these leave level again, still on a place that matters, are returned as
    needing a (further) play-off. Other groups keep their shared places.
    """
    groups: list[PlaceGroup] = []
    needed: list[tuple[PlayerId, ...]] = []
    gone = standings.withdrawn()  # listed last, in no play-off
    for group in standings.place_groups():
        if (group.last == group.first or gone.intersection(group.players)
                or not any(group.first <= p <= group.last for p in places)):
            groups.append(group)
            continue
        members = set(group.players)
        among = [r for r in playoff_results if r.first in members and r.second in members]
        order = compute_standings(list(group.players), among, ("wins", "head_to_head"))
        for sub in order.place_groups():
            placed = PlaceGroup(group.first + sub.first - 1, group.first + sub.last - 1, sub.players)
            groups.append(placed)
            if placed.last > placed.first and any(placed.first <= p <= placed.last for p in places):
                needed.append(placed.players)
    return tuple(groups), tuple(needed)


WITHDRAWN = "withdrawn"  # a Separation's metric: the lower row left the event


def compute_standings(
    players: Sequence[PlayerId],
    results: Sequence[MatchResult],
    order: Sequence[str] = ROUND_ROBIN_ORDER,
    *,
    restart_from: int = 1,
    prize_sharing: bool = False,
    penalties: Mapping[PlayerId, int] | None = None,
    withdrawn: Collection[PlayerId] = (),
) -> Standings:
    """Rank ``players`` from ``results`` by the metrics in ``order``.

    With ``prize_sharing`` (the §3.3 option) only match wins count, except that exactly
    two tied players who met are separated by head-to-head. ``penalties``: penalty points
    per player, taken off their match wins (see the module). ``withdrawn``: players who
    left the event; their results stand (their opponents keep the wins, walkovers
    included, and the points), but they are listed after everyone still in, sharing the
    place below the last of them.
    """
    if len(set(players)) != len(players):
        raise StandingsError("duplicate_entrant", "A player is listed twice in the standings.")
    unknown = [key for key in order if key not in METRICS]
    if unknown or not order:
        raise StandingsError(
            "unknown_tiebreak",
            f"Unknown tiebreak: {', '.join(unknown) or '(none given)'}.",
            {"keys": unknown},
        )
    if penalties is not None and any(
        isinstance(points, bool) or not isinstance(points, int) or points < 0
        for points in penalties.values()
    ):
        raise StandingsError("bad_penalty", "Penalty points are whole numbers from 0.")
    table = ResultsTable(players, results, penalties)
    metrics = [METRICS[key]() for key in order]
    if prize_sharing:
        metrics, restart_from = [MatchWins(), HeadToHead()], 1
    absolute = {m.key: m.values(players, table) for m in metrics if not m.among_tied_only}
    ranker = _Ranker(table, metrics, absolute, restart_from, pairs_only=prize_sharing)
    left = set(withdrawn)
    gone = [player for player in players if player in left]
    active = [player for player in players if player not in left]
    tiers, seps = ranker.rank(active, start=0) if active else ([], [])
    if gone:
        seps = [*seps, (WITHDRAWN, None, None)] if active else seps
        tiers = [*tiers, gone]
    rows: list[StandingRow] = []
    separations: list[Separation] = []
    values = {p: {key: absolute[key][p] for key in absolute} for p in players}
    for index, tier in enumerate(tiers):
        place = len(rows) + 1
        for position, player in enumerate(tier):
            if rows:
                if position:
                    separations.append(Separation(rows[-1].player, player, None))
                else:
                    metric, upper_value, lower_value = seps[index - 1]
                    separations.append(Separation(rows[-1].player, player, metric, upper_value, lower_value))
            rows.append(StandingRow(place, player, len(tier) > 1, values[player],
                                    table.penalties[player], player in gone))
    return Standings(tuple(rows), tuple(separations), tuple(m.key for m in metrics))


def _best_first(metric: Metric) -> Callable[[Number | None], tuple[bool, Number]]:
    """Sort key of a metric's values, best first; None (no value, as a player with no
    analysed match has for average PR) after every value."""
    sign = -1 if metric.higher_is_better else 1
    return lambda value: (value is None, 0 if value is None else sign * value)


class _Ranker:
    def __init__(self, table, metrics, absolute, restart_from, pairs_only):
        self.table, self.metrics, self.absolute = table, metrics, absolute
        self.restart_from, self.pairs_only = restart_from, pairs_only

    def rank(self, group: list[PlayerId], start: int):
        """Tiers of tied players, best first, and for each boundary (metric, above, below)."""
        for index in range(start, len(self.metrics)):
            metric = self.metrics[index]
            if self.pairs_only and metric.among_tied_only and not self._met_as_pair(group):
                continue
            values = self.absolute.get(metric.key) or metric.values(group, self.table)
            distinct = sorted({values[p] for p in group}, key=_best_first(metric))
            if len(distinct) == 1:
                continue
            tiers: list[list[PlayerId]] = []
            boundaries: list[tuple[str, Number, Number]] = []
            for number, value in enumerate(distinct):
                subgroup = [p for p in group if values[p] == value]
                if number:
                    boundaries.append((metric.key, distinct[number - 1], value))
                if len(subgroup) == 1:
                    tiers.append(subgroup)
                    continue
                # a smaller tied group is compared again from the restart criterion
                sub_tiers, sub_boundaries = self.rank(subgroup, self.restart_from)
                tiers += sub_tiers
                boundaries += sub_boundaries
            return tiers, boundaries
        return [group], []

    def _met_as_pair(self, group: list[PlayerId]) -> bool:
        if len(group) != 2:
            return False
        a, b = group
        return b in self.table.beaten[a] or a in self.table.beaten[b]
