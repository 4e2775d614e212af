"""The console's draw preview, publishing and undo, and the irreversible actions that ask
once (issue 27, part 1), as pages: without JavaScript (a confirmation step) and as htmx
partials (``hx-confirm``)."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tests.factories import ClubFactory, UserFactory
from tests.support.clients import page_client
from tests.tournaments.tournament_helpers import director_of, make_event, pairing, play
from tournaments import services
from tournaments.models import Entry, Pairing, Tournament

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}


def test_the_preview_page_shows_the_draw_and_publish_makes_that_draw() -> None:
    event = make_event(6, seeding="random")
    client = page_client(director_of(event))
    url = reverse("tournaments:console_draw_preview", args=[event.pk])

    page = client.get(url)

    assert page.status_code == 200
    text = page.content.decode()
    assert "<html" in text and "Publish the draw" in text
    assert not Pairing.objects.filter(tournament=event).exists()
    seed = re.search(r'name="random_seed" value="(\d+)"', text).group(1)
    shown = re.findall(r"<li><small>[^<]*</small><br>\s*(.*?)</li>", text, re.DOTALL)
    assert len(shown) == 4  # two matches and two byes of six players in a draw of eight
    partial = client.get(url, headers=HTMX).content.decode()
    assert "<html" not in partial and "Publish the draw" in partial

    client.post(reverse("tournaments:console_draw", args=[event.pk]), {"random_seed": seed})

    made = [(p.top, p.bottom) for p in Pairing.objects.filter(tournament=event, state__in=(
        "ready", "bye")).select_related("top__player", "bottom__player").order_by("flight", "round", "number")]
    names = [f"{e.player.display_name} ({e.seed})" for pair in made for e in pair if e is not None]
    assert names == [re.sub(r"<[^>]+>", "", name) for line in shown
                     for name in re.findall(r"E\d+ <small>\(\d+\)</small>", line)]


def test_reshuffle_shows_another_draw_and_bad_seeds_are_refused_in_words() -> None:
    event = make_event(16)
    client = page_client(director_of(event))
    url = reverse("tournaments:console_draw_preview", args=[event.pk])
    seeds = {re.search(r'name="random_seed" value="(\d+)"', client.get(url, {"reshuffle": "1"})
                       .content.decode()).group(1) for _ in range(3)}
    assert len(seeds) > 1
    bad = client.get(url, {"random_seed": "-5"}, follow=True).content.decode()
    assert "A random seed is a whole number from 0 to" in bad


def test_undo_asks_once_without_javascript_then_takes_the_draw_back() -> None:
    event = make_event(4)
    services.make_draw(tournament=event, actor=director_of(event))
    client = page_client(director_of(event))
    console = client.get(reverse("tournaments:console", args=[event.pk])).content.decode()
    assert console.count("hx-confirm=\"Take the draw back?") == 1
    url = reverse("tournaments:console_undo_draw", args=[event.pk])

    asked = client.post(url)

    assert asked.status_code == 200 and "Are you sure?" in asked.content.decode()
    assert Pairing.objects.filter(tournament=event).exists()  # nothing done yet
    done = client.post(url, {"confirmed": "1"}, follow=True).content.decode()
    assert "The draw was taken back" in done
    assert not Pairing.objects.filter(tournament=event).exists()
    assert Tournament.objects.get(pk=event.pk).status == "draft"
    assert "Take the draw back" not in done  # nothing left to take back


def test_undo_is_refused_in_russian_once_a_result_is_in() -> None:
    event = make_event(4)
    services.make_draw(tournament=event, actor=director_of(event))
    play(pairing(event, "main", 1, 1).match)
    client = page_client(director_of(event))
    console = client.get(reverse("tournaments:console", args=[event.pk])).content.decode()
    assert "Take the draw back" not in console
    answer = client.post(reverse("tournaments:console_undo_draw", args=[event.pk]),
                         {"confirmed": "1"}, headers={**HTMX, "Accept-Language": "ru"})
    assert "Жеребьёвку уже нельзя отменить" in answer.content.decode()
    assert Pairing.objects.filter(tournament=event).count() == 3


@pytest.mark.parametrize("who", ["outsider", "other_director", "player"])
def test_only_the_clubs_directors_see_the_preview_or_take_the_draw_back(who: str) -> None:
    event = make_event(4, with_logins=True)
    user = {"outsider": UserFactory(), "player": event.entries.first().player.user,
            "other_director": ClubFactory(directors=[UserFactory()]).directors.first()}[who]
    client = page_client(user)
    assert client.get(reverse("tournaments:console_draw_preview", args=[event.pk])).status_code == 403
    services.make_draw(tournament=event, actor=director_of(event))
    undo = client.post(reverse("tournaments:console_undo_draw", args=[event.pk]), {"confirmed": "1"})
    assert undo.status_code == 403
    assert Pairing.objects.filter(tournament=event).exists()


def test_each_irreversible_console_action_asks_exactly_once() -> None:
    event = make_event(4)
    director = director_of(event)
    client = page_client(director)
    before = client.get(reverse("tournaments:console", args=[event.pk])).content.decode()
    remove = reverse("tournaments:console_remove_entry", args=[event.pk, event.entries.first().pk])
    assert before.count(f'hx-post="{remove}"') == 1
    assert "Remove this player from the event?" in before
    assert "hx-confirm" not in before.split('id="make-draw"')[0].rsplit("<form", 1)[1]  # the
    # draw asks by its preview, not by a dialog as well
    services.make_draw(tournament=event, actor=director)
    console = client.get(reverse("tournaments:console", args=[event.pk])).content.decode()
    forms = re.findall(r"<form [^>]*>", console)
    for action, question in (("console/status/", "Finish the tournament?"),
                             ("console/walkovers/", "Give this match as a walkover?"),
                             ("console/draw/undo/", "Take the draw back?")):
        asking = [f for f in forms if action in f]
        assert asking and all(f.count("hx-confirm=") == 1 and question in f
                              and '"confirmed": "1"' in f for f in asking), action
    # without JavaScript each asks on a page of its own, then does it once confirmed
    final = pairing(event, "main", 2, 1)
    semi = pairing(event, "main", 1, 1)
    walkover = reverse("tournaments:console_walkover", args=[event.pk, semi.pk])
    assert "Are you sure?" in client.post(walkover, {"winner": semi.top_id}).content.decode()
    assert Pairing.objects.get(pk=semi.pk).state == "ready"
    client.post(walkover, {"winner": semi.top_id, "confirmed": "1"})
    assert Pairing.objects.get(pk=semi.pk).state == "decided" and final.pk
    status = reverse("tournaments:console_status", args=[event.pk])
    assert "Are you sure?" in client.post(status, {"status": "finished"}).content.decode()
    assert Tournament.objects.get(pk=event.pk).status == "running"
    assert "Are you sure?" not in client.post(status, {"status": "finished", "confirmed": "1"},
                                              follow=True).content.decode()


def test_withdrawing_at_the_desk_asks_once_without_javascript_too() -> None:
    event = make_event(4)
    client = page_client(director_of(event))
    entry = event.entries.first()
    url = reverse("tournaments:desk_entry", args=[event.pk, entry.pk, "withdraw"])
    asked = client.post(url, {"reason": "director"}).content.decode()
    assert "Are you sure?" in asked and 'name="reason" value="director"' in asked
    assert not Entry.objects.get(pk=entry.pk).withdrawn
    client.post(url, {"reason": "director", "confirmed": "1"})
    assert Entry.objects.get(pk=entry.pk).withdrawn


def test_the_activity_page_offers_the_draws_undo_and_asks_once() -> None:
    event = make_event(4)
    services.make_draw(tournament=event, actor=director_of(event))
    client = page_client(director_of(event))
    log = event.log.get(action="draw_published")
    page = client.get(reverse("tournaments:activity", args=[event.pk])).content.decode()
    undo = reverse("tournaments:activity_undo", args=[event.pk, log.pk])
    assert f'action="{undo}"' in page and "The draw was published." in page
    assert "Are you sure?" in client.post(undo).content.decode()
    assert Pairing.objects.filter(tournament=event).exists()
    client.post(undo, {"confirmed": "1"})
    assert not Pairing.objects.filter(tournament=event).exists()
    again = client.get(reverse("tournaments:activity", args=[event.pk])).content.decode()
    assert f'action="{undo}"' not in again  # nothing left to take back
