"""The director's console is kept per version of the event and director
(tournaments.views.console_panels), and is never stale, never someone else's.

After every step of whole events (draws, results, rounds, corrections and their
conflicts, renames, a dispute, a game recorded) the console a director gets from the
cache is compared with what it renders with the cache off; a legal name leaves a kept
console as soon as its director may no longer see it; the cache being down only costs
time.
"""

from __future__ import annotations

import random
import re
from decimal import Decimal
from typing import Any

import pytest
from django.core.cache import cache
from django.test import Client, override_settings
from django.urls import reverse

from clubs.models import Membership, Player
from games import services as games_services
from games.models import Game
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory
from tests.tournaments.tournament_helpers import (
    EVENT_FORMATS,
    director_of,
    make_event,
    pairing,
    play,
)
from tournaments import page_cache, services
from tournaments.models import BracketConflict, Pairing, Tournament
from tournaments.play.common import ActionError

pytestmark = pytest.mark.django_db

CSRF_TOKEN = re.compile(r'(?<="X-CSRFToken": ")[^"]+|(?<=name="csrfmiddlewaretoken" value=")[^"]+')
RENDERED_AT = re.compile(r' data-rendered-at="[^"]*"')  # the page's own time (offline banners)


def consoles(event: Tournament, client: Client) -> dict[str, str]:
    """The console as its director gets it: the page, its htmx panels, a later page of
    its lists; less the CSRF tokens (masked anew on every response)."""
    url = reverse("tournaments:console", args=[event.pk])
    got = {}
    for name, query, headers in (("page", "", {}), ("panels (htmx)", "", {"HTTP_HX_REQUEST": "true"}),
                                 ("second pages", "?page=2&decided=2", {})):
        response = client.get(url + query, **headers)
        assert response.status_code == 200, (name, response.status_code)
        got[name] = RENDERED_AT.sub("", CSRF_TOKEN.sub("token", response.content.decode()))
    return got


def assert_fresh(event: Tournament, step: str, director: Any = None) -> dict[str, str]:
    """What the director gets now (kept, after a first visit kept it) is what the console
    renders from the database."""
    client = Client()
    client.force_login(director or director_of(event))
    kept = consoles(event, client)
    assert kept == consoles(event, client)  # the second visit is served from the cache
    with override_settings(NARDY_PAGE_CACHE=False):
        fresh = consoles(event, client)
    for name in kept:
        assert kept[name] == fresh[name], f"the console's {name} is stale after: {step}"
    return kept


def play_ready(event: Tournament, rng: random.Random) -> int:
    ready = list(event.pairings.filter(state=Pairing.State.READY).select_related("match"))
    for each in ready:
        play(each.match, rng.choice((1, 2)))
    return len(ready)


FORMATS = {name: options for name, options in EVENT_FORMATS.items() if name != "double elimination"}


@pytest.mark.parametrize("options", FORMATS.values(), ids=list(FORMATS))
def test_the_kept_console_is_fresh_at_every_step_of_every_format(options: dict[str, Any]) -> None:
    assert page_cache.enabled()
    event = make_event(7, **options)
    director = director_of(event)
    rng = random.Random(5)
    assert_fresh(event, "the entries")
    services.make_draw(tournament=event, actor=director)
    assert "undo-draw" in assert_fresh(event, "the draw")["page"]
    for step in range(40):
        played = play_ready(event, rng)
        assert_fresh(event, f"round {step + 1}'s results")
        if step == 0:
            player = Player.objects.get(entries__tournament=event, display_name="E1")
            player.display_name = "Renamed Player"
            player.save()
            assert_fresh(event, "a player's new name")
            director.first_name, director.last_name = "Dana", "Director"
            director.save()  # the change log names who acted
            assert_fresh(event, "the director's new name")
        try:
            services.next_stage(tournament=event, actor=director)
        except ActionError:
            if not played:
                break
            continue
        assert_fresh(event, f"the stage after round {step + 1}")
    event.refresh_from_db()
    assert "undo-draw" not in consoles(event, logged_in(director))["page"]


def logged_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_a_late_correction_s_conflict_and_its_decision_show_at_once() -> None:
    event = make_event(8)
    director = director_of(event)
    services.make_draw(tournament=event, actor=director)
    for number in (1, 2):
        play(pairing(event, "main", 1, number).match, 1)
    play(pairing(event, "main", 2, 1).match, 1)  # the winners have met already
    assert_fresh(event, "the second round's match")
    first = pairing(event, "main", 1, 1)
    play(first.match, 2)  # corrected: its later match has been played
    conflict = BracketConflict.objects.get(tournament=event, status=BracketConflict.Status.OPEN)
    assert "Corrections waiting for you" in assert_fresh(event, "a late correction")["page"]
    services.resolve_conflict(conflict=conflict, apply=False, actor=director)
    assert "Corrections waiting for you" not in assert_fresh(event, "the director's decision")["page"]
    BracketConflict.objects.filter(pk=conflict.pk).update(status=BracketConflict.Status.OPEN)
    assert "Corrections waiting for you" in assert_fresh(event, "a conflict opened again in bulk")["page"]


