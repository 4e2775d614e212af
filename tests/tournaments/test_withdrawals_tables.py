"""A withdrawal after results in a table format (round robin, Swiss, groups): the results
stand for the opponents, the withdrawn player is listed last without a place, and every
page, the API and the finish keep working (they answered 500 before)."""

from __future__ import annotations

import contextlib

import pytest
from django.test import Client
from django.urls import reverse

from tests.support.clients import api_client
from tests.tournaments.tournament_helpers import director_of, make_event, play
from tournaments import services
from tournaments.models import Pairing, Tournament
from tournaments.play.common import ActionError
from tournaments.services.registration import withdraw
from tournaments.standings import MatchResult, compute_standings

pytestmark = pytest.mark.django_db


def test_a_withdrawn_player_keeps_their_results_for_the_others_and_is_listed_last() -> None:
    # A beat B, B beat C, C beat D; B then withdrew (and lost on walkover to D)
    results = [MatchResult("A", "B", "A"), MatchResult("B", "C", "B"), MatchResult("C", "D", "C"),
               MatchResult("B", "D", "D", walkover=True)]
    standings = compute_standings(["A", "B", "C", "D"], results, ("wins", "buchholz"),
                                  withdrawn={"B"})
    order = [(row.player, row.place, row.withdrawn) for row in standings.rows]
    assert order[-1] == ("B", 4, True)  # B has 2 wins, more than anyone, but is last
    # A, C, D: a win each (A's over B and D's walkover stand); Buchholz (B's results
    # count for the opponents) puts C, who met two players, above A, who met only B
    rows = {row.player: row for row in standings.rows}
    assert rows["A"].values["wins"] == rows["C"].values["wins"] == rows["D"].values["wins"] == 1
    assert rows["C"].values["buchholz"] > rows["A"].values["buchholz"] > 0
    assert rows["A"].place == 3 and not rows["A"].withdrawn
    assert standings.separations[-1].metric == "withdrawn"
    assert "withdrew" in standings.separations[-1].explain()
    # C and D share first place and play it off; B plays no more
    assert [g.players for g in standings.playoffs_needed(range(1, 5))] == [("C", "D")]


def test_only_withdrawn_players_left_still_have_standings() -> None:
    standings = compute_standings(["A", "B"], [MatchResult("A", "B", "A")], ("wins",),
                                  withdrawn={"A", "B"})
    assert [(row.place, row.shared, row.withdrawn) for row in standings.rows] == [
        (1, True, True), (1, True, True)]
    assert standings.separations[0].metric is None
    assert not standings.playoffs_needed([1, 2])  # withdrawn players play no play-off


def _play_ready(event: Tournament) -> int:
    ready = list(event.pairings.filter(state=Pairing.State.READY).select_related("match"))
    for pairing in ready:
        play(pairing.match, 1)
    return len(ready)


@pytest.mark.parametrize("options", [
    {"format": Tournament.Format.ROUND_ROBIN},
    {"format": Tournament.Format.SWISS, "swiss_rounds": 3},
], ids=["round robin", "swiss"])
def test_a_withdrawal_after_results_keeps_pages_api_and_finish_working(options) -> None:
    event = make_event(6, **options)
    director = director_of(event)
    services.make_draw(tournament=event, actor=director)
    _play_ready(event)
    gone = event.entries.get(player__display_name="E1")
    withdraw(entry=gone, by=director)

    for name in ("crosstable", "standings", "tournament_detail"):
        response = Client().get(reverse(f"tournaments:{name}", args=[event.pk]))
        assert response.status_code == 200, name
    page = Client().get(reverse("tournaments:standings", args=[event.pk])).content.decode()
    assert "withdrew" in page
    data = api_client().get(f"/api/tournaments/{event.pk}/standings/").json()
    rows = data["groups"][0]["rows"]
    assert rows[-1]["entry"] == gone.pk and rows[-1]["withdrawn"] is True
    assert not any(row["withdrawn"] for row in rows[:-1])
    table = Client().get(reverse("tournaments:standings_csv", args=[event.pk])).content.decode()
    header, *lines = [line.split(",") for line in table.splitlines()]
    assert header[-2:] == ["Penalty points", "Withdrew"]
    assert lines[-1][2] == "E1" and lines[-1][1] == "" and lines[-1][-1] == "yes"

    for _ in range(10):  # play the event out: the withdrawn player's matches are walkovers
        _play_ready(event)
        event.refresh_from_db()
        if event.status == Tournament.Status.FINISHED:
            break
        with contextlib.suppress(ActionError):  # nothing to start: the loop plays or ends
            services.next_stage(tournament=event, actor=director)
    event.refresh_from_db()
    assert event.status == Tournament.Status.FINISHED
    gone.refresh_from_db()
    assert gone.place_first is None
    places = sorted(event.entries.exclude(pk=gone.pk).values_list("place_first", flat=True))
    assert places[0] == 1 and None not in places and max(places) <= 5


def test_a_withdrawn_player_never_qualifies_from_a_group() -> None:
    event = make_event(6, format=Tournament.Format.GROUPS_KNOCKOUT, group_count=2,
                       qualifiers_per_group=2)
    director = director_of(event)
    services.make_draw(tournament=event, actor=director)
    _play_ready(event)
    # the best of group 1 so far withdraws
    leader = event.entries.filter(group=1).order_by("seed").first()
    withdraw(entry=leader, by=director)
    while True:
        _play_ready(event)
        try:
            services.next_stage(tournament=event, actor=director)
        except ActionError:  # every group round played
            break
    assert services.next_stage(tournament=event, actor=director, stage="knockout")["stage"] == "knockout"
    knockout = event.pairings.filter(flight="main")
    in_knockout = {p.top_id for p in knockout} | {p.bottom_id for p in knockout}
    assert leader.pk not in in_knockout
    assert len(in_knockout - {None}) == 4
