"""Long nardy transcripts from self-play with every rule option, written as `.mat` and
read back, and corrupted copies: each corruption is caught at its game and turn with
its reason (rules-long-nardy.md; match-play.md §6.7)."""

from __future__ import annotations

import re
from dataclasses import replace
from itertools import permutations

import numpy as np
import pytest

from engine.match import MatchRules
from engine.nardy.rules import NardyRules
from engine.replay import replay
from engine.transcript import read_mat, write_mat
from engine.transcript.layout import numbered
from engine.transcript.model import DOUBLE, MOVE, TAKE, WIN, Action, MatchRecord
from engine.transcript.selfplay import SelfPlay, random_match
from engine.variants import get_variant

OPTIONS = {
    "defaults": ({}, NardyRules(), SelfPlay()),
    "koks": ({"koks": True}, NardyRules(koks=True), SelfPlay(resign_rate=0.002)),
    "last roll, draw 1": (
        {"last_roll": True, "draw_points": 1},
        NardyRules(last_roll=True),
        SelfPlay(),
    ),
    "koks, last roll, draw 0.5": (
        {"koks": True, "last_roll": True, "draw_points": 0.5},
        NardyRules(koks=True, last_roll=True),
        SelfPlay(),
    ),
    "cube, koks": (
        {"cube": True, "koks": True},
        NardyRules(koks=True),
        SelfPlay(double_rate=0.04, resign_rate=0.003),
    ),
    "cube, no Crawford, cube limit 4": (
        {"cube": True, "crawford": False, "cube_limit": 4},
        NardyRules(),
        SelfPlay(double_rate=0.05),
    ),
    "cube, Holland": ({"cube": True, "holland": True}, NardyRules(), SelfPlay(double_rate=0.03)),
    "block rule home, cube, last roll": (
        {"cube": True, "last_roll": True, "draw_points": 1},
        NardyRules(block_rule="home", last_roll=True),
        SelfPlay(double_rate=0.03),
    ),
}


def match(options: str, seed: int, length: int = 3) -> MatchRecord:
    rule_options, variant_rules, behaviour = OPTIONS[options]
    rules = MatchRules.for_variant("nardy", length, **rule_options)
    return random_match(rules, seed, ("Aida Ali", "Boris 2"), behaviour, variant_rules)


@pytest.mark.parametrize("options", OPTIONS, ids=list(OPTIONS))
def test_self_play_with_every_option_writes_reads_and_replays(options: str) -> None:
    for seed in (11, 12):
        record = match(options, seed)
        text = write_mat(record)
        assert '; [Variation "LongNardy"]' in text and "*" not in text and "25/" not in text
        again = read_mat(text)
        assert again == record
        verdict = replay(again)
        assert verdict.errors == (), verdict.errors[:3]
        assert verdict.winner is not None
        assert replay(read_mat(text.replace("\n", "\r\n").replace("      ", "\t"))).to_json() == (
            verdict.to_json()
        )


# --- corruptions ------------------------------------------------------------------------


def boards_before_moves(record: MatchRecord):  # type: ignore[no-untyped-def]
    """(game index, action index, board before, rules) of every move, by replaying the
    record with the variant's own steps."""
    from engine.transcript.moves import parse_steps

    variant_rules = record.rules.koks, record.rules.last_roll
    block = record.option("BlockRule", "ahead").lower()
    rules = NardyRules(block_rule=block, koks=variant_rules[0], last_roll=variant_rules[1])
    variant = get_variant("nardy", rules)
    for g, game in enumerate(record.games):
        board, on_roll = variant.start_board(), None
        for a, action in enumerate(game.actions):
            if action.kind != MOVE:
                continue
            if on_roll is not None and on_roll != action.player:
                board = np.ascontiguousarray(board[::-1])
            on_roll = action.player
            yield g, a, board, variant
            for src, dst in parse_steps(action.play) or ():
                board = variant.apply_step(board, src, dst)


def bad_plays(variant, board, dice):  # type: ignore[no-untyped-def]
    """Plays using every die that break one whole-turn rule or step onto an opposing
    checker: {code: play text}."""
    found: dict[str, str] = {}
    dies = [dice[0]] * 4 if dice[0] == dice[1] else list(dice)
    orders = {tuple(order) for order in permutations(dies)}

    def walk(current, steps, left):  # type: ignore[no-untyped-def]
        if not left:
            problem = variant.turn_error(board, current, steps, dice)
            if problem is not None:
                found.setdefault(problem[0], " ".join(f"{s}/{d}" for s, d in steps))
            return
        die = left[0]
        for src in range(24, 0, -1):
            if current[1, src - 1] == 0 or src - die < 1:
                continue
            problem = variant.step_error(current, die, src, src - die)
            if problem is not None:
                if problem[0] == "point_occupied" and len(steps) == 0:
                    found.setdefault("point_occupied", f"{src}/{src - die}")
                continue
            walk(variant.apply_step(current, src, src - die), [*steps, (src, src - die)], left[1:])

    for order in orders:
        walk(board, [], list(order))
    return found


