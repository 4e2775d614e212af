"""My matches is kept per player and person until something it shows changes
(``page_cache.for_player``; every kind of change: test_my_matches_versions.py): the
others' results in a league leave it kept, while anything of the player's own matches (a result proposed,
disputed or confirmed, a table, a name) shows at once. The forms carry the reader's own
CSRF token.

The suite runs with the page cache on (tests/conftest.py)."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
from django.test import Client
from django.urls import reverse

from games import services as games_services
from games.models import MatchResult
from tests.tournaments.test_live_etags import drawn
from tournaments.models import Pairing, Tournament
from tournaments.selectors import tournaments as selectors
from tournaments.views.support import CSRF_PLACE

pytestmark = pytest.mark.django_db

URL = "/my-matches/"
TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
ARTICLE = re.compile(r'<article class="my-match".*?</article>', re.DOTALL)


@pytest.fixture
def renders(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many times the list was worked out (read from the database and rendered)."""
    counted: list[int] = []
    real = selectors.my_pairings

    def counting(player, **options):
        counted.append(player.pk)
        return real(player, **options)

    monkeypatch.setattr(selectors, "my_pairings", counting)
    return counted


def matches(response) -> list[str]:
    """The page's matches, without the CSRF tokens (each request's own)."""
    return ARTICLE.findall(TOKEN.sub("", response.content.decode()))


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def league() -> tuple[Tournament, Pairing, Pairing]:
    """A 4-player league with every round open: one match of its first player's, and one
    match of two others."""
    event = drawn(4, format=Tournament.Format.ROUND_ROBIN)
    pairings = list(event.pairings.filter(state=Pairing.State.READY).exclude(match=None)
                    .select_related("match__player1__user", "match__player2__user"))  # fmt: skip
    mine = pairings[0]
    players = {mine.match.player1_id, mine.match.player2_id}
    others = next(p for p in pairings
                  if not players & {p.match.player1_id, p.match.player2_id})  # fmt: skip
    return event, mine, others


def test_the_others_results_leave_a_players_matches_kept(renders: list[int]) -> None:
    _event, mine, others = league()
    client = signed_in(mine.match.player1.user)
    first = client.get(URL)
    assert first.status_code == 200 and len(renders) == 1
    match = others.match
    result = games_services.enter_final_score(match=match, by=match.player1.user,
                                              score1=Decimal(match.length), score2=Decimal(0))
    games_services.confirm_result(result=result, by=match.player2.user)  # the event's version
    again = client.get(URL)
    assert len(renders) == 1, "worked out again after a result of others"
    assert matches(again) == matches(first) and matches(first)


def test_a_result_proposed_disputed_and_confirmed_shows_at_once(renders: list[int]) -> None:
    _event, mine, _others = league()
    match = mine.match
    opponent = signed_in(match.player2.user)
    assert "Enter result" in opponent.get(URL).content.decode()
    result = games_services.enter_final_score(match=match, by=match.player1.user,
                                              score1=Decimal(match.length), score2=Decimal(1))
    page = opponent.get(URL).content.decode()  # a result proposed drops no event's version
    answer = reverse("tournaments:my_result_answer", args=[result.pk, "confirm"])
    assert f'action="{answer}"' in page
    games_services.dispute_result(result=result, by=match.player2.user, reason="It was 1-7")
    assert 'data-status="disputed"' in opponent.get(URL).content.decode()
    games_services.confirm_result(result=MatchResult.objects.get(pk=result.pk),
                                  by=mine.tournament.club.directors.first())
    page = opponent.get(URL).content.decode()
    assert 'data-status="confirmed"' in page and f'action="{answer}"' not in page
    count = len(renders)
    opponent.get(URL)
    assert len(renders) == count  # and kept again


def test_a_table_and_a_new_name_show_at_once() -> None:
    _event, mine, _others = league()
    client = signed_in(mine.match.player1.user)
    client.get(URL)
    Pairing.objects.filter(pk=mine.pk).update(table="17")
    assert "Table 17" in client.get(URL).content.decode()
    opponent = mine.match.player2
    opponent.display_name = "Zebulon Renamed"
    opponent.save()
    assert "Zebulon Renamed" in client.get(URL).content.decode()


def test_each_person_gets_their_own_list_and_token_and_the_forms_work() -> None:
    _event, mine, _others = league()
    match = mine.match
    result = games_services.enter_final_score(match=match, by=match.player1.user,
                                              score1=Decimal(match.length), score2=Decimal(0))
    entering, answering = signed_in(match.player1.user), signed_in(match.player2.user)
    answer = reverse("tournaments:my_result_answer", args=[result.pk, "confirm"])
    assert f'action="{answer}"' not in entering.get(URL).content.decode()  # kept: the enterer's
    assert f'action="{answer}"' in answering.get(URL).content.decode()  # not served the same

    checking = Client(enforce_csrf_checks=True)
    checking.force_login(match.player2.user)
    page = checking.get(URL).content.decode()
    tokens = set(TOKEN.findall(page))
    assert tokens and CSRF_PLACE not in page
    response = checking.post(answer, {"csrfmiddlewaretoken": tokens.pop(), "idempotency_key": ""})
    assert response.status_code == 302
    assert MatchResult.objects.get(pk=result.pk).status == "confirmed"


MY_MATCHES_KEPT_QUERIES = 5  # was 9: session and user, the player, the unread count, the page's own


def test_a_kept_list_costs_the_same_few_queries_for_a_few_and_many_matches() -> None:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    counts = []
    for entrants in (3, 9):  # every round open: 2 and 8 matches of one player
        event = drawn(entrants, format=Tournament.Format.ROUND_ROBIN)
        pairing = event.pairings.exclude(match=None).select_related("match__player1__user").first()
        client = signed_in(pairing.match.player1.user)
        client.get(URL)  # worked out and kept
        with CaptureQueriesContext(connection) as queries:
            page = client.get(URL)
        assert len(ARTICLE.findall(page.content.decode())) >= entrants - 1
        counts.append(len(queries))
    assert counts[0] == counts[1], counts
    assert counts[0] <= MY_MATCHES_KEPT_QUERIES, counts
