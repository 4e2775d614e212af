"""Reads: querysets and page data for pages and the API.

The bracket, the crosstable and the standings each load the event's pairings in one
query (with their entries, players and matches), so the number of queries does not
grow with the number of entrants.
"""

from __future__ import annotations

import datetime
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from decimal import Decimal
from functools import lru_cache
from html import escape
from typing import Any, NamedTuple

from django.db.models import DateField, F, Q, QuerySet, Subquery, Value
from django.db.models.functions import Coalesce
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext_lazy

from clubs import selectors as clubs_selectors
from clubs.models import Player
from clubs.permissions import AnyUser, visible_q
from games.choices import MatchStatus
from games.services.scoring import format_score
from tournaments import match_pr, page_cache
from tournaments.format_registry import FORMATS
from tournaments.formats.base import TABLE_FLIGHTS
from tournaments.models import (
    Entry,
    Flight,
    Pairing,
    Tournament,
    set_round_shapes,
    with_flight_rounds,
)
from tournaments.play.tables import TablePairing, standings_order, table_pairings, table_standings
from tournaments.standings import METRICS, WITHDRAWN, Standings


def visible_tournaments(user: AnyUser | None) -> QuerySet[Tournament]:
    """Public events, plus the private ones of the clubs the user directs or belongs to
    (all for admins)."""
    return Tournament.objects.select_related("club").filter(visible_q(user))


def sees_tournament(user: AnyUser | None, tournament: Tournament) -> bool:
    """Whether ``visible_tournaments`` holds this event for the user: a public one is
    everyone's (nothing read); a private one is asked of that rule."""
    return tournament.is_public or visible_tournaments(user).filter(pk=tournament.pk).exists()


def entries_of(tournament: Tournament, *, with_divisions: bool = False) -> QuerySet[Entry]:
    """The event's entries; ``with_divisions``: an event split into divisions lists its
    divisions' entries (they moved there at the draw), by division."""
    # Unseeded entrants last on every database (SQLite sorts NULL first, PostgreSQL last).
    order = (F("seed").asc(nulls_last=True), "player__display_name", "pk")
    if with_divisions and tournament.divisions and tournament.parent_id is None:
        return Entry.objects.filter(Q(tournament=tournament) | Q(tournament__parent=tournament)
                                    ).select_related("player").order_by("division", *order)
    return tournament.entries.select_related("player").order_by(*order)


# What the API's pairings show (tournaments.serializers.PairingSerializer): a draw answers
# thousands of them, read without the columns nobody shows.
API_PAIRING_FIELDS = (
    "tournament", "flight", "group", "round", "number", "top", "bottom", "winner", "state",
    "match", "table", "walkover", "forfeit_at",
    "top__seed", "top__player", "top__player__display_name",
    "bottom__seed", "bottom__player", "bottom__player__display_name",
    "match__length", "match__status", "match__score1", "match__score2", "match__winner",
    "match__player1", "match__player2",
)


def event_pairings(tournament: Tournament) -> list[Pairing]:
    """The event's pairings as the API shows them and, for an event split into divisions,
    its divisions' (each pairing names its tournament), division by division."""
    pairings = pairings_of(tournament, only=API_PAIRING_FIELDS)
    for division in tournament.division_events.order_by("pk"):
        pairings += pairings_of(division, only=API_PAIRING_FIELDS)
    return pairings


def pairings_of(tournament: Tournament, flights: Iterable[str] | None = None,
                only: Iterable[str] | None = None) -> list[Pairing]:
    """Every pairing of the event with its entrants, players and match: one query
    (``only``: those columns)."""
    query = tournament.pairings.select_related(
        "top__player", "bottom__player", "match", *(() if only else ("winner",))
    ).order_by("flight", "group", "round", "number")
    if only:
        query = query.only(*only)
    if flights is not None:
        query = query.filter(flight__in=list(flights))
    pairings = list(query)
    # whole flights: each one's rounds and their places are known without asking again
    set_round_shapes(pairings, Counter((p.tournament_id, p.flight, p.group, p.round)
                                        for p in pairings))
    return pairings


