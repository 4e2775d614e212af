"""One story on every page (issue 27, part 2): the console shows each match's length
beside its score or status; a knockout's rounds are named as its format names them on
the console, the TV view, My matches and in the players' notifications; a match's status
follows its result on its page and in My matches; match and dispute pages link to their
event, round and table."""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from clubs.models import Profile
from disputes.models import Dispute
from games import services as games_services
from games.models import MatchResult
from notifications.messages import render
from notifications.models import Notification
from tests.games.match_factories import MatchFactory
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
    assert "Main · Semi-final · #1" in rows[str(semi.pk)]
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
    assert sorted(stages) == ["Main · Final", "Main · Semi-final"]


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
    assert semi_title == f"Semi-final: your match in {event.name} is ready"


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
    assert "Consolation · Semi-final · #1" in rows[str(consolation.pk)]
    stage = re.search(r'<p data-testid="stage">(.*?)</p>', page, re.DOTALL).group(1)
    assert "Main · Semi-final" in stage and "Consolation · Semi-final" in stage

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


# --- a match's status follows its result -------------------------------------------------


def status_badges(page: str) -> list[tuple[str, str]]:
    return re.findall(r'data-testid="match-status" data-status="(\w+)">(.*?)</span>', page)


def test_a_matchs_status_follows_its_result_on_its_page_and_in_my_matches(client: Client) -> None:
    event = make_event(2, with_logins=True)
    services.make_draw(tournament=event, actor=director_of(event))
    final = pairing(event, "main", 1, 1)
    match = final.match
    proposer, opponent = final.top.player, final.bottom.player
    seat = 1 if match.player1_id == proposer.pk else 2
    score = (Decimal(match.length), Decimal(0)) if seat == 1 else (Decimal(0), Decimal(match.length))

    def shown(user: Any) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
        client.force_login(user)
        on_page = status_badges(client.get(match.get_absolute_url()).text)
        mine = status_badges(client.get(reverse("tournaments:my_matches")).text)
        return on_page, mine

    before, _ = shown(opponent.user)
    assert [status for status, _ in before] == ["ready"]

    games_services.enter_final_score(match=match, by=proposer.user, score1=score[0], score2=score[1])
    waiting = f"Result proposed by {proposer.display_name}, waiting for confirmation"
    for user in (proposer.user, opponent.user):
        assert shown(user) == ([("proposed", waiting)], [("proposed", waiting)])

    result = MatchResult.objects.get(match=match, status="proposed")
    games_services.dispute_result(result=result, by=opponent.user, reason="It was 3–5")
    assert shown(proposer.user) == ([("disputed", "Result disputed")], [("disputed", "Result disputed")])

    games_services.confirm_result(result=result, by=director_of(event))
    assert shown(opponent.user) == ([("confirmed", "Result confirmed")],
                                    [("confirmed", "Result confirmed")])


# --- match and dispute pages link to their event, round and table ----------------------


def links_of(page: str) -> dict[str, str]:
    part = re.search(r'data-testid="match-in-event">(.*?)</p>', page, re.DOTALL)
    if part is None:
        return {}
    return {name: href.replace("&amp;", "&") for href, name in
            re.findall(r'<a href="([^"]+)" data-testid="(\w+)-link"', part.group(1))}


def test_match_and_dispute_pages_link_to_their_event_round_and_table(client: Client) -> None:
    event = make_event(2, with_logins=True)
    services.make_draw(tournament=event, actor=director_of(event))
    final = pairing(event, "main", 1, 1)
    Pairing.objects.filter(pk=final.pk).update(table="7")
    match = final.match
    client.force_login(final.top.player.user)

    page = client.get(match.get_absolute_url()).text
    links = links_of(page)
    assert links["event"] == event.get_absolute_url()
    assert links["round"] == f"/tournaments/{event.pk}/bracket/#pairing-{final.pk}"
    assert links["table"] == f"/tournaments/{event.pk}/score-sheets/?round=1#score-sheet-{final.pk}"
    assert ">Main · Final</a>" in page and ">Table 7</a>" in page
    for name, target in links.items():
        address, _, anchor = target.partition("#")
        answer = client.get(address)
        assert answer.status_code == 200, name
        assert f'id="{anchor}"' in answer.text or not anchor, name

    # the dispute of its result links to the same places
    games_services.enter_final_score(match=match, by=final.top.player.user,
                                     score1=Decimal(match.length), score2=Decimal(0))
    result = MatchResult.objects.get(match=match, status="proposed")
    games_services.dispute_result(result=result, by=final.bottom.player.user, reason="No")
    dispute = Dispute.objects.get(match=match)
    assert links_of(client.get(reverse("disputes:detail", args=[dispute.pk])).text) == links


def test_a_table_rounds_link_goes_to_its_score_sheets_and_a_friendly_has_none(client: Client) -> None:
    swiss = make_event(4, format=Tournament.Format.SWISS, swiss_rounds=2)
    services.make_draw(tournament=swiss, actor=director_of(swiss))
    first = pairing(swiss, "swiss", 1, 1)
    client.force_login(director_of(swiss))
    links = links_of(client.get(first.match.get_absolute_url()).text)
    assert links["round"] == f"/tournaments/{swiss.pk}/score-sheets/?round=1"
    assert first.table  # the draw numbers the tables
    assert links["table"] == f"/tournaments/{swiss.pk}/score-sheets/?round=1#score-sheet-{first.pk}"
    Pairing.objects.filter(pk=first.pk).update(table="")
    assert "table" not in links_of(client.get(first.match.get_absolute_url()).text)
    friendly = MatchFactory(club=swiss.club)
    assert links_of(client.get(friendly.get_absolute_url()).text) == {}
