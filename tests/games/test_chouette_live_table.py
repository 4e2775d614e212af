"""The chouette table as the other phones poll it: each poll is answered 304 while the
table has not changed, and the new table after any write (a game, an undo, a correction,
a join, a leave, the end of the session); a refused write changes nothing."""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import unquote

import pytest
from django.test import Client
from django.urls import reverse

from chouette import services
from chouette.models import ChouetteSession
from tests.games.chouette_tables import Table, make_table, member
from tests.games.test_chouette_django_pages import HTMX, form_data
from tests.support.clients import page_client

pytestmark = pytest.mark.django_db


def poll(client: Client, t: Table, etag: str | None = None):
    headers = dict(HTMX)
    if etag is not None:
        headers["If-None-Match"] = etag
    return client.get(t.session.get_absolute_url(), headers=headers)


def record(t: Table) -> None:
    assert page_client(t.director).post(
        reverse("chouette:record_game", args=[t.session.pk]), form_data(t)
    ).status_code == 302


def test_a_poll_is_answered_304_until_the_table_changes() -> None:
    t = make_table(3, names=("Ann", "Ben", "Cal"))
    phone = page_client(t.user_of(2))
    first = poll(phone, t)
    assert first.status_code == 200
    assert "<html" not in first.text and 'id="chouette-table"' in first.text
    assert 'hx-trigger="every 10s' in first.text
    etag = first["ETag"]
    assert etag.replace('"', "&quot;") in first.text
    assert "no-cache" in first["Cache-Control"] and "HX-Request" in first["Vary"]

    unchanged = poll(phone, t, etag)
    assert unchanged.status_code == 304 and unchanged.content == b""

    record(t)
    changed = poll(phone, t, etag)
    assert changed.status_code == 200 and changed["ETag"] != etag
    assert "Line-up for game 2" in changed.text
    assert poll(phone, t, changed["ETag"]).status_code == 304


def _undo(t: Table) -> None:
    record(t)
    services.undo_last_chouette_game(session=t.session, by=t.director, number=1)


def _correct(t: Table) -> None:
    record(t)
    corrected = page_client(t.director).post(
        reverse("chouette:correct_game", args=[t.session.pk, 1]),
        form_data(t, winner="box") | {"box": str(t.players[0].pk),
                                      "team": f"{t.players[1].pk},{t.players[2].pk}"},
    )
    assert corrected.status_code == 302


def _join(t: Table) -> None:
    services.join_chouette(session=t.session, player=member(t.club, "Dee"), by=t.director)


def _leave(t: Table) -> None:
    _join(t)
    services.leave_chouette(session=t.session, player=t.players[0], by=t.director)


def _finish(t: Table) -> None:
    services.finish_session(session=t.session, by=t.director)


def _merge(t: Table) -> None:
    other = services.start_session(
        club=t.club, opening_line=[member(t.club, name) for name in ("Eve", "Fay", "Gus")],
        by=t.director, table=services.TableRules(max_players=6))
    services.merge_chouette(session=other, other=t.session, by=t.director)


@pytest.mark.parametrize("write", [_undo, _correct, _join, _leave, _finish, _merge])
def test_every_write_gives_the_table_a_new_tag(write: Callable[[Table], None]) -> None:
    t = make_table(3, names=("Ann", "Ben", "Cal"))
    phone = page_client(t.user_of(1))
    before = poll(phone, t)
    write(t)
    after = poll(phone, t, before["ETag"])
    assert after.status_code == 200
    assert after["ETag"] != before["ETag"]


def test_a_refused_write_leaves_the_tag_and_says_why_in_a_header() -> None:
    t = make_table(3, names=("Ann", "Ben", "Cal"))
    b, c = t.players[1].pk, t.players[2].pk
    phone = page_client(t.user_of(1))
    etag = poll(phone, t)["ETag"]
    refused = page_client(t.director).post(
        reverse("chouette:record_game", args=[t.session.pk]),
        form_data(t, winner="team", **{f"turn1_{b}": "drop", f"turn1_{c}": "drop"}),
        headers=HTMX,
    )
    assert "Every bet has already ended by a drop" in unquote(refused["Nardy-Refused"])
    assert poll(phone, t, etag).status_code == 304
    accepted = page_client(t.director).post(
        reverse("chouette:record_game", args=[t.session.pk]), form_data(t), headers=HTMX)
    assert "Nardy-Refused" not in accepted


def test_a_finished_table_is_shown_finished_and_polled_no_more() -> None:
    t = make_table(3, names=("Ann", "Ben", "Cal"))
    phone = page_client(t.user_of(1))
    etag = poll(phone, t)["ETag"]
    _finish(t)
    answer = poll(phone, t, etag)
    assert answer.status_code == 200
    assert 'data-status="finished"' in answer.text and 'hx-swap-oob="true"' in answer.text
    assert "every 10s" not in answer.text and 'id="game-form"' not in answer.text
    assert ChouetteSession.objects.get().status == "finished"


def test_each_reader_has_their_own_tag() -> None:
    """The fragment holds the reader's own forms: one person's tag is not another's."""
    t = make_table(3, names=("Ann", "Ben", "Cal"))
    director = poll(page_client(t.director), t)
    anonymous = poll(Client(), t)
    assert director["ETag"] != anonymous["ETag"]
    assert "Record game" in director.text and "Record game" not in anonymous.text
    assert poll(Client(), t, director["ETag"]).status_code == 200


def test_a_refusal_resent_with_its_key_is_said_again() -> None:
    """A phone sending its kept games twice (an answer lost) hears the refusal twice."""
    t = make_table(3, names=("Ann", "Ben", "Cal"))
    stale = form_data(t) | {"number": "1"}
    record(t)
    client = page_client(t.director)
    url = reverse("chouette:record_game", args=[t.session.pk])
    headers = HTMX | {"Idempotency-Key": "kept-game-0001"}
    first = client.post(url, stale, headers=headers)
    again = client.post(url, stale, headers=headers)
    assert again["Idempotent-Replayed"] == "true"
    for answer in (first, again):
        assert unquote(answer["Nardy-Refused"]).startswith("This is game 2, not game 1")


def test_only_a_scorer_gets_the_table_for_offline_games_in_their_language() -> None:
    t = make_table(3, names=("Ann", "Ben", "Cal"))
    record(t)
    scorer = page_client(t.director)
    scorer.cookies["django_language"] = "ru"
    page = scorer.get(t.session.get_absolute_url()).text
    assert 'id="chouette-offline-table"' in page
    assert "Партии, сохранённые на этом телефоне" in page
    assert 'data-offline-text="Записать партию __N__"' in page
    assert 'data-role-captain="Капитан"' in page
    assert 'data-offline-repeat' in page
    for reader in (Client(), page_client(member(t.club, "Dee").user)):
        assert 'id="chouette-offline-table"' not in reader.get(t.session.get_absolute_url()).text


def test_the_running_ledger_is_polled_the_same_way() -> None:
    t = make_table(3, names=("Ann", "Ben", "Cal"))
    phone = page_client(t.user_of(1))
    url = reverse("chouette:ledger", args=[t.session.pk])
    first = phone.get(url, headers=HTMX)
    assert first.status_code == 200 and 'id="running-ledger"' in first.text
    etag = first["ETag"]
    assert etag.replace('"', "&quot;") in first.text
    assert phone.get(url, headers=HTMX | {"If-None-Match": etag}).status_code == 304
    record(t)
    changed = phone.get(url, headers=HTMX | {"If-None-Match": etag})
    assert changed.status_code == 200 and "Game 1: box Ann, captain Ben" in changed.text
