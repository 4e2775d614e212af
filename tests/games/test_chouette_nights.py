"""Whole nights through the pure core: §9's worked example and the six-player night with
a box partner, a split table, a late arrival and the merge back (chouette_nights.py)."""

from __future__ import annotations

import pytest

from chouette.core import (
    Answer,
    BoardResult,
    ChouetteSession,
    Double,
    GameRecord,
    LineUp,
    NightLedger,
    ResultKind,
    Side,
    fewest_transfers,
    join,
    leave,
    merge,
    new_session,
    record_game,
    replay,
    season_table,
    split,
)
from tests.games.chouette_nights import (
    SIX_PLAYER_NIGHT,
    WORKED_EXAMPLE,
    Game,
    Join,
    Leave,
    MergeTables,
    Night,
    Seats,
)

NIGHTS = {"worked_example": WORKED_EXAMPLE, "six_player_night": SIX_PLAYER_NIGHT}


def seats_of(lineup: LineUp | None) -> Seats | None:
    if lineup is None:
        return None
    return Seats(lineup.box, lineup.captain, lineup.crew, lineup.partner)


def record_of(lineup: LineUp, step: Game) -> GameRecord:
    doubles = tuple(
        Double(Side(cube.by), tuple((p, Answer(a)) for p, a in cube.answers.items()))
        for cube in step.cubes
    )
    result = None
    if step.winner is not None:
        result = BoardResult(Side(step.winner), ResultKind(step.kind))
    return GameRecord(lineup, doubles, result)


def play(night: Night) -> list[ChouetteSession]:
    """Replay the script, checking every step; every table of the night as it ended
    (a table merged into another one included)."""
    settings = night.core_settings()
    tables = {"T1": new_session(settings, night.opening_line)}
    merged_away: list[ChouetteSession] = []
    assert seats_of(replay(tables["T1"]).next_lineup) == night.first_seats
    for step in night.steps:
        if isinstance(step, Game):
            session = tables[step.table]
            state = replay(session)
            session, state = record_game(session, record_of(state.next_lineup, step))
            assert dict(state.rows[-1].points) == step.points
            assert sum(step.points.values()) == 0
            assert seats_of(state.next_lineup) == step.next_seats
        elif isinstance(step, Join) and step.split_into:
            session, state, new_line = split(tables[step.table], step.player)
            tables[step.split_into] = new_session(settings, new_line)
            assert seats_of(replay(tables[step.split_into]).next_lineup) == step.new_table_seats
        elif isinstance(step, Join):
            session, state = join(tables[step.table], step.player, step.during_game)
        elif isinstance(step, Leave):
            session, state = leave(tables[step.table], step.player)
        else:
            assert isinstance(step, MergeTables)
            other = tables.pop(step.other)
            merged_away.append(other)
            seated = replay(other)
            session, state = merge(tables[step.into], (*seated.present, *seated.waiting))
        table = step.into if isinstance(step, MergeTables) else step.table
        tables[table] = session
        if getattr(step, "seats_after", None) is not None:
            assert seats_of(state.next_lineup) == step.seats_after
    return [*tables.values(), *merged_away]


def night_totals(night: Night) -> dict[str, int]:
    totals = {player: 0 for player in night.players}
    for session in play(night):
        assert session.settings.stake_per_point == 1
        for player, points in replay(session).totals:
            totals[player] += points
    return totals


@pytest.mark.parametrize("name", sorted(NIGHTS))
def test_the_night_replays_step_by_step(name: str) -> None:
    play(NIGHTS[name])


@pytest.mark.parametrize("name", sorted(NIGHTS))
def test_the_night_totals(name: str) -> None:
    night = NIGHTS[name]
    totals = night_totals(night)
    assert totals == night.totals
    assert sum(totals.values()) == 0


@pytest.mark.parametrize("name", sorted(NIGHTS))
def test_the_night_settles_with_the_fewest_transfers(name: str) -> None:
    night = NIGHTS[name]
    totals = night_totals(night)
    transfers = fewest_transfers(totals)
    balance = dict(totals)
    for transfer in transfers:
        balance[transfer.payer] += transfer.amount
        balance[transfer.payee] -= transfer.amount
    assert set(balance.values()) == {0}
    losers_and_winners = [p for p, points in totals.items() if points]
    assert len(transfers) <= len(losers_and_winners) - 1


def test_the_worked_example_pays_off_in_four_transfers() -> None:
    # Totals 5, 1, -4, 1, -3: no group of players cancels out on its own except all of them.
    assert len(fewest_transfers(WORKED_EXAMPLE.totals)) == 4


def test_the_six_player_night_pays_off_in_four_transfers() -> None:
    # Dee 6, Fay 4 against Ann -1, Ben -2, Cal -5, Gus -2: {Fay, Ben, Gus} cancel out,
    # so two groups: 6 players with a balance, 6 - 2 = 4 transfers.
    transfers = fewest_transfers(SIX_PLAYER_NIGHT.totals)
    assert len(transfers) == 4
    assert {(t.payer, t.payee, t.amount) for t in transfers if t.payee == "Fay"} == {
        ("Ben", "Fay", 2),
        ("Gus", "Fay", 2),
    }


def test_the_season_of_the_two_nights_adds_up_to_zero() -> None:
    nights = []
    for name, night in sorted(NIGHTS.items()):
        for index, session in enumerate(play(night)):
            nights.append(NightLedger.of((name, index), replay(session)))
    table = season_table(nights)
    assert sum(line.points for line in table) == 0
    assert sum(line.points_won for line in table) == sum(line.points_lost for line in table)
    ann = next(line for line in table if line.player == "Ann")
    assert ann.points == WORKED_EXAMPLE.totals["Ann"] + SIX_PLAYER_NIGHT.totals["Ann"]
    assert ann.sessions == 3  # the worked example, T1 and T2 of the six-player night
