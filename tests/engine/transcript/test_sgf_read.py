"""GNU Backgammon's own match files (`.sgf`): read and judged like the `.mat` export of
the same match.

``data/sgf/`` holds two engine self-play matches (a 5-point match with cube actions and
resignations, and a money session with the Jacoby rule) written as `.mat`, and the
`.sgf` file GNU Backgammon 1.1.0a16 saved after importing each (``import mat``, then
``save match``). With ``--runslow`` every shared GNU Backgammon match goes the same way
through the ``gnubg`` package.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from engine.check_cli import main as check_main
from engine.errors import TranscriptError
from engine.replay import replay
from engine.transcript import read_path, read_transcript
from engine.transcript.layout import numbered
from tests.engine.transcript.gnubg_oracle import gnubg_available
from tests.engine.transcript.shared import DATA, MATCHES

SGF = DATA / "sgf"
PAIRS = sorted(SGF.glob("*.sgf"))


@pytest.mark.parametrize("path", PAIRS, ids=lambda p: p.name)
def test_sgf_is_judged_like_its_mat(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert check_main([str(path)]) == 0
    from_sgf = json.loads(capsys.readouterr().out)
    assert check_main([str(path.with_suffix(".mat"))]) == 0
    from_mat = json.loads(capsys.readouterr().out)
    assert from_sgf == from_mat
    assert from_sgf["games"] and from_sgf["valid"]


def test_sgf_resignations_cube_and_rules_are_read() -> None:
    record = read_path(SGF / "selfplay-5pt.sgf")
    assert record.match_length == 5 and record.rules.crawford
    results = [game.result for game in replay(record).games]
    assert "resign" in results
    money = read_path(SGF / "selfplay-money.sgf")
    assert money.match_length == 0 and money.rules.jacoby


def test_an_illegal_play_in_an_sgf_file_is_an_error_at_its_move() -> None:
    text = (SGF / "selfplay-5pt.sgf").read_text()
    plays = list(re.finditer(r";([WB])\[(\d\d)([a-x])([a-x])([a-z]*)\]", text))
    third = plays[2]
    # the first checker of the third play lands one point off where its die takes it
    moved = chr(ord(third.group(4)) + (1 if third.group(4) < "m" else -1))
    corrupted = text[: third.start(4)] + moved + text[third.end(4) :]
    verdict = replay(read_transcript(corrupted))
    assert not verdict.valid
    error = verdict.errors[0]
    number = numbered(read_transcript(text).games[0].actions)
    moves = [action for action in number if action.kind == "move"]
    assert (error.game, error.turn) == (1, moves[2].turn)


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ("(;FF[4]GM[6]MI[length:3]PW[A]PB[B]\n;W[31hefe]\n;B[99xx])", 3),
        ("(;FF[4]GM[6]MI[length:3]PW[A]PB[B]\n;W[31hefe]\n;B[31", 0),
        ("(;FF[4]GM[1]MI[length:3]PW[A]PB[B]\n;W[31hefe])", 1),
        ("(;FF[4]GM[6]MI[length:3]PW[A]PB[B]RE[W+x]\n;W[31hefe])", 1),
        ("(;FF[4]GM[6]MI[length:3]PW[A]PB[B]RU[Nackgammon]\n;W[31hefe])", 1),
    ],
)
def test_unreadable_sgf_names_the_line(text: str, line: int, tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(TranscriptError) as raised:
        read_transcript(text)
    if line:
        assert raised.value.message.startswith(f"Line {line}: ")
    path = tmp_path / "bad.sgf"
    path.write_text(text)
    assert check_main([str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.strip()


def _saved_as_sgf(mat: Path, target: Path) -> None:
    code = (
        "import gnubg, sys\n"
        "gnubg.command('set threads 1')\n"
        "gnubg.command('set display off')\n"
        "gnubg.command(f'import mat \"{sys.argv[1]}\"')\n"
        "gnubg.command(f'save match \"{sys.argv[2]}\"')\n"
    )
    subprocess.run([sys.executable, "-c", code, str(mat), str(target)], capture_output=True,
                   timeout=300, check=True)


@pytest.mark.slow
@pytest.mark.skipif(not gnubg_available(), reason="the gnubg package is absent")
@pytest.mark.parametrize("mat", sorted(MATCHES.glob("*.mat")), ids=lambda p: p.name)
def test_every_gnubg_match_saved_as_sgf_is_judged_like_its_mat(mat: Path, tmp_path: Path) -> None:
    target = tmp_path / "match.sgf"
    _saved_as_sgf(mat, target)
    from_sgf = replay(read_path(target)).to_json()
    from_mat = replay(read_path(mat)).to_json()
    assert from_sgf == from_mat
