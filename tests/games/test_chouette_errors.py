"""Bad input gives a stable code and a sentence, and nothing is applied."""

from __future__ import annotations

from decimal import Decimal

import pytest

from chouette.core import (
    MESSAGES,
    Answer,
    BoardResult,
    ChouetteError,
    ChouetteSettings,
    CubeMode,
    Double,
    GameRecord,
    LineUp,
    ResultKind,
    Role,
    Side,
    Split,
    Variant,
    check_cube_value,
    correct_game,
    event_from_data,
    join,
    leave,
    line_from_rolls,
    merge,
    new_session,
    record_game,
    replay,
    settle_game,
    split,
    undo_last_game,
)

BOX, M1, M2, M3 = "B", "M1", "M2", "M3"
LINEUP = LineUp(BOX, (M1, M2, M3))
TAKE, DROP = Answer.TAKE, Answer.DROP
TEAM_WINS = BoardResult(Side.TEAM)
BOX_WINS = BoardResult(Side.BOX)
DEFAULT = ChouetteSettings()


def game(*doubles, result=TEAM_WINS, settings=DEFAULT, lineup=LINEUP, **more):
    return lambda: settle_game(settings, GameRecord(lineup, tuple(doubles), result, **more))


def by_box(*answers):
    return Double(Side.BOX, answers)


def by_team(*answers):
    return Double(Side.TEAM, answers)


def _session():
    return new_session(ChouetteSettings(), ("A", "B", "C"))


