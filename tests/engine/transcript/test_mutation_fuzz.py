"""Mutation fuzzing: a valid transcript with one move changed is still a transcript.

Valid matches of both variants (GNU Backgammon's exports, long-nardy files, self-play
matches, and the same written the way other programs write plays: one checker's steps
joined, ``24/13``) get one move changed at random: a wrong checker, a wrong die, a
wrong roll, an extra or a missing part, a move past the edge of the board, a hit or a
bar written in long nardy. The file stays well formed, so the checker must judge it:
valid (the change happened to be another legal play), or errors whose first one names
the changed move's game, at its turn or later; never a failure to read or an exception
(which ``python -m engine check`` would turn into exit status 2). The default suite runs
a bounded number of examples; ``--runslow`` many more.
"""

from __future__ import annotations

import json
import re
from dataclasses import replace
from functools import cache
from itertools import pairwise
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.check_cli import main as check_main
from engine.match import MatchRules
from engine.nardy.rules import NardyRules
from engine.notation import parse_notation
from engine.replay import replay
from engine.transcript import read_transcript, write_mat
from engine.transcript.model import MOVE, GameRecord, MatchRecord
from engine.transcript.selfplay import SelfPlay, random_match
from tests.engine.transcript.shared import DATA, extra_files, match_files


def _joined(play: str) -> str:
    """The play with one checker's consecutive steps joined (``24/18 18/13`` ->
    ``24/13``), as other programs and people write it; hits stay written."""
    moves: list[list[str]] = []
    for token in play.split():
        src, dst = token.split("/", 1)
        if moves and moves[-1][-1] == src and not src.endswith("*"):
            moves[-1].append(dst)
        else:
            moves.append([src, dst])
    return " ".join(m[0] + "/" + m[-1] if not any("*" in p for p in m[1:-1]) else "/".join(m)
                    for m in moves)


def _rewritten(record: MatchRecord) -> MatchRecord:
    games = []
    for game in record.games:
        actions = tuple(replace(a, play=_joined(a.play)) if a.kind == MOVE and a.play else a
                        for a in game.actions)
        games.append(replace(game, actions=actions))
    return replace(record, games=tuple(games))


@cache
def sources(variant: str) -> tuple[MatchRecord, ...]:
    records: list[MatchRecord] = []
    if variant == "backgammon":
        paths = [*extra_files()[:8], *match_files()[:6]]
    else:
        paths = sorted(DATA.glob("nardy-*.mat"))
    for path in paths:
        records.append(read_transcript(Path(path).read_bytes()))
    if variant == "nardy":
        for seed, (length, options) in enumerate([(3, {}), (5, {"koks": True}),
                                                  (3, {"cube": True})]):
            rules = MatchRules.for_variant("nardy", length, **options)
            records.append(random_match(rules, 70 + seed, ("Aida Ali", "Boris 2"), SelfPlay(),
                                        NardyRules(koks=options.get("koks", False))))
    records += [_rewritten(record) for record in records]
    assert records, "no valid transcripts to mutate"
    assert all(replay(record).valid for record in records)
    return tuple(records)


def _hops(play: str) -> list[tuple[int, int]]:
    hops: list[tuple[int, int]] = []
    for move in parse_notation(play).moves:
        hops += list(pairwise(move.points)) * move.count
    return hops


def _point(value: int) -> str:
    return "off" if value <= 0 else str(value)


