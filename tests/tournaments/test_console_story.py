"""One story on every page (issue 27, part 2): the console shows each match's length
beside its score or status; a knockout's rounds are named as its format names them on
the console, the TV view, My matches and in the players' notifications."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from clubs.models import Profile
from notifications.messages import render
from notifications.models import Notification
from tests.tournaments.tournament_helpers import director_of, make_event, pairing, play
from tournaments import services
from tournaments.models import Pairing, Tournament

pytestmark = pytest.mark.django_db


def test_the_console_shows_each_matchs_length_beside_its_score(client: Client) -> None:
    event = make_event(4, match_lengths={"main": [5, 7]})
    services.make_draw(tournament=event, actor=director_of(event))
    play(pairing(event, "main", 1, 1).match)
    client.force_login(director_of(event))
    page = client.get(reverse("tournaments:console", args=[event.pk])).text
    rows = re.findall(r'<tr id="console-pairing-(\d+)">(.*?)</tr>', page, re.DOTALL)
    assert len(rows) == 2
    for pk, row in rows:
        length = event.pairings.get(pk=pk).match.length
        assert f'<small class="match-length">{length}-point match</small>' in row, row
    played = pairing(event, "main", 1, 1)
    assert re.search(rf"{played.match.length}–0.*{played.match.length}-point match",
                     dict(rows)[str(played.pk)], re.DOTALL)


# --- knockout rounds by their names (the format's round_title) everywhere ------------------


def final_of_four() -> tuple[Tournament, Pairing]:
    """A four-player knockout whose semi-finals are played: its final is ready."""
    event = make_event(4, with_logins=True)
    services.make_draw(tournament=event, actor=director_of(event))
    for number in (1, 2):
        play(pairing(event, "main", 1, number).match)
    final = pairing(event, "main", 2, 1)
    assert final.state == Pairing.State.READY and final.match is not None
    return event, final


def test_the_console_names_a_knockouts_rounds_not_their_numbers(client: Client) -> None:
    event, final = final_of_four()
    client.force_login(director_of(event))
    page = client.get(reverse("tournaments:console", args=[event.pk])).text
    rows = dict(re.findall(r'<tr id="console-pairing-(\d+)">(.*?)</tr>', page, re.DOTALL))
    assert "Main · Final · #1" in rows[str(final.pk)]
    semi = pairing(event, "main", 1, 1)
    assert "Main · Semi-finals · #1" in rows[str(semi.pk)]
    assert not re.search(r"\bR\d", "".join(rows.values()))
    stage = re.search(r'<p data-testid="stage">(.*?)</p>', page, re.DOTALL).group(1)
    assert "Final" in stage and "round" not in stage.lower()


def test_the_tv_view_and_my_matches_name_the_final(client: Client) -> None:
    event, final = final_of_four()
    screen = client.get(reverse("tournaments:tv", args=[event.pk]), headers={"HX-Request": "true"}).text
    assert re.search(r'data-testid="rounds-in-play">Final<', screen)
    assert "round 1" not in screen
    client.force_login(final.top.player.user)
    mine = client.get(reverse("tournaments:my_matches")).text
    stages = re.findall(r'<span data-testid="stage">(.*?)</span>', mine)
    assert sorted(stages) == ["Main · Final", "Main · Semi-finals"]


def test_the_final_is_announced_as_the_final_in_the_players_language(
        django_capture_on_commit_callbacks: Any) -> None:
    event = make_event(4, with_logins=True)
    with django_capture_on_commit_callbacks(execute=True):
        services.make_draw(tournament=event, actor=director_of(event))
    semi = pairing(event, "main", 1, 1)
    finalist = semi.top.player.user
    Profile.objects.update_or_create(user=finalist, defaults={"preferred_language": "ru"})
    for number in (1, 2):
        with django_capture_on_commit_callbacks(execute=True):
            play(pairing(event, "main", 1, number).match)
    newest = Notification.objects.filter(user=finalist, message="pairing_ready").order_by("-pk")
    final_title, final_text = render(newest[0], "ru")
    assert final_title.startswith("Финал — ваш матч"), final_title
    assert "Финал" in final_text and "тур 2" not in final_text
    assert render(newest[0], "en")[0] == f"Final: your match in {event.name} is ready"
    semi_title = render(newest[1], "en")[0]
    assert semi_title == f"Semi-finals: your match in {event.name} is ready"


def test_other_flights_are_named_by_the_format_and_tables_keep_round_numbers(client: Client) -> None:
    # The consolation flight: its rounds are named as its own bracket names them.
    event = make_event(8, consolation=Tournament.Consolation.ROUND_ONE_LOSERS)
    services.make_draw(tournament=event, actor=director_of(event))
    for number in (1, 2, 3, 4):
        play(pairing(event, "main", 1, number).match)
    consolation = pairing(event, "consolation", 1, 1)
    assert consolation.state == Pairing.State.READY
    client.force_login(director_of(event))
    page = client.get(reverse("tournaments:console", args=[event.pk])).text
    rows = dict(re.findall(r'<tr id="console-pairing-(\d+)">(.*?)</tr>', page, re.DOTALL))
    assert "Consolation · Semi-finals · #1" in rows[str(consolation.pk)]
    stage = re.search(r'<p data-testid="stage">(.*?)</p>', page, re.DOTALL).group(1)
    assert "Main · Semi-finals" in stage and "Consolation · Semi-finals" in stage

    # Double elimination: the losers' bracket's last round is its final.
    double = make_event(4, format=Tournament.Format.DOUBLE_ELIMINATION)
    services.make_draw(tournament=double, actor=director_of(double))
    losers = list(double.pairings.filter(flight="losers").order_by("round"))
    assert losers[-1].round_title == "Losers' final"

    # A Swiss keeps its round numbers, even in its last round.
    swiss = make_event(4, format=Tournament.Format.SWISS, swiss_rounds=1)
    services.make_draw(tournament=swiss, actor=director_of(swiss))
    client.force_login(director_of(swiss))
    page = client.get(reverse("tournaments:console", args=[swiss.pk])).text
    assert "Swiss · Round 1 · #1" in page
    assert "Final" not in page
