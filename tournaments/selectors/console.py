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

from django.core.paginator import Page, Paginator
from django.db.models import Count, Q

from tournaments.models import Pairing, Tournament, set_round_shapes
from tournaments.selectors.tournaments import rounds_in_play
from tournaments.services.draw import PLAYED_PAIRING

PER_PAGE = 25  # a round of a 50-player league
ORDER = ("flight", "group", "round", "number")


@dataclass(frozen=True)
class ConsoleResults:
    open: Page  # matches waiting for a result (a page of them)
    decided: Page  # decided matches, to correct (a page of them)
    rounds_in_play: list[str]
    played: bool  # play has begun in a pairing (services.draw.PLAYED_PAIRING)


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
    shown = _shaped(list(tournament.pairings.filter(wanted).select_related(
        "top__player", "bottom__player", "winner", "match").order_by(*ORDER)), tournament, places)
    for state, page in pages.items():
        page.object_list = [pairing for pairing in shown if pairing.state == state]
    # one pairing standing for each round in play: its title is the round's
    playing = [Pairing(tournament=tournament, flight=flight, group=group, round=number,
                       state=Pairing.State.READY, match_id=0)
               for flight, group, number, _places, _ready, count, *_ in rows if count]
    return ConsoleResults(open=pages[Pairing.State.READY], decided=pages[Pairing.State.DECIDED],
                          rounds_in_play=rounds_in_play(_shaped(playing, tournament, places)),
                          played=any(row[7] for row in rows))


def _shaped(pairings: list[Pairing], tournament: Tournament,
            places: Mapping[tuple[int, str, int | None, int], int]) -> list[Pairing]:
    for pairing in pairings:
        pairing.tournament = tournament  # its format names the rounds: not read again
    set_round_shapes(pairings, places)
    return pairings
