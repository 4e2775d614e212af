"""Long nardy chouettes: the same settlement per cube, with oin 1, mars 2 and koks 3
(rules-long-nardy.md §9, koks only with the table's option); results of the other
variant are refused with ``result_not_in_variant``."""

from __future__ import annotations

import json

import pytest

from chouette.core import (
    Answer,
    BetEnd,
    BoardResult,
    ChouetteError,
    ChouetteSettings,
    Double,
    GameRecord,
    LineUp,
    ResultKind,
    Side,
    Variant,
    event_from_data,
    event_to_data,
    new_session,
    record_game,
    replay,
    results_of,
    settle_game,
)
from engine import outcomes

BOX, M1, M2, M3 = "B", "M1", "M2", "M3"
LINEUP = LineUp(BOX, (M1, M2, M3))
TAKE, DROP = Answer.TAKE, Answer.DROP
NARDY = ChouetteSettings(variant=Variant.NARDY)
NARDY_KOKS = ChouetteSettings(variant=Variant.NARDY, koks=True)
NARDY_NO_JACOBY = ChouetteSettings(variant=Variant.NARDY, jacoby=False, koks=True)
OIN, MARS, KOKS = ResultKind.OIN, ResultKind.MARS, ResultKind.KOKS


def settle(*doubles: Double, result: BoardResult | None, settings=NARDY):
    outcome = settle_game(settings, GameRecord(LINEUP, doubles, result))
    assert sum(points for _, points in outcome.points) == 0
    return outcome


def amounts(outcome) -> tuple[int, ...]:
    return tuple(points for _, points in outcome.points)


def test_multipliers_are_the_engines() -> None:
    for kind in ResultKind:
        engine_variant = "nardy" if kind.variant is Variant.NARDY else "backgammon"
        assert kind.multiplier == outcomes.multiplier(kind.value, engine_variant)
    assert (OIN.multiplier, MARS.multiplier, KOKS.multiplier) == (1, 2, 3)


def test_results_of_each_variant() -> None:
    assert results_of(Variant.NARDY) == (OIN, MARS)
    assert results_of(Variant.NARDY, koks=True) == (OIN, MARS, KOKS)
    assert results_of(Variant.BACKGAMMON) == (
        ResultKind.SINGLE,
        ResultKind.GAMMON,
        ResultKind.BACKGAMMON,
    )


@pytest.mark.parametrize(
    ("kind", "expected"),
    [
        # M1's cube turned and taken at 2 (Jacoby: only that bet counts the mars/koks),
        # M2 dropped the box's double (paid 1), M3 centred.
        (OIN, (2 + 1 + 1, -2, -1, -1)),
        (MARS, (4 + 1 + 1, -4, -1, -1)),
        (KOKS, (6 + 1 + 1, -6, -1, -1)),
    ],
)
def test_each_cube_is_settled_on_its_own(kind: ResultKind, expected) -> None:
    outcome = settle(
        Double(Side.TEAM, ((M1, TAKE),)),
        Double(Side.BOX, ((M2, DROP),)),
        result=BoardResult(Side.BOX, kind),
        settings=NARDY_KOKS,
    )
    assert amounts(outcome) == expected
    m1, m2, m3 = outcome.bets
    assert (m1.multiplier, m1.cube_value, m1.end) == (kind.multiplier, 2, BetEnd.PLAYED)
    assert m2.end is BetEnd.MEMBER_DROPPED
    assert m3.multiplier == 1  # centred: Jacoby makes the mars/koks an oin


def test_jacoby_off_a_mars_counts_on_centred_cubes() -> None:
    outcome = settle(result=BoardResult(Side.TEAM, MARS), settings=NARDY_NO_JACOBY)
    assert amounts(outcome) == (-6, 2, 2, 2)
    outcome = settle(result=BoardResult(Side.TEAM, KOKS), settings=NARDY_NO_JACOBY)
    assert amounts(outcome) == (-9, 3, 3, 3)


def test_jacoby_on_a_mars_counts_only_where_the_cube_was_turned() -> None:
    outcome = settle(
        Double(Side.BOX, ((M1, TAKE), (M3, TAKE))),
        result=BoardResult(Side.TEAM, MARS),
    )
    assert amounts(outcome) == (-4 - 1 - 4, 4, 1, 4)


def test_a_drop_in_long_nardy_pays_the_value_before_the_double() -> None:
    outcome = settle(
        Double(Side.TEAM, ((M1, TAKE),)),
        Double(Side.BOX, ((M1, TAKE),)),  # redouble to 4
        Double(Side.TEAM, ((M1, DROP), (M2, DROP), (M3, DROP))),  # the box drops all
        result=None,
    )
    assert amounts(outcome) == (-4 - 1 - 1, 4, 1, 1)


@pytest.mark.parametrize("kind", [ResultKind.SINGLE, ResultKind.GAMMON, ResultKind.BACKGAMMON])
def test_backgammon_results_are_refused_in_long_nardy(kind: ResultKind) -> None:
    with pytest.raises(ChouetteError) as error:
        settle(result=BoardResult(Side.BOX, kind), settings=NARDY_KOKS)
    assert error.value.code == "result_not_in_variant"
    assert error.value.params == {"kind": kind.value, "variant": "nardy"}


@pytest.mark.parametrize("kind", [OIN, MARS, KOKS])
def test_nardy_results_are_refused_in_backgammon(kind: ResultKind) -> None:
    with pytest.raises(ChouetteError) as error:
        settle(result=BoardResult(Side.TEAM, kind), settings=ChouetteSettings())
    assert error.value.code == "result_not_in_variant"
    assert error.value.params == {"kind": kind.value, "variant": "backgammon"}


def test_koks_needs_the_tables_option() -> None:
    with pytest.raises(ChouetteError) as error:
        settle(result=BoardResult(Side.BOX, KOKS), settings=NARDY)
    assert error.value.code == "koks_not_allowed"
    with pytest.raises(ChouetteError) as error:
        ChouetteSettings(koks=True)  # a backgammon table
    assert error.value.code == "koks_needs_nardy"


def test_variant_given_as_its_stored_value_and_unknown_ones() -> None:
    assert ChouetteSettings(variant="nardy").variant is Variant.NARDY  # type: ignore[arg-type]
    with pytest.raises(ChouetteError) as error:
        ChouetteSettings(variant="shesh_besh")  # type: ignore[arg-type]
    assert error.value.code == "variant_not_supported"
    assert error.value.params == {"variant": "shesh_besh"}


def test_a_refused_result_leaves_the_session_as_it_was() -> None:
    session = new_session(NARDY, ("A", "B", "C"))
    state = replay(session)
    session, state = record_game(
        session, GameRecord(state.next_lineup, (), BoardResult(Side.TEAM, MARS))
    )
    assert [points for _, points in state.totals] == [-2, 1, 1]  # Jacoby: centred cubes
    gammon = GameRecord(state.next_lineup, (), BoardResult(Side.TEAM, ResultKind.GAMMON))
    with pytest.raises(ChouetteError) as error:
        record_game(session, gammon)
    assert error.value.code == "result_not_in_variant"
    assert len(session.events) == 1
    assert replay(session) == state


def test_nardy_results_round_trip_through_json() -> None:
    record = GameRecord(LINEUP, (Double(Side.TEAM, ((M1, TAKE),)),), BoardResult(Side.BOX, MARS))
    assert event_from_data(json.loads(json.dumps(event_to_data(record)))) == record
    assert event_to_data(record)["result"] == {"winner": "box", "kind": "mars"}
