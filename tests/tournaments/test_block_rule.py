"""A long-nardy event's six-point block rule: chosen in its rules, copied into every match
its draw creates, shown on its pages, refused for backgammon, fixed once the draw is made."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.models import Match
from tests.factories import UserFactory
from tests.support.clients import api_client, error_of, page_client
from tests.tournaments.tournament_helpers import director_of, make_event, pairing, play
from tournaments import services
from tournaments.models import Tournament
from tournaments.play.common import ActionError

pytestmark = pytest.mark.django_db


def nardy_event(block_rule: str | None, entrants: int = 4, **options: object):  # type: ignore[no-untyped-def]
    rules: dict[str, object] = {"crawford": True}
    if block_rule is not None:
        rules["block_rule"] = block_rule
    return make_event(entrants, variant="nardy", rules=rules, **options)


def test_every_match_of_the_draw_is_played_under_the_events_block_rule() -> None:
    event = nardy_event("home")
    services.make_draw(tournament=event, actor=director_of(event))
    first_round = list(Match.objects.filter(pairing__tournament=event))
    assert len(first_round) == 2 and {m.block_rule for m in first_round} == {"home"}
    play(pairing(event, "main", 1, 1).match, 1)
    play(pairing(event, "main", 1, 2).match, 2)
    final = pairing(event, "main", 2, 1).match  # created when both sides were known
    assert final.block_rule == "home" and final.variant_rules().block_rule == "home"


def test_a_long_nardy_event_without_a_choice_plays_the_main_rule() -> None:
    event = nardy_event(None, format="round_robin")
    assert event.block_rule == "ahead"
    services.make_draw(tournament=event, actor=director_of(event))
    blocks = set(Match.objects.filter(pairing__tournament=event).values_list("block_rule", flat=True))
    assert blocks == {"ahead"}


def test_backgammon_events_have_none_and_refuse_one() -> None:
    event = make_event(4)
    assert event.block_rule == ""
    with pytest.raises(ActionError) as refused:
        services.update_tournament(tournament=event, actor=director_of(event),
                                   rules={"crawford": True, "block_rule": "home"})
    assert refused.value.code == "block_rule_needs_nardy"
    assert refused.value.params["rule"] == "block_rule"
    services.make_draw(tournament=event, actor=director_of(event))
    assert set(Match.objects.filter(pairing__tournament=event).values_list("block_rule", flat=True)) == {""}


def test_an_unknown_block_rule_is_refused() -> None:
    event = nardy_event(None)
    with pytest.raises(ActionError) as refused:
        services.update_tournament(tournament=event, actor=director_of(event),
                                   rules={"block_rule": "sideways"})
    assert refused.value.code == "unknown_block_rule"


def test_the_block_rule_is_fixed_once_the_draw_is_made() -> None:
    event = nardy_event("home")
    director = director_of(event)
    services.update_tournament(tournament=event, actor=director, rules={"block_rule": "off"})
    services.make_draw(tournament=event, actor=director)
    with pytest.raises(ActionError) as refused:
        services.update_tournament(tournament=event, actor=director, rules={"block_rule": "home"})
    assert refused.value.code == "block_rule_fixed"
    # other rules (and the same block rule written again) may still change
    services.update_tournament(tournament=event, actor=director,
                               rules={"block_rule": "off", "crawford": False})
    default = nardy_event(None)
    services.make_draw(tournament=default, actor=director_of(default))
    services.update_tournament(tournament=default, actor=director_of(default),
                               rules={"block_rule": "ahead"})  # the main rule, written out


def test_the_bracket_and_overview_show_the_regulation() -> None:
    event = nardy_event("off")
    services.make_draw(tournament=event, actor=director_of(event))
    for name in ("tournaments:bracket", "tournaments:tournament_detail"):
        html = page_client(None).get(reverse(name, args=[event.pk])).content.decode()
        assert 'data-block-rule="off"' in html and "no block rule" in html
    backgammon = make_event(4)
    html = page_client(None).get(reverse("tournaments:tournament_detail", args=[backgammon.pk]))
    assert "data-block-rule" not in html.content.decode()


def test_the_director_chooses_it_in_the_form() -> None:
    director = UserFactory()
    club = make_event(0, director=director).club
    client = page_client(director)
    form = {
        "club": club.pk, "name": "Nardy Cup", "starts_on": "2026-12-01", "variant": "nardy",
        "format": "round_robin", "is_public": "on", "seeding": "random", "seeded_top": 4,
        "consolation": "none", "cycles": 1, "group_count": 2, "qualifiers_per_group": 2,
        "crawford": "on", "main_lengths": "5, 7, 9", "consolation_lengths": "3,5,5",
        "last_chance_lengths": "3,3,3", "table_length": 5,
        "tiebreak_order": "wins, points_difference, head_to_head", "block_rule": "home",
    }
    assert 'name="block_rule"' in client.get(reverse("tournaments:tournament_create")).text
    client.post(reverse("tournaments:tournament_create"), form)
    cup = Tournament.objects.get(name="Nardy Cup")
    assert cup.rules == {"crawford": True, "block_rule": "home"}
    form.pop("club")
    client.post(reverse("tournaments:console_update", args=[cup.pk]), form | {"block_rule": ""})
    cup.refresh_from_db()
    assert cup.rules == {"crawford": True} and cup.block_rule == "ahead"
    refused = client.post(reverse("tournaments:tournament_create"),
                          form | {"club": club.pk, "name": "Bg Cup", "variant": "backgammon"})
    assert not Tournament.objects.filter(name="Bg Cup").exists()
    assert "long-nardy rule" in refused.text


def test_the_api_takes_and_shows_it_and_names_a_refusal() -> None:
    event = nardy_event(None)
    client = api_client(director_of(event))
    changed = client.patch(f"/api/tournaments/{event.pk}/",
                           {"rules": {"crawford": True, "block_rule": "home"}}, format="json")
    assert changed.status_code == 200, changed.data
    assert changed.data["rules"]["block_rule"] == "home" and changed.data["block_rule"] == "home"
    backgammon = make_event(4)
    refused = api_client(director_of(backgammon)).patch(
        f"/api/tournaments/{backgammon.pk}/", {"rules": {"block_rule": "home"}}, format="json")
    assert refused.status_code == 409 and error_of(refused)["code"] == "block_rule_needs_nardy"
    assert "long-nardy rule" in error_of(refused)["message"]
