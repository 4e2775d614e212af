"""Rankings pages and API: filters, htmx partial, CSV, profile and chart, query bounds."""

from __future__ import annotations

import csv
import datetime
import io
from decimal import Decimal
from xml.etree import ElementTree

import pytest
from django.urls import reverse

from clubs.models import Player
from leaderboard.models import EventPlacing, ExternalEvent, PlayerRating, RankedEvent
from tests.factories import ClubFactory, PlayerFactory
from tests.tournaments.leaderboard_support import at, confirm

pytestmark = pytest.mark.django_db
SVG = "{http://www.w3.org/2000/svg}"
DAY = datetime.date(2026, 4, 1)


def ranked_field(count, club=None, day=DAY, variant="backgammon"):
    """One external event with ``count`` entrants who all earned points (bulk-created)."""
    club = club or ClubFactory()
    Player.objects.bulk_create(
        Player(name=f"Hidden Fullname {n}", display_name=f"Ranked {n:05d}") for n in range(count)
    )
    players = list(Player.objects.filter(display_name__startswith="Ranked").order_by("pk"))
    external = ExternalEvent.objects.create(club=club, name="Big open", date=day, variant=variant)
    event = RankedEvent.objects.create(
        external_event=external, club=club, name="Big open", variant=variant, date=day,
        entrants=count, strength_of_field=Decimal(count), paid_places=count,
    )
    EventPlacing.objects.bulk_create(
        EventPlacing(event=event, player=p, place_first=i + 1, place_last=i + 1,
                     points=Decimal(count) / (i + 1))
        for i, p in enumerate(players)
    )
    PlayerRating.objects.bulk_create(
        PlayerRating(player=p, variant=variant, rating=1500 + i % 300, experience=10, matches=2)
        for i, p in enumerate(players[:200])
    )
    return club, players


def test_rankings_page_for_5000_players_has_bounded_queries(client, django_assert_max_num_queries):
    club, _players = ranked_field(5000)
    url = reverse("leaderboard:rankings")
    with django_assert_max_num_queries(5):
        response = client.get(url, {"year": 2026, "club": club.slug})
    assert response.status_code == 200
    text = response.text
    assert "Ranked 00000" in text and "Hidden Fullname" not in text
    assert "5000 ranked players" in text and "Page 1 of 50" in text
    with django_assert_max_num_queries(5):
        partial = client.get(url, {"year": 2026, "page": 50}, headers={"HX-Request": "true"})
    assert "<html" not in partial.text and 'id="ranking-table"' in partial.text
    assert "Ranked 04999" in partial.text


