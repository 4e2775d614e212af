"""Chouette pages: the phone form, htmx partials, and who may write."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from chouette.models import ChouetteEvent, ChouetteSession
from chouette.selectors.sessions import state_of
from tests.factories import UserFactory
from tests.games.chouette_tables import make_table, member
from tests.support.clients import page_client

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}


def form_data(t, winner: str = "team", kind: str = "single", **answers: str) -> dict[str, str]:
    """The game form as the page posts it; answers are turn1_<pk>=take etc."""
    lineup = t.lineup()
    data = {
        "box": str(lineup.box),
        "team": ",".join(str(pk) for pk in lineup.team),
        "winner": winner,
        "kind": kind,
        "automatic_doubles": "0",
    }
    for turn in (1, 2, 3):
        data[f"turn{turn}_by"] = "box"
    data.update(answers)
    return data


def test_anonymous_visitors_read_the_list_table_and_player_pages(client: Client) -> None:
    t = make_table(3, names=("Ann", "Ben", "Cal"))
    for url in (
        reverse("chouette:session_list"),
        reverse("chouette:club_sessions", args=[t.club.slug]),
        t.session.get_absolute_url(),
        reverse("chouette:player_record", args=[t.players[0].pk]),
    ):
        response = client.get(url)
        assert response.status_code == 200, url
    page = client.get(t.session.get_absolute_url()).text
    assert "Ann" in page and "Record game" not in page and "Log in to record games." in page


def test_the_nav_link_goes_to_the_session_list(client: Client) -> None:
    page = client.get(reverse("home")).text
    assert f'href="{reverse("chouette:session_list")}"' in page


def test_a_participant_records_a_game_with_htmx_and_gets_the_new_table() -> None:
    t = make_table(3, names=("Ann", "Ben", "Cal"))
    client = page_client(t.user_of(2))
    url = reverse("chouette:record_game", args=[t.session.pk])
    response = client.post(url, form_data(t), headers=HTMX)
    assert response.status_code == 200
    assert "<html" not in response.text and 'id="chouette-table"' in response.text
    assert "Line-up for game 2" in response.text
    assert ChouetteEvent.objects.filter(session=t.session).count() == 1
    # Ben beat the box: Ben is box, Cal captain, Ann last.
    lineup = t.lineup()
    assert lineup.line == (t.players[1].pk, t.players[2].pk, t.players[0].pk)


def test_the_quick_preset_fills_every_cube_with_take() -> None:
    t = make_table(3)
    client = page_client(t.director)
    url = reverse("chouette:game_form", args=[t.session.pk])
    response = client.get(url, {"preset": "box_doubled_all_took"}, headers=HTMX)
    taken = re.findall(r'<input type="radio" name="turn1_\d+" value="take"[^>]*checked', response.text)
    assert len(taken) == 2
    assert "<html" not in response.text


def test_box_doubled_all_one_dropped_through_the_page() -> None:
    t = make_table(4)
    a, b, c, d = (p.pk for p in t.players)
    client = page_client(t.director)
    answers = {f"turn1_{b}": "take", f"turn1_{c}": "drop", f"turn1_{d}": "take"}
    response = client.post(
        reverse("chouette:record_game", args=[t.session.pk]),
        form_data(t, winner="box", kind="gammon", **answers),
    )
    assert response.status_code == 302
    points = dict(state_of(t.session).rows[0].points)
    # Jacoby: cubes turned, so the gammon counts: 2 x 2 from B and D, 1 from C's drop.
    assert points == {a: 9, b: -4, c: -1, d: -4}
    log = client.get(t.session.get_absolute_url()).text
    assert "Game 1: box P0, captain P1" in log
    assert "The box won a gammon." in log and "Rotation: the box beat the captain." in log
    assert "P1: cube 2 (member), played out, -4" in log
    assert "P2: cube 1 (centred), dropped, -1" in log


def test_a_refused_game_shows_the_reason_and_saves_nothing() -> None:
    t = make_table(3, names=("Ann", "Ben", "Cal"))
    b, c = t.players[1].pk, t.players[2].pk
    client = page_client(t.director)
    response = client.post(
        reverse("chouette:record_game", args=[t.session.pk]),
        form_data(t, winner="team", **{f"turn1_{b}": "drop", f"turn1_{c}": "drop"}),
        headers=HTMX,
    )
    assert response.status_code == 200  # htmx swaps the partial with the message in it
    assert "Every bet has already ended by a drop" in response.text
    assert ChouetteEvent.objects.count() == 0


@pytest.mark.postgres
def test_a_stale_page_is_refused_with_the_line_up_it_expected() -> None:
    t = make_table(3, names=("Ann", "Ben", "Cal"))
    client = page_client(t.director)
    stale = form_data(t)
    url = reverse("chouette:record_game", args=[t.session.pk])
    assert client.post(url, stale).status_code == 302
    response = client.post(url, stale)
    assert response.status_code == 400
    assert "expected box Ben and team Cal, Ann, got box Ann and team Ben, Cal" in response.text
    assert ChouetteEvent.objects.count() == 1


def test_undo_asks_first_then_undoes() -> None:
    t = make_table(3)
    client = page_client(t.user_of(0))
    client.post(reverse("chouette:record_game", args=[t.session.pk]), form_data(t))
    url = reverse("chouette:undo", args=[t.session.pk])
    confirm = client.get(url)
    assert confirm.status_code == 200 and "Undo game 1?" in confirm.text
    assert ChouetteEvent.objects.count() == 1
    response = client.post(url, headers=HTMX)
    assert "Line-up for game 1" in response.text and "No games yet." in response.text
    assert ChouetteEvent.objects.count() == 0


def test_join_and_leave_through_the_page() -> None:
    t = make_table(3)
    newcomer = member(t.club, "Dee")
    client = page_client(t.director)
    client.post(reverse("chouette:join", args=[t.session.pk]), {"player": newcomer.pk})
    assert t.lineup().line[-1] == newcomer.pk
    response = client.post(
        reverse("chouette:leave", args=[t.session.pk]), {"player": t.players[0].pk}, headers=HTMX
    )
    assert "left the line" in response.text
    assert t.players[0].pk not in t.lineup().line


def test_a_club_member_may_seat_themselves_but_not_record() -> None:
    t = make_table(3)
    newcomer = member(t.club, "Dee")
    client = page_client(newcomer.user)
    page = client.get(t.session.get_absolute_url()).text
    assert "Join this table" in page and "Record game" not in page
    before = client.post(reverse("chouette:record_game", args=[t.session.pk]), form_data(t))
    assert before.status_code == 403
    client.post(reverse("chouette:join", args=[t.session.pk]), {"player": newcomer.pk})
    assert newcomer.pk in t.lineup().line
    # Now a participant, they may record.
    after = client.post(reverse("chouette:record_game", args=[t.session.pk]), form_data(t))
    assert after.status_code == 302


@pytest.mark.parametrize("who", ["stranger", "other_director", "other_player"])
def test_outsiders_are_refused(who: str) -> None:
    t = make_table(3)
    other = make_table(3)
    user = {
        "stranger": UserFactory(),
        "other_director": other.director,
        "other_player": other.user_of(0),
    }[who]
    client = page_client(user)
    pk = t.session.pk
    assert client.post(reverse("chouette:record_game", args=[pk]), form_data(t)).status_code == 403
    garbage = client.post(reverse("chouette:record_game", args=[pk]), {"winner": "?"})
    assert garbage.status_code == 403
    assert client.post(reverse("chouette:undo", args=[pk])).status_code == 403
    leave = client.post(reverse("chouette:leave", args=[pk]), {"player": t.players[0].pk})
    assert leave.status_code == 403
    assert client.post(reverse("chouette:finish", args=[pk])).status_code == 403
    new = client.get(reverse("chouette:session_new", args=[t.club.slug]))
    assert new.status_code == 403
    assert ChouetteEvent.objects.count() == 0
    assert ChouetteSession.objects.get(pk=pk).is_running


def test_anonymous_posts_go_to_the_login_page(client: Client) -> None:
    t = make_table(3)
    response = client.post(reverse("chouette:record_game", args=[t.session.pk]), form_data(t))
    assert response.status_code == 302 and reverse("login") in response.url
    htmx = client.post(reverse("chouette:record_game", args=[t.session.pk]), {}, headers=HTMX)
    assert reverse("login") in htmx.headers["HX-Redirect"]
    assert ChouetteEvent.objects.count() == 0


def test_a_director_opens_a_table_from_the_page() -> None:
    t = make_table(3)
    client = page_client(t.director)
    data = {
        "date": "2026-11-21",
        "variant": "backgammon",
        "stake_per_point": "2.50",
        "cube_mode": "multiple",
        "jacoby": "on",
        "consulting": "live_cube",
        "max_players": "6",
        **{f"seat_{i}": str(p.pk) for i, p in enumerate(reversed(t.players))},
    }
    response = client.post(reverse("chouette:session_new", args=[t.club.slug]), data)
    assert response.status_code == 302
    session = ChouetteSession.objects.latest("pk")
    assert str(session.stake_per_point) == "2.50"
    assert state_of(session).line == tuple(p.pk for p in reversed(t.players))
    koks = client.post(reverse("chouette:session_new", args=[t.club.slug]), {**data, "koks": "on"})
    assert koks.status_code == 400
    assert "Koks is a result of long nardy only" in koks.text
    assert ChouetteSession.objects.count() == 2
    nardy = client.post(
        reverse("chouette:session_new", args=[t.club.slug]),
        {**data, "variant": "nardy", "koks": "on"},
    )
    assert nardy.status_code == 302
    session = ChouetteSession.objects.latest("pk")
    assert (session.variant, session.koks) == ("nardy", True)
    assert ChouetteSession.objects.count() == 3


def kind_choices(page: str) -> list[str]:
    return re.findall(r'name="kind" value="([a-z]+)"', page)


def test_the_game_form_offers_the_results_of_the_sessions_variant() -> None:
    backgammon = make_table(3)
    page = page_client(backgammon.director).get(backgammon.session.get_absolute_url()).text
    assert kind_choices(page) == ["single", "gammon", "backgammon"]
    assert "Long nardy" not in page
    nardy = make_table(3, variant="nardy")
    page = page_client(nardy.director).get(nardy.session.get_absolute_url()).text
    assert kind_choices(page) == ["oin", "mars"]
    assert "Long nardy" in page and "oin 1, mars 2" in page
    koks = make_table(3, variant="nardy", koks=True)
    page = page_client(koks.director).get(koks.session.get_absolute_url()).text
    assert kind_choices(page) == ["oin", "mars", "koks"]
    assert "Koks" in page  # the radio's label, from games.choices.GameResult


def test_a_long_nardy_game_from_the_page() -> None:
    t = make_table(3, names=("Ann", "Ben", "Cal"), variant="nardy")
    b = t.players[1].pk
    client = page_client(t.director)
    url = reverse("chouette:record_game", args=[t.session.pk])
    gammon = client.post(url, form_data(t, winner="box", kind="gammon"), headers=HTMX)
    assert ChouetteEvent.objects.count() == 0  # not a choice of this form
    assert "Select a valid choice. gammon is not one of the available choices." in gammon.text
    mars = client.post(
        url, form_data(t, winner="box", kind="mars", **{f"turn1_{b}": "take"}), headers=HTMX
    )
    assert mars.status_code == 200 and ChouetteEvent.objects.count() == 1
    assert "The box won a mars." in mars.text
    assert [points for _, points in state_of(t.session).totals] == [5, -4, -1]


def test_the_table_and_rule_errors_speak_russian() -> None:
    t = make_table(3, names=("Ann", "Ben", "Cal"))
    b, c = t.players[1].pk, t.players[2].pk
    client = page_client(t.director)
    russian = {"Accept-Language": "ru", **HTMX}
    response = client.post(
        reverse("chouette:record_game", args=[t.session.pk]),
        form_data(t, winner="team", **{f"turn1_{b}": "drop", f"turn1_{c}": "drop"}),
        headers=russian,
    )
    # ChouetteError("result_without_live_bet") translated by its code.
    assert "Все ставки уже закончились сбросом" in response.text
    assert "Расстановка на партию 1" in response.text