CASES = {
    # settings
    "variant_not_supported": lambda: ChouetteSettings(variant="shesh_besh"),  # type: ignore[arg-type]
    "koks_needs_nardy": lambda: ChouetteSettings(variant=Variant.BACKGAMMON, koks=True),
    "block_rule_needs_nardy": lambda: ChouetteSettings(block_rule="home"),
    "block_rule_unknown": lambda: ChouetteSettings(
        variant=Variant.NARDY, block_rule="sideways"
    ),
    "stake_not_positive": lambda: ChouetteSettings(stake_per_point=Decimal(0)),
    "max_players_out_of_range": lambda: ChouetteSettings(max_players=2),
    "automatic_doubles_negative": lambda: ChouetteSettings(max_automatic_doubles=-1),
    "raccoons_need_beavers": lambda: ChouetteSettings(raccoons=True),
    "beavers_need_multiple_cubes": lambda: ChouetteSettings(
        beavers=True, cube_mode=CubeMode.SINGLE
    ),
    # the line
    "too_few_players": lambda: LineUp(BOX, (M1,)),
    "too_many_players": lambda: new_session(ChouetteSettings(max_players=3), ("A", "B", "C", "D")),
    "duplicate_player": lambda: LineUp(BOX, (M1, BOX)),
    "two_boxes": lambda: LineUp.from_seats([(BOX, Role.BOX), (M1, Role.BOX), (M2, Role.CAPTAIN)]),
    "no_box": lambda: LineUp.from_seats([(M1, Role.CAPTAIN), (M2, Role.CREW)]),
    "two_captains": lambda: LineUp.from_seats(
        [(BOX, Role.BOX), (M1, Role.CAPTAIN), (M2, Role.CAPTAIN)]
    ),
    "no_captain": lambda: LineUp.from_seats([(BOX, Role.BOX), (M1, Role.CREW), (M2, Role.CREW)]),
    "player_already_in_line": lambda: join(_session(), "B"),
    "player_not_in_line": lambda: leave(_session(), "Zed"),
    "rolloff_tie": lambda: line_from_rolls({"A": [4, 2], "B": [4, 2], "C": [1]}),
    "die_out_of_range": lambda: line_from_rolls({"A": [7], "B": [4], "C": [1]}),
    "rolls_missing": lambda: line_from_rolls({"A": [4, 2], "B": [4], "C": [1]}),
    # game records
    "lineup_mismatch": lambda: record_game(_session(), GameRecord(LineUp("B", ("A", "C")))),
    "no_game_to_undo": lambda: undo_last_game(_session()),
    "bad_record": lambda: event_from_data({"type": "game", "box": "A", "team": "BC"}),
    "player_not_in_game": game(by_box(("Zed", TAKE))),
    "box_has_no_cube": game(by_team((BOX, TAKE))),
    "duplicate_cube": lambda: by_box((M1, TAKE), (M1, DROP)),
    "empty_double": lambda: Double(Side.BOX, ()),
    "bet_already_ended": game(by_box((M2, DROP)), by_team((M2, TAKE))),
    "cube_not_available": game(by_team((M1, TAKE)), by_team((M1, TAKE))),
    "beavers_not_allowed": game(by_box((M1, Answer.BEAVER))),
    "raccoons_not_allowed": game(
        by_box((M1, Answer.RACCOON)), settings=ChouetteSettings(beavers=True)
    ),
    "single_cube_team_double": game(
        by_team((M2, TAKE)), settings=ChouetteSettings(cube_mode=CubeMode.SINGLE)
    ),
    "answer_missing": game(
        by_box((M1, TAKE), (M2, TAKE)), settings=ChouetteSettings(cube_mode=CubeMode.SINGLE)
    ),
    "initial_cubes_rule": game(
        by_team((M1, TAKE), (M2, DROP), (M3, DROP)),
        settings=ChouetteSettings(initial_cubes_rule=True),
    ),
    "box_must_take_captain": game(
        by_team((M1, DROP), (M2, TAKE)), settings=ChouetteSettings(box_must_take_captain=True)
    ),
    "automatic_doubles_over_limit": game(automatic_doubles=2),
    "result_not_in_variant": game(result=BoardResult(Side.TEAM, ResultKind.MARS)),
    "koks_not_allowed": game(
        result=BoardResult(Side.BOX, ResultKind.KOKS),
        settings=ChouetteSettings(variant=Variant.NARDY),
    ),
    "result_missing": game(result=None),
    "result_without_live_bet": game(by_box((M1, DROP), (M2, DROP), (M3, DROP))),
    "cube_not_power_of_two": lambda: check_cube_value(3),
    "cube_value_mismatch": game(by_team((M1, TAKE)), declared_cubes=((M1, 4),)),
    # house rules (chouette.md §8)
    "partner_share_out_of_range": lambda: ChouetteSettings(box_partner=True, partner_share=100),
    "partner_needs_six": lambda: ChouetteSettings(box_partner=True, max_players=5),
    "split_needs_more_players": lambda: ChouetteSettings(split_when_full=True, max_players=4),
    "two_partners": lambda: LineUp.from_seats(
        [(BOX, Role.BOX), (M1, Role.PARTNER), (M2, Role.PARTNER), (M3, Role.CAPTAIN)]
    ),
    "table_full": lambda: join(_full(split=False), "Zed"),
    "table_must_split": lambda: join(_full(split=True), "Zed"),
    "split_after_the_game": lambda: join(_full(split=True), "Zed", during_game=True),
    "table_not_full": lambda: split(_session(), "Zed"),
    "split_too_small": lambda: replay(
        _with_events(_full(split=True), Split("Zed", ("F", "E", "D", "C")))
    ),
    "merge_nobody": lambda: merge(_session(), ()),
    "merge_too_many": lambda: merge(_full(split=True), ("Zed",)),
    "not_the_last_game": lambda: undo_last_game(_played(2), number=1),
    "no_such_game": lambda: correct_game(_played(1), 2, _played_record()),
    "wrong_game_number": lambda: record_game(_played(1), _played_record(), number=1),
    "correction_breaks_later_game": lambda: correct_game(
        _played(2), 1, GameRecord(LineUp("A", ("B", "C")), (), BOX_WINS)
    ),
    "points_missing": game(declared_points=((BOX, -3), (M1, 1), (M2, 1))),
    "points_not_zero_sum": game(declared_points=((BOX, -3), (M1, 1), (M2, 1), (M3, 2))),
    "points_mismatch": game(declared_points=((BOX, -3), (M1, 2), (M2, 1), (M3, 0))),
}


