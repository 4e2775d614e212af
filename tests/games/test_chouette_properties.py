"""Invariants over random sessions (CH8 and §5): zero-sum ledger, one role each,
rotation by the rules, a consistent line through arrivals and departures."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from chouette.core import (
    Answer,
    BetEnd,
    BoardResult,
    ChouetteError,
    ChouetteSettings,
    CubeMode,
    Double,
    GameOutcome,
    GameRecord,
    LineUp,
    ResultKind,
    Role,
    RotationReason,
    RotationRule,
    Side,
    Variant,
    apply_double,
    event_from_data,
    event_to_data,
    join,
    leave,
    new_session,
    record_game,
    replay,
    results_of,
    settle_game,
    start_game,
    undo_last_game,
)

POOL = tuple(f"P{i}" for i in range(9))


@st.composite
def table_settings(draw) -> ChouetteSettings:
    mode = draw(st.sampled_from(CubeMode))
    beavers = mode is CubeMode.MULTIPLE and draw(st.booleans())
    variant = draw(st.sampled_from(Variant))
    return ChouetteSettings(
        variant=variant,
        koks=variant is Variant.NARDY and draw(st.booleans()),
        cube_mode=mode,
        jacoby=draw(st.booleans()),
        beavers=beavers,
        raccoons=beavers and draw(st.booleans()),
        rotation=draw(st.sampled_from(RotationRule)),
        max_automatic_doubles=draw(st.integers(0, 2)),
    )


def draw_double(data, table: ChouetteSettings, state) -> Double | None:
    by = data.draw(st.sampled_from(Side))
    live = state.live_members
    turnable = [m for m in live if state.bet(m).owner is not by.other]
    if not turnable:
        return None
    answers = [Answer.TAKE, Answer.DROP]
    if table.beavers:
        answers += [Answer.BEAVER, Answer.BEAVER_PASSED]
    if table.raccoons:
        answers += [Answer.RACCOON, Answer.RACCOON_PASSED]
    answer = st.sampled_from(answers)
    if table.cube_mode is CubeMode.SINGLE:
        if by is Side.TEAM:
            return Double(by, ((state.acting_captain, data.draw(answer)),))
        return Double(by, tuple((member, data.draw(answer)) for member in live))
    members = data.draw(st.lists(st.sampled_from(turnable), min_size=1, unique=True))
    return Double(by, tuple((member, data.draw(answer)) for member in members))


def draw_game(data, table: ChouetteSettings, lineup: LineUp) -> GameRecord:
    automatic = data.draw(st.integers(0, table.max_automatic_doubles))
    state = start_game(table, lineup, automatic)
    doubles: list[Double] = []
    for _ in range(data.draw(st.integers(0, 4))):
        if state.over:
            break
        double = draw_double(data, table, state)
        if double is not None:
            state = apply_double(table, state, double)
            doubles.append(double)
    result = None
    if not state.over:
        result = BoardResult(
            data.draw(st.sampled_from(Side)),
            data.draw(st.sampled_from(results_of(table.variant, table.koks))),
        )
    return GameRecord(lineup, tuple(doubles), result, automatic)


def check_roles(line: tuple, lineup: LineUp) -> None:
    assert lineup.line == line
    roles = [lineup.role_of(player) for player in line]
    assert roles.count(Role.BOX) == 1
    assert roles.count(Role.CAPTAIN) == 1
    assert roles.count(Role.CREW) == len(line) - 2


def check_bets(table: ChouetteSettings, outcome: GameOutcome) -> None:
    if outcome.result is not None:
        assert outcome.result.kind in results_of(table.variant, table.koks)
    for bet in outcome.bets:
        assert bet.cube_value & (bet.cube_value - 1) == 0
        assert (bet.points > 0) == (bet.winner is Side.TEAM)
        if bet.end is BetEnd.PLAYED:
            assert abs(bet.points) == bet.multiplier * bet.cube_value
            if table.jacoby and not bet.turned:
                assert bet.multiplier == 1
            assert bet.winner is outcome.result.winner
        else:
            assert abs(bet.points) in (bet.cube_value, 2 * bet.cube_value, 4 * bet.cube_value)


def check_rotation(table: ChouetteSettings, outcome: GameOutcome) -> None:
    lineup, line = outcome.lineup, outcome.next_line
    assert sorted(line) == sorted(lineup.line)
    drops = outcome.captain_drops
    if drops and table.rotation is RotationRule.CAPTAIN_BET:
        # Drops move players only while the rotation is open, so the first is the captain.
        assert drops[0] == lineup.captain
    reason, decider = outcome.rotation_reason, outcome.deciding_captain
    played = [bet.member for bet in outcome.bets if bet.end is BetEnd.PLAYED]
    if outcome.result is None:
        assert not played
    if reason is RotationReason.ALL_BETS_DROPPED:
        assert outcome.result is None
        new_box, tail = lineup.box, drops
    elif reason is RotationReason.BOX_BEAT_CAPTAIN:
        assert decider == played[0]  # the highest-ranked live member played for the seat
        new_box, tail = lineup.box, drops + (decider,)
    else:
        if reason is RotationReason.CAPTAIN_BEAT_BOX:
            assert decider == played[0]
        else:
            assert decider not in played
            if table.rotation is RotationRule.FINAL_CAPTAIN:
                assert outcome.result is None  # a later result by play would decide
        new_box, tail = decider, drops + (lineup.box,)
    unmoved = [p for p in lineup.team if p not in tail and p != new_box]
    assert line == (new_box, *unmoved, *tail)


@settings(max_examples=300, deadline=None)
@given(st.data(), table_settings(), st.integers(3, 6))
def test_random_sessions_keep_every_invariant(data, table, opening_size) -> None:
    session = new_session(table, POOL[:opening_size])
    state = replay(session)
    for _ in range(data.draw(st.integers(1, 10))):
        line = state.line
        absent = [p for p in POOL if p not in line]
        action = data.draw(st.sampled_from(["game", "game", "game", "join", "leave"]))
        if action == "join" and absent and len(line) < table.max_players:
            newcomer = data.draw(st.sampled_from(absent))
            session, state = join(session, newcomer)
            assert state.line == (*line, newcomer)
        elif action == "leave" and len(line) > 3:
            leaver = data.draw(st.sampled_from(line))
            session, state = leave(session, leaver)
            assert state.line == tuple(p for p in line if p != leaver)
        elif state.next_lineup is not None:
            before = state
            record = draw_game(data, table, state.next_lineup)
            check_roles(line, record.lineup)
            assert event_from_data(json.loads(json.dumps(event_to_data(record)))) == record
            session, state = record_game(session, record)
            outcome = state.rows[-1].outcome
            assert sum(points for _, points in outcome.points) == 0
            assert sum(money for _, money in outcome.money(table.stake_per_point)) == 0
            check_bets(table, outcome)
            check_rotation(table, outcome)
            assert state.line == outcome.next_line
            assert undo_last_game(session)[1] == before
        assert sum(points for _, points in state.totals) == 0
        assert len(set(state.line)) == len(state.line)
    assert replay(session) == state
    for row in state.rows:
        assert sum(points for _, points in row.totals) == 0


@settings(max_examples=150, deadline=None)
@given(st.data(), st.integers(3, 6))
def test_house_rules_only_reject_with_their_own_codes(data, size) -> None:
    table = ChouetteSettings(initial_cubes_rule=True, box_must_take_captain=True)
    plain = ChouetteSettings()
    lineup = LineUp.from_line(POOL[:size])
    record = draw_game(data, plain, lineup)
    try:
        outcome = settle_game(table, record)
    except ChouetteError as error:
        assert error.code in {"initial_cubes_rule", "box_must_take_captain"}
    else:
        assert sum(points for _, points in outcome.points) == 0


@settings(max_examples=150, deadline=None)
@given(st.data(), table_settings(), st.integers(3, 6))
def test_results_outside_the_variant_are_refused_whatever_the_cubes(data, table, size) -> None:
    lineup = LineUp.from_line(POOL[:size])
    record = draw_game(data, table, lineup)
    if record.result is None:
        return
    allowed = results_of(table.variant, table.koks)
    kind = data.draw(st.sampled_from(ResultKind))
    changed = GameRecord(
        lineup, record.doubles, BoardResult(record.result.winner, kind), record.automatic_doubles
    )
    try:
        outcome = settle_game(table, changed)
    except ChouetteError as error:
        assert kind not in allowed
        expected = "koks_not_allowed" if kind.variant is table.variant else "result_not_in_variant"
        assert error.code == expected
    else:
        assert kind in allowed
        assert sum(points for _, points in outcome.points) == 0
