"""House rules of chouette.md §8 as table settings, and the table's changes during a night:
the box partner, late arrivals (§2.3, CH10), splitting a full table and merging it back,
undo and corrections of earlier games."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chouette.core import (
    Answer,
    BoardResult,
    ChouetteError,
    ChouetteSettings,
    Double,
    GameRecord,
    LineUp,
    ResultKind,
    Role,
    Side,
    correct_game,
    game_record,
    join,
    leave,
    merge,
    new_session,
    partner_part,
    record_game,
    replay,
    settle_game,
    split,
    undo_last_game,
)
from tests.games.test_chouette_properties import draw_game

PLAYERS = tuple("ABCDEFGHIJ")
TEAM_WINS, BOX_WINS = BoardResult(Side.TEAM), BoardResult(Side.BOX)
PARTNERS = ChouetteSettings(box_partner=True, max_players=8)


def seats(state) -> tuple:
    """(box, partner, captain, crew) of the next game."""
    lineup = state.next_lineup
    return (lineup.box, lineup.partner, lineup.captain, "".join(lineup.crew))


def played(session, *results: BoardResult):
    state = replay(session)
    for result in results:
        session, state = record_game(session, GameRecord(state.next_lineup, (), result))
    return session, state


# --- the box partner ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("table", "size", "expected"),
    [
        (PARTNERS, 5, ("A", None, "B", "CDE")),
        (PARTNERS, 6, ("A", "C", "B", "DEF")),  # the player after the captain
        (PARTNERS, 8, ("A", "C", "B", "DEFGH")),
        (ChouetteSettings(max_players=8), 8, ("A", None, "B", "CDEFGH")),
    ],
)
def test_a_partner_joins_the_box_from_six_players(table, size, expected) -> None:
    state = replay(new_session(table, PLAYERS[:size]))
    assert seats(state) == expected
    assert state.next_lineup.role_of(expected[1] or "A") is (
        Role.PARTNER if expected[1] else Role.BOX
    )


@pytest.mark.parametrize(
    ("box_side", "share", "partner"),
    [
        (4, 50, 2),
        (5, 50, 2),  # the odd point stays with the box
        (-5, 50, -2),  # won or lost
        (7, 30, 2),
        (-7, 30, -2),
        (0, 50, 0),
        (1, 99, 0),
        (100, 99, 99),
    ],
)
def test_the_partner_share_is_rounded_toward_zero(box_side, share, partner) -> None:
    assert partner_part(box_side, share) == partner


def test_the_partner_shares_the_box_result_and_has_no_cube() -> None:
    table = ChouetteSettings(box_partner=True, partner_share=40)
    lineup = LineUp("A", ("B", "D", "E", "F"), partner="C")
    double = Double(Side.BOX, (("B", Answer.TAKE), ("D", Answer.DROP)))
    outcome = settle_game(table, GameRecord(lineup, (double,), BoardResult(Side.BOX)))
    # B pays 2, D 1, E 1, F 1: the box side wins 5; the partner's 40 % is 2.
    assert dict(outcome.points) == {"A": 3, "C": 2, "B": -2, "D": -1, "E": -1, "F": -1}
    with pytest.raises(ChouetteError) as error:
        settle_game(table, GameRecord(lineup, (Double(Side.BOX, (("C", Answer.TAKE),)),)))
    assert error.value.code == "player_not_in_game"


def test_the_partnership_holds_while_the_box_wins_and_the_partner_captains_when_it_loses():
    session = new_session(PARTNERS, PLAYERS[:7])
    assert seats(replay(session)) == ("A", "C", "B", "DEFG")
    session, state = played(session, BOX_WINS)
    assert seats(state) == ("A", "C", "D", "EFGB")  # B to the end, the partner stays
    session, state = played(session, TEAM_WINS)
    # D beat the box: D is box, the old partner C captain, E (next in line) the new
    # partner; A to the end.
    assert seats(state) == ("D", "E", "C", "FGBA")
    assert state.line == ("D", "C", "F", "G", "B", "A")


def test_the_partnership_outlasts_departures_until_one_team_player_is_left() -> None:
    session = new_session(PARTNERS, PLAYERS[:6])  # A box, C partner, B captain, D E F
    session, _ = leave(session, "D")
    session, state = leave(session, "E")
    assert seats(state) == ("A", "C", "B", "F")  # four players: the partnership holds
    session, state = leave(session, "F")
    # B alone against the box and its partner: C rejoins the team, as its captain.
    assert seats(state) == ("A", None, "C", "B")


def test_a_partner_who_leaves_is_replaced_by_the_next_in_line_when_six_remain() -> None:
    session = new_session(PARTNERS, PLAYERS[:7])
    session, state = leave(session, "C")
    assert seats(state) == ("A", "D", "B", "EFG")
    session, state = leave(session, "D")
    assert seats(state) == ("A", None, "B", "EFG")  # five left: no partner


def test_a_box_who_leaves_hands_the_box_to_the_partner() -> None:
    session = new_session(PARTNERS, PLAYERS[:6])
    session, state = leave(session, "A")
    assert seats(state) == ("C", None, "B", "DEF")


def test_partner_rules_check_the_settings() -> None:
    for bad in ({"partner_share": 0}, {"box_partner": True, "max_players": 5}):
        with pytest.raises(ChouetteError):
            ChouetteSettings(**bad)


# --- late arrivals (§2.3, CH10) ----------------------------------------------------


def test_a_player_who_arrives_during_a_game_joins_after_its_rotation() -> None:
    session = new_session(ChouetteSettings(), "ABCD")
    session, state = join(session, "E", during_game=True)
    assert state.next_lineup.line == tuple("ABCD")  # the game in progress is A B C D
    assert state.waiting == ("E",)
    session, state = played(session, BOX_WINS)
    assert state.line == tuple("ACDBE")  # behind B, whom the game sent to the end
    assert state.waiting == ()


def test_a_waiting_player_may_leave_before_sitting_down() -> None:
    session = new_session(ChouetteSettings(), "ABC")
    session, _ = join(session, "D", during_game=True)
    session, state = leave(session, "D")
    assert state.waiting == () and "D" not in state.line
    session, state = played(session, TEAM_WINS)
    assert state.line == tuple("BCA")


def test_a_player_arriving_between_games_sits_down_at_once() -> None:
    _, state = join(new_session(ChouetteSettings(), "ABC"), "D")
    assert state.next_lineup.line == tuple("ABCD")


def test_undoing_the_game_puts_a_late_arrival_back_to_waiting() -> None:
    session = new_session(ChouetteSettings(), "ABC")
    session, _ = join(session, "D", during_game=True)
    session, _ = played(session, TEAM_WINS)
    _, state = undo_last_game(session)
    assert state.waiting == ("D",) and state.line == tuple("ABC")


# --- a full table: refused, or split in two, and merged back ----------------------


@pytest.mark.parametrize(
    ("limit", "present", "movers"),
    [
        (5, "ABCDE", "DE"),  # six: 3 stay, 2 leave with the newcomer
        (6, "ABCDEF", "EF"),  # seven: 4 stay, 3 at the new table
        (7, "ABCDEFG", "EFG"),  # eight: 4 and 4, the last three with the newcomer
        (8, "ABCDEFGH", "FGH"),  # nine: 5 and 4
    ],
)
def test_a_full_table_splits_in_two(limit, present, movers) -> None:
    table = ChouetteSettings(max_players=limit, split_when_full=True)
    session = new_session(table, tuple(present))
    _, state, new_line = split(session, "Z")
    assert new_line == (*movers, "Z")
    assert state.line == tuple(p for p in present if p not in movers)
    assert len(state.present) + len(new_line) == len(present) + 1
    assert min(len(state.present), len(new_line)) >= 3


def test_a_full_table_without_splits_refuses_a_newcomer() -> None:
    session = new_session(ChouetteSettings(max_players=4), "ABCD")
    with pytest.raises(ChouetteError) as error:
        join(session, "E")
    assert error.value.code == "table_full"
    with pytest.raises(ChouetteError) as error:
        split(session, "E")
    assert error.value.code == "table_full"


def test_waiting_players_are_the_first_to_move_to_the_new_table() -> None:
    table = ChouetteSettings(max_players=6, split_when_full=True)
    session = new_session(table, "ABCDE")
    session, _ = join(session, "F", during_game=True)
    session, state, new_line = split(session, "Z")
    assert new_line == ("E", "F", "Z")
    assert state.line == tuple("ABCD") and state.waiting == ()


def test_a_split_keeps_the_box_partner_at_the_first_table() -> None:
    table = ChouetteSettings(max_players=6, split_when_full=True, box_partner=True)
    session = new_session(table, "ABCDEF")  # A box, C partner, B captain, D E F
    _, state, new_line = split(session, "Z")
    assert new_line == ("E", "F", "Z")
    assert seats(state) == ("A", "C", "B", "D")


def test_merging_seats_the_other_table_behind_everybody() -> None:
    table = ChouetteSettings(max_players=6)
    session = new_session(table, "ABC")
    session, state = merge(session, ("X", "Y"))
    assert state.line == tuple("ABCXY")
    with pytest.raises(ChouetteError) as error:
        merge(session, ("P", "Q"))
    assert error.value.code == "merge_too_many"
    with pytest.raises(ChouetteError) as error:
        merge(session, ("A",))
    assert error.value.code == "player_already_in_line"
    with pytest.raises(ChouetteError) as error:
        merge(new_session(table, "ABC"), ("X", "X"))
    assert error.value.code == "duplicate_player"


# --- undo and corrections ----------------------------------------------------------


def test_undo_names_the_game_it_means() -> None:
    session, _ = played(new_session(ChouetteSettings(), "ABC"), TEAM_WINS, TEAM_WINS)
    with pytest.raises(ChouetteError) as error:
        undo_last_game(session, number=1)
    assert error.value.params == {"number": 1, "last": 2}
    _, state = undo_last_game(session, number=2)
    assert len(state.rows) == 1


def test_a_game_number_that_is_not_the_next_is_refused() -> None:
    session, state = played(new_session(ChouetteSettings(), "ABC"), TEAM_WINS)
    record = GameRecord(state.next_lineup, (), TEAM_WINS)
    with pytest.raises(ChouetteError) as error:
        record_game(session, record, number=1)
    assert error.value.params == {"number": 1, "expected": 2}
    assert len(record_game(session, record, number=2)[1].rows) == 2


def test_correcting_an_earlier_game_settles_every_later_game_again() -> None:
    session = new_session(ChouetteSettings(), "ABCD")
    session, before = played(session, BOX_WINS, TEAM_WINS, BOX_WINS)
    first = game_record(session, 1)
    gammon = GameRecord(first.lineup, first.doubles, BoardResult(Side.BOX, ResultKind.GAMMON))
    # Jacoby on and no cube turned: a gammon still counts single. Turn B's cube instead.
    turned = GameRecord(first.lineup, (Double(Side.TEAM, (("B", Answer.TAKE),)),), gammon.result)
    corrected, after = correct_game(session, 1, turned)
    assert dict(after.rows[0].points) == {"A": 6, "B": -4, "C": -1, "D": -1}
    assert [row.points for row in after.rows[1:]] == [row.points for row in before.rows[1:]]
    assert after.total_of("A") == before.total_of("A") + 3
    assert [dict(row.totals)["B"] for row in after.rows] == [-4, -3, -4]
    assert after.line == before.line
    assert len(corrected.events) == len(session.events)


def test_a_correction_that_changes_the_rotation_names_the_game_that_no_longer_follows():
    session = new_session(ChouetteSettings(), "ABCD")
    session, before = played(session, BOX_WINS, TEAM_WINS, BOX_WINS)
    first = game_record(session, 2)
    with pytest.raises(ChouetteError) as error:
        correct_game(session, 2, GameRecord(first.lineup, (), BOX_WINS))
    assert error.value.code == "correction_breaks_later_game"
    assert error.value.params == {"number": 2, "later": 3}
    assert replay(session) == before  # nothing changed


def test_the_last_game_may_be_corrected_whatever_the_rotation() -> None:
    session = new_session(ChouetteSettings(), "ABC")
    session, _ = played(session, BOX_WINS)
    record = game_record(session, 1)
    _, state = correct_game(session, 1, GameRecord(record.lineup, (), TEAM_WINS))
    assert state.line == tuple("BCA")


def test_declared_points_are_a_cross_check() -> None:
    lineup = LineUp("A", ("B", "C"))
    ok = GameRecord(lineup, (), TEAM_WINS, declared_points=(("A", -2), ("B", 1), ("C", 1)))
    assert dict(settle_game(ChouetteSettings(), ok).points) == {"A": -2, "B": 1, "C": 1}


# --- invariants --------------------------------------------------------------------


@settings(max_examples=120, deadline=None)
@given(st.data(), st.integers(3, 8), st.integers(1, 99))
def test_random_nights_with_partners_and_splits_stay_zero_sum(data, size, share) -> None:
    table = ChouetteSettings(
        max_players=8, box_partner=True, partner_share=share, split_when_full=True
    )
    tables = [new_session(table, PLAYERS[:size])]
    newcomers = iter(PLAYERS[size:] + tuple("KLMNOPQRSTUVWXYZ"))
    for _ in range(data.draw(st.integers(1, 12))):
        index = data.draw(st.integers(0, len(tables) - 1))
        session = tables[index]
        state = replay(session)
        action = data.draw(st.sampled_from(["game", "game", "game", "join", "late", "leave"]))
        if action in ("join", "late"):
            newcomer = next(newcomers)
            crowd = len(state.present) + len(state.waiting)
            if crowd >= table.max_players:
                if action == "late":
                    continue
                session, state, new_line = split(session, newcomer)
                tables.append(new_session(table, new_line))
            else:
                session, state = join(session, newcomer, during_game=action == "late")
        elif action == "leave" and len(state.present) > 3:
            session, state = leave(session, data.draw(st.sampled_from(state.present)))
        elif state.next_lineup is not None:
            lineup = state.next_lineup
            record = draw_game(data, table, lineup)
            session, state = record_game(session, record)
            outcome = state.rows[-1].outcome
            assert sum(points for _, points in outcome.points) == 0
            assert lineup.partner not in lineup.team
            if lineup.partner is not None:
                box_side = outcome.points_of(lineup.box) + outcome.points_of(lineup.partner)
                assert outcome.points_of(lineup.partner) == partner_part(box_side, share)
        tables[index] = session
        assert sum(points for _, points in state.totals) == 0
        assert len(set(state.present + state.waiting)) == len(state.present + state.waiting)
        assert len(state.present) + len(state.waiting) <= table.max_players
        if state.partner is None:
            assert len(state.present) < 6  # six or more present: the box has a partner
        else:
            assert len(state.line) >= 3  # the team keeps two players
    seated = [p for s in tables for p in replay(s).present + replay(s).waiting]
    assert len(seated) == len(set(seated))  # nobody sits at two tables
