import pytest
from django.test import Client
from django.urls import reverse

from clubs.models import Player
from tests.factories import UserFactory
from tests.tournaments.tournament_helpers import director_of, make_event, pairing, play
from tournaments import services
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def test_the_bracket_page_shows_every_flight_and_polls(client: Client) -> None:
    event = make_event(8, consolation="first_match_losers", last_chance=True)
    services.make_draw(tournament=event, actor=director_of(event))
    play(pairing(event, "main", 1, 1).match, 1)
    page = client.get(reverse("tournaments:bracket", args=[event.pk]))
    assert page.status_code == 200
    assert 'hx-trigger="every 10s, page-visible from:body, refresh-bracket from:body"' in page.text
    assert "Main" in page.text and "Consolation" in page.text and "Final" in page.text
    partial = client.get(reverse("tournaments:bracket", args=[event.pk]), headers={"HX-Request": "true"})
    assert "<html" not in partial.text and 'id="bracket"' in partial.text
    assert partial.text.count('class="side winner"') == 1


def test_round_robin_pages_and_exports(client: Client) -> None:
    event = make_event(5, format=Tournament.Format.ROUND_ROBIN)
    services.make_draw(tournament=event, actor=director_of(event))
    services.start_round(tournament=event, actor=director_of(event), through=99)
    first = event.pairings.filter(state="ready").select_related("match").first()
    play(first.match, 1)
    crosstable = client.get(reverse("tournaments:crosstable", args=[event.pk]))
    assert crosstable.status_code == 200 and "3–0" in crosstable.text
    standings = client.get(reverse("tournaments:standings", args=[event.pk]))
    assert "Head-to-head" in standings.text and "Points difference" in standings.text
    assert "is above" in standings.text or "share the place" in standings.text
    csv = client.get(reverse("tournaments:results_csv", args=[event.pk]))
    assert csv["Content-Type"].startswith("text/csv") and "Round robin" in csv.content.decode()
    table = client.get(reverse("tournaments:standings_csv", args=[event.pk])).content.decode()
    assert table.splitlines()[0].startswith("Group,Place,Player,Match wins")
    sheet = client.get(reverse("tournaments:draw_sheet", args=[event.pk]))
    assert sheet.status_code == 200 and "@media print" not in sheet.text  # print CSS is a file


def test_private_tournaments_are_hidden_from_strangers(client: Client) -> None:
    event = make_event(2, is_public=False)
    assert client.get(event.get_absolute_url()).status_code == 404
    assert event.name not in client.get(reverse("tournaments:tournament_list")).text
    client.force_login(director_of(event))
    assert client.get(event.get_absolute_url()).status_code == 200


def test_console_is_for_the_clubs_directors_only(client: Client) -> None:
    event = make_event(2)
    url = reverse("tournaments:console", args=[event.pk])
    assert client.get(url).status_code == 302  # to the login page
    client.force_login(UserFactory())
    assert client.get(url).status_code == 403
    assert client.post(reverse("tournaments:console_draw", args=[event.pk])).status_code == 403
    event.refresh_from_db()
    assert event.status == "draft"
    client.force_login(director_of(event))
    assert client.get(url).status_code == 200


def test_director_adds_players_with_live_search_and_draws(client: Client) -> None:
    event = make_event(3)
    director = director_of(event)
    client.force_login(director)
    other = make_event(0).club  # a player of another club, searchable by display name
    from clubs.registry import add_player
    add_player(club=other, actor=None, name="Zara Quickfind", display_name="Zara",
               allow_similar=True)
    search = reverse("tournaments:console_player_search", args=[event.pk])
    found = client.get(search, {"q": "quickf"}, headers={"HX-Request": "true"})
    assert "Zara" not in found.text  # her legal name is private to her club's directors
    found = client.get(search, {"q": "zar"}, headers={"HX-Request": "true"})
    assert "Enter Zara" in found.text and "Quickfind" not in found.text
    zara = Player.objects.get(display_name="Zara")
    added = client.post(reverse("tournaments:console_add_entry", args=[event.pk]),
                        {"player": zara.pk}, headers={"HX-Request": "true"})
    assert added.status_code == 200 and added["HX-Trigger"] == "refresh-bracket"
    assert event.entries.count() == 4
    again = client.post(reverse("tournaments:console_add_entry", args=[event.pk]),
                        {"player": zara.pk}, headers={"HX-Request": "true"})
    assert "already entered" in again.text and event.entries.count() == 4
    client.post(reverse("tournaments:console_add_entry", args=[event.pk]),
                {"new_name": "Brand New", "new_display_name": "Newbie"})
    assert event.entries.filter(player__display_name="Newbie").exists()
    client.post(reverse("tournaments:console_draw", args=[event.pk]))
    event.refresh_from_db()
    # five players in an 8-draw: seeds 1-3 have byes, so 5 v 4 and 3 v 2 are ready
    assert event.status == "running" and event.pairings.filter(state="ready").count() == 2


