"""Disputes are judged under long nardy's six-point block rule of their match (or, raised
outside a match, the one chosen): a tournament played under the home rule gets the home
rule's verdict where the main rule would rule the other way."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

from disputes.checking import check_dispute
from disputes.models import Dispute
from disputes.services import submit_move_dispute
from engine.nardy.rules import NardyRules
from engine.position import Position
from engine.verdicts import check_play
from games.models import Match
from games.services import ServiceError, dispute_result, enter_final_score, upload_transcript
from games.services.transcripts import check_transcript
from tests.factories import ClubFactory, MembershipFactory, UserFactory
from tests.games.match_factories import player_with_login
from tests.support.clients import api_client, error_field, error_of, page_client
from tests.tournaments.tournament_helpers import director_of
from tournaments import services as tournament_services

pytestmark = [pytest.mark.django_db]

# rules-long-nardy.md case N17: White builds W8-W3 with a Black checker past it (on
# Black's 10-point) but none in Black's home: legal under the main rule, not the home rule.
POSITION, DICE, PLAY = "AAJg9j/YtgkAPA", (6, 1), "10/4 4/3"
HOME_FIXTURE = Path(__file__).resolve().parent / "fixtures" / "block-rule-home.mat"


def test_the_engine_rules_the_position_differently_by_regulation() -> None:
    position = Position.from_id(POSITION, "nardy")
    assert check_play(position, DICE, PLAY, NardyRules(block_rule="ahead")).legal
    under_home = check_play(position, DICE, PLAY, NardyRules(block_rule="home"))
    assert not under_home.legal and under_home.code == "six_block"


def tournament_match(block_rule: str | None, names: tuple[str, str] = ("Anna Ivanova", "Boris Petrov")):  # type: ignore[no-untyped-def]
    """The first match of a two-player long-nardy knockout to one point, and its players' logins."""
    director = UserFactory()
    club = ClubFactory(directors=[director])
    rules: dict[str, object] = {"crawford": True}
    if block_rule is not None:
        rules["block_rule"] = block_rule
    event = tournament_services.create_tournament(
        club=club, actor=director, name="Nardy Open", starts_on="2026-11-21", variant="nardy",
        format="knockout", rules=rules,
        match_lengths={"main": [1, 1, 1], "consolation": [1, 1, 1], "last_chance": [1, 1, 1],
                       "group": [1], "swiss": [1]},
    )
    users = []
    for name in names:
        user, player = player_with_login(name=name, display_name=name.split()[0])
        MembershipFactory(club=club, player=player)
        tournament_services.add_entry(tournament=event, player=player, actor=director)
        users.append(user)
    tournament_services.make_draw(tournament=event, actor=director_of(event))
    return Match.objects.get(pairing__tournament=event), users[0], users[1]


def raise_move(match: Match, user) -> Dispute:  # type: ignore[no-untyped-def]
    dispute = submit_move_dispute(
        by=user, match=match, position_id=POSITION, dice=DICE, notation=PLAY, queue=False
    )
    check_dispute(dispute.pk)
    dispute.refresh_from_db()
    return dispute


@pytest.mark.parametrize(("block_rule", "legal"), [(None, True), ("home", False)])
def test_a_move_dispute_in_a_tournament_is_judged_under_its_block_rule(
    block_rule: str | None, legal: bool
) -> None:
    match, anna, _boris = tournament_match(block_rule)
    assert match.block_rule == (block_rule or "ahead")
    dispute = raise_move(match, anna)
    assert dispute.block_rule == match.block_rule
    verdict = dispute.verdict
    assert verdict["legal"] is legal and verdict["block_rule"] == match.block_rule
    assert verdict["code"] == (None if legal else "six_block")
    page = page_client(anna).get(dispute.get_absolute_url()).content.decode()
    assert f'data-block-rule="{match.block_rule}"' in page
    assert str(match.get_block_rule_display()) in page


def test_a_result_dispute_replays_the_transcript_under_the_tournaments_block_rule(
    django_capture_on_commit_callbacks,
) -> None:
    outcomes = {}
    for block_rule in ("ahead", "home"):
        match, anna, boris = tournament_match(block_rule)
        transcript = upload_transcript(
            match=match, by=anna, data=HOME_FIXTURE.read_bytes(), file_name="final.mat", queue=False
        )
        check_transcript(transcript.pk)
        result = enter_final_score(match=match, by=anna, score1=Decimal(1), score2=Decimal(0))
        with django_capture_on_commit_callbacks(execute=True):
            dispute_result(result=result, by=boris, reason="Your block was illegal.")
        dispute = Dispute.objects.get(match=match)
        outcomes[block_rule] = dispute.verdict
        assert dispute.block_rule == block_rule and dispute.verdict["block_rule"] == block_rule
    assert outcomes["ahead"]["supports"] == "entered" and outcomes["ahead"]["first_error"] is None
    error = outcomes["home"]["first_error"]
    assert outcomes["home"]["supports"] is None and error["code"] == "six_block"
    assert error["player"] == "Anna Ivanova" and error["game"] == 1


def test_a_matchs_dispute_cannot_choose_another_block_rule() -> None:
    match, anna, _boris = tournament_match("home")
    with pytest.raises(ServiceError) as refused:
        submit_move_dispute(by=anna, match=match, position_id=POSITION, dice=DICE,
                            notation=PLAY, block_rule="ahead", queue=False)
    assert (refused.value.code, refused.value.field) == ("block_rule_of_the_match", "block_rule")
    assert not Dispute.objects.exists()


def club_member():  # type: ignore[no-untyped-def]
    user, player = player_with_login()
    club = ClubFactory()
    MembershipFactory(club=club, player=player)
    return club, user


def test_a_standalone_dispute_is_judged_under_the_block_rule_chosen() -> None:
    club, user = club_member()
    chosen = submit_move_dispute(by=user, club=club, variant="nardy", position_id=POSITION,
                                 dice=DICE, notation=PLAY, block_rule="home", queue=False)
    default = submit_move_dispute(by=user, club=club, variant="nardy", position_id=POSITION,
                                  dice=DICE, notation=PLAY, queue=False)
    assert (chosen.block_rule, default.block_rule) == ("home", "ahead")
    for dispute in (chosen, default):
        check_dispute(dispute.pk)
        dispute.refresh_from_db()
    assert (chosen.verdict["legal"], default.verdict["legal"]) == (False, True)
    with pytest.raises(ServiceError) as refused:
        submit_move_dispute(by=user, club=club, variant="backgammon", position_id="4HPwATDgc/ABMA",
                            dice=(3, 1), notation="8/5 6/5", block_rule="home", queue=False)
    assert (refused.value.code, refused.value.field) == ("block_rule_needs_nardy", "block_rule")


def test_the_api_and_the_form_take_the_block_rule_of_a_standalone_dispute() -> None:
    club, user = club_member()
    body = {"club": club.slug, "variant": "nardy", "position_id": POSITION, "dice": list(DICE),
            "notation": PLAY, "block_rule": "off"}
    created = api_client(user).post("/api/disputes/", body, format="json")
    assert created.status_code == 201, created.data
    assert created.data["block_rule"] == "off"
    refused = api_client(user).post("/api/disputes/", {**body, "variant": "backgammon",
                                                       "position_id": "4HPwATDgc/ABMA",
                                                       "notation": "8/5 6/5", "dice": [3, 1]},
                                    format="json")
    assert refused.status_code == 409 and error_field(refused) == "block_rule"
    assert error_of(refused)["code"] == "block_rule_needs_nardy"
    form = page_client(user).get("/disputes/new/").content.decode()
    assert 'name="block_rule"' in form