def round_links(pairing: Pairing) -> dict[str, str]:
    """Where a pairing's round and table are shown: a bracket's match in its bracket, a
    table's round on its score sheets, the table on the match's score sheet."""
    tournament_pk = pairing.tournament_id
    sheets = f"{reverse('tournaments:score_sheets', args=[tournament_pk])}?round={pairing.round}"
    if pairing.flight in BRACKET_FLIGHTS:
        round_url = f"{reverse('tournaments:bracket', args=[tournament_pk])}#pairing-{pairing.pk}"
    else:
        round_url = sheets
    return {"round_url": round_url, "table_url": f"{sheets}#score-sheet-{pairing.pk}"}


def rounds_in_play(pairings: list[Pairing]) -> list[str]:
    """The rounds whose matches are being played, as the event's format names them
    ("Semi-final"; with the flight when two flights play at once, or when the one playing
    is not the main one: "Consolation · Final")."""
    ready = [p for p in pairings if p.state == Pairing.State.READY and p.match_id is not None]
    flights = {p.flight for p in ready}
    named_alone = len(flights) == 1 and flights <= {Flight.MAIN, *TABLE_FLIGHTS}
    titles: list[str] = []
    for pairing in sorted(ready, key=lambda p: (FLIGHT_ORDER.get(p.flight, 99), p.round)):
        title = pairing.round_title if named_alone else pairing.stage_title
        if title not in titles:
            titles.append(title)
    return titles


def round_choices(pairings: list[Pairing]) -> list[tuple[int, str]]:
    """The round numbers of these pairings, each with what it holds as the event's format
    names it: "Round of 16", or "Quarter-final / Consolation · Semi-final" when flights
    share a number (the score sheets' choice of round)."""
    by_number: dict[int, list[Pairing]] = defaultdict(list)
    for pairing in sorted(pairings, key=lambda p: (FLIGHT_ORDER.get(p.flight, 99), p.round)):
        by_number[pairing.round].append(pairing)
    choices = []
    for number in sorted(by_number):
        titles: list[str] = []
        for pairing in by_number[number]:
            title = (pairing.round_title if pairing.flight in (Flight.MAIN, *TABLE_FLIGHTS)
                     else pairing.stage_title)
            if title not in titles:
                titles.append(title)
        choices.append((number, " / ".join(titles)))
    return choices


FLIGHT_ORDER = {flight: index for index, flight in enumerate(Flight.values)}


def search_players(search: str, viewer: clubs_selectors.NameViewer, *,
                   exclude_tournament: Tournament | None = None, limit: int = 10) -> list[Player]:
    """Players named like ``search`` as ``viewer`` may find them (legal names only where
    the viewer may see them: clubs.selectors.NameViewer), for the console's live search;
    those already entered in ``exclude_tournament`` left out."""
    entered = (Player.objects.filter(entries__tournament=exclude_tournament)
               if exclude_tournament is not None else None)
    return clubs_selectors.search_players(search, viewer, exclude=entered, limit=limit)


# --- the bracket ------------------------------------------------------------------------


@dataclass
class BracketRound:
    number: int
    title: str
    pairings: list[Pairing]


@dataclass
class BracketFlight:
    flight: str
    title: str
    rounds: list[BracketRound] = field(default_factory=list)


BRACKET_FLIGHTS = (Flight.MAIN, Flight.LOSERS, Flight.GRAND_FINAL, Flight.CONSOLATION,
                   Flight.LAST_CHANCE)