def test_director_overrides_a_result_with_a_reason(client: Client) -> None:
    event = make_event(2)
    director = director_of(event)
    services.make_draw(tournament=event, actor=director)
    final = pairing(event, "main", 1, 1)
    client.force_login(director)
    url = reverse("tournaments:console_result", args=[event.pk, final.pk])
    no_reason = client.post(url, {"score1": 7, "score2": 2, "reason": ""}, follow=True)
    assert "Give both scores and a reason" in no_reason.text
    impossible = client.post(url, {"score1": 7, "score2": 7, "reason": "x"}, follow=True)
    assert "only one player can reach" in impossible.text
    final.refresh_from_db()
    assert final.state == "ready"
    client.post(url, {"score1": 2, "score2": 7, "reason": "scoresheet"})
    final.refresh_from_db()
    assert final.state == "decided" and final.winner == final.bottom


def test_bracket_boxes_link_to_the_match_pages(client: Client) -> None:
    event = make_event(4)
    services.make_draw(tournament=event, actor=director_of(event))
    semi = pairing(event, "main", 1, 1)
    page = client.get(reverse("tournaments:bracket", args=[event.pk])).text
    assert f'href="{semi.match.get_absolute_url()}"' in page
    assert client.get(semi.match.get_absolute_url()).status_code == 200


def test_director_creates_and_edits_a_tournament_in_the_console(client: Client) -> None:
    director = UserFactory()
    club = make_event(0, director=director).club
    client.force_login(director)
    form = {
        "club": club.pk, "name": "Winter Cup", "starts_on": "2026-12-01", "variant": "nardy",
        "format": "round_robin", "is_public": "on", "seeding": "random", "seeded_top": 4,
        "consolation": "none", "cycles": 2, "group_count": 2, "qualifiers_per_group": 2,
        "crawford": "", "main_lengths": "5, 7, 9", "consolation_lengths": "3,5,5",
        "last_chance_lengths": "3,3,3", "table_length": 5,
        "tiebreak_order": "wins, points_difference, head_to_head",
    }
    response = client.post(reverse("tournaments:tournament_create"), form)
    cup = Tournament.objects.get(name="Winter Cup")
    assert response.url == reverse("tournaments:console", args=[cup.pk])
    assert cup.match_lengths["group"] == [5] and cup.cycles == 2 and cup.rules == {"crawford": False}
    assert cup.tiebreaks == ["wins", "points_difference", "head_to_head"]
    bad = client.post(reverse("tournaments:tournament_create"),
                      form | {"name": "Bad", "tiebreak_order": "wins, luck"})
    assert bad.status_code == 200 and not Tournament.objects.filter(name="Bad").exists()
    form.pop("club")
    client.post(reverse("tournaments:console_update", args=[cup.pk]), form | {"name": "Winter Cup II"})
    cup.refresh_from_db()
    assert cup.name == "Winter Cup II"


def test_groups_then_knockout_from_the_console(client: Client) -> None:
    event = make_event(8, format=Tournament.Format.GROUPS_KNOCKOUT, group_count=2)
    director = director_of(event)
    client.force_login(director)
    client.post(reverse("tournaments:console_draw", args=[event.pk]))
    client.post(reverse("tournaments:console_next_round", args=[event.pk]), {"through": "999"})
    early = client.post(reverse("tournaments:console_next_round", args=[event.pk]),
                        {"stage": "knockout"}, follow=True)
    assert "Every group match needs a confirmed result" in early.text
    for p in event.pairings.filter(state="ready").select_related("match"):
        play(p.match, 1)
    client.post(reverse("tournaments:console_next_round", args=[event.pk]), {"stage": "knockout"})
    assert event.pairings.filter(flight="main").count() == 3
    standings = client.get(reverse("tournaments:standings", args=[event.pk]))
    assert "Group 1" in standings.text and "Group 2" in standings.text
    bracket = client.get(reverse("tournaments:bracket", args=[event.pk]))
    assert "Semi-final" in bracket.text


