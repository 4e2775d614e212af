"""Chouette services through the database: events stored in order, refolded by the core."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.exceptions import PermissionDenied
from django.core.management import call_command
from django.db.models import Sum

from chouette import core, services
from chouette.core.errors import MESSAGES
from chouette.messages import TRANSLATED_MESSAGES, describe
from chouette.models import (
    ChouetteEvent,
    ChouetteLedgerEntry,
    ChouetteParticipant,
    ChouetteSession,
)
from chouette.selectors.sessions import player_record, state_of, table
from tests.factories import UserFactory
from tests.games.chouette_tables import make_table, member

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]

TAKE, DROP = core.Answer.TAKE, core.Answer.DROP
BOX, TEAM = core.Side.BOX, core.Side.TEAM


def game(lineup: core.LineUp, *doubles: core.Double, winner=TEAM, kind=core.ResultKind.SINGLE):
    result = None if winner is None else core.BoardResult(winner, kind)
    return core.GameRecord(lineup=lineup, doubles=doubles, result=result)


def counts() -> tuple[int, int, int]:
    return (
        ChouetteEvent.objects.count(),
        ChouetteLedgerEntry.objects.count(),
        ChouetteParticipant.objects.count(),
    )


def test_recorded_games_are_stored_in_order_and_the_ledger_sums_to_zero() -> None:
    t = make_table(4)
    a, b, c, d = (p.pk for p in t.players)
    services.record_chouette_game(session=t.session, record=game(t.lineup()), by=t.director)
    lineup = t.lineup()
    assert (lineup.box, lineup.team) == (b, (c, d, a))  # captain beat the box: B boxes, A last
    state = services.record_chouette_game(
        session=t.session,
        record=game(lineup, core.Double(BOX, ((c, TAKE), (d, DROP), (a, TAKE))), winner=BOX),
        by=t.user_of(2),  # a participant records
    )
    assert list(t.session.events.values_list("seq", "kind")) == [(0, "game"), (1, "game")]
    assert state.rows[-1].points == ((b, 5), (c, -2), (d, -1), (a, -2))
    for number in (1, 2):
        entries = ChouetteLedgerEntry.objects.filter(session=t.session, game_number=number)
        assert entries.count() == 4
        assert entries.aggregate(total=Sum("points"))["total"] == 0
        assert sum(e.total for e in entries) == 0
    box_entry = ChouetteLedgerEntry.objects.get(session=t.session, game_number=2, player_id=b)
    assert (box_entry.role, box_entry.points, box_entry.total) == (
        "box",
        5,
        6,
    )  # +1 as captain in game 1
    # The cache is what a fresh replay of the stored events gives.
    replayed = state_of(ChouetteSession.objects.get(pk=t.session.pk))
    assert replayed.totals == state.totals
    assert replayed.next_lineup == core.LineUp(b, (d, a, c))  # box beat captain C: C last


def test_undo_removes_the_last_game_and_restores_the_line() -> None:
    t = make_table(3)
    first = t.lineup()
    services.record_chouette_game(session=t.session, record=game(first), by=t.director)
    assert t.lineup() != first
    state = services.undo_last_chouette_game(session=t.session, by=t.user_of(1))
    assert state.rows == ()
    assert t.lineup() == first
    assert counts() == (0, 0, 3)
    with pytest.raises(core.ChouetteError) as refused:
        services.undo_last_chouette_game(session=t.session, by=t.director)
    assert refused.value.code == "no_game_to_undo"


def test_undo_keeps_a_join_recorded_after_the_game() -> None:
    t = make_table(3)
    services.record_chouette_game(session=t.session, record=game(t.lineup()), by=t.director)
    newcomer = member(t.club, "New")
    services.join_chouette(session=t.session, player=newcomer, by=t.director)
    services.undo_last_chouette_game(session=t.session, by=t.director)
    assert list(t.session.events.values_list("kind", flat=True)) == ["join"]
    assert t.lineup().line == (*[p.pk for p in t.players], newcomer.pk)
    # The next event gets a fresh number after the join.
    services.record_chouette_game(session=t.session, record=game(t.lineup()), by=t.director)
    assert list(t.session.events.values_list("seq", flat=True)) == [1, 2]


def test_join_goes_behind_everybody_and_leave_closes_the_line() -> None:
    t = make_table(3)
    a, b, c = t.players
    newcomer = member(t.club, "Dee")
    services.record_chouette_game(session=t.session, record=game(t.lineup()), by=t.director)
    # A newcomer may seat themselves; they join after this game's rotation.
    services.join_chouette(session=t.session, player=newcomer, by=newcomer.user)
    assert t.lineup().line == (b.pk, c.pk, a.pk, newcomer.pk)
    assert t.session.participants.filter(player=newcomer, opening_seat=None).exists()
    services.leave_chouette(session=t.session, player=c, by=c.user)
    assert t.lineup().line == (b.pk, a.pk, newcomer.pk)
    services.record_chouette_game(session=t.session, record=game(t.lineup()), by=newcomer.user)
    rows = state_of(t.session).rows
    assert [p for p, _ in rows[-1].points] == [b.pk, a.pk, newcomer.pk]
    assert state_of(t.session).total_of(c.pk) == 1  # kept from game 1


def test_leaving_below_three_players_stops_the_games_until_somebody_joins() -> None:
    t = make_table(3)
    services.leave_chouette(session=t.session, player=t.players[2], by=t.director)
    assert state_of(t.session).next_lineup is None
    assert table(t.session).next_lineup == ()


@pytest.mark.parametrize(
    ("build", "code"),
    [
        # a cube that is not a power of two (a declared final value)
        (
            lambda lu: core.GameRecord(
                lu, (), core.BoardResult(TEAM), declared_cubes=((lu.team[0], 3),)
            ),
            "cube_not_power_of_two",
        ),
        # a player not in the session answers a cube
        (lambda lu: game(lu, core.Double(BOX, ((999_999, TAKE),))), "player_not_in_game"),
        # a crew member with two cubes in one turn
        (
            lambda lu: game(lu, core.Double(BOX, ((lu.team[1], TAKE), (lu.team[1], DROP)))),
            "duplicate_cube",
        ),
        # a result on the board although every cube was dropped
        (
            lambda lu: game(lu, core.Double(BOX, tuple((m, DROP) for m in lu.team))),
            "result_without_live_bet",
        ),
        # a later double on a cube that was already dropped
        (
            lambda lu: game(
                lu,
                core.Double(BOX, ((lu.team[1], DROP),)),
                core.Double(TEAM, ((lu.team[1], TAKE),)),
            ),
            "bet_already_ended",
        ),
        # the box has no cube
        (lambda lu: game(lu, core.Double(TEAM, ((lu.box, TAKE),))), "box_has_no_cube"),
        # the game was entered for a line-up that is not the session's next one
        (lambda lu: game(core.LineUp(lu.team[0], (lu.box, *lu.team[1:]))), "lineup_mismatch"),
        # a board result is needed while bets are live
        (lambda lu: game(lu, winner=None), "result_missing"),
    ],
)
def test_bad_games_are_refused_with_a_code_and_nothing_is_saved(build, code: str) -> None:
    t = make_table(4)
    services.record_chouette_game(session=t.session, record=game(t.lineup()), by=t.director)
    before = counts()
    lineup_before = t.lineup()
    with pytest.raises(core.ChouetteError) as refused:
        services.record_chouette_game(session=t.session, record=build(t.lineup()), by=t.director)
    assert refused.value.code == code
    assert counts() == before
    assert t.lineup() == lineup_before


def test_errors_name_players_by_display_name() -> None:
    t = make_table(3, names=("Ann", "Ben", "Cal"))
    with pytest.raises(core.ChouetteError) as refused:
        services.record_chouette_game(
            session=t.session,
            record=game(t.lineup(), core.Double(TEAM, ((t.players[0].pk, TAKE),))),
            by=t.director,
        )
    names = {p.pk: p.display_name for p in t.players}
    assert describe(refused.value, names) == (
        "The box Ann has no cube of their own; cubes belong to team members."
    )


def test_translated_messages_mirror_the_core_table() -> None:
    assert set(TRANSLATED_MESSAGES) == set(MESSAGES)
    for code, sentence in MESSAGES.items():
        assert str(TRANSLATED_MESSAGES[code]) == sentence, code


def test_joins_and_openings_are_checked() -> None:
    t = make_table(3)
    outsider_of_club = make_table(3).players[0]
    before = counts()
    with pytest.raises(services.SessionError) as refused:
        services.join_chouette(session=t.session, player=outsider_of_club, by=t.director)
    assert refused.value.code == "not_club_member"
    with pytest.raises(core.ChouetteError) as seated_twice:
        services.join_chouette(session=t.session, player=t.players[1], by=t.director)
    assert seated_twice.value.code == "player_already_in_line"
    with pytest.raises(core.ChouetteError) as too_few:
        services.start_session(club=t.club, opening_line=t.players[:2], by=t.director)
    assert too_few.value.code == "too_few_players"
    with pytest.raises(core.ChouetteError) as koks:
        services.start_session(
            club=t.club,
            opening_line=t.players,
            by=t.director,
            table=services.TableRules(variant="backgammon", koks=True),
        )
    assert koks.value.code == "koks_needs_nardy"
    assert counts() == before
    assert ChouetteSession.objects.count() == 2


def test_a_long_nardy_session_records_a_mars_and_refuses_a_gammon() -> None:
    t = make_table(4, variant="nardy")
    assert t.session.variant == "nardy" and not t.session.koks
    assert t.session.table_settings().variant is core.Variant.NARDY
    a, b, c, d = (p.pk for p in t.players)
    state = services.record_chouette_game(
        session=t.session,
        record=game(t.lineup(), core.Double(TEAM, ((b, TAKE),)), kind=core.ResultKind.MARS),
        by=t.director,
    )
    # Ben's cube was turned (2 × mars 2 = 4); Jacoby keeps Cal's and Dee's at an oin.
    assert dict(state.rows[-1].points) == {a: -6, b: 4, c: 1, d: 1}
    assert ChouetteLedgerEntry.objects.aggregate(total=Sum("points"))["total"] == 0
    before = counts()
    for kind, code in [
        (core.ResultKind.GAMMON, "result_not_in_variant"),
        (core.ResultKind.KOKS, "koks_not_allowed"),
    ]:
        with pytest.raises(core.ChouetteError) as refused:
            services.record_chouette_game(
                session=t.session, record=game(t.lineup(), kind=kind), by=t.director
            )
        assert refused.value.code == code
    assert counts() == before
    names = {p.pk: p.display_name for p in t.players}
    refusal = core.ChouetteError("result_not_in_variant", kind="gammon", variant="nardy")
    assert describe(refusal, names) == (
        "The result gammon does not exist in the variant Long nardy played at this table."
    )


def test_a_long_nardy_session_with_koks() -> None:
    t = make_table(3, variant="nardy", koks=True)
    state = services.record_chouette_game(
        session=t.session, record=game(t.lineup(), kind=core.ResultKind.KOKS), by=t.director
    )
    assert [points for _, points in state.totals] == [-2, 1, 1]  # Jacoby: cubes not turned
    no_jacoby = make_table(3, variant="nardy", koks=True, jacoby=False)
    state = services.record_chouette_game(
        session=no_jacoby.session,
        record=game(no_jacoby.lineup(), winner=BOX, kind=core.ResultKind.KOKS),
        by=no_jacoby.director,
    )
    assert [points for _, points in state.totals] == [6, -3, -3]


def test_only_participants_and_directors_write() -> None:
    t = make_table(3)
    other = make_table(3)
    before = counts()
    for outsider in (UserFactory(), other.director, other.user_of(0)):
        with pytest.raises(PermissionDenied):
            services.record_chouette_game(session=t.session, record=game(t.lineup()), by=outsider)
        with pytest.raises(PermissionDenied):
            services.undo_last_chouette_game(session=t.session, by=outsider)
        with pytest.raises(PermissionDenied):
            services.leave_chouette(session=t.session, player=t.players[0], by=outsider)
    assert counts() == before


def test_a_finished_session_takes_no_more_games() -> None:
    t = make_table(3)
    services.finish_session(session=t.session, by=t.director)
    with pytest.raises(services.SessionError) as refused:
        services.record_chouette_game(session=t.session, record=game(t.lineup()), by=t.director)
    assert refused.value.code == "session_finished"
    assert counts() == (0, 0, 3)


def test_player_record_sums_every_session() -> None:
    t = make_table(3)
    ann = t.players[0]
    services.record_chouette_game(session=t.session, record=game(t.lineup()), by=t.director)
    second = services.start_session(club=t.club, opening_line=t.players, by=t.director)
    lineup = state_of(second).next_lineup
    services.record_chouette_game(session=second, record=game(lineup, winner=BOX), by=t.director)
    record, lines = player_record(ann)
    assert (record.sessions, record.games, record.games_as_box, record.points) == (2, 2, 2, 0)
    assert [line.points for line in lines] == [2, -2]  # newest first


def test_demo_makes_finished_long_nardy_and_running_sessions() -> None:
    call_command("demo", stdout=StringIO())
    call_command("demo", stdout=StringIO())
    sessions = ChouetteSession.objects.filter(club__slug="nardy-club")
    assert sorted(sessions.values_list("status", "variant")) == [
        ("finished", "backgammon"),
        ("finished", "nardy"),
        ("running", "backgammon"),
    ]
    nardy = state_of(sessions.get(variant="nardy"))
    assert [row.outcome.result.kind for row in nardy.rows] == [
        core.ResultKind.MARS,
        core.ResultKind.OIN,
    ]
    assert [t for _, t in nardy.totals] == [5 - 2, -4 + 1, -1 + 1]  # A, B, C
    finished = sessions.get(status="finished", variant="backgammon")
    assert state_of(finished).totals and [t for _, t in state_of(finished).totals] == [
        5,
        1,
        -4,
        1,
        -3,
    ]  # docs/chouette.md §9, after game 5