def bracket(tournament: Tournament, pairings: list[Pairing] | None = None) -> list[BracketFlight]:
    """The bracket flights, round by round, titled by the event's format."""
    if pairings is None:
        pairings = pairings_of(tournament, BRACKET_FLIGHTS)
    by_flight: dict[str, dict[int, list[Pairing]]] = defaultdict(lambda: defaultdict(list))
    for pairing in pairings:
        if pairing.flight in BRACKET_FLIGHTS:
            by_flight[pairing.flight][pairing.round].append(pairing)
    event_format = tournament.event_format
    flights = []
    for flight in BRACKET_FLIGHTS:
        rounds = by_flight.get(flight)
        if not rounds:
            continue
        last = max(rounds)
        flights.append(BracketFlight(flight, event_format.flight_title(flight), [
            BracketRound(number, event_format.round_title(flight, number, last,
                                                          len(rounds[number])),
                         rounds[number])
            for number in sorted(rounds)
        ]))
    return flights


# --- round robin: crosstable and standings --------------------------------------------------


class CrossCell(NamedTuple):
    """One cell of a crosstable."""

    text: str = ""
    outcome: str = ""  # "win", "loss", "bye", "pending", "self"


@dataclass
class CrossRow:
    """A player's row of a crosstable. Its cells are kept as two lists of strings: the
    tables are kept pickled in the page cache, and 2,500 cell objects (a 50-player
    league) took longer to pickle and unpickle than the table took to work out."""

    entry: Entry
    texts: list[str]  # each cell's score(s), "w/o" or ""
    outcomes: list[str]  # each cell's CrossCell.outcome
    wins: int = 0  # byes and walkovers included, before any penalty
    byes: list[int] = field(default_factory=list)  # the rounds of this player's byes

    @property
    def cells(self) -> list[CrossCell]:
        return [CrossCell(*cell) for cell in zip(self.texts, self.outcomes, strict=True)]

    @property
    def cells_html(self) -> SafeString:
        """The row's cells as table cells: a 50-player crosstable has 2,500 of them, which
        the template language took most of the table's time to write one by one."""
        return mark_safe("".join(f'<td class="{escape(outcome)}">{escape(text)}</td>'
                                 for text, outcome in zip(self.texts, self.outcomes, strict=True)))  # fmt: skip

    @property
    def penalty(self) -> int:
        """A late entry's penalty points, taken off the match wins as the standings do."""
        return self.entry.penalty_points

    @property
    def total(self) -> int:
        """The match wins the standings count: wins less the penalty."""
        return self.wins - self.penalty


@dataclass
class GroupTable:
    group: int
    entries: list[Entry]
    rows: list[CrossRow]
    standings: Standings | None
    explanations: list[str]
    lines: list[StandingLine] = field(default_factory=list)
    penalties: list[str] = field(default_factory=list)  # one sentence per penalised late entry
    # entries whose PR figures are not shown (their player shows PR to their clubs only)
    pr_hidden: set[int] = field(default_factory=set)

    @property
    def has_byes(self) -> bool:
        return any(row.byes for row in self.rows)

    @property
    def has_penalties(self) -> bool:
        return any(row.penalty for row in self.rows)


@dataclass
class StandingLine:
    place: int
    shared: bool
    name: str
    values: list[object]  # one per tiebreak of the event, "" where it is worked out among ties
    penalty: int = 0  # a late entry's penalty points, already taken off the match wins
    withdrawn: bool = False  # left the event: listed last, without a place
    byes: list[int] = field(default_factory=list)  # the rounds of the player's byes


def crosstables(tournament: Tournament, *, flight: str = Flight.GROUP) -> list[GroupTable]:
    """One crosstable per group (a plain round robin has group 1) with its standings.

    Worked out once per version of the event and kept (``tournaments.page_cache``): the
    crosstable, the standings page and the API's standings of a league where results
    come in every few seconds share one working out (a 50-player table: 1,225 pairings).
    Else two queries whatever the size of the field: entries and pairings.
    """
    return page_cache.fragment(tournament, f"tables:{flight}",
                               lambda: _crosstables(tournament, flight), results_only=True)


