"""Match clocks: the clock rule an event sets, the clock each match gets from it when its
round is announced, and where the clock shows (score sheet, match page, desk, TV)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.tournaments.tournament_helpers import director_of, make_event, pairing, play
from tournaments import services
from tournaments.errors import TournamentError
from tournaments.event_rules import MatchClock, RegistrationError, check_clock_rule, match_clock

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("rule", "length", "per_point", "delay", "bank", "expected"), [
    ("per_point", 7, 2, 12, None, MatchClock(14 * 60, 12)),  # the example
    ("per_point", 11, 2, 12, None, MatchClock(22 * 60, 12)),
    ("per_point", 3, 3, 0, None, MatchClock(9 * 60, 0)),
    ("per_point", 0, 2, 12, None, None),  # an unlimited session has no length to count from
    ("bank", 7, 2, 12, 30, MatchClock(30 * 60, 12)),
    ("bank", 25, 2, 8, 45, MatchClock(45 * 60, 8)),  # the same bank, whatever the length
    ("none", 7, 2, 12, 30, None),
])
def test_the_clock_of_a_match(rule, length, per_point, delay, bank, expected) -> None:
    assert match_clock(rule, length=length, minutes_per_point=per_point, delay_seconds=delay,
                       bank_minutes=bank) == expected


@pytest.mark.parametrize(("rule", "per_point", "delay", "bank", "code"), [
    ("bank", 2, 12, None, "clock_needs_bank"),
    ("per_point", None, 12, None, "clock_needs_minutes"),
    ("per_point", 2, None, None, "clock_needs_delay"),
    ("sand_glass", 2, 12, None, "bad_clock_rule"),
])
def test_a_rule_the_site_cannot_compute_from_is_refused(rule, per_point, delay, bank, code) -> None:
    with pytest.raises(RegistrationError) as caught:
        check_clock_rule(rule, minutes_per_point=per_point, delay_seconds=delay, bank_minutes=bank)
    assert caught.value.code == code


def test_an_existing_event_keeps_its_text_and_gets_no_clock() -> None:
    event = make_event(4, time_controls=[{"from_round": 1, "text": "2 min/point + 12 s"}])
    assert event.clock_rule == "none"
    services.make_draw(tournament=event, actor=director_of(event))
    match = pairing(event, "main", 1, 1).match
    assert match.time_control == "2 min/point + 12 s"
    assert match.clock_seconds is None and match.clock_delay_seconds is None


def test_each_round_gets_the_clock_of_its_match_length() -> None:
    # Lengths 3 (early rounds), 5 (semi-finals), 7 (final) at 2 min per point, 12 s delay.
    event = make_event(4, clock_rule="per_point", clock_minutes_per_point=2,
                       clock_delay_seconds=12)
    services.make_draw(tournament=event, actor=director_of(event))
    semi = pairing(event, "main", 1, 1)
    assert (semi.match.length, semi.match.clock_seconds, semi.match.clock_delay_seconds) == (5, 600, 12)
    play(semi.match, 1)
    play(pairing(event, "main", 1, 2).match, 1)
    final = pairing(event, "main", 2, 1)
    assert (final.match.length, final.match.clock_seconds) == (7, 14 * 60)


def test_a_fixed_bank_is_the_same_for_every_match() -> None:
    event = make_event(4, clock_rule="bank", clock_bank_minutes=25, clock_delay_seconds=8)
    services.make_draw(tournament=event, actor=director_of(event))
    clocks = {(p.match.clock_seconds, p.match.clock_delay_seconds)
              for p in event.pairings.filter(match__isnull=False).select_related("match")
              if p.state == "ready"}
    assert clocks == {(25 * 60, 8)}


def test_a_bank_rule_without_a_bank_is_refused_and_nothing_is_saved() -> None:
    event = make_event(4)
    with pytest.raises(TournamentError) as caught:
        services.update_tournament(tournament=event, actor=director_of(event), clock_rule="bank")
    assert caught.value.code == "clock_needs_bank"
    event.refresh_from_db()
    assert event.clock_rule == "none"


def test_the_clock_shows_on_the_score_sheet_match_page_desk_and_tv(client) -> None:
    event = make_event(4, clock_rule="per_point", clock_minutes_per_point=2,
                       clock_delay_seconds=12, match_lengths={"main": [7]},
                       time_controls=[{"from_round": 1, "text": "Fischer off", "clocks_required": True}])
    director = director_of(event)
    services.make_draw(tournament=event, actor=director)
    match = pairing(event, "main", 1, 1).match
    client.force_login(director)
    pages = {
        "score sheet": reverse("tournaments:score_sheets", args=[event.pk]),
        "match page": reverse("games:match_detail", args=[match.pk]),
        "desk": reverse("tournaments:desk", args=[event.pk]),
        "tv": reverse("tournaments:tv", args=[event.pk]),
    }
    for name, url in pages.items():
        html = client.get(url).content.decode()
        assert "14 min each, 12 seconds delay per move" in html, name
        assert "Fischer off" in html and "clocks required" in html.lower(), name


def test_the_clock_shows_in_russian(client) -> None:
    event = make_event(2, clock_rule="per_point", match_lengths={"main": [7]})
    services.make_draw(tournament=event, actor=director_of(event))
    match = pairing(event, "main", 1, 1).match
    html = client.get(reverse("games:match_detail", args=[match.pk]),
                      HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "14 мин" in html and "12 секунд" in html


def test_the_api_gives_the_rule_and_each_match_its_clock(client) -> None:
    event = make_event(2, clock_rule="per_point", match_lengths={"main": [7]})
    services.make_draw(tournament=event, actor=director_of(event))
    data = client.get(f"/api/tournaments/{event.pk}/").json()
    assert (data["clock_rule"], data["clock_minutes_per_point"], data["clock_delay_seconds"]) == (
        "per_point", 2, 12)
    match = pairing(event, "main", 1, 1).match
    assert client.get(f"/api/matches/{match.pk}/").json()["clock_seconds"] == 14 * 60