def test_the_change_log_names_the_director_by_their_new_name_at_once() -> None:
    """The log names who acted: their player's name, else their full name. A rename
    writes no row of the event, yet the kept console shows the new name."""
    event = make_event(4)
    director = director_of(event)
    services.make_draw(tournament=event, actor=director)
    client = logged_in(director)
    assert "Dana Director" not in consoles(event, client)["page"]
    director.first_name, director.last_name = "Dana", "Director"
    director.save()
    assert "Dana Director" in consoles(event, client)["page"]
    player = PlayerFactory(user=director, display_name="Dana D.")
    assert "Dana D." in consoles(event, client)["page"]
    player.display_name = "Dana the Director"
    player.save()
    assert "Dana the Director" in assert_fresh(event, "the director's player renamed")["page"]


def test_a_game_recorded_takes_the_undo_away_though_the_event_s_rows_stay_the_same() -> None:
    event = make_event(4)
    director = director_of(event)
    services.make_draw(tournament=event, actor=director)
    client = logged_in(director)
    assert "undo-draw" in consoles(event, client)["page"]
    match = pairing(event, "main", 1, 1).match
    Game.objects.create(match=match, number=1, winner=1, result="single", points=Decimal(1))
    for name, html in consoles(event, client).items():  # the body is kept: the undo is asked
        assert "undo-draw" not in html, name
    assert_fresh(event, "a game recorded")


def test_a_dispute_shows_on_the_kept_console(django_capture_on_commit_callbacks) -> None:  # type: ignore[no-untyped-def]
    event = make_event(2, with_logins=True)
    services.make_draw(tournament=event, actor=director_of(event))
    assert "console-disputes" not in assert_fresh(event, "the draw")["page"]
    final = pairing(event, "main", 1, 1)
    result = games_services.enter_final_score(match=final.match, by=final.top.player.user,
                                              score1=Decimal(7), score2=Decimal(2))
    with django_capture_on_commit_callbacks(execute=True):
        games_services.dispute_result(result=result, by=final.bottom.player.user, reason="I won 7-2.")
    assert "console-disputes" in assert_fresh(event, "a dispute")["page"]


def test_a_kept_console_shows_a_legal_name_only_to_a_director_who_may_see_it() -> None:
    """Two directors of the event's club; one also directs the club where an entrant is a
    member, so sees that entrant's legal name. Each gets their own kept console, and the
    name leaves it as soon as the entrant leaves that club (no write to the event)."""
    both, only_here = UserFactory(), UserFactory()
    event = make_event(4, director=both)
    event.club.directors.add(only_here)
    other_club = ClubFactory(directors=[both])
    member = PlayerFactory(name="Zinaida Legalname", display_name="Zina")
    services.add_entry(tournament=event, player=member, actor=both)
    membership = MembershipFactory(club=other_club, player=member)

    seeing, not_seeing = logged_in(both), logged_in(only_here)
    assert "Zinaida Legalname" in consoles(event, seeing)["page"]
    for _ in range(2):  # the second visit from the cache
        for name, html in consoles(event, not_seeing).items():
            assert "Zina" in html and "Zinaida Legalname" not in html, name
    assert "Zinaida Legalname" in consoles(event, seeing)["page"]

    Membership.objects.filter(pk=membership.pk).delete()
    for name, html in consoles(event, seeing).items():
        assert "Zinaida Legalname" not in html, name
    assert_fresh(event, "the entrant left the other club", director=both)


def test_a_kept_console_reaches_nobody_but_the_club_s_directors() -> None:
    event = make_event(4, is_public=False)
    services.make_draw(tournament=event, actor=director_of(event))
    url = reverse("tournaments:console", args=[event.pk])
    assert "E1" in consoles(event, logged_in(director_of(event)))["page"]  # kept now
    other_director = UserFactory()
    ClubFactory(directors=[other_director])
    member = UserFactory()
    MembershipFactory(club=event.club, player=PlayerFactory(user=member))
    for who, client in (("a visitor", Client()), ("another club's director", logged_in(other_director)),
                        ("a member of the club", logged_in(member))):
        for headers in ({}, {"HTTP_HX_REQUEST": "true"}):
            response = client.get(url, **headers)
            assert response.status_code in (302, 403, 404), who
            assert "Entrant 001" not in response.content.decode() and "E1 –" not in response.content.decode(), who


def test_the_console_works_with_the_cache_down(monkeypatch: pytest.MonkeyPatch) -> None:
    event = make_event(4)
    director = director_of(event)
    services.make_draw(tournament=event, actor=director)
    client = logged_in(director)
    with override_settings(NARDY_PAGE_CACHE=False):
        fresh = consoles(event, client)

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise ConnectionError("the cache is down")

    for name in ("get", "get_many", "set", "set_many", "add", "delete_many"):
        monkeypatch.setattr(cache, name, broken)
    assert consoles(event, client) == fresh
    play(pairing(event, "main", 1, 1).match, 1)  # a write drops versions: guarded
    response = client.get(reverse("tournaments:console", args=[event.pk]))
    assert response.status_code == 200