def _full(*, split: bool):
    settings = ChouetteSettings(max_players=6, split_when_full=split)
    return new_session(settings, ("A", "B", "C", "D", "E", "F"))


def _with_events(session, *events):
    return type(session)(session.settings, session.opening_line, session.events + events)


def _played(count: int):
    """A three-player session where the team wins every game."""
    session = _session()
    for _ in range(count):
        state = replay(session)
        session, _ = record_game(session, GameRecord(state.next_lineup, (), TEAM_WINS))
    return session


def _played_record():
    return GameRecord(replay(_played(1)).next_lineup, (), TEAM_WINS)


@pytest.mark.parametrize("code", sorted(CASES))
def test_bad_input_gives_its_code(code: str) -> None:
    with pytest.raises(ChouetteError) as error:
        CASES[code]()
    assert error.value.code == code
    assert error.value.message == str(error.value)
    assert "{" not in error.value.message  # every placeholder was filled


def test_every_code_has_a_case() -> None:
    assert set(CASES) == set(MESSAGES)


def test_messages_name_the_players() -> None:
    with pytest.raises(ChouetteError) as error:
        game(by_box((M2, DROP)), by_team((M2, TAKE)))()
    assert error.value.params == {"player": M2}
    assert "M2" in error.value.message


def test_unknown_code_is_a_bug_not_a_user_error() -> None:
    with pytest.raises(KeyError):
        ChouetteError("no_such_code")


@pytest.mark.parametrize("value", [0, -2, 3, 6, 12, True])
def test_cube_values_must_be_powers_of_two(value) -> None:
    with pytest.raises(ChouetteError) as error:
        check_cube_value(value)
    assert error.value.code == "cube_not_power_of_two"


@pytest.mark.parametrize("value", [1, 2, 4, 64, 1024])
def test_powers_of_two_are_cube_values(value: int) -> None:
    check_cube_value(value)


def test_initial_cubes_rule_three_players_both_or_neither() -> None:
    settings = ChouetteSettings(initial_cubes_rule=True)
    lineup = LineUp(BOX, (M1, M2))
    with pytest.raises(ChouetteError) as error:
        game(by_team((M1, TAKE), (M2, DROP)), settings=settings, lineup=lineup)()
    assert error.value.params == {"required": 2, "count": 2}
    assert game(by_team((M1, DROP), (M2, DROP)), settings=settings, lineup=lineup, result=None)()
    assert game(by_team((M1, TAKE), (M2, TAKE)), settings=settings, lineup=lineup)()
    # Not all cubes at once: the rule does not apply.
    assert game(by_team((M1, TAKE)), by_team((M2, DROP)), settings=settings, lineup=lineup)()


def test_initial_cubes_rule_half_is_enough_with_four_members() -> None:
    settings = ChouetteSettings(initial_cubes_rule=True)
    lineup = LineUp(BOX, (M1, M2, M3, "M4"))
    answers = ((M1, TAKE), (M2, TAKE), (M3, DROP), ("M4", DROP))
    assert game(by_team(*answers), settings=settings, lineup=lineup)()


def test_a_rejected_game_leaves_the_session_as_it_was() -> None:
    session = _session()
    state = replay(session)
    session, state = record_game(session, GameRecord(state.next_lineup, (), TEAM_WINS))
    bad = GameRecord(state.next_lineup, (by_box(("Zed", TAKE)),), TEAM_WINS)
    with pytest.raises(ChouetteError):
        record_game(session, bad)
    assert len(session.events) == 1
    assert replay(session) == state


def test_a_bad_event_in_the_middle_stops_the_replay() -> None:
    session = _session()
    state = replay(session)
    session, state = record_game(session, GameRecord(state.next_lineup, (), TEAM_WINS))
    stale = GameRecord(LineUp("A", ("B", "C")), (), TEAM_WINS)  # the line before game 1
    broken = type(session)(session.settings, session.opening_line, session.events + (stale,))
    with pytest.raises(ChouetteError) as error:
        replay(broken)
    assert error.value.code == "lineup_mismatch"
