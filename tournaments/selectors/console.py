"""The console's results: the event's matches a page at a time.

A 50-player league with every round open has 1,225 matches, a 1,024-player knockout 512
in its first round: the console lists the open matches and the decided ones (to correct)
a page each, read from the database a page at a time. What the whole event's pairings are
needed for (the rounds' names, the rounds in play, how many are open and decided) comes
from one aggregate query, whatever the field's size.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.core.paginator import Page, Paginator
from django.db.models import Count, Q

from tournaments.models import Pairing, Tournament, round_shapes, set_round_shapes
from tournaments.selectors.tournaments import rounds_in_play
from tournaments.services.draw import PLAYED_PAIRING

PER_PAGE = 25  # a round of a 50-player league
ORDER = ("flight", "group", "round", "number")


# What a console row shows of a pairing (tournaments.views.console_panels keeps each row
# under a digest of these): read as plain values, a page of 50 rows costs no model objects.
SHOWN = ("pk", "state", "flight", "group", "round", "number", "top_id", "bottom_id",
         "top__player__display_name", "bottom__player__display_name", "match_id",
         "match__status", "match__score1", "match__score2", "match__length")


@dataclass(frozen=True)
class ShownPairing:
    """A pairing of the console's lists as its row shows it (``facts``: its ``SHOWN``
    values and its round's shape, the flight's rounds and the round's places)."""

    pk: int
    state: str
    facts: tuple[Any, ...]


@dataclass(frozen=True)
class ConsoleResults:
    open: Page  # matches waiting for a result (a page of ShownPairing)
    decided: Page  # decided matches, to correct (a page of ShownPairing)
    rounds_in_play: list[str]
    played: bool  # play has begun in a pairing (services.draw.PLAYED_PAIRING)
    places: dict[tuple[int, str, int | None, int], int]  # of each round (set_round_shapes)


class _CountedPaginator(Paginator):
    """A paginator whose count is known already (from the aggregate): no COUNT query."""

    def __init__(self, query: object, per_page: int, count: int) -> None:
        super().__init__(query, per_page)
        self._known = count

    @property
    def count(self) -> int:
        return self._known


def console_results(tournament: Tournament, open_page: object = None,
                    decided_page: object = None) -> ConsoleResults:
    """The console's pages of open and decided matches (``*_page``: the page asked for, as
    the query string gives it: one that is no number gives the first, one out of range the
    last, as the site's other lists)."""
    rows = (tournament.pairings.order_by().values_list("flight", "group", "round")
            .annotate(places=Count("pk"),
                      ready=Count("pk", filter=Q(state=Pairing.State.READY)),
                      playing=Count("pk", filter=Q(state=Pairing.State.READY, match__isnull=False)),
                      decided=Count("pk", filter=Q(state=Pairing.State.DECIDED)),
                      played=Count("pk", filter=PLAYED_PAIRING)))
    rows = list(rows)
    places = {(tournament.pk, flight, group, number): count
              for flight, group, number, count, *_ in rows}
    pages = {}
    for state, page_number, column in ((Pairing.State.READY, open_page, 4),
                                       (Pairing.State.DECIDED, decided_page, 6)):
        paginator = _CountedPaginator(tournament.pairings.filter(state=state).order_by(*ORDER),
                                      PER_PAGE, sum(row[column] for row in rows))
        pages[state] = paginator.get_page(page_number)  # lazy: its rows are read below
    # both pages' rows in one query: each page's ids are a subquery with its own LIMIT
    wanted = Q()
    for page in pages.values():
        wanted |= Q(pk__in=page.object_list.values("pk"))
    shape = round_shapes(places)
    shown = [ShownPairing(values[0], values[1], (*values, *shape(tournament.pk, *values[2:5])))
             for values in tournament.pairings.filter(wanted).order_by(*ORDER).values_list(*SHOWN)]
    for state, page in pages.items():
        page.object_list = [pairing for pairing in shown if pairing.state == state]
    # one pairing standing for each round in play: its title is the round's
    playing = [Pairing(tournament=tournament, flight=flight, group=group, round=number,
                       state=Pairing.State.READY, match_id=0)
               for flight, group, number, _places, _ready, count, *_ in rows if count]
    return ConsoleResults(open=pages[Pairing.State.READY], decided=pages[Pairing.State.DECIDED],
                          rounds_in_play=rounds_in_play(_shaped(playing, tournament, places)),
                          played=any(row[7] for row in rows), places=places)


def console_pairings(tournament: Tournament, pks: list[int],
                     places: Mapping[tuple[int, str, int | None, int], int]) -> dict[int, Pairing]:
    """The pairings ``pks`` of the console's lists, each with all its row shows (the rows
    not kept: one query, whatever their number), by pk."""
    pairings = tournament.pairings.filter(pk__in=pks).select_related(
        "top__player", "bottom__player", "winner", "match")
    return {pairing.pk: pairing for pairing in _shaped(list(pairings), tournament, places)}


def _shaped(pairings: list[Pairing], tournament: Tournament,
            places: Mapping[tuple[int, str, int | None, int], int]) -> list[Pairing]:
    for pairing in pairings:
        pairing.tournament = tournament  # its format names the rounds: not read again
    set_round_shapes(pairings, places)
    return pairings