def _crosstables(tournament: Tournament, flight: str) -> list[GroupTable]:
    # withdrawn entrants too: their results stand, their rows are marked and listed last
    entries = list(entries_of(tournament))
    pairings = table_pairings(tournament.pairings.filter(flight=flight)
                              .order_by("group", "round", "number"))
    groups: dict[int, list[Entry]] = defaultdict(list)
    for entry in entries:
        groups[entry.group or (0 if flight == Flight.SWISS else 1)].append(entry)
    by_group: dict[int, list[TablePairing]] = defaultdict(list)
    for pairing in pairings:
        by_group[pairing.group].append(pairing)
    tables = []
    for group in sorted(groups):
        members = groups[group]
        index = {entry.pk: i for i, entry in enumerate(members)}
        rows = [CrossRow(entry, [""] * len(members), [""] * len(members)) for entry in members]
        for i, row in enumerate(rows):
            row.outcomes[i] = "self"
        for pairing in by_group[group]:
            _fill(rows, index, pairing)
        standings = table_standings(
            tournament, flight=flight, pairings=by_group[group], entry_ids=[e.pk for e in members],
            withdrawn={e.pk for e in members if e.withdrawn},
            penalties={e.pk: e.penalty_points for e in members if e.penalty_points > 0},
        ) if by_group[group] else None
        hidden = _pr_hidden(standings, members)
        tables.append(GroupTable(group, members, rows, standings,
                                 _explain(standings, members, hidden),
                                 _lines(standings, members, standings_order(tournament),
                                        {row.entry.pk: row.byes for row in rows}, hidden),
                                 _penalties(standings, members), hidden))
    return tables


def _fill(rows: list[CrossRow], index: dict[int, int], pairing: TablePairing) -> None:
    """One pairing into the crosstable: its two cells' texts and outcomes, the wins and
    byes of its players' rows."""
    if pairing.top_id not in index:
        return
    top = index[pairing.top_id]
    if pairing.bottom_id is None or pairing.bottom_id not in index:
        if pairing.state == Pairing.State.BYE:
            rows[top].wins += 1
            rows[top].byes.append(pairing.round)
        return
    bottom = index[pairing.bottom_id]
    for me, other, seat in ((top, bottom, 1), (bottom, top, 2)):
        texts, outcomes = rows[me].texts, rows[me].outcomes
        if pairing.state == Pairing.State.DECIDED and pairing.match is not None:
            first, second = pairing.match.displayed_score  # capped at the match length
            mine, theirs = (first, second) if seat == 1 else (second, first)
            won = pairing.winner_id == rows[me].entry.pk
            rows[me].wins += won
            text = _score_text(str(mine), str(theirs))
            # a double round robin shows both
            texts[other] = f"{texts[other]} {text}".strip()
            outcomes[other] = "win" if won else "loss"
        elif pairing.state == Pairing.State.DECIDED:  # a walkover
            won = pairing.winner_id == rows[me].entry.pk
            rows[me].wins += won
            texts[other] = f"{texts[other]} {_('w/o')}".strip()
            outcomes[other] = "win" if won else "loss"
        elif not outcomes[other]:
            outcomes[other] = "pending"


@lru_cache(maxsize=4096)
def _score_text(mine: str, theirs: str) -> str:
    """A crosstable cell's score (each side as the database gives it: "7.0", "4.5"): a
    50-player table writes 2,450 of them, of few kinds."""
    return f"{format_score(Decimal(mine))}–{format_score(Decimal(theirs))}"


def _pr_hidden(standings: Standings | None, entries: list[Entry]) -> set[int]:
    """Entries whose average PR the standings do not show: their player keeps their PR to
    their clubs (tournaments.match_pr). The page is the same for every reader, so it is
    hidden from everyone; the order still counts it."""
    if standings is None or PR_SHOWN not in standings.order:
        return set()
    private = match_pr.private([entry.player_id for entry in entries])
    return {entry.pk for entry in entries if entry.player_id in private}


def _shown_value(row_values: Any, key: str, entry_id: int, hidden: set[int]) -> object:
    if key == PR_SHOWN and entry_id in hidden:
        return str(PR_HIDDEN)
    value = row_values.get(key, "")
    return "–" if value is None else value  # average PR of a player with no analysed match