@pytest.mark.parametrize("fmt, shown, hidden", [
    ("knockout", ["consolation", "last_chance", "main_lengths"],
     ["cycles", "swiss_rounds", "losses_limit", "tiebreak_order_0", "table_length"]),
    ("swiss", ["swiss_rounds", "tiebreak_order_0", "table_length"],
     ["consolation", "grand_final_reset", "losses_limit", "main_lengths"]),
    ("double_elimination", ["grand_final_reset", "main_lengths"],
     ["consolation", "swiss_rounds", "tiebreak_order_0"]),
    ("swiss_losses", ["losses_limit", "round_limit", "tiebreak_order_0"],
     ["swiss_rounds", "grand_final_reset", "cycles"]),
])
def test_the_form_shows_only_the_chosen_formats_settings(client: Client, fmt, shown, hidden) -> None:
    client.force_login(UserFactory())
    part = client.get(reverse("tournaments:format_settings"), {"format": fmt},
                      headers={"HX-Request": "true"}).text
    for name in shown:
        assert f'name="{name}"' in part
    for name in hidden:
        assert f'name="{name}"' not in part
    if "tiebreak_order_0" in shown:  # named options, each explained
        assert "Sonneborn–Berger" in part and "a bye counts as an opponent with no wins" in part


def test_the_create_page_swaps_the_settings_when_the_format_changes(client: Client) -> None:
    director = UserFactory()
    make_event(0, director=director)
    client.force_login(director)
    page = client.get(reverse("tournaments:tournament_create")).text
    assert 'id="format-settings"' in page
    assert f'hx-get="{reverse("tournaments:format_settings")}"' in page


def test_a_swiss_until_n_losses_is_created_from_the_page_with_its_settings(client: Client) -> None:
    director = UserFactory()
    club = make_event(0, director=director).club
    client.force_login(director)
    response = client.post(reverse("tournaments:tournament_create"), {
        "club": club.pk, "name": "Nardy Cup", "starts_on": "2026-12-01", "variant": "nardy",
        "format": "swiss_losses", "is_public": "on", "seeding": "rating", "seeded_top": 4,
        "losses_limit": 3, "round_limit": "", "table_length": 5,
        "tiebreak_order_0": "wins", "tiebreak_order_1": "sonneborn_berger",
    })
    cup = Tournament.objects.get(name="Nardy Cup")
    assert response.status_code == 302
    assert (cup.losses_limit, cup.round_limit, cup.tiebreaks) == (3, None, ["wins", "sonneborn_berger"])
    assert cup.match_lengths["swiss"] == [5]
    refused = client.post(reverse("tournaments:tournament_create"), {
        "club": club.pk, "name": "Zero", "starts_on": "2026-12-01", "variant": "nardy",
        "format": "swiss_losses", "seeding": "rating", "seeded_top": 4, "losses_limit": 0,
        "table_length": 5, "tiebreak_order": "wins",
    })
    assert refused.status_code == 200 and not Tournament.objects.filter(name="Zero").exists()
    assert "at least 1" in refused.text


def test_console_errors_name_fields_by_label_and_statuses_by_name(client: Client) -> None:
    """Not by their codes ("consolation_lengths: …", "from running to 1e999")."""
    event = make_event(4)
    client.force_login(director_of(event))
    settings = reverse("tournaments:console_update", args=[event.pk])
    page = client.post(settings, {"name": "Cup", "main_lengths": "x"}, follow=True).text
    assert "Main flight lengths (early, semi-finals, final):" in page
    assert "main_lengths:" not in page
    status = reverse("tournaments:console_status", args=[event.pk])
    page = client.post(status, {"status": "1e999"}, follow=True).text
    assert "The status can be set to one of: Registration, Draft, Finished." in page
    services.make_draw(tournament=event, actor=director_of(event))
    page = client.post(status, {"status": "draft"}, follow=True).text
    assert "A tournament cannot go from “Running” to “Draft”." in page
    event.refresh_from_db()
    assert event.status == Tournament.Status.RUNNING
