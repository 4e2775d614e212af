"""Bad inputs to ``python -m engine check``, table-driven: each one exits 2 with a reason
on standard error (the file cannot be read or parsed) or 1 with an error entry at the
right game and turn (a rule is broken); never a traceback, never 0.

The table runs in-process through ``engine.check_cli.main`` (the command's own code,
exceptions and all); a few rows run as real subprocesses too."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from engine.check_cli import main
from engine.transcript import dumps, read_path
from tests.engine.transcript.shared import DATA, MATCHES
from tests.engine.transcript.test_check_cli import run

SOURCE = (MATCHES / "m05-3pt.mat").read_text()  # Carol v Dmitri, 3 games
NARDY = (DATA / "nardy-cube-crawford.mat").read_text()
GAME_2 = SOURCE.index(" Game 2")
RECORD = json.loads(dumps(read_path(MATCHES / "m05-3pt.mat")))


def edited(old: str, new: str, text: str = SOURCE) -> str:
    assert old in text
    return text.replace(old, new, 1)


def record(change: Callable[[dict[str, Any]], Any]) -> str:
    data = json.loads(json.dumps(RECORD))
    change(data)
    return json.dumps(data)


def first_action(data: dict[str, Any]) -> dict[str, Any]:
    return data["games"][0]["actions"][0]


def wins(data: dict[str, Any]) -> dict[str, Any]:
    return next(a for a in data["games"][0]["actions"] if a["action"] == "win")


def double(data: dict[str, Any]) -> dict[str, Any]:
    return next(a for a in data["games"][0]["actions"] if a["action"] == "double")


# name: (content, words expected on standard error)
UNREADABLE: dict[str, tuple[str | bytes, str]] = {
    "empty file": ("", "no match length line"),
    "blank lines only": ("\n\n   \n", "no match length line"),
    "header only": ('; [Site "x"]\n; [Event "y"]\n', "no match length line"),
    "match length only": (" 3 point match\n", "cut short"),
    "game heading without score line": (" 3 point match\n\n Game 1\n", "cut short"),
    "binary junk": (bytes(range(256)) * 4, "binary"),
    "control characters": (b"\x89PNG\r\n\x1a\n\x01\x02\x03", "control characters"),
    "huge junk line": (edited("  1)", "  1) " + "x" * 2_000_000), "Line 8"),
    "match length missing": (
        "\n".join(line for line in SOURCE.split("\n") if "point match" not in line),
        "expected the match length",
    ),
    "negative match length": (edited(" 3 point match", " -3 point match"), "match length"),
    "absurd match length": (
        edited(" 3 point match", " 99999999999999999999 point match"),
        "at most 32767 points",
    ),
    "unknown Variation": ('; [Variation "NackGammon"]\n' + SOURCE, "'NackGammon'"),
    "bad Crawford tag": ('; [Crawford "Sometimes"]\n' + SOURCE, "Crawford"),
    "bad CubeLimit tag": ('; [CubeLimit "lots"]\n' + SOURCE, "CubeLimit"),
    "names change between games": (
        SOURCE[:GAME_2] + edited("Dmitri :", "Dima :", SOURCE[GAME_2:]),
        "game 2 is between Carol and Dima",
    ),
    "game number out of order": (edited(" Game 2", " Game 3"), "expected 'Game 2'"),
    "duplicate game": (
        SOURCE[:GAME_2] + SOURCE[GAME_2:].split(" Game 3")[0] + SOURCE[GAME_2:],
        "expected 'Game 3', found 'Game 2'",
    ),
    "move number out of order": (edited("  3) 52: 13/8", "  4) 52: 13/8"), "move number 3)"),
    "dice 72": (edited("42: 13/11 11/7*", "72: 13/11 11/7*"), "not 72"),
    "dice 00": (edited("42: 13/11 11/7*", "00: 13/11 11/7*"), "not 00"),
    "garbage line in a game": (edited("  3) 52: 13/8", "  what is this\n  3) 52: 13/8"), "Line 10"),
    "three cells on a line": (
        edited("  3) 52: 13/8 6/4*", "  3) 52: 13/8 6/4*  Takes  Drops"),
        "two cells",
    ),
    "--variant backgammon on a long nardy file": (NARDY, "not backgammon"),
    "JSON cut short": ('{"format": "nardy-match", ', "JSON match record cannot be read"),
    "JSON nested too deeply": (
        '{"format": "nardy-match", "x": ' + "[" * 100_000 + "]" * 100_000 + "}",
        "nested too deeply",
    ),
    "JSON NaN": ('{"format": "nardy-match", "version": NaN}', "NaN is not a JSON number"),
    "JSON wrong format": ('{"format": "other"}', '"format": "nardy-match"'),
    "JSON wrong version": (record(lambda d: d.update(version=2)), "version"),
    "JSON unknown variant": (record(lambda d: d.update(variant="chess")), "'chess'"),
    "JSON length as text": (record(lambda d: d.update(match_length="3")), "match_length"),
    "JSON negative length": (record(lambda d: d.update(match_length=-3)), "match_length"),
    "JSON fractional length": (record(lambda d: d.update(match_length=3.5)), "match_length"),
    "JSON players missing": (record(lambda d: d.pop("players")), "'players' is missing"),
    "JSON three players": (record(lambda d: d.update(players=["a", "b", "c"])), "two player"),
    "JSON empty name": (record(lambda d: d.update(players=["", "b"])), "two player"),
    "JSON unknown top field": (record(lambda d: d.update(colour="red")), "'colour'"),
    "JSON unknown game field": (record(lambda d: d["games"][0].update(note=1)), "'note'"),
    "JSON unknown action field": (
        record(lambda d: first_action(d).update(comment="x")),
        "games[0].actions[0]: unknown field 'comment'",
    ),
    "JSON games not a list": (record(lambda d: d.update(games={})), "list of games"),
    "JSON game not an object": (record(lambda d: d["games"].insert(0, "g")), "games[0]"),
    "JSON action not an object": (
        record(lambda d: d["games"][0]["actions"].insert(0, 5)),
        "games[0].actions[0]",
    ),
    "JSON game number wrong": (record(lambda d: d["games"][1].update(number=5)), "games[1]"),
    "JSON unknown action": (record(lambda d: first_action(d).update(action="fly")), '"fly"'),
    "JSON dice as text": (record(lambda d: first_action(d).update(dice=["6", "2"])), "dice"),
    "JSON dice of seven": (record(lambda d: first_action(d).update(dice=[7, 2])), "dice"),
    "JSON three dice": (record(lambda d: first_action(d).update(dice=[1, 2, 3])), "dice"),
    "JSON play as a number": (record(lambda d: first_action(d).update(play=42)), "play"),
    "JSON player 2": (record(lambda d: first_action(d).update(player=2)), "player"),
    "JSON player true": (record(lambda d: first_action(d).update(player=True)), "player"),
    "JSON turn as text": (record(lambda d: first_action(d).update(turn="1")), "turn"),
    "JSON negative turn": (record(lambda d: first_action(d).update(turn=-1)), "turn"),
    "JSON cube as text": (record(lambda d: double(d).update(cube="2")), "cube"),
    "JSON points as text": (record(lambda d: wins(d).update(points="2")), "points"),
    "JSON score as text": (record(lambda d: d["games"][0].update(score="0-0")), "score"),
    "JSON rule not a switch": (record(lambda d: d.update(rules={"crawford": "yes"})), "crawford"),
    "JSON unknown rule": (record(lambda d: d.update(rules={"speed": True})), "rules"),
    "JSON cube limit of 3": (record(lambda d: d.update(rules={"cube_limit": 3})), "power of two"),
    "JSON cube of 2**70": (record(lambda d: double(d).update(cube=2**70)), "cube"),
    "JSON integer of 5000 digits": (
        record(lambda d: double(d).update(cube=0)).replace('"cube": 0', '"cube": ' + "2" * 5000),
        "cannot be read",
    ),
    "JSON points of 1e300": (record(lambda d: wins(d).update(points=1e300)), "points"),
    "Wins with 400 digits": (edited("Wins 1 point", "Wins " + "9" * 400 + " points"), "Line"),
    "Doubles with 5000 digits": (edited("Doubles => 2", "Doubles => " + "9" * 5000), "Line 14"),
    "move number of 5000 digits": (edited("  3) 52:", "5" * 5000 + ") 52:"), "Line 10"),
    "score of 400 digits": (edited("Dmitri : 2", "Dmitri : " + "9" * 400), "score line"),
    "JSON bad block rule": (
        record(lambda d: d.update(options={"BlockRule": "sideways"})),
        "BlockRule",
    ),
}

# name: (content, variant option, (game, turn) of the first error, words of its reason)
RULE_BROKEN: dict[str, tuple[str, str | None, tuple[int, int], str]] = {
    "move to a point off the board": (
        edited("42: 13/11 11/7*", "42: 24/27 11/7*"),
        None,
        (1, 2),
        "no point 27",
    ),
    "a move onto a made point, play going on": (
        (
            " 1 point match\n\n Game 1\n A : 0                          B : 0\n"
            "  1) 31: 8/5 6/5                 42: 8/4 6/4\n"
            "  2) 63: 24/21 13/7              53: 13/8 13/10\n"
            "  3) 21: 13/11 6/5               61: 13/7 8/7\n"
        ),
        None,
        (1, 2),
        "21",
    ),
    "a score line that does not change between games": (
        edited(
            " Carol : 0                      Dmitri : 2",
            " Carol : 0                      Dmitri : 0",
        ),
        None,
        (2, 0),
        "says 0-0, but the games before it make 0-2",
    ),
    "junk in a move cell": (edited("42: 13/11 11/7*", "42: 13/11 banana"), None, (1, 2), "banana"),
    "a play far too long": (
        edited("42: 13/11 11/7*", "42: " + "13/11 " * 100_000),
        None,
        (1, 2),
        "at most four checkers",
    ),
    "Wins 0 points": (
        SOURCE[:GAME_2] + edited("Wins 1 point", "Wins 0 points", SOURCE[GAME_2:]),
        None,
        (2, 29),
        "not 0 points",
    ),
    "Wins -1 points": (
        SOURCE[:GAME_2] + edited("Wins 1 point", "Wins -1 points", SOURCE[GAME_2:]),
        None,
        (2, 29),
        "not -1 points",
    ),
    "--variant nardy on a backgammon file": (SOURCE, "nardy", (1, 1), "13-point"),
    "long nardy file without its Variation tag": (
        NARDY.replace('; [Variation "LongNardy"]\n', ""),
        None,
        (1, 1),
        "never a doublet",
    ),
    "JSON win of 0 points": (record(lambda d: wins(d).update(points=0)), None, (1, 43), "not 0"),
    "JSON win of -2 points": (record(lambda d: wins(d).update(points=-2)), None, (1, 43), "not -2"),
}


def write(tmp_path: Path, content: str | bytes, name: str = "match.mat") -> Path:
    path = tmp_path / name
    if isinstance(content, str):
        path.write_text(content, encoding="utf-8")
    else:
        path.write_bytes(content)
    return path


@pytest.mark.parametrize("case", UNREADABLE, ids=list(UNREADABLE))
def test_unreadable_or_unparsable_exits_2(
    case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    content, words = UNREADABLE[case]
    args = [str(write(tmp_path, content))]
    if case.startswith("--variant backgammon"):
        args = ["--variant", "backgammon", *args]
    assert main(args) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert words in err and "Traceback" not in err and "unexpectedly" not in err
    assert len(err) < 1000  # the reason quotes a bad line, not all of it


@pytest.mark.parametrize("case", RULE_BROKEN, ids=list(RULE_BROKEN))
def test_broken_rule_exits_1_at_its_game_and_turn(
    case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    content, variant, (game, turn), words = RULE_BROKEN[case]
    args = [str(write(tmp_path, content))]
    if variant:
        args = ["--variant", variant, *args]
    assert main(args) == 1
    out, err = capsys.readouterr()
    assert err == ""
    answer = json.loads(out)
    assert answer["valid"] is False
    first = answer["errors"][0]
    assert (first["game"], first["turn"]) == (game, turn), first
    assert words in first["reason"], first
    assert len(first["text"]) <= 200


def test_paths_that_are_not_readable_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert main([str(tmp_path)]) == 2
    assert "Is a directory" in capsys.readouterr().err
    assert main([str(tmp_path / "missing.mat")]) == 2
    assert "No such file" in capsys.readouterr().err
    locked = write(tmp_path, SOURCE)
    locked.chmod(0)
    if os.geteuid() == 0:  # root reads anything: make open() refuse as it would
        real_open = open

        def refuse(path: Any, *args: Any, **kwargs: Any) -> Any:
            if str(path) == str(locked):
                raise PermissionError(13, "Permission denied")
            return real_open(path, *args, **kwargs)

        monkeypatch.setattr("builtins.open", refuse)
    assert main([str(locked)]) == 2
    assert "Permission denied" in capsys.readouterr().err


def test_latin_1_names_are_read_as_windows_1252(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Old Jellyfish files are not UTF-8; their names still come out right."""
    path = write(tmp_path, SOURCE.replace("Carol", "Jos\u00e9 Mu\u00f1oz").encode("latin-1"))
    assert main([str(path)]) == 0
    assert json.loads(capsys.readouterr().out)["players"] == ["Jos\u00e9 Mu\u00f1oz", "Dmitri"]


@pytest.mark.parametrize(
    ("content", "code"),
    [
        (b"\x00\x01\x02junk", 2),
        (edited("42: 13/11 11/7*", "42: 24/27 11/7*").encode(), 1),
        (SOURCE.encode(), 0),
    ],
    ids=["binary", "off the board", "valid"],
)
def test_as_a_subprocess(tmp_path: Path, content: bytes, code: int) -> None:
    done = run(str(write(tmp_path, content)))
    assert done.returncode == code
    assert "Traceback" not in done.stderr
    assert (done.stdout == "") == (code == 2)
    assert (done.stderr == "") == (code != 2)