def _lines(standings: Standings | None, entries: list[Entry], order: Iterable[str],
           byes: dict[int, list[int]] | None = None,
           hidden: set[int] = frozenset()) -> list[StandingLine]:  # type: ignore[assignment]
    if standings is None:
        return []
    names = {entry.pk: entry.player.display_name for entry in entries}
    order = list(order)
    return [
        StandingLine(row.place, row.shared, names[row.player],
                     [_shown_value(row.values, k, row.player, hidden) for k in order],
                     row.penalty, row.withdrawn, (byes or {}).get(row.player, []))
        for row in standings.rows
    ]


# Translatable names and explanations of the tiebreaks (tournaments.standings.METRICS keys).
TIEBREAKS: dict[str, tuple[Any, Any, Any]] = {
    "wins": (pgettext_lazy("tiebreak abbreviation", "W"), gettext_lazy("Match wins"), gettext_lazy(
        "Matches won; a bye or a walkover counts as a win. A late entrant's penalty points "
        "are taken off.")),
    "head_to_head": (pgettext_lazy("tiebreak abbreviation", "H2H"), gettext_lazy("Head-to-head"), gettext_lazy(
        "Direct encounter: wins in the matches among the tied players, when they have all "
        "played each other; otherwise only a player who beat all the others goes first.")),
    "points_difference": ("+/−", gettext_lazy("Points difference"), gettext_lazy(
        "Points scored minus points conceded in played matches; a winner's score counts at "
        "most the match length.")),
    "points_scored": (pgettext_lazy("tiebreak abbreviation", "PTS"), gettext_lazy("Points scored"), gettext_lazy(
        "Points scored in played matches; a winner's score counts at most the match length.")),
    "buchholz": (pgettext_lazy("tiebreak abbreviation", "BH"), gettext_lazy("Buchholz"),
                 gettext_lazy("The sum of the match wins of one's opponents; a bye adds nothing.")),
    "median_buchholz": (pgettext_lazy("tiebreak abbreviation", "MBH"), gettext_lazy("Median Buchholz"), gettext_lazy(
        "Buchholz without the best and the worst opponent; a bye counts as an opponent "
        "with no wins. With fewer than three opponents nothing is dropped.")),
    "sonneborn_berger": (pgettext_lazy("tiebreak abbreviation", "SB"), gettext_lazy("Sonneborn–Berger"), gettext_lazy(
        "The sum of the match wins of the opponents one has beaten; a bye adds nothing.")),
    "average_pr": (pgettext_lazy("tiebreak abbreviation", "PR"), gettext_lazy("Average PR"), gettext_lazy(
        "The average PR (GNU Backgammon's error rate, lower is better) over the player's "
        "analysed matches in the event; players with no analysed match come after those "
        "with one.")),
    "duel_points": (pgettext_lazy("tiebreak abbreviation", "DD"), gettext_lazy("Dual duel points"), gettext_lazy(
        "One point for each match won (a bye or a walkover too) and one for each match "
        "played with the better PR than the opponent; no PR point when either player's "
        "match is not analysed, or on equal PR. A late entrant's penalty points are taken off.")),
}
PR_SHOWN = "average_pr"  # the metric whose figures are a player's PR
PR_HIDDEN = pgettext_lazy("PR in the standings", "hidden")


