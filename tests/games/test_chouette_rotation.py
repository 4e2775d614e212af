"""Rotation of the line: docs/chouette.md §2, §5 (the outcome table), CH4, CH10."""

from __future__ import annotations

import pytest

from chouette.core import (
    Answer,
    BoardResult,
    ChouetteError,
    ChouetteSettings,
    Double,
    GameRecord,
    LineUp,
    RotationReason,
    RotationRule,
    Side,
    join,
    join_line,
    leave,
    leave_line,
    line_from_rolls,
    new_session,
    record_game,
    replay,
    settle_game,
)

BOX, CAP, C2, C3, C4 = "Box", "Cap", "C2", "C3", "C4"
LINEUP = LineUp(BOX, (CAP, C2, C3, C4))
TAKE, DROP = Answer.TAKE, Answer.DROP
TEAM_WINS, BOX_WINS = BoardResult(Side.TEAM), BoardResult(Side.BOX)
DEFAULT = ChouetteSettings()


def next_line(doubles, result, settings=DEFAULT):
    outcome = settle_game(settings, GameRecord(LINEUP, tuple(doubles), result))
    return outcome.next_line, outcome.rotation_reason


# §5, the outcome table, row by row
@pytest.mark.parametrize(
    ("doubles", "result", "line", "reason"),
    [
        ([], BOX_WINS, (BOX, C2, C3, C4, CAP), RotationReason.BOX_BEAT_CAPTAIN),
        ([], TEAM_WINS, (CAP, C2, C3, C4, BOX), RotationReason.CAPTAIN_BEAT_BOX),
        (
            [Double(Side.BOX, ((CAP, DROP), (C2, TAKE)))],
            TEAM_WINS,
            (C2, C3, C4, CAP, BOX),
            RotationReason.CAPTAIN_BEAT_BOX,
        ),
        (
            [Double(Side.BOX, ((CAP, DROP), (C2, TAKE)))],
            BOX_WINS,
            (BOX, C3, C4, CAP, C2),
            RotationReason.BOX_BEAT_CAPTAIN,
        ),
        (
            [Double(Side.TEAM, ((CAP, DROP),))],
            BOX_WINS,
            (CAP, C2, C3, C4, BOX),
            RotationReason.BOX_DROPPED_CAPTAIN,
        ),
        (
            [Double(Side.BOX, ((CAP, DROP), (C2, DROP), (C3, DROP), (C4, DROP)))],
            None,
            (BOX, C2, C3, C4, CAP),
            RotationReason.ALL_BETS_DROPPED,
        ),
    ],
    ids=[
        "box-beats-captain",
        "captain-beats-box",
        "captain-drops-acting-wins",
        "captain-drops-box-beats-acting",
        "box-drops-captain",
        "everybody-drops",
    ],
)
def test_outcome_table(doubles, result, line, reason) -> None:
    assert next_line(doubles, result) == (line, reason)


def test_ch4_old_captain_is_last_and_highest_taker_decides() -> None:
    doubles = [Double(Side.BOX, ((CAP, DROP), (C2, DROP), (C3, TAKE), (C4, TAKE)))]
    outcome = settle_game(ChouetteSettings(), GameRecord(LINEUP, tuple(doubles), BOX_WINS))
    assert outcome.deciding_captain == C3
    # Cap went to the end at once; then C3 lost by play and went behind him.
    assert outcome.next_line == (BOX, C2, C4, CAP, C3)


def test_acting_captain_dropping_later_also_goes_to_the_end() -> None:
    doubles = [
        Double(Side.BOX, ((CAP, DROP), (C2, TAKE), (C3, TAKE))),
        Double(Side.BOX, ((C2, DROP),)),
    ]
    # C2 took, so C2 owns that cube: the box cannot turn it again.
    with pytest.raises(ChouetteError) as error:
        next_line(doubles, TEAM_WINS)
    assert error.value.code == "cube_not_available"
    doubles = [
        Double(Side.BOX, ((CAP, DROP), (C2, TAKE), (C3, TAKE))),
        Double(Side.TEAM, ((C2, TAKE),)),  # C2 redoubles to 4, the box takes
        Double(Side.BOX, ((C2, DROP),)),  # the box redoubles to 8, acting captain C2 drops
    ]
    line, _ = next_line(doubles, TEAM_WINS)
    assert line == (C3, C4, CAP, C2, BOX)


