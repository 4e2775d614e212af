"""A player's own list of matches ("my matches" and the API's "my pairings") is kept per
version of the player, checked against the frames of their events
(``page_cache.for_player``). Every kind of change it shows must show at once, on the page
and in the API, for both players of a match: each case below changes one thing, then
compares what the kept copies answer with what the same request answers worked out with
the page cache off (and that the change is really there).

The suite runs with the page cache on (tests/conftest.py)."""

from __future__ import annotations

import re
from collections.abc import Callable
from decimal import Decimal
from typing import Any

import pytest
from django.conf import settings
from django.core.cache import cache
from django.test import Client
from rest_framework.test import APIClient

from clubs.models import NameStyle, Player, ShownAs
from clubs.public_names import join_club
from games import services as games_services
from games.models import MatchResult, ResultStatus
from tests.factories import ClubFactory, UserFactory
from tests.tournaments.test_live_etags import drawn
from tests.tournaments.tournament_helpers import director_of, make_event, play
from tournaments import services as tournament_services
from tournaments.models import Entry, Pairing, Tournament
from tournaments.selectors import tournaments as selectors
from tournaments.services import day

pytestmark = pytest.mark.django_db

PAGE, API = "/my-matches/", "/api/pairings/mine/"
TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="[^"]+"|"X-CSRFToken": "[^"]+"')
MOMENT = re.compile(r'data-rendered-at="[^"]+"')


class Reader:
    """One signed-in player: their page's list (without the request's own tokens) and
    their API answer."""

    def __init__(self, user: Any) -> None:
        self.page, self.api = Client(), APIClient()
        self.page.force_login(user)
        self.api.force_authenticate(user)

    def read(self) -> tuple[str, Any]:
        response = self.page.get(PAGE)
        assert response.status_code == 200
        html = MOMENT.sub("", TOKEN.sub("", response.content.decode()))
        return html, self.api.get(API).json()

    def fresh(self) -> tuple[str, Any]:
        """What the same requests answer worked out, the page cache off."""
        previous = settings.NARDY_PAGE_CACHE
        settings.NARDY_PAGE_CACHE = False
        try:
            return self.read()
        finally:
            settings.NARDY_PAGE_CACHE = previous


@pytest.fixture
def renders(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many times a list was worked out (read from the database)."""
    counted: list[int] = []
    real = selectors.my_pairings

    def counting(player: Any, **options: Any) -> list[Pairing]:
        counted.append(player.pk)
        return real(player, **options)

    monkeypatch.setattr(selectors, "my_pairings", counting)
    return counted


def knockout() -> tuple[Tournament, Pairing]:
    """A 4-player knockout, drawn: the first match of round 1 (both players known)."""
    event = drawn(4, format=Tournament.Format.KNOCKOUT)
    first = (event.pairings.filter(round=1).exclude(match=None).order_by("number")
             .select_related("match__player1__user", "match__player2__user").first())  # fmt: skip
    return event, first


def propose(event: Tournament, pairing: Pairing) -> str:
    match = pairing.match
    games_services.enter_final_score(match=match, by=match.player2.user,
                                     score1=Decimal(0), score2=Decimal(match.length))
    return "Result proposed by"


def set_table(event: Tournament, pairing: Pairing) -> str:
    day.set_table(pairing=pairing, table="T17", by=director_of(event))
    return "Table T17"


def table_by_update(event: Tournament, pairing: Pairing) -> str:
    Pairing.objects.filter(pk=pairing.pk).update(table="Q9")
    return "Table Q9"


def rename_event(event: Tournament, pairing: Pairing) -> str:
    event.name = "Renamed Open"
    event.save()
    return "Renamed Open"


def rename_opponent(event: Tournament, pairing: Pairing) -> str:
    opponent = pairing.match.player2
    opponent.display_name = "Zebulon Renamed"
    opponent.save()
    return "Zebulon Renamed"


def opponent_joins_a_club(event: Tournament, pairing: Pairing) -> str:
    """The opponent's public name follows a club's style: written for many at once."""
    opponent = pairing.match.player2
    Player.objects.filter(pk=opponent.pk).update(shown_as=ShownAs.CLUBS)  # no name written
    join_club(club=ClubFactory(public_names=NameStyle.FULL), player=opponent)
    opponent.refresh_from_db()
    assert opponent.display_name == opponent.name  # "Entrant 002", not "E2" any more
    return opponent.display_name


def next_round(event: Tournament, pairing: Pairing) -> str:
    """Both semi-finals decided: the final is paired (a new match in the list)."""
    for semi in event.pairings.filter(round=1).exclude(match=None).select_related("match"):
        play(semi.match, 1)
    return "Final"


def director_proposed_then_renamed(event: Tournament, pairing: Pairing) -> str:
    """A result proposed in a director's name (a login with no player), then the director's
    name changes: the list names whoever proposed it."""
    director = director_of(event)
    MatchResult.objects.create(match=pairing.match, score1=Decimal(pairing.match.length),
                               score2=Decimal(0), entered_by=director,
                               status=ResultStatus.PROPOSED)  # fmt: skip
    director.first_name, director.last_name = "Directa", "Newname"
    director.save()
    return "Directa Newname"


def seeds_swapped(event: Tournament, pairing: Pairing) -> str:
    """The entries' seeds (the API's sides show them), written in bulk."""
    entries = list(Entry.objects.filter(pk__in=[pairing.top_id, pairing.bottom_id]))
    for entry in entries:
        entry.seed += 40
    Entry.objects.bulk_update(entries, ["seed"])
    return ""


CHANGES: list[Callable[[Tournament, Pairing], str]] = [
    propose, set_table, table_by_update, rename_event, rename_opponent, opponent_joins_a_club,
    next_round, director_proposed_then_renamed, seeds_swapped,
]


@pytest.mark.parametrize("change", CHANGES, ids=lambda change: change.__name__)
def test_each_change_shows_at_once_on_the_page_and_in_the_api(change: Callable[..., str]) -> None:
    event, pairing = knockout()
    readers = [Reader(pairing.match.player1.user), Reader(pairing.match.player2.user)]
    before = [reader.read() for reader in readers]
    assert [reader.read() for reader in readers] == before  # kept
    shown = change(event, pairing)
    for reader, earlier in zip(readers, before, strict=True):
        kept = reader.read()
        assert kept == reader.fresh(), f"a kept copy went stale after {change.__name__}"
        assert kept != earlier, f"{change.__name__} changed nothing shown"
    assert shown in readers[0].read()[0]  # the first player's (the final's winner)


def test_a_new_round_opened_and_a_swiss_round_paired_show_at_once() -> None:
    league = drawn(4, format=Tournament.Format.ROUND_ROBIN)  # every round open
    assert league.pairings.exclude(match=None).count() == 6
    event = make_event(4, with_logins=True, format=Tournament.Format.SWISS, swiss_rounds=3)
    director = director_of(event)
    tournament_services.make_draw(tournament=event, actor=director)
    first = event.pairings.exclude(match=None).select_related("match__player1__user").first()
    reader = Reader(first.match.player1.user)
    before = reader.read()
    for pairing in event.pairings.exclude(match=None).select_related("match"):
        play(pairing.match, 1)
    tournament_services.next_stage(tournament=event, actor=director)  # round 2 paired
    kept = reader.read()
    assert kept == reader.fresh() and len(kept[1]) == len(before[1]) + 1


def test_the_others_results_and_tables_leave_both_kept(renders: list[int]) -> None:
    event = drawn(4, format=Tournament.Format.ROUND_ROBIN)
    pairings = list(event.pairings.exclude(match=None).select_related(
        "match__player1__user", "match__player2__user"))
    mine = pairings[0]
    seats = {mine.match.player1_id, mine.match.player2_id}
    others = next(p for p in pairings if not seats & {p.match.player1_id, p.match.player2_id})
    reader = Reader(mine.match.player1.user)
    before = reader.read()
    count = len(renders)
    day.set_table(pairing=others, table="5", by=director_of(event))
    play(others.match, 1)
    assert reader.read() == before and len(renders) == count


def test_a_private_events_list_is_its_players_own() -> None:
    """Two players of one private event: each is served their own copy, and someone outside
    the club none of it."""
    event, pairing = knockout()
    event.is_public = False
    event.save()
    mine = Reader(pairing.match.player1.user).read()
    outsider = Reader(UserFactory()).read()
    assert event.name not in outsider[0] and outsider[1] == []
    assert str(pairing.match.player2.display_name) in mine[0]


def test_the_cache_down_costs_only_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every call of the page cache raising (the API's throttles count in the same cache:
    django-redis answers them a miss instead, nardy_site.env.shared_cache)."""
    event, pairing = knockout()
    reader = Reader(pairing.match.player1.user)
    reader.read()

    def down(*args: Any, **kwargs: Any) -> Any:
        raise ConnectionError("the cache is down")

    for name in ("get", "get_many", "set", "add", "delete_many"):
        monkeypatch.setattr(cache, name, down)
    page = reader.page.get(PAGE).content.decode()
    assert event.name in page and str(pairing.match.player2.display_name) in page
    set_table(event, pairing)  # writes drop nothing, and do not fail
    assert "Table T17" in reader.page.get(PAGE).content.decode()