def _explain(standings: Standings | None, entries: list[Entry],
             hidden: set[int] = frozenset()) -> list[str]:  # type: ignore[assignment]
    """One sentence per adjacent pair of rows: which tiebreak put one above the other
    (without the figures of an average PR one of them does not show)."""
    if standings is None:
        return []
    names = {entry.pk: entry.player.display_name for entry in entries}
    sentences = []
    for sep in standings.separations:
        if sep.metric == WITHDRAWN:
            sentences.append(_("%(lower)s withdrew and is listed below the players still in.")
                             % {"lower": names[sep.lower]})
        elif sep.metric is None:
            sentences.append(_("%(upper)s and %(lower)s are tied and share the place.") % {
                "upper": names[sep.upper], "lower": names[sep.lower]})
        elif sep.metric == PR_SHOWN and (sep.lower_value is None or hidden & {sep.upper, sep.lower}):
            if sep.lower_value is None and not hidden & {sep.upper, sep.lower}:
                sentence = _("%(upper)s is above %(lower)s on average PR (%(a)s to no analysed "
                             "match).")
            else:
                sentence = _("%(upper)s is above %(lower)s on average PR.")
            sentences.append(sentence % {"upper": names[sep.upper], "lower": names[sep.lower],
                                         "a": sep.upper_value})
        else:
            sentences.append(_("%(upper)s is above %(lower)s on %(metric)s (%(a)s to %(b)s).") % {
                "upper": names[sep.upper], "lower": names[sep.lower],
                "metric": str(tiebreak_text(sep.metric)[1]).lower(),
                "a": sep.upper_value, "b": sep.lower_value})
    return sentences


def _penalties(standings: Standings | None, entries: list[Entry]) -> list[str]:
    """One sentence per late entrant whose penalty points are taken off the match wins."""
    if standings is None:
        return []
    names = {entry.pk: entry.player.display_name for entry in entries}
    return [
        ngettext(
            "%(player)s entered late: %(points)s penalty point is taken off their match wins.",
            "%(player)s entered late: %(points)s penalty points are taken off their match wins.",
            row.penalty,
        ) % {"player": names[row.player], "points": row.penalty}
        for row in standings.rows if row.penalty
    ]


def tiebreak_text(key: str) -> tuple[str, str, str]:
    if key in TIEBREAKS:
        abbreviation, name, explanation = TIEBREAKS[key]
        return str(abbreviation), str(name), str(explanation)
    metric = METRICS[key]
    return metric.abbreviation, metric.name, metric.explanation


def tiebreak_descriptions(order: Iterable[str]) -> list[tuple[str, str, str]]:
    """(abbreviation, name, explanation) of each tiebreak, in the director's order."""
    return [tiebreak_text(key) for key in order if key in METRICS]


_MY_ORDER = ("-tournament__starts_on", "flight", "round", "number")


def _mine(player: Player, finished: int | None) -> QuerySet[Pairing]:
    """The player's pairings; ``finished``: of the finished ones, only the latest that
    many, and the others of the events on the same day as the last of them."""
    mine = Q(match__player1=player) | Q(match__player2=player)
    pairings = Pairing.objects.filter(mine)
    if finished is not None and finished > 0:
        # In the same query, years of finished matches left in the database. A cut by the
        # day of the last one shown (a value worked out once), not "pk IN (the latest)":
        # with that OR PostgreSQL scanned every pairing of the federation.
        last_day = Pairing.objects.filter(mine, match__status=MatchStatus.FINISHED).order_by(
            *_MY_ORDER).values("tournament__starts_on")[finished - 1:finished]
        since = Coalesce(Subquery(last_day), Value(datetime.date.min), output_field=DateField())
        pairings = pairings.filter(~Q(match__status=MatchStatus.FINISHED)
                                   | Q(tournament__starts_on__gte=since))
    return pairings


def my_pairings(player: Player, finished: int | None = None) -> list[Pairing]:
    """The player's matches in tournaments, the latest events first. ``finished``: of the
    finished ones, only the latest that many, and the others of the events on the same
    day as the last of them; every match not finished is there."""
    pairings = _mine(player, finished).select_related(
        "tournament__club", "match__player1", "match__player2", "match__winner",
        "top__player", "bottom__player",  # the API's sides: not one query per pairing
    ).prefetch_related("match__results").order_by(*_MY_ORDER)
    return with_flight_rounds(list(pairings))


def my_tournament_ids(player: Player) -> set[int]:
    """The events whose pairings "my matches" may show: those the player is entered in, and
    those of their matches (``page_cache.for_player`` checks their frames)."""
    entered = Entry.objects.filter(player=player).order_by().values_list("tournament_id", flat=True)
    played = _mine(player, None).order_by().values_list("tournament_id", flat=True)
    return set(entered.union(played))