@st.composite
def mutations(draw: st.DrawFn, variant: str) -> tuple[MatchRecord, int, int]:
    """(the record with one move changed, its game number, its turn)."""
    record = draw(st.sampled_from(sources(variant)))
    moves = [(g, k) for g, game in enumerate(record.games)
             for k, action in enumerate(game.actions) if action.kind == MOVE]
    g, k = draw(st.sampled_from(moves))
    action = record.games[g].actions[k]
    assert action.dice is not None
    hops = _hops(action.play) if action.play else []
    kinds = ["roll", "extra"] + (["checker", "die", "missing", "edge"] if hops else [])
    if variant == "nardy":
        kinds += ["hit", "bar"]
    kind = draw(st.sampled_from(kinds))
    dice, play = action.dice, action.play
    i = draw(st.integers(0, max(len(hops) - 1, 0)))
    if kind == "roll":
        dice = (draw(st.integers(1, 6)), draw(st.integers(1, 6)))
    elif kind == "checker":
        src, dst = hops[i]
        other = draw(st.integers(1, 24))
        hops[i] = (other, max(other - (src - dst), 0))
    elif kind == "die":
        src, _dst = hops[i]
        hops[i] = (src, src - draw(st.integers(1, 6)))
    elif kind == "extra":
        src = draw(st.integers(1, 25 if variant == "backgammon" else 24))
        hops.append((src, src - draw(st.integers(1, 6))))
    elif kind == "missing":
        hops.pop(i)
    elif kind == "edge":
        src, dst = hops[i]
        hops[i] = draw(st.sampled_from([(src, dst - 7), (src + 6, dst), (26, 20),
                                        (src, -draw(st.integers(1, 6)))]))
    if kind in ("checker", "die", "extra", "missing", "edge"):
        play = " ".join(f"{_point(src)}/{_point(dst)}" for src, dst in hops)
    elif kind == "hit":
        play = (play + " ").replace(" ", "* ", 1).strip() if play else "24/23*"
    elif kind == "bar":
        play = f"bar/{draw(st.integers(19, 24))} {play}".strip()
    changed = replace(action, dice=dice, play=play)
    game = record.games[g]
    actions = game.actions[:k] + (changed,) + game.actions[k + 1:]
    games = (*record.games[:g], GameRecord(game.number, game.score, actions), *record.games[g + 1:])
    return replace(record, games=games), game.number, action.turn


def judge(record: MatchRecord, number: int, turn: int) -> None:
    text = write_mat(record)
    if "\r" not in text and number % 2:
        text = text.replace("\n", "\r\n")
    read = read_transcript(text.encode())  # well formed: never a TranscriptError
    verdict = replay(read)
    if verdict.valid:
        return
    first = verdict.errors[0]
    assert (first.game, first.turn >= turn) == (number, True), (first, number, turn)
    for error in verdict.errors:
        assert error.game >= 1 and error.reason
    assert not re.search(r"Both sides have|borne off \d+ checkers", first.reason), first


FEW = settings(deadline=None, max_examples=60, derandomize=True,
               suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
MANY = settings(deadline=None, max_examples=2000,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@FEW
@given(mutations("backgammon"))
def test_backgammon_one_move_changed(case: tuple[MatchRecord, int, int]) -> None:
    judge(*case)


@FEW
@given(mutations("nardy"))
def test_nardy_one_move_changed(case: tuple[MatchRecord, int, int]) -> None:
    judge(*case)


@pytest.mark.slow
@MANY
@given(mutations("backgammon"))
def test_backgammon_one_move_changed_many(case: tuple[MatchRecord, int, int]) -> None:
    judge(*case)


@pytest.mark.slow
@MANY
@given(mutations("nardy"))
def test_nardy_one_move_changed_many(case: tuple[MatchRecord, int, int]) -> None:
    judge(*case)


def test_the_command_answers_exit_1_with_the_location(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    """Long nardy: a checker sent onto the opponent's head, then a move written joined
    (``24/13``), which the checker expands on the board after the illegal one."""
    record = sources("nardy")[-1]
    game = record.games[0]
    moves = [k for k, a in enumerate(game.actions) if a.kind == MOVE and a.play]
    first = game.actions[moves[0]]
    assert first.dice is not None
    bad = replace(first, play=f"24/{24 - first.dice[0]} 24/12")
    actions = game.actions[: moves[0]] + (bad,) + game.actions[moves[0] + 1:]
    broken = replace(record, games=(replace(game, actions=actions), *record.games[1:]))
    path = tmp_path / "broken.mat"
    path.write_text(write_mat(broken))
    status = check_main([str(path)])
    answer = json.loads(capsys.readouterr().out)
    assert status == 1 and not answer["valid"]
    assert (answer["errors"][0]["game"], answer["errors"][0]["turn"]) == (1, first.turn)