def test_after_the_captain_won_later_drops_only_affect_money() -> None:
    doubles = [
        Double(Side.TEAM, ((CAP, DROP),)),  # Cap wins: next box
        Double(Side.BOX, ((C2, DROP),)),  # C2, now acting captain, drops: no move
    ]
    line, reason = next_line(doubles, BOX_WINS)
    assert line == (CAP, C2, C3, C4, BOX)
    assert reason is RotationReason.BOX_DROPPED_CAPTAIN


def test_final_captain_option_ignores_the_box_dropping_the_captain() -> None:
    settings = ChouetteSettings(rotation=RotationRule.FINAL_CAPTAIN)
    doubles = [Double(Side.TEAM, ((CAP, DROP),))]
    assert next_line(doubles, BOX_WINS, settings) == (
        (BOX, CAP, C3, C4, C2),
        RotationReason.BOX_BEAT_CAPTAIN,
    )
    assert next_line(doubles, TEAM_WINS, settings) == (
        (C2, CAP, C3, C4, BOX),
        RotationReason.CAPTAIN_BEAT_BOX,
    )


def test_rolls_with_ties_rolled_again() -> None:
    rolls = {"A": [5, 2], "B": [6], "C": [5, 4], "D": [3]}
    assert line_from_rolls(rolls) == ("B", "C", "A", "D")


def test_ch10_newcomer_joins_after_the_rotation_last_in_line() -> None:
    session = new_session(ChouetteSettings(), ("A", "B", "C"))
    state = replay(session)
    for result in (BOX_WINS, TEAM_WINS):
        session, state = record_game(session, GameRecord(state.next_lineup, (), result))
    # Game 3 is being played when Dan arrives; his arrival is recorded after it.
    session, state = record_game(session, GameRecord(state.next_lineup, (), TEAM_WINS))
    after_game_three = state.line
    session, state = join(session, "Dan")
    assert state.line == (*after_game_three, "Dan")
    assert state.next_lineup.crew[-1] == "Dan"
    assert state.total_of("Dan") == 0


def test_join_and_leave_keep_the_order() -> None:
    line = ("A", "B", "C", "D")
    assert join_line(line, "E", max_players=6) == ("A", "B", "C", "D", "E")
    assert leave_line(line, "C") == ("A", "B", "D")


@pytest.mark.parametrize(
    ("leaver", "box", "captain"),
    [("A", "B", "C"), ("B", "A", "C"), ("D", "A", "B")],
    ids=["box-leaves", "captain-leaves", "crew-leaves"],
)
def test_line_closes_up_when_someone_leaves(leaver, box, captain) -> None:
    session = new_session(ChouetteSettings(), ("A", "B", "C", "D"))
    _, state = leave(session, leaver)
    assert (state.next_lineup.box, state.next_lineup.captain) == (box, captain)


def test_below_three_players_there_is_no_next_game() -> None:
    session = new_session(ChouetteSettings(), ("A", "B", "C"))
    session, state = leave(session, "C")
    assert state.next_lineup is None
    session, state = join(session, "D")
    assert state.next_lineup == LineUp("A", ("B", "D"))


def test_a_player_who_left_and_returns_keeps_the_running_total() -> None:
    session = new_session(ChouetteSettings(), ("A", "B", "C", "D"))
    state = replay(session)
    session, state = record_game(session, GameRecord(state.next_lineup, (), TEAM_WINS))
    session, state = leave(session, "D")
    session, state = record_game(session, GameRecord(state.next_lineup, (), TEAM_WINS))
    session, state = join(session, "D")
    assert state.total_of("D") == 1
    assert state.line[-1] == "D"
    assert sum(points for _, points in state.totals) == 0
