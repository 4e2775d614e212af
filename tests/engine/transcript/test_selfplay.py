"""Seeded random matches (engine/transcript/selfplay.py) through the writer, the reader
and the replay: backgammon with the cube and resignations, money sessions, beavers."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.match import MatchRules
from engine.replay import replay
from engine.transcript import dumps, loads, read_mat, write_mat
from engine.transcript.model import BEAVER, DOUBLE, TAKE, WIN, Action
from engine.transcript.selfplay import SelfPlay, random_match


@settings(max_examples=10, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    length=st.sampled_from([1, 3, 5]),
    double_rate=st.sampled_from([0.0, 0.05, 0.2]),
    resign_rate=st.sampled_from([0.0, 0.01]),
)
def test_random_backgammon_matches_replay_cleanly(
    seed: int, length: int, double_rate: float, resign_rate: float
) -> None:
    rules = MatchRules(length=length)
    record = random_match(rules, seed, ("Ann", "Ben"), SelfPlay(double_rate, 0.3, resign_rate))
    again = read_mat(write_mat(record))
    assert again == record and loads(dumps(record)) == record
    verdict = replay(again)
    assert verdict.errors == ()
    wins = [a for game in record.games for a in game.actions if a.kind == WIN]
    totals = [sum(a.value for a in wins if a.player == side) for side in (0, 1)]
    assert list(verdict.score) == totals
    assert verdict.winner == ("Ann" if totals[0] >= length else "Ben")
    assert sum(game.crawford for game in verdict.games) <= 1


def money_session(jacoby: bool, seed: int = 7):
    rules = MatchRules(length=0, jacoby=jacoby, beavers=True)
    return random_match(rules, seed, behaviour=SelfPlay(0.05, 0.3, 0.0), max_games=6)


def test_money_session_with_the_jacoby_rule() -> None:
    record = money_session(jacoby=True)
    text = write_mat(record)
    assert " 0 point match" in text and '; [Jacoby "On"]' in text
    verdict = replay(read_mat(text))
    assert verdict.errors == () and verdict.winner is None
    assert len(verdict.games) == 6
    for game in verdict.games:
        if game.result in ("gammon", "backgammon") and game.cube == 1:
            assert game.points == 1  # no cube turned: the Jacoby rule scores a single


def test_a_beaver_in_money_play() -> None:
    record = money_session(jacoby=False, seed=3)
    for index, game in enumerate(record.games):
        kinds = [a.kind for a in game.actions]
        if kinds.count(DOUBLE) == 1 and TAKE in kinds and kinds[-1] == WIN:
            break
    else:
        raise AssertionError("no game with exactly one taken double")
    actions = list(game.actions)
    take = kinds.index(TAKE)
    doubled = actions[take - 1].value
    actions[take] = Action(BEAVER, actions[take].player, actions[take].turn, value=2 * doubled)
    actions[-1] = replace(actions[-1], value=2 * actions[-1].value)
    games = [replace(other, score=None) for other in record.games]  # later scores change
    games[index] = replace(game, actions=tuple(actions), score=None)
    beavered = replace(record, games=tuple(games))
    assert replay(beavered).errors == ()
    no_beavers = replace(beavered, rules=replace(beavered.rules, beavers=False))
    codes = [error.code for error in replay(no_beavers).errors]
    assert codes[0] == "beaver_not_allowed"
