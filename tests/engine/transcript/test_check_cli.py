"""``python -m engine check`` (engine/check_cli.py) as a subprocess and in-process."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from engine.check_cli import main
from engine.transcript import dumps, read_path, write_mat
from engine.transcript.model import DOUBLE, MOVE, TAKE, Action
from tests.engine.transcript.shared import MATCHES, REPO, expected

HAS_MAIN = (REPO / "engine" / "__main__.py").exists()


def run(*args: str) -> subprocess.CompletedProcess[str]:
    command = ["-m", "engine", "check"] if HAS_MAIN else ["-m", "engine.check_cli"]
    return subprocess.run(
        [sys.executable, *command, *args],
        check=False,
        capture_output=True,
        text=True,
        cwd=REPO,
        timeout=300,
    )


def test_valid_match_prints_the_contract_object() -> None:
    done = run(str(MATCHES / "m05-3pt.mat"))
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert list(answer) == [
        "valid",
        "variant",
        "match_length",
        "players",
        "score",
        "winner",
        "games",
        "errors",
    ]
    want = expected()["m05-3pt.mat"]
    assert answer["score"] == want["score"] and answer["winner"] == want["winner"]
    assert answer["games"] == want["games"]
    assert done.stderr == ""


def corrupted_crawford_double(tmp_path: Path) -> Path:
    record = read_path(MATCHES / "m05-3pt.mat")
    game = record.games[1]
    actions = list(game.actions)
    index = next(i for i, a in enumerate(actions) if i >= 5 and a.kind == MOVE)
    doubler = actions[index].player
    actions[index:index] = [Action(DOUBLE, doubler, 0, value=2), Action(TAKE, 1 - doubler, 0)]
    from engine.transcript.layout import numbered

    games = (record.games[0], replace(game, actions=numbered(actions)), *record.games[2:])
    path = tmp_path / "crawford-double.mat"
    path.write_text(write_mat(replace(record, games=games)))
    return path


def test_errors_found_exit_1(tmp_path: Path) -> None:
    done = run(str(corrupted_crawford_double(tmp_path)))
    assert done.returncode == 1, done.stderr
    answer = json.loads(done.stdout)
    assert answer["valid"] is False
    error = answer["errors"][0]
    assert set(error) == {"game", "turn", "player", "text", "reason"}
    assert (error["game"], error["text"]) == (2, "Doubles => 2")
    assert error["reason"] == "A double is not allowed in the Crawford game (game 2)."


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"\x00\x01binary\xff\xfe", "binary"),
        (b" 7 point match\n\n Game 1\n", "cut short"),
        (b'; [Variation "Acey-Deucey"]\n 7 point match\n Game 1\n A : 0   B : 0\n', "Acey-Deucey"),
        (b'{"format": "nardy-match", ', "JSON"),
    ],
    ids=["binary junk", "truncated", "unknown variant", "broken JSON"],
)
def test_unreadable_files_exit_2_with_a_reason(
    tmp_path: Path, content: bytes, message: str
) -> None:
    path = tmp_path / "bad.mat"
    path.write_bytes(content)
    done = run(str(path))
    assert done.returncode == 2
    assert done.stdout == ""
    assert message in done.stderr and "Traceback" not in done.stderr


def test_missing_file_and_bad_arguments_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["/no/such/file.mat"]) == 2
    assert "cannot be read" in capsys.readouterr().err
    assert main([]) == 2
    assert main(["--variant", "chess", "x.mat"]) == 2


def test_json_record_and_variant_option(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = read_path(MATCHES / "m02-1pt.mat")
    path = tmp_path / "m02.json"
    path.write_text(dumps(record))
    assert main(["check", str(path)]) == 0
    assert json.loads(capsys.readouterr().out)["winner"] == "Bob"
    assert main(["--variant", "nardy", str(path)]) == 2
    assert "not nardy" in capsys.readouterr().err


def test_file_cut_in_the_middle_of_a_move(tmp_path: Path) -> None:
    text = (MATCHES / "m05-3pt.mat").read_text()
    cut_at = text.index("13/", len(text) // 2) + 3
    path = tmp_path / "cut.mat"
    path.write_text(text[:cut_at])
    done = run(str(path))
    assert done.returncode == 1, done.stderr
    errors = json.loads(done.stdout)["errors"]
    assert errors[0]["text"].endswith("13/")
    assert "game_unfinished" not in errors[0]["reason"]
    assert len(errors) == 1  # judging a game stops at its first error, as GNU Backgammon's
