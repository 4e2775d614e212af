"""docs/chouette.md §9: five players, five games, game by game."""

from __future__ import annotations

import pytest

from chouette.core import (
    Answer,
    BoardResult,
    ChouetteSettings,
    Double,
    GameRecord,
    ResultKind,
    RotationReason,
    Side,
    line_from_rolls,
    new_session,
    record_game,
    replay,
    undo_last_game,
)

ANN, BEN, CAL, DEE, EVE = "Ann", "Ben", "Cal", "Dee", "Eve"
PLAYERS = (ANN, BEN, CAL, DEE, EVE)
TAKE, DROP = Answer.TAKE, Answer.DROP

# (cube turns, result, amounts Ann..Eve, running totals Ann..Eve, next box, captain, crew)
GAMES = [
    (
        [],
        BoardResult(Side.TEAM, ResultKind.GAMMON),
        (-4, 1, 1, 1, 1),
        (-4, 1, 1, 1, 1),
        (BEN, CAL, (DEE, EVE, ANN)),
        RotationReason.CAPTAIN_BEAT_BOX,
    ),
    (
        [Double(Side.BOX, ((CAL, TAKE), (DEE, DROP), (EVE, TAKE), (ANN, DROP)))],
        BoardResult(Side.BOX, ResultKind.GAMMON),
        (-1, 10, -4, -1, -4),
        (-5, 11, -3, 0, -3),
        (BEN, DEE, (EVE, ANN, CAL)),
        RotationReason.BOX_BEAT_CAPTAIN,
    ),
    (
        [
            Double(Side.TEAM, ((DEE, TAKE),)),
            Double(Side.TEAM, ((EVE, TAKE),)),
            Double(Side.BOX, ((DEE, TAKE),)),
        ],
        BoardResult(Side.TEAM, ResultKind.SINGLE),
        (1, -8, 1, 4, 2),
        (-4, 3, -2, 4, -1),
        (DEE, EVE, (ANN, CAL, BEN)),
        RotationReason.CAPTAIN_BEAT_BOX,
    ),
    (
        [Double(Side.BOX, ((EVE, DROP), (ANN, TAKE), (CAL, TAKE), (BEN, DROP)))],
        BoardResult(Side.TEAM, ResultKind.SINGLE),
        (2, -1, 2, -2, -1),
        (-2, 2, 0, 2, -2),
        (ANN, CAL, (BEN, EVE, DEE)),
        RotationReason.CAPTAIN_BEAT_BOX,
    ),
    (
        [Double(Side.TEAM, ((CAL, TAKE),))],
        BoardResult(Side.BOX, ResultKind.GAMMON),
        (7, -1, -4, -1, -1),
        (5, 1, -4, 1, -3),
        (ANN, BEN, (EVE, DEE, CAL)),
        RotationReason.BOX_BEAT_CAPTAIN,
    ),
]


def _opening_session():
    settings = ChouetteSettings()  # multiple cubes, Jacoby on, live-cube consulting
    line = line_from_rolls({ANN: [6], BEN: [5], CAL: [4], DEE: [3], EVE: [2]})
    return new_session(settings, line)


def _played(count: int):
    session = _opening_session()
    state = replay(session)
    for doubles, result, *_ in GAMES[:count]:
        session, state = record_game(session, GameRecord(state.next_lineup, tuple(doubles), result))
    return session, state


def test_opening_line_comes_from_the_rolls() -> None:
    lineup = replay(_opening_session()).next_lineup
    assert lineup.box == ANN
    assert lineup.captain == BEN
    assert lineup.crew == (CAL, DEE, EVE)


@pytest.mark.parametrize("number", range(1, len(GAMES) + 1))
def test_game_by_game(number: int) -> None:
    _, state = _played(number)
    _, _, amounts, totals, (box, captain, crew), reason = GAMES[number - 1]
    row = state.rows[-1]
    assert row.number == number
    assert tuple(row.outcome.points_of(p) for p in PLAYERS) == amounts
    assert sum(amounts) == 0
    assert tuple(state.total_of(p) for p in PLAYERS) == totals
    assert dict(row.totals) == dict(zip(PLAYERS, totals))
    assert row.outcome.rotation_reason is reason
    lineup = state.next_lineup
    assert (lineup.box, lineup.captain, lineup.crew) == (box, captain, crew)


def test_game_four_eve_goes_to_the_end_at_once_and_ann_decides() -> None:
    _, state = _played(4)
    outcome = state.rows[-1].outcome
    assert outcome.captain_drops == (EVE,)
    assert outcome.deciding_captain == ANN


def test_game_three_cubes_at_the_end() -> None:
    _, state = _played(3)
    cubes = {bet.member: (bet.cube_value, bet.owner) for bet in state.rows[-1].outcome.bets}
    assert cubes == {DEE: (4, Side.TEAM), EVE: (2, Side.BOX), ANN: (1, None), CAL: (1, None)}


def test_standings_after_five_games() -> None:
    _, state = _played(5)
    table = [(s.rank, s.player, s.points, s.games) for s in state.standings]
    assert table == [
        (1, ANN, 5, 5),
        (2, BEN, 1, 5),
        (2, DEE, 1, 5),
        (4, EVE, -3, 5),
        (5, CAL, -4, 5),
    ]


def test_undo_last_game_gives_back_the_state_before_it() -> None:
    session, _ = _played(5)
    _, before = _played(4)
    _, undone = undo_last_game(session)
    assert undone == before
