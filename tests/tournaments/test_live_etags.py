"""Live fragments answer 304 Not Modified while their event has not changed, from a cheap
check (tournaments.page_cache: an entity tag per version of the event), and the API's
standings and "my pairings" are kept per version of their events: fresh after every
change, and never served to someone who may not see them.

The suite runs with the page cache on (tests/conftest.py)."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from rest_framework.test import APIClient

from clubs.models import Membership
from games import services as games_services
from tests.factories import PlayerFactory, UserFactory
from tests.tournaments.tournament_helpers import director_of, make_event
from tournaments import services
from tournaments.models import Pairing, Tournament

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
TIME = re.compile(r"<time>([^<]*)</time>")


def drawn(entrants: int, **options: object) -> Tournament:
    event = make_event(entrants, with_logins=True, **options)
    director = director_of(event)
    services.make_draw(tournament=event, actor=director)
    if event.format == Tournament.Format.ROUND_ROBIN:
        services.next_stage(tournament=event, actor=director, through=entrants)
    return event


def ready(event: Tournament) -> Pairing:
    return event.pairings.filter(state=Pairing.State.READY).exclude(match=None).select_related(
        "match__player1__user", "match__player2__user").order_by("round", "number").first()


def confirm_a_result(event: Tournament) -> Pairing:
    """Player 1 enters a win, player 2 confirms it (the games services, as the pages do)."""
    pairing = ready(event)
    match = pairing.match
    result = games_services.enter_final_score(match=match, by=match.player1.user,
                                              score1=Decimal(match.length), score2=Decimal(0))
    games_services.confirm_result(result=result, by=match.player2.user)
    return pairing


def poll(client: Client, url: str, etag: str | None = None, **headers: str):
    if etag is not None:
        headers["HTTP_IF_NONE_MATCH"] = etag
    return client.get(url, **HTMX, **headers)


@pytest.mark.parametrize(("page", "options"), [
    ("bracket", {"format": Tournament.Format.KNOCKOUT}),
    ("standings", {"format": Tournament.Format.ROUND_ROBIN}),
    ("crosstable", {"format": Tournament.Format.ROUND_ROBIN}),
])  # fmt: skip
def test_a_fragment_answers_304_to_its_tag_and_200_with_a_new_tag_after_a_result(
    page: str, options: dict
) -> None:
    event = drawn(4, **options)
    url = reverse(f"tournaments:{page}", args=[event.pk])
    client = Client()
    first = poll(client, url)
    etag = first["ETag"]
    assert first.status_code == 200 and etag.startswith('"')
    assert f'data-etag="{etag.replace(chr(34), "&quot;")}"' in first.content.decode()
    assert "HX-Request" in first["Vary"] and "no-cache" in first["Cache-Control"]

    unchanged = poll(client, url, etag)
    assert unchanged.status_code == 304 and unchanged.content == b""
    assert unchanged["ETag"] == etag
    assert poll(client, url, f'"other", {etag}').status_code == 304  # a list of tags
    assert poll(client, url, '"some other tag"').status_code == 200
    # the whole page (no HX-Request) is not the fragment: never a 304 for its tag
    assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 200

    pairing = confirm_a_result(event)
    changed = poll(client, url, etag)
    assert changed.status_code == 200 and changed["ETag"] != etag
    pairing.refresh_from_db()
    assert pairing.state == Pairing.State.DECIDED
    assert changed.content != first.content
    assert poll(client, url, changed["ETag"]).status_code == 304


def test_the_tv_screen_answers_304_until_a_result_or_the_minute_changes() -> None:
    event = drawn(4)
    url = reverse("tournaments:tv", args=[event.pk])
    client = Client()
    for _attempt in range(2):  # again if the screen's minute turned between the two asks
        first = poll(client, url)
        unchanged = poll(client, url, first["ETag"])
        shown = TIME.search(first.content.decode()).group(1)
        if unchanged.status_code == 200 and TIME.search(unchanged.content.decode()).group(1) != shown:
            continue
        assert unchanged.status_code == 304
        break
    confirm_a_result(event)
    assert poll(client, url, first["ETag"]).status_code == 200


@pytest.mark.parametrize("signed_in", [False, True], ids=["anonymous", "signed in"])
def test_a_304_costs_the_same_few_queries_for_a_small_and_a_big_event(signed_in: bool) -> None:
    counts = []
    for entrants in (4, 64):
        event = drawn(entrants)
        url = reverse("tournaments:bracket", args=[event.pk])
        client = Client()
        if signed_in:
            client.force_login(UserFactory())
        etag = poll(client, url)["ETag"]
        with CaptureQueriesContext(connection) as queries:
            assert poll(client, url, etag).status_code == 304
        counts.append(len(queries))
    # the tournament (with the visibility rule and the club's language), plus the session
    # and the user when signed in: nothing that grows with the event
    assert counts[0] == counts[1] <= (5 if signed_in else 2), (counts, [q["sql"] for q in queries])


def test_a_private_event_answers_an_outsider_404_even_with_the_members_tag() -> None:
    event = drawn(4, is_public=False)
    member_user = UserFactory()
    Membership.objects.create(club=event.club, player=PlayerFactory(user=member_user))
    member, outsider = Client(), Client()
    member.force_login(member_user)
    outsider.force_login(UserFactory())
    url = reverse("tournaments:bracket", args=[event.pk])
    etag = poll(member, url)["ETag"]
    assert poll(member, url, etag).status_code == 304
    assert poll(outsider, url, etag).status_code == 404
    assert poll(Client(), url, etag).status_code == 404


# --- the API ---------------------------------------------------------------------------


def api_as(user: object | None = None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def wins(standings: dict) -> dict[str, float]:
    return {row["player"]["display_name"]: row["values"]["wins"]
            for group in standings["groups"] for row in group["rows"]}


def test_the_api_standings_are_kept_and_change_at_once_after_a_confirmation() -> None:
    event = drawn(5, format=Tournament.Format.ROUND_ROBIN)
    url = f"/api/tournaments/{event.pk}/standings/"
    before = api_as().get(url).json()
    with CaptureQueriesContext(connection) as cold:
        api_as().get(url)
    assert api_as().get(url).json() == before
    pairing = confirm_a_result(event)
    after = api_as().get(url).json()
    winner, loser = pairing.match.player1.display_name, pairing.match.player2.display_name
    assert wins(after)[winner] == wins(before)[winner] + 1
    assert wins(after)[loser] == wins(before)[loser]
    # served from the cache: the event's row, nothing that reads its pairings
    assert len(cold) <= 2, [q["sql"] for q in cold]


def test_the_api_standings_follow_the_language() -> None:
    event = drawn(4, format=Tournament.Format.ROUND_ROBIN)
    url = f"/api/tournaments/{event.pk}/standings/"
    english = api_as().get(url, HTTP_ACCEPT_LANGUAGE="en").json()["tiebreaks"]
    russian = api_as().get(url, HTTP_ACCEPT_LANGUAGE="ru").json()["tiebreaks"]
    assert [t["key"] for t in english] == [t["key"] for t in russian]
    assert english[0]["name"] != russian[0]["name"]


def test_the_api_standings_of_a_private_event_stay_with_its_club() -> None:
    event = drawn(4, format=Tournament.Format.ROUND_ROBIN, is_public=False)
    url = f"/api/tournaments/{event.pk}/standings/"
    assert api_as(director_of(event)).get(url).status_code == 200  # now in the cache
    assert api_as(UserFactory()).get(url).status_code == 404
    assert api_as().get(url).status_code == 404


def test_my_pairings_are_kept_per_player_and_change_after_a_confirmation() -> None:
    event = drawn(4, format=Tournament.Format.ROUND_ROBIN)
    pairing = ready(event)
    first, second = pairing.match.player1, pairing.match.player2
    mine = api_as(first.user).get("/api/pairings/mine/").json()
    theirs = api_as(second.user).get("/api/pairings/mine/").json()
    # each answer is its player's own, never the other's kept one
    for player, answer in ((first, mine), (second, theirs)):
        assert answer and all(player.pk in (p["match"]["player1"]["player"]["id"],
                                            p["match"]["player2"]["player"]["id"]) for p in answer)
    assert {p["id"] for p in mine} != {p["id"] for p in theirs}
    assert api_as(first.user).get("/api/pairings/mine/").json() == mine
    assert api_as(UserFactory()).get("/api/pairings/mine/").json() == []

    confirm_a_result(event)
    after = {p["id"]: p for p in api_as(first.user).get("/api/pairings/mine/").json()}
    assert after[pairing.pk]["state"] == Pairing.State.DECIDED
    assert after[pairing.pk]["match"]["winner"] == first.pk

    first.display_name = "Renamed"
    first.save()
    named = api_as(second.user).get("/api/pairings/mine/").json()
    assert "Renamed" in {p["match"]["player1"]["player"]["display_name"] for p in named} | {
        p["match"]["player2"]["player"]["display_name"] for p in named}


def test_my_pairings_show_a_new_event_and_its_new_date_at_once() -> None:
    event = drawn(4, format=Tournament.Format.ROUND_ROBIN)
    player = ready(event).match.player1
    before = api_as(player.user).get("/api/pairings/mine/").json()
    other = make_event(0, format=Tournament.Format.KNOCKOUT)
    for entrant in (player, PlayerFactory(display_name="Newcomer")):
        services.add_entry(tournament=other, player=entrant, actor=director_of(other))
    services.make_draw(tournament=other, actor=director_of(other))
    after = api_as(player.user).get("/api/pairings/mine/").json()
    assert {p["tournament"] for p in after} == {event.pk, other.pk}
    assert len(after) > len(before)
    # the date orders the events (latest first): a bulk update of it shows at once
    Tournament.objects.filter(pk=event.pk).update(starts_on="2030-01-01")
    reordered = api_as(player.user).get("/api/pairings/mine/").json()
    assert reordered[0]["tournament"] == event.pk


def test_my_pairings_cost_the_same_queries_for_a_few_and_many_pairings(settings) -> None:
    settings.NARDY_PAGE_CACHE = False  # what the cache keeps, worked out each time
    counts = []
    for entrants in (3, 9):  # every round open: 2 and 8 pairings of one player
        event = drawn(entrants, format=Tournament.Format.ROUND_ROBIN)
        player = ready(event).match.player1
        with CaptureQueriesContext(connection) as queries:
            answer = api_as(player.user).get("/api/pairings/mine/").json()
        assert len(answer) >= entrants - 2
        counts.append(len(queries))
    assert counts[0] == counts[1], counts


# --- the tables' own version --------------------------------------------------------------


def test_a_table_assigned_changes_the_bracket_and_tv_but_not_the_tables() -> None:
    """A league's tables (crosstable, standings, the API's standings) keep their version
    while directors assign tables and players enter results the opponent has not yet
    confirmed; the pages of the day's running (the TV screen) change at once. A result
    confirmed, or a decided result corrected, changes the tables."""
    from tournaments.services import day

    event = drawn(5, format=Tournament.Format.ROUND_ROBIN)
    client = Client()
    urls = {page: reverse(f"tournaments:{page}", args=[event.pk])
            for page in ("crosstable", "standings", "tv")}  # fmt: skip
    tags = {page: poll(client, url)["ETag"] for page, url in urls.items()}
    api = f"/api/tournaments/{event.pk}/standings/"
    api_as().get(api)
    with CaptureQueriesContext(connection) as kept:
        api_as().get(api)

    pairing = ready(event)
    day.set_table(pairing=pairing, table="12", by=director_of(event))
    match = pairing.match
    games_services.enter_final_score(match=match, by=match.player1.user,
                                     score1=Decimal(match.length), score2=Decimal(0))  # fmt: skip
    for page in ("crosstable", "standings"):
        assert poll(client, urls[page], tags[page]).status_code == 304, page
    with CaptureQueriesContext(connection) as after_schedule:
        api_as().get(api)
    assert len(after_schedule) == len(kept)  # still the kept answer: not worked out again
    tv = poll(client, urls["tv"], tags["tv"])
    assert tv.status_code == 200 and "12" in tv.content.decode()

    confirmed = confirm_a_result(event)
    assert confirmed.pk == pairing.pk
    for page in ("crosstable", "standings"):
        changed = poll(client, urls[page], tags[page])
        assert changed.status_code == 200, page
        tags[page] = changed["ETag"]
    with CaptureQueriesContext(connection) as after_result:
        api_as().get(api)
    assert len(after_result) > len(kept)  # worked out again
    # a decided result corrected by its own match's save (the pairing not saved again)
    from games.models import Match

    corrected = Match.objects.get(pk=match.pk)
    corrected.score1, corrected.score2 = corrected.score2, corrected.score1
    corrected.save()
    standings = poll(client, urls["standings"], tags["standings"])
    assert standings.status_code == 200