def with_play(record: MatchRecord, g: int, a: int, play: str) -> MatchRecord:
    game = record.games[g]
    actions = list(game.actions)
    actions[a] = replace(actions[a], play=play)
    games = list(record.games)
    games[g] = replace(game, actions=tuple(actions))
    return replace(record, games=tuple(games))


def first_error(record: MatchRecord):  # type: ignore[no-untyped-def]
    """The first error of the record once written as `.mat` and read back."""
    errors = replay(read_mat(write_mat(record))).errors
    assert errors
    return errors[0]


def corruptions(code: str, wanted: int = 3):  # type: ignore[no-untyped-def]
    """(record, game number, turn) of the first ``wanted`` plays that can be rewritten
    to break ``code``, across self-play matches with every option set."""
    made = []
    for index, options in enumerate(OPTIONS):
        record = match(options, 5 + index)
        for g, a, board, variant in boards_before_moves(record):
            action = record.games[g].actions[a]
            if a < 4 * index or a % 3:  # a spread of games and turns, and less work
                continue
            play = bad_plays(variant, board, action.dice).get(code)
            if play is not None:
                made.append((with_play(record, g, a, play), g + 1, action.turn, play))
                break
        if len(made) >= wanted:
            break
    assert made, code
    return made


@pytest.mark.parametrize("code", ["head_limit", "point_occupied", "six_block"])
def test_a_play_that_breaks_a_rule_is_caught_at_its_turn(code: str) -> None:
    for record, game, turn, play in corruptions(code, 2 if code == "six_block" else 3):
        error = first_error(record)
        assert (error.game, error.turn, error.code) == (game, turn, code), (play, error)
        assert error.text.endswith(play)
        assert {"head_limit": "head", "point_occupied": "opposing checker", "six_block": "six"}[
            code
        ] in error.reason


def test_a_hit_marker_is_an_error_in_long_nardy() -> None:
    record = match("cube, koks", 3)
    for g, game in enumerate(record.games):
        for a, action in enumerate(game.actions):
            if action.kind == MOVE and action.play and a > 4:
                first, *rest = action.play.split()
                corrupted = with_play(record, g, a, " ".join([first + "*", *rest]))
                error = first_error(corrupted)
                assert (error.game, error.turn, error.code) == (g + 1, action.turn, "hit_in_nardy")
                assert "no hitting" in error.reason
                return
    pytest.fail("no move to corrupt")


@pytest.mark.parametrize("options", ["defaults", "koks", "cube, koks"])
def test_a_wrong_wins_line_is_caught(options: str) -> None:
    """An oin written as a mars, a mars as an oin (or a koks, with the option)."""
    record = match(options, 21, length=5)
    verdict = replay(record)
    checked = 0
    for number, (game, result) in enumerate(zip(record.games, verdict.games, strict=True), 1):
        last = game.actions[-1]
        if last.kind != WIN or result.result not in ("oin", "mars", "koks"):
            continue
        wrong = {"oin": 2, "mars": 1, "koks": 2}[result.result] * result.cube
        corrupted = replace(game, actions=(*game.actions[:-1], replace(last, value=wrong)))
        games = list(record.games)
        games[number - 1] = corrupted
        error = first_error(replace(record, games=tuple(games)))
        assert (error.game, error.turn, error.code) == (
            number,
            last.turn,
            "points_do_not_fit_result",
        )
        assert f"A {result.result} with the cube at {result.cube} is worth" in error.reason
        checked += 1
    assert checked


def test_a_double_when_the_cube_is_off() -> None:
    record = match("defaults", 8)
    game = record.games[0]
    actions = list(game.actions)
    at = next(i for i, action in enumerate(actions) if i > 3 and action.kind == MOVE)
    doubler = actions[at].player
    actions[at:at] = [Action(DOUBLE, doubler, 0, value=2), Action(TAKE, 1 - doubler, 0)]
    renumbered = numbered(actions)
    corrupted = replace(record, games=(replace(game, actions=renumbered), *record.games[1:]))
    text = write_mat(corrupted)
    assert re.search(r"Doubles => 2\s+Takes|Doubles => 2\n\s+\d+\)\s+Takes", text)
    error = first_error(corrupted)
    assert (error.game, error.turn, error.code) == (1, renumbered[at].turn, "cube_not_in_use")
    assert error.reason == "The cube is not used in this match (game 1)."