# --- the API's standings and formats ------------------------------------------------------


def tiebreak_rows(keys: Iterable[str]) -> list[dict[str, str]]:
    rows = []
    for key in keys:
        if key in METRICS:
            abbreviation, name, explanation = tiebreak_text(key)
            rows.append({"key": key, "abbreviation": abbreviation, "name": name,
                         "explanation": explanation})
    return rows


def standings_data(tournament: Tournament) -> dict[str, object]:
    """The standings as the API gives them: rows name entries and players by id, tiebreak
    values are labelled by key (null where worked out among tied players only)."""
    event_format = tournament.event_format
    order = list(standings_order(tournament))
    groups = []
    if event_format.table_flight:
        for table in crosstables(tournament, flight=event_format.table_flight):
            if table.standings is None:
                continue
            players = {entry.pk: entry.player for entry in table.entries}
            rows = [{
                "place": row.place, "shared": row.shared, "entry": row.player,
                "player": players[row.player],
                "values": {key: None if key == PR_SHOWN and row.player in table.pr_hidden
                           else row.values.get(key) for key in order},
                "penalty": row.penalty, "withdrawn": row.withdrawn,
            } for row in table.standings.rows]
            separations = [{
                "upper": sep.upper, "lower": sep.lower, "tiebreak": sep.metric,
                **_separation_values(sep, table.pr_hidden), "explanation": sentence,
            } for sep, sentence in zip(table.standings.separations, table.explanations, strict=True)]
            groups.append({"group": table.group, "rows": rows, "separations": separations,
                           "penalties": table.penalties})
    places = [{"entry": e.pk, "player": e.player, "place_first": e.place_first,
               "place_last": e.place_last}
              for e in entries_of(tournament).exclude(place_first=None).order_by("place_first", "pk")]
    return {"format": tournament.format, "tiebreaks": tiebreak_rows(order), "groups": groups,
            "places": places}


def _separation_values(sep: Any, hidden: set[int]) -> dict[str, object]:
    if sep.metric == PR_SHOWN and hidden & {sep.upper, sep.lower}:
        return {"upper_value": None, "lower_value": None}
    return {"upper_value": sep.upper_value, "lower_value": sep.lower_value}


def formats_data() -> dict[str, object]:
    """Every registered format with its settings, and the tiebreaks to choose from."""
    formats = [{
        "key": key, "label": event_format.label, "settings": list(event_format.settings),
        "minimum_entrants": event_format.minimum_entrants, "bracket": event_format.bracket,
        "table_flight": event_format.table_flight,
        "played_in_rounds": event_format.played_in_rounds,
        "default_tiebreaks": list(event_format.default_tiebreaks or ()) or None,
        "late_entry_rules": list(event_format.late_entry_rules),
    } for key, event_format in FORMATS.items()]
    return {"formats": formats, "tiebreaks": tiebreak_rows(METRICS)}


def tournaments_of(user: AnyUser) -> dict[str, list[Tournament]]:
    """The events a login plays in (its player is entered) and those it runs (directs
    the club), newest first."""
    playing = list(Tournament.objects.filter(entries__player__user_id=user.pk)
                   .select_related("club").distinct().order_by("-starts_on", "name"))
    running = list(Tournament.objects.filter(club__directors=user, parent=None).select_related("club")
                   .exclude(pk__in=[t.pk for t in playing]).distinct()
                   .order_by("-starts_on", "name"))
    return {"playing": playing, "running": running}


def club_events(club, user: AnyUser | None) -> dict[str, list[Tournament]]:
    """The club's events visible to this user: upcoming or running, and past ones."""
    events = visible_tournaments(user).filter(club=club, parent=None)  # divisions: in their event
    return {
        "upcoming": list(events.exclude(status=Tournament.Status.FINISHED)
                         .order_by("starts_on", "name")[:20]),
        "past": list(events.filter(status=Tournament.Status.FINISHED)
                     .order_by("-starts_on", "name")[:20]),
    }
