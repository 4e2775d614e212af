"""Replaying matches (engine/replay.py): the 30 GNU Backgammon matches judged exactly as
GNU Backgammon recorded them, and corrupted copies caught at the right game and turn."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from engine.replay import MatchVerdict, replay
from engine.transcript import read_mat, read_path
from engine.transcript.layout import numbered
from engine.transcript.model import DOUBLE, MOVE, TAKE, WIN, Action, GameRecord, MatchRecord
from tests.engine.transcript.shared import (
    MATCHES,
    expected,
    extra_expected,
    extra_files,
    match_files,
)

EXPECTED = expected()
EXTRA_EXPECTED = extra_expected()


@pytest.mark.parametrize("path", match_files(), ids=lambda path: path.name)
def test_gnubg_matches_are_judged_as_gnubg_recorded_them(path) -> None:
    verdict = replay(read_path(path)).to_json()
    answer = EXPECTED[path.name]
    assert verdict["errors"] == [] and verdict["valid"] is True
    assert verdict["variant"] == "backgammon"
    for key in ("match_length", "players", "score", "winner"):
        assert verdict[key] == answer[key], key
    assert len(verdict["games"]) == len(answer["games"])
    for got, want in zip(verdict["games"], answer["games"], strict=True):
        assert got == {key: want[key] for key in got}, f"game {want['number']}"


@pytest.mark.parametrize("path", extra_files(), ids=lambda path: path.name)
def test_more_gnubg_matches_1_to_25_points(path) -> None:
    """52 more matches made with the gnubg package (data/gnubg-extra/make_matches.py), a
    representative subset of 200 that were all checked: 1- to 25-point matches, matches
    without the cube, Crawford and post-Crawford games, drops of redoubles, resignations
    of gammons and backgammons, names with spaces, digits, other scripts, 31 characters
    (GNU Backgammon then glues the right name to the left score: ``many : 0Ørjan``)."""
    verdict = replay(read_path(path)).to_json()
    answer = json.loads(json.dumps(EXTRA_EXPECTED[path.name]).replace("GamesGrid, 1650",
                                                                      "GamesGrid"))
    # (a name's ", rating" is GamesGrid's rating: GNU Backgammon's import drops it, and so
    # does the checker, although gnubg's own record of the match had the name typed so)
    assert verdict["errors"] == []
    assert {
        key: verdict[key] for key in ("match_length", "players", "score", "winner", "games")
    } == {key: answer[key] for key in ("match_length", "players", "score", "winner", "games")}


def test_every_move_is_checked() -> None:
    record = read_path(MATCHES / "m27-17pt.mat")
    moves = sum(1 for game in record.games for action in game.actions if action.kind == MOVE)
    assert replay(record).moves_checked == moves


# --- corrupted copies -------------------------------------------------------------------


def load(name: str) -> MatchRecord:
    return read_path(MATCHES / name)


def with_game(record: MatchRecord, number: int, actions: list[Action]) -> MatchRecord:
    games = list(record.games)
    games[number - 1] = replace(games[number - 1], actions=numbered(actions))
    return replace(record, games=tuple(games))


def only_error(verdict: MatchVerdict):
    assert not verdict.valid
    return verdict.errors[0]


def first_index(actions: list[Action], kind: str, start: int = 0, player: int | None = None) -> int:
    return next(
        i
        for i, action in enumerate(actions)
        if i >= start and action.kind == kind and (player is None or action.player == player)
    )


def test_illegal_play_is_caught_at_its_game_and_turn() -> None:
    record = load("m07-5pt.mat")
    actions = list(record.games[1].actions)
    index = first_index(actions, MOVE)  # the opening move of game 2
    actions[index] = replace(actions[index], dice=(5, 1), play="12/7 12/11")
    error = only_error(replay(with_game(record, 2, actions)))
    assert (error.game, error.turn, error.code) == (2, 1, "no_such_checker")
    assert error.player == record.players[actions[index].player]
    assert error.text == "51: 12/7 12/11"


def test_dance_when_a_play_exists() -> None:
    record = load("m05-3pt.mat")
    actions = list(record.games[0].actions)
    index = first_index(actions, MOVE, start=4)
    actions[index] = replace(actions[index], play="")
    error = only_error(replay(with_game(record, 1, actions)))
    assert (error.game, error.turn) == (1, actions[index].turn)
    assert error.code in ("must_move", "must_use_dice", "must_use_both_dice", "not_a_legal_play")


def insert_double(actions: list[Action], index: int, doubler: int, value: int) -> list[Action]:
    return [
        *actions[:index],
        Action(DOUBLE, doubler, 0, value=value),
        Action(TAKE, 1 - doubler, 0),
        *actions[index:],
    ]


def test_double_in_the_crawford_game() -> None:
    record = load("m05-3pt.mat")  # game 2 is the Crawford game
    assert replay(record).games[1].crawford
    actions = list(record.games[1].actions)
    index = first_index(actions, MOVE, start=5)
    doubler = actions[index].player
    corrupted = numbered(insert_double(actions, index, doubler, 2))
    error = only_error(replay(with_game(record, 2, list(corrupted))))
    assert error.code == "cube_in_crawford"
    assert (error.game, error.turn) == (2, corrupted[index].turn)
    assert error.reason == "A double is not allowed in the Crawford game (game 2)."
    assert error.text == "Doubles => 2"


def test_double_by_the_side_without_the_cube() -> None:
    record = load("m04-3pt.mat")
    actions = list(record.games[0].actions)
    take = first_index(actions, TAKE)
    doubler = actions[take - 1].player  # doubled, was taken: the cube is now the taker's
    corrupted = numbered(insert_double(actions, take + 1, doubler, 4))
    error = only_error(replay(with_game(record, 1, list(corrupted))))
    assert error.code == "double_without_cube_ownership"
    assert (error.game, error.turn) == (1, corrupted[take + 1].turn)
    assert error.player == record.players[doubler]


def test_double_after_rolling() -> None:
    record = load("m07-5pt.mat")
    actions = list(record.games[0].actions)
    index = first_index(actions, MOVE, start=3)
    mover = actions[index].player
    corrupted = numbered(insert_double(actions, index + 1, mover, 2))
    error = only_error(replay(with_game(record, 1, list(corrupted))))
    assert error.code == "double_out_of_turn"
    assert (error.game, error.turn) == (1, corrupted[index + 1].turn)


def test_take_with_no_double() -> None:
    record = load("m07-5pt.mat")
    actions = list(record.games[1].actions)
    index = first_index(actions, MOVE, start=6)
    taker = 1 - actions[index].player
    actions.insert(index, Action(TAKE, taker, 0))
    corrupted = numbered(actions)
    error = only_error(replay(with_game(record, 2, list(corrupted))))
    assert error.code == "take_without_double"
    assert (error.game, error.turn) == (2, corrupted[index].turn)


@pytest.mark.parametrize(
    ("name", "number", "points", "code"),
    [
        ("m07-5pt.mat", 2, 2, "points_do_not_fit_result"),  # a single on a 1-cube worth 1
        ("m02-1pt.mat", 1, 4, "points_do_not_fit_result"),  # a backgammon worth 3
        ("m05-3pt.mat", 1, 5, "points_do_not_fit_result"),  # a resignation on a 2-cube
        ("m05-3pt.mat", 1, 1, "points_do_not_fit_result"),  # below what was needed
        ("m08-5pt.mat", 1, 4, "points_do_not_fit_result"),  # a drop worth the cube, 2
    ],
)
def test_wrong_wins_line(name: str, number: int, points: int, code: str) -> None:
    record = load(name)
    actions = list(record.games[number - 1].actions)
    win = first_index(actions, WIN)
    actions[win] = replace(actions[win], value=points)
    error = only_error(replay(with_game(record, number, actions)))
    assert (error.game, error.turn, error.code) == (number, actions[win].turn, code)
    assert error.text == f"Wins {points} point{'s' if points != 1 else ''}"


def test_win_credited_to_the_loser() -> None:
    record = load("m02-1pt.mat")  # Bob bears off and wins a backgammon
    actions = list(record.games[0].actions)
    win = first_index(actions, WIN)
    actions[win] = replace(actions[win], player=1 - actions[win].player)
    error = only_error(replay(with_game(record, 1, actions)))
    assert (error.game, error.code) == (1, "wrong_winner")


def test_moves_out_of_turn() -> None:
    record = load("m09-5pt.mat")
    actions = list(record.games[0].actions)
    index = first_index(actions, MOVE, start=5)
    del actions[index]
    error = only_error(replay(with_game(record, 1, actions)))
    assert (error.game, error.turn, error.code) == (1, actions[index].turn, "out_of_turn")


def test_score_line_of_seven_all_in_a_seven_point_match() -> None:
    record = load("m11-7pt.mat")
    games = (replace(record.games[0], score=(7, 7)), *record.games[1:])
    error = only_error(replay(replace(record, games=games)))
    assert (error.game, error.turn, error.code) == (1, 0, "score_line_mismatch")
    assert "7-point match is over" in error.reason


def test_truncated_transcripts() -> None:
    """A transcript may stop before the end of the match, even inside its last game
    (online sites export matches that were abandoned): valid, with no winner. A game
    without a result in the middle of the file is an error."""
    record = load("m11-7pt.mat")
    last = record.games[-1]
    no_win = replace(last, actions=last.actions[:-1])
    stopped = replay(replace(record, games=(*record.games[:-1], no_win)))
    assert stopped.errors == () and stopped.winner is None
    assert len(stopped.games) == len(record.games) - 1
    cut = replay(replace(record, games=record.games[:-1]))
    assert cut.errors == () and cut.winner is None
    middle = record.games[1]
    half = len(middle.actions) // 2
    no_result = replace(middle, actions=middle.actions[:half])
    games = (record.games[0], no_result, *record.games[2:])
    error = replay(replace(record, games=games)).errors[0]
    assert (error.game, error.code) == (2, "game_unfinished")
    assert error.turn == middle.actions[half - 1].turn


def test_game_after_the_match_was_won() -> None:
    record = load("m02-1pt.mat")
    extra = GameRecord(2, (0, 3), record.games[0].actions)
    verdict = replay(replace(record, games=(*record.games, extra)))
    assert [(e.game, e.code) for e in verdict.errors] == [(2, "game_after_match_end")]
    assert verdict.winner == "Bob" and len(verdict.games) == 1


def test_text_of_a_corrupted_file_gives_the_same_errors() -> None:
    from engine.transcript import write_mat

    record = load("m05-3pt.mat")
    actions = list(record.games[1].actions)
    index = first_index(actions, MOVE, start=5)
    corrupted = with_game(record, 2, insert_double(actions, index, actions[index].player, 2))
    again = read_mat(write_mat(corrupted))
    assert replay(again).errors == replay(corrupted).errors


def test_game_played_out_without_a_wins_line() -> None:
    record = load("m02-1pt.mat")  # Bob bears off everything, then "Wins 3 points"
    game = record.games[0]
    verdict = replay(replace(record, games=(replace(game, actions=game.actions[:-1]),)))
    assert [(e.game, e.code) for e in verdict.errors] == [(1, "result_missing")]
    assert verdict.games[0].result == "backgammon" and verdict.score == (0, 3)


def in_canonical_notation(record: MatchRecord) -> MatchRecord:
    """The record with every play rewritten as people write it (engine.notation's
    canonical form: ``bar``, ``off``, chains ``24/13``, ``13/7*/5``, repeats ``8/5(2)``)."""
    import numpy as np

    from engine.notation import format_steps
    from engine.transcript.moves import parse_steps
    from engine.variants import get_variant

    variant = get_variant(record.variant)
    games = []
    for game in record.games:
        board, on_roll, actions = variant.start_board(), None, []
        for action in game.actions:
            if action.kind == MOVE and action.play:
                if on_roll is not None and on_roll != action.player:
                    board = np.ascontiguousarray(board[::-1])
                on_roll = action.player
                steps = parse_steps(action.play)
                action = replace(action, play=format_steps(board, steps, variant))
                for src, dst in steps:
                    board = variant.apply_step(board, src, dst)
            elif action.kind == MOVE:
                if on_roll is not None and on_roll != action.player:
                    board = np.ascontiguousarray(board[::-1])
                on_roll = action.player
            actions.append(action)
        games.append(replace(game, actions=tuple(actions)))
    return replace(record, games=tuple(games))


@pytest.mark.parametrize("name", ["m05-3pt.mat", "m16-9pt.mat", "m25-13pt.mat"])
def test_other_writers_notation_gives_the_same_verdict(name: str) -> None:
    record = read_path(MATCHES / name)
    rewritten = in_canonical_notation(record)
    plays = [a.play for game in rewritten.games for a in game.actions if a.kind == MOVE]
    assert any("bar/" in p for p in plays) and any("/off" in p for p in plays)
    assert any("(" in p for p in plays)
    chained = [
        token
        for play in plays
        for token in play.split()
        if token.count("/") > 1
        or token[0].isdigit()
        and token.split("/")[1][0].isdigit()
        and int(token.split("/")[0]) - int(token.split("/")[1].rstrip("*(0123456789)") or 0) > 6
    ]
    assert chained  # combined moves such as 24/13 or 13/7*/5
    assert replay(rewritten).to_json() == replay(record).to_json()


def test_no_double_before_the_opening_roll() -> None:
    record = load("m07-5pt.mat")
    actions = list(record.games[0].actions)
    first = actions[0].player
    corrupted = numbered([Action(DOUBLE, first, 0, value=2), Action(TAKE, 1 - first, 0), *actions])
    error = only_error(replay(with_game(record, 1, list(corrupted))))
    assert (error.game, error.turn, error.code) == (1, 1, "double_before_opening_roll")


def test_crawford_rule_off_allows_the_double() -> None:
    record = load("m05-3pt.mat")
    actions = list(record.games[1].actions)
    index = first_index(actions, MOVE, start=5)
    corrupted = with_game(record, 2, insert_double(actions, index, actions[index].player, 2))
    codes = [e.code for e in replay(corrupted, replace(record.rules, crawford=False)).errors]
    assert "cube_in_crawford" not in codes


def test_holland_rule_in_a_post_crawford_game() -> None:
    from engine.match import MatchRules
    from engine.transcript.model import DROP
    from engine.transcript.selfplay import random_match

    rules = MatchRules(length=3, holland=True)
    for seed in range(50):
        record = random_match(rules, seed)
        verdict = replay(record)
        post = [
            g.number for g in verdict.games if g.number > 1 and verdict.games[g.number - 2].crawford
        ]
        if post:
            break
    number = post[0]
    moves = [a for a in record.games[number - 1].actions if a.kind == MOVE]

    def doubled_after(count: int) -> list[str]:
        doubler = 1 - moves[count - 1].player
        actions = [
            *moves[:count],
            Action(DOUBLE, doubler, 0, value=2),
            Action(DROP, 1 - doubler, 0),
            Action(WIN, doubler, 0, value=1),
        ]
        games = tuple(replace(g, score=None) for g in record.games[: number - 1])
        game = replace(record.games[number - 1], actions=numbered(actions), score=None)
        return [e.code for e in replay(replace(record, games=(*games, game))).errors]

    assert "holland_too_early" in doubled_after(2)  # the doubler has played one turn
    assert "holland_too_early" not in doubled_after(4)  # both have played two


def test_b27_the_opening_roll_is_never_a_doublet() -> None:
    record = load("m07-5pt.mat")
    actions = list(record.games[1].actions)
    actions[0] = replace(actions[0], dice=(4, 4), play="24/20 24/20 13/9 13/9")
    error = only_error(replay(with_game(record, 2, actions)))
    assert (error.game, error.turn, error.code) == (2, 1, "opening_doublet")
