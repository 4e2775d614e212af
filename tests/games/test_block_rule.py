"""Long nardy's six-point block regulation per match (rules-long-nardy.md section 7).

A match stores the regulation it is played under; the engine judges its transcripts
and replays under it. Backgammon has no block rule: one given for it is refused.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from django.db import IntegrityError, transaction
from django.urls import reverse

from engine.nardy.rules import BLOCK_RULES, NardyRules
from engine.replay import replay
from engine.transcript import read_transcript
from games.models import BlockRule, Match, TranscriptStatus
from games.services import ServiceError, create_match, upload_transcript
from games.transcript_view import replay_of
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory
from tests.games.match_factories import MatchFactory, player_with_login
from tests.support.clients import api_client, error_field, error_of, page_client

pytestmark = [pytest.mark.django_db]

# Legal under the main rule, not under the home rule (made by make_block_rule_mat.py).
HOME_FIXTURE = Path(__file__).resolve().parent / "fixtures" / "block-rule-home.mat"


def test_the_choices_are_the_engines_regulations() -> None:
    assert sorted(BlockRule.values) == sorted(BLOCK_RULES)


def director_and_club():  # type: ignore[no-untyped-def]
    director = UserFactory()
    return director, ClubFactory(directors=[director])


def member_of(club, player):  # type: ignore[no-untyped-def]
    """A club rates only its own members: the players of a rated match join it."""
    MembershipFactory(club=club, player=player)
    return player


def test_long_nardy_gets_the_main_rule_and_backgammon_none() -> None:
    director, club = director_and_club()
    nardy = create_match(club=club, by=director, variant="nardy", length=5)
    backgammon = create_match(club=club, by=director, variant="backgammon", length=5)
    assert (nardy.block_rule, backgammon.block_rule) == ("ahead", "")
    assert nardy.variant_rules() == NardyRules(block_rule="ahead")
    assert backgammon.variant_rules() is None and backgammon.engine_block_rule is None


def test_a_match_keeps_its_regulation_and_gives_it_to_the_engine() -> None:
    director, club = director_and_club()
    match = create_match(
        club=club, by=director, variant="nardy", length=5, block_rule="home", koks=True
    )
    match.refresh_from_db()
    assert match.block_rule == "home"
    assert match.variant_rules() == NardyRules(block_rule="home", koks=True, last_roll=False)


def test_a_block_rule_for_backgammon_is_refused_naming_the_field() -> None:
    director, club = director_and_club()
    with pytest.raises(ServiceError) as refused:
        create_match(club=club, by=director, variant="backgammon", length=5, block_rule="home")
    assert (refused.value.code, refused.value.field) == ("block_rule_needs_nardy", "block_rule")
    assert "long-nardy rule" in str(refused.value)
    assert not Match.objects.exists()


def test_the_database_refuses_a_block_rule_outside_long_nardy() -> None:
    match = MatchFactory(variant="backgammon")
    with pytest.raises(IntegrityError), transaction.atomic():
        Match.objects.filter(pk=match.pk).update(block_rule="home")
    nardy = MatchFactory(variant="nardy")
    with pytest.raises(IntegrityError), transaction.atomic():
        Match.objects.filter(pk=nardy.pk).update(block_rule="sideways")


def test_the_api_takes_shows_and_refuses_the_block_rule() -> None:
    director, club = director_and_club()
    body = {
        "club": club.slug,
        "variant": "nardy",
        "length": 5,
        "player1": member_of(club, PlayerFactory()).pk,
        "player2": member_of(club, PlayerFactory()).pk,
    }
    client = api_client(director)
    created = client.post("/api/matches/", {**body, "block_rule": "off"}, format="json")
    assert created.status_code == 201, created.data
    assert created.data["block_rule"] == "off"
    shown = api_client().get(f"/api/matches/{created.data['id']}/").data
    assert shown["block_rule"] == "off"
    default = client.post("/api/matches/", body, format="json")
    assert default.data["block_rule"] == "ahead"
    unknown = client.post("/api/matches/", {**body, "block_rule": "sideways"}, format="json")
    assert unknown.status_code == 400 and error_field(unknown) == "block_rule"
    backgammon = client.post(
        "/api/matches/", {**body, "variant": "backgammon", "block_rule": "home"}, format="json"
    )
    assert backgammon.status_code == 409 and error_field(backgammon) == "block_rule"
    assert error_of(backgammon)["code"] == "block_rule_needs_nardy"
    assert Match.objects.count() == 2


def test_the_match_form_takes_it_and_the_match_page_shows_it() -> None:
    director, club = director_and_club()
    client = page_client(director)
    body = {
        "club": club.pk,
        "variant": "backgammon",
        "length": "5",
        "player1": member_of(club, player_with_login()[1]).pk,
        "player2": member_of(club, player_with_login()[1]).pk,
        "cube_enabled": "",
        "block_rule": "home",
    }
    refused = client.post(reverse("games:match_create"), body)
    assert refused.status_code == 200 and not club.matches.exists()
    assert "long-nardy rule" in refused.content.decode()
    response = client.post(reverse("games:match_create"), {**body, "variant": "nardy"})
    match = club.matches.get()
    assert response.status_code == 302 and match.block_rule == "home"
    page = page_client(None).get(match.get_absolute_url()).content.decode()
    assert 'data-block-rule="home"' in page
    assert str(BlockRule.HOME.label) in page
    other = MatchFactory(variant="backgammon")
    assert "data-block-rule" not in page_client(None).get(other.get_absolute_url()).content.decode()


def nardy_match(block_rule: str) -> tuple[Match, object]:
    user1, anna = player_with_login(name="Anna Ivanova", display_name="Anna I.")
    _user2, boris = player_with_login(name="Boris Petrov", display_name="Boris P.")
    match = MatchFactory(
        variant="nardy", length=1, player1=anna, player2=boris, block_rule=block_rule
    )
    return match, user1


def test_the_engine_judges_the_fixture_differently_by_regulation() -> None:
    record = read_transcript(HOME_FIXTURE.read_text())
    assert replay(record, block_rule="ahead").valid
    under_home = replay(record, block_rule="home")
    assert not under_home.valid and under_home.errors[0].code == "six_block"


@pytest.mark.parametrize(("block_rule", "valid"), [("ahead", True), ("home", False)])
def test_a_transcript_is_checked_under_the_matchs_block_rule(
    block_rule: str, valid: bool, django_capture_on_commit_callbacks
) -> None:
    match, user = nardy_match(block_rule)
    text = HOME_FIXTURE.read_text()
    with django_capture_on_commit_callbacks(execute=True):
        transcript = upload_transcript(match=match, by=user, data=text.encode(), file_name="b.mat")
    transcript.refresh_from_db()
    assert transcript.status == TranscriptStatus.CHECKED
    verdict = transcript.verdict
    assert verdict["valid"] is valid
    expected = replay(read_transcript(text), block_rule=block_rule).to_json()
    assert verdict["errors"] == expected["errors"]
    if not valid:
        assert verdict["errors"][0]["reason"].startswith("This play ends the turn with a block")
        error = verdict["errors"][0]
        page = page_client(None).get(match.get_absolute_url()).content.decode()
        assert error["text"] in page  # the first illegal move is named on the match page


def test_the_replay_viewer_stops_where_the_regulation_forbids_a_play() -> None:
    match, user = nardy_match("home")
    text = HOME_FIXTURE.read_text()
    _record, under_main = replay_of(text, "ahead")
    _record, under_home = replay_of(text, "home")
    assert not any(step.error for step in under_main)
    assert under_home[-1].error and len(under_home) < len(under_main)
    transcript = upload_transcript(match=match, by=user, data=text.encode(), queue=False)
    url = reverse("games:transcript_replay", args=[match.pk, transcript.pk])
    last = page_client(None).get(url, {"step": len(under_main) - 1}).content.decode()
    assert "block of six points" in last


def test_the_api_schema_documents_the_block_rule_enum() -> None:
    from drf_spectacular.generators import SchemaGenerator

    schemas = SchemaGenerator().get_schema(request=None, public=True)["components"]["schemas"]
    assert schemas["BlockRuleEnum"]["enum"] == list(BlockRule.values)
    for component in ("Match", "MatchCreateRequest", "TournamentRules", "DisputeInputRequest"):
        text = repr(schemas[component]["properties"]["block_rule"])
        assert "#/components/schemas/BlockRuleEnum" in text, component
