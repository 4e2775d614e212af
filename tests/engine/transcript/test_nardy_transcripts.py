"""Long-nardy transcripts (match-play.md §5, §6.7): hand-written fixtures from the rules
documents, corrupted copies of them, and self-play matches written, read and replayed."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.match import MatchRules
from engine.nardy.rules import NardyRules
from engine.replay import replay
from engine.transcript import read_mat, read_path, write_mat
from engine.transcript.model import DRAW, MOVE, WIN
from engine.transcript.selfplay import SelfPlay, random_match
from tests.engine.transcript.shared import DATA


def verdict_of(name: str) -> dict:
    return replay(read_path(DATA / name)).to_json()


def test_the_example_of_match_play_is_a_mars() -> None:
    verdict = verdict_of("nardy-doc-example.mat")
    assert verdict["valid"] and verdict["variant"] == "nardy"
    assert verdict["score"] == [2, 0] and verdict["winner"] == "Alice"
    assert verdict["games"] == [
        {
            "number": 1,
            "winner": "Alice",
            "points": 2,
            "result": "mars",
            "cube": 1,
            "crawford": False,
        }
    ]


def test_first_turn_head_exceptions_of_section_5() -> None:
    verdict = verdict_of("nardy-first-turns.mat")
    assert verdict["errors"] == []
    assert verdict["score"] == [2, 3] and verdict["winner"] == "Bob"
    assert [g["result"] for g in verdict["games"]] == ["resign"] * 3
    assert not any(g["crawford"] for g in verdict["games"])  # no cube, no Crawford game


def test_cube_and_crawford_game_in_long_nardy() -> None:
    verdict = verdict_of("nardy-cube-crawford.mat")
    assert verdict["errors"] == []
    assert [(g["result"], g["points"], g["cube"], g["crawford"]) for g in verdict["games"]] == [
        ("drop", 4, 4, False),
        ("resign", 1, 1, True),
        ("drop", 1, 1, False),
        ("resign", 4, 2, False),
    ]
    assert verdict["score"] == [8, 2] and verdict["winner"] == "Alice"


def replace_line(name: str, old: str, new: str) -> list[dict]:
    text = (DATA / name).read_text()
    assert old in text
    return replay(read_mat(text.replace(old, new, 1))).to_json()["errors"]


@pytest.mark.parametrize(
    ("old", "new", "turn", "code"),
    [
        ("44: 24/20 20/16 20/16 ", "44: 24/20 20/16 20/16 16/12", 2, "point_occupied"),
        ("52: 24/22 22/17", "52: 24/22 24/19", 1, "head_limit"),
        ("41: 2/1 ", "41: 2/1 6/2", 13, None),
        (
            "Wins 2 points and the match",
            "Wins 1 point and the match",
            42,
            "points_do_not_fit_result",
        ),
    ],
    ids=[
        "onto white's head",
        "two from the head",
        "a four that cannot be played",
        "mars written as oin",
    ],
)
def test_corrupted_doc_example(old: str, new: str, turn: int, code: str | None) -> None:
    errors = replace_line("nardy-doc-example.mat", old, new)
    assert errors and (errors[0]["game"], errors[0]["turn"]) == (1, turn)
    if code == "points_do_not_fit_result":
        assert "mars" in errors[0]["reason"]


def test_double_in_the_crawford_game_of_long_nardy() -> None:
    errors = replace_line(
        "nardy-cube-crawford.mat",
        "  1)                             22: 24/22 22/20 20/18 18/16\n"
        "  2) 55: 24/19 19/14 14/9        \n",
        "  1)                             22: 24/22 22/20 20/18 18/16\n"
        "  2)  Doubles => 2                Takes\n"
        "  3) 55: 24/19 19/14 14/9        \n",
    )
    assert errors[0]["game"] == 2 and errors[0]["turn"] == 2
    assert errors[0]["reason"] == "A double is not allowed in the Crawford game (game 2)."


def test_hits_are_not_written_in_long_nardy() -> None:
    errors = replace_line("nardy-first-turns.mat", "44: 24/20 ", "44: 24/20* ")
    assert [(e["game"], e["turn"]) for e in errors] == [(1, 1)]
    assert "no hitting" in errors[0]["reason"]


OPTION_SETS = {
    "defaults": (MatchRules.for_variant("nardy", 5), None, SelfPlay()),
    "koks": (MatchRules.for_variant("nardy", 5, koks=True), NardyRules(koks=True), SelfPlay()),
    "last roll, draws 1": (
        MatchRules.for_variant("nardy", 5, last_roll=True, draw_points=1),
        NardyRules(last_roll=True),
        SelfPlay(),
    ),
    "last roll, draws 0.5": (
        MatchRules.for_variant("nardy", 3, last_roll=True, draw_points=0.5),
        NardyRules(last_roll=True),
        SelfPlay(),
    ),
    "cube": (
        MatchRules.for_variant("nardy", 7, cube=True),
        None,
        SelfPlay(double_rate=0.05, resign_rate=0.005),
    ),
    "block rule home": (
        MatchRules.for_variant("nardy", 3),
        NardyRules(block_rule="home"),
        SelfPlay(),
    ),
}


@pytest.mark.parametrize("options", OPTION_SETS, ids=list(OPTION_SETS))
def test_self_play_matches_write_read_and_replay(options: str) -> None:
    rules, variant_rules, behaviour = OPTION_SETS[options]
    results: set[str] = set()
    for seed in range(4):
        record = random_match(rules, seed, ("Aida", "Boris"), behaviour, variant_rules)
        text = write_mat(record)
        assert '; [Variation "LongNardy"]' in text
        again = read_mat(text)
        assert again == record
        verdict = replay(again)
        assert verdict.errors == (), verdict.errors[:3]
        assert verdict.winner is not None
        assert max(verdict.score) >= rules.length
        results |= {game.result for game in verdict.games}
    assert results & {"oin", "mars", "koks"}
    if rules.last_roll:
        assert "draw" in results or options == "last roll, draws 0.5"


def test_last_roll_that_is_not_played_is_an_error() -> None:
    rules = MatchRules.for_variant("nardy", 5, last_roll=True, draw_points=1)
    for seed in range(20):
        record = random_match(rules, seed, variant_rules=NardyRules(last_roll=True))
        game = record.games[0]
        if game.actions[-1].kind == WIN:
            break
    actions = list(game.actions)
    assert actions[-2].kind == MOVE and actions[-1].kind in (WIN, DRAW)
    loser_move = actions[-2]
    if loser_move.player == actions[-1].player:
        pytest.skip("the winner moved last")
    broken = replace(game, actions=(*actions[:-2], actions[-1]))
    errors = replay(replace(record, games=(broken, *record.games[1:]))).errors
    assert errors[0].code == "last_roll_missing" and errors[0].game == 1


def test_no_cube_in_long_nardy_unless_the_event_uses_it() -> None:
    errors = replace_line(
        "nardy-first-turns.mat",
        "  2) 31: 24/21 21/20             \n",
        "  2)  Doubles => 2                Takes\n  3) 31: 24/21 21/20             \n",
    )
    assert errors[0]["game"] == 1 and errors[0]["turn"] == 2
    assert errors[0]["reason"] == "The cube is not used in this match (game 1)."


def test_a_resignation_worth_a_koks_needs_the_koks_option() -> None:
    errors = replace_line("nardy-first-turns.mat", "      Wins 2 points\n", "      Wins 3 points\n")
    assert (errors[0]["game"], errors[0]["turn"]) == (2, 2)
    assert errors[0]["reason"] == "A resignation is worth 1 or 2 times the cube (1), not 3 points."
