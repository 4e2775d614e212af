"""A club's chouette season: every night's ledger summed per player."""

from __future__ import annotations

from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from chouette.core import (
    BoardResult,
    ChouetteSettings,
    GameRecord,
    NightLedger,
    ResultKind,
    Side,
    new_session,
    record_game,
    replay,
    season_table,
)
from tests.games.test_chouette_properties import draw_game

TEAM_WINS, BOX_WINS = BoardResult(Side.TEAM), BoardResult(Side.BOX)


def night(line: str, *results: BoardResult, stake: str = "1"):
    session = new_session(ChouetteSettings(stake_per_point=Decimal(stake)), tuple(line))
    state = replay(session)
    for result in results:
        session, state = record_game(session, GameRecord(state.next_lineup, (), result))
    return state


def test_two_nights() -> None:
    # Night 1: A box, B captain, C. B beats the box (A -2, B +1, C +1); then box B beats
    # captain C (B +2, C -1, A -1). Night 2 (stake 2): C box beats A and B (C +2).
    first = night("ABC", TEAM_WINS, BOX_WINS)
    second = night("CAB", BOX_WINS, stake="2")
    table = {
        line.player: line
        for line in season_table([NightLedger.of(1, first), NightLedger.of(2, second)])
    }
    a, b, c = table["A"], table["B"], table["C"]
    assert (a.points, a.points_won, a.points_lost, a.games, a.sessions) == (-4, 0, 4, 3, 2)
    assert (b.points, b.points_won, b.points_lost, b.games, b.sessions) == (2, 3, 1, 3, 2)
    assert (c.points, c.points_won, c.points_lost, c.games, c.sessions) == (2, 3, 1, 3, 2)
    assert (b.biggest_night, b.biggest_night_id) == (3, 1)
    assert (c.biggest_night, c.biggest_night_id) == (2, 2)
    assert a.biggest_night == -1  # never a winning night: the least bad one
    assert a.money == Decimal(-3) + Decimal(-2)  # -3 at stake 1, -1 at stake 2
    assert a.average == Decimal("-1.33")
    assert [
        line.rank for line in season_table([NightLedger.of(1, first), NightLedger.of(2, second)])
    ] == [1, 1, 3]


def test_a_night_without_games_adds_nobody() -> None:
    assert season_table([NightLedger.of(1, night("ABC"))]) == ()


def test_gammons_count_in_points_won() -> None:
    state = night("ABC", BoardResult(Side.BOX, ResultKind.GAMMON))
    table = {line.player: line for line in season_table([NightLedger.of(1, state)])}
    assert table["A"].points_won == 2  # Jacoby, no cube turned: single per bet


@settings(max_examples=60, deadline=None)
@given(st.data(), st.integers(1, 4))
def test_the_season_adds_up_to_zero(data, nights) -> None:
    states = []
    for number in range(nights):
        table = ChouetteSettings(
            stake_per_point=Decimal(data.draw(st.sampled_from("125"))), max_players=7
        )
        session = new_session(table, tuple("ABCDEFG")[: data.draw(st.integers(3, 7))])
        state = replay(session)
        for _ in range(data.draw(st.integers(0, 6))):
            session, state = record_game(session, draw_game(data, table, state.next_lineup))
        states.append((number, state))
    lines = season_table(NightLedger.of(number, state) for number, state in states)
    assert sum(line.points for line in lines) == 0
    assert sum(line.points_won for line in lines) == sum(line.points_lost for line in lines)
    assert sum(line.money for line in lines) == 0
    for line in lines:
        assert line.points == line.points_won - line.points_lost
        assert line.sessions <= nights
        games_played = sum(
            1 for _, state in states for row in state.rows if line.player in dict(row.points)
        )
        assert line.games == games_played