def test_csv_export_lists_every_ranked_player(client):
    ranked_field(300)
    response = client.get(reverse("leaderboard:rankings_csv"), {"year": 2026})
    assert response["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0] == ["Rank", "Player", "GP-style points", "Events"]
    assert rows[1] == ["1", "Ranked 00000", "300.00", "1"] and len(rows) == 301


def test_filters_narrow_the_table(client):
    ranked_field(10, variant="nardy")
    url = reverse("leaderboard:rankings")
    assert "Ranked 00000" in client.get(url, {"year": 2026, "variant": "nardy"}).text
    assert "Ranked 00000" not in client.get(url, {"year": 2026, "variant": "backgammon"}).text
    assert "Ranked 00000" not in client.get(url, {"year": 2025}).text
    in_range = client.get(url, {"start": "2026-03-01", "end": "2026-04-30"}).text
    assert "Ranked 00000" in in_range


def test_backwards_date_range_is_refused_on_the_page_and_the_api(client):
    ranked_field(3)
    response = client.get(reverse("leaderboard:rankings"), {"start": "2026-05-01", "end": "2026-04-01"})
    assert response.status_code == 400 and "before the start date" in response.text
    api = client.get("/api/rankings/", {"start": "2026-05-01", "end": "2026-04-01"})
    assert api.status_code == 409
    assert api.json()["error"]["code"] == "date_range_backwards"
    assert "end" in api.json()["error"]["fields"]


def test_profile_chart_history_and_head_to_head(client):
    club = ClubFactory()
    ana = PlayerFactory(name="Ana Private", display_name="Ana")
    boris = PlayerFactory(name="Boris Private", display_name="Boris")
    for minute, (winner, loser) in enumerate([(ana, boris), (ana, boris), (boris, ana)]):
        confirm(club, winner, loser, 5, when=at(minute))
    page = client.get(reverse("leaderboard:player", args=[ana.pk])).text
    assert "Private" not in page and "Boris" in page and "<svg" in page
    svg = client.get(reverse("leaderboard:rating_chart", args=[ana.pk]))
    assert svg["Content-Type"].startswith("image/svg+xml")
    root = ElementTree.fromstring(svg.content)
    assert root.tag == f"{SVG}svg"
    assert len(root.findall(f"{SVG}circle")) == 4  # the start and three matches
    assert root.find(f"{SVG}polyline") is not None
    labels = [t.text for t in root.iter(f"{SVG}text")]
    final = PlayerRating.objects.get(player=ana).rating
    assert f"{final:.2f}" in labels and "Rating" in labels
    empty = client.get(reverse("leaderboard:rating_chart", args=[ana.pk]), {"variant": "nardy"})
    assert ElementTree.fromstring(empty.content).find(f"{SVG}text").text == "No rated matches yet."


def test_api_ratings_history_and_rankings(client):
    club = ClubFactory()
    ana, boris = PlayerFactory(display_name="Ana"), PlayerFactory(display_name="Boris")
    confirm(club, ana, boris, 5, when=at(0))
    ratings = client.get("/api/ratings/").json()["results"]
    assert [(r["player_name"], round(r["rating"], 2)) for r in ratings] == [
        ("Ana", 1522.36), ("Boris", 1477.64)]
    assert "name" not in ratings[0]
    history = client.get("/api/rating-history/", {"player": ana.pk}).json()["results"]
    assert history[0]["opponent_name"] == "Boris" and history[0]["won"] is True
    assert client.get("/api/rating-history/", {"player": "x"}).status_code == 400
    ranked_field(12, club=club)
    rankings = client.get("/api/rankings/", {"year": 2026, "club": club.slug}).json()
    assert rankings["count"] == 12 and rankings["results"][0]["name"] == "Ranked 00000"
    assert rankings["results"][0]["points"] == "12.00"


def test_seasons_follow_the_configured_start(settings):
    from leaderboard.selectors import season_for

    today = datetime.date(2026, 3, 5)
    assert (season_for(None, None, None, today).start, season_for(2025, None, None, today).end) == (
        datetime.date(2026, 1, 1), datetime.date(2025, 12, 31))
    settings.RANKING_SEASON_START = (9, 1)
    season = season_for(None, None, None, today)
    assert (season.start, season.end) == (datetime.date(2025, 9, 1), datetime.date(2026, 8, 31))
    assert season_for(2026, None, None, today).start == datetime.date(2026, 9, 1)


@pytest.mark.parametrize("ratings", [[], [1500.0], [1500.0, 1522.36], [1500 + (n % 7) * 13.5 for n in range(60)]])
def test_chart_is_well_formed_for_any_history(ratings):
    from leaderboard.charts import ChartPoint, nice_step, rating_chart_svg

    points = [ChartPoint(DAY + datetime.timedelta(days=n), r, "<&> note") for n, r in enumerate(ratings)]
    root = ElementTree.fromstring(rating_chart_svg(points, title="Ana & Boris <test>"))
    assert root.find(f"{SVG}title").text == "Ana & Boris <test>"
    assert len(root.findall(f"{SVG}circle")) == len(ratings)
    for circle in root.findall(f"{SVG}circle"):
        assert 0 <= float(circle.get("cx")) <= 480 and 0 <= float(circle.get("cy")) <= 280
    if ratings:
        ticks = [float(t.text) for t in root.iter(f"{SVG}text") if t.get("text-anchor") == "end"
                 and t.get("x") == "58"]
        assert ticks[0] <= min(ratings) and ticks[-1] >= max(ratings) and len(ticks) >= 3
    assert nice_step(100) == 20 and nice_step(7) == 2 and nice_step(12) == 2.5


def test_the_club_pages_rankings_link_lists_that_clubs_players(client):
    """Issue 27, part 2: the link answered 400 (it sent the club's id; the filter takes its slug)."""
    club = ClubFactory(name="Riverside")
    other = ClubFactory(name="Hillside")
    day = datetime.date.today().replace(month=1, day=2)
    for owner, prefix in ((club, "River"), (other, "Hill")):
        external = ExternalEvent.objects.create(club=owner, name="Open", date=day,
                                                variant="backgammon")
        event = RankedEvent.objects.create(
            external_event=external, club=owner, name="Open", variant="backgammon", date=day,
            entrants=4, strength_of_field=Decimal(4), paid_places=4)
        for place in range(1, 5):
            EventPlacing.objects.create(
                event=event, player=PlayerFactory(display_name=f"{prefix} player {place}"),
                place_first=place, place_last=place, points=Decimal(8) / place)
    page = client.get(club.get_absolute_url()).text
    start = page.index("/rankings/?club=")
    link = page[start:page.index('"', start)].replace("&amp;", "&")
    response = client.get(link)
    assert response.status_code == 200, link
    shown = response.text
    assert all(f"River player {place}" in shown for place in range(1, 5))
    assert "Hill player" not in shown
