"""All-time records per player, aggregated over sessions."""

from __future__ import annotations

from decimal import Decimal

from chouette.core import (
    Answer,
    BoardResult,
    ChouetteSettings,
    Double,
    GameRecord,
    ResultKind,
    Side,
    new_session,
    player_records,
    record_game,
    replay,
)


def play(settings, line, games):
    session = new_session(settings, line)
    state = replay(session)
    for doubles, result in games:
        session, state = record_game(session, GameRecord(state.next_lineup, doubles, result))
    return state


def test_records_add_up_over_two_sessions() -> None:
    # Session 1, stake 1: A box, B captain, C crew.
    first = play(
        ChouetteSettings(),
        ("A", "B", "C"),
        [
            ((), BoardResult(Side.BOX)),  # A +2, B -1, C -1; B to the end: A, C, B
            (
                (Double(Side.BOX, (("C", Answer.DROP), ("B", Answer.TAKE))),),
                BoardResult(Side.TEAM, ResultKind.GAMMON),
            ),  # captain C drops: -1; B +4; A -3
        ],
    )
    # Session 2, stake 5: B box, A captain, D crew.
    second = play(
        ChouetteSettings(stake_per_point=Decimal(5)),
        ("B", "A", "D"),
        [((), BoardResult(Side.TEAM))],  # B -2, A +1, D +1
    )
    records = player_records([first, second])
    assert list(records) == ["A", "B", "C", "D"]

    a, b, c, d = (records[p] for p in "ABCD")
    assert (a.sessions, a.games, a.games_as_box, a.games_as_captain) == (2, 3, 2, 1)
    assert (a.points, a.points_as_box, a.money) == (2 - 3 + 1, -1, Decimal(-1 + 5))
    assert (a.games_won, a.games_lost, a.bets_won, a.bets_lost) == (2, 1, 1, 0)

    # B played game 2 as acting captain only; games_as_captain counts the starting seat.
    assert (b.sessions, b.games, b.games_as_box, b.games_as_captain) == (2, 3, 1, 1)
    assert (b.points, b.points_as_box, b.money) == (-1 + 4 - 2, -2, Decimal(3 - 10))
    assert (b.bets_won, b.bets_lost, b.drops) == (1, 1, 0)

    assert (c.sessions, c.games, c.games_as_captain, c.points, c.drops) == (1, 2, 1, -2, 1)
    assert (c.bets_won, c.bets_lost) == (0, 2)
    assert (d.sessions, d.games, d.points, d.money) == (1, 1, 1, Decimal(5))

    assert sum(r.points for r in records.values()) == 0
    assert sum(r.money for r in records.values()) == 0


def test_no_sessions_no_records() -> None:
    assert player_records([]) == {}
