"""Transcripts as other programs and people write them (``realworld/``), each with the
answer ``python -m engine check`` must give (``realworld/expected.json``): the exit
status, and the players, score, winner, games and error locations, or the sentence that
names the line of what is not supported. ``realworld/make_files.py`` says how each file
was made; ``realworld/gnubg_import.py`` what GNU Backgammon makes of it (the notes in
expected.json say where the two differ and why)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.check_cli import main as check_main
from engine.transcript import read_transcript

FOLDER = Path(__file__).resolve().parent / "realworld"
EXPECTED = json.loads((FOLDER / "expected.json").read_text(encoding="utf-8"))


def test_every_file_has_its_expected_answer() -> None:
    assert sorted(path.name for path in FOLDER.glob("*.mat")) == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_file(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    expected = EXPECTED[name]
    status = check_main([str(FOLDER / name)])
    out, err = capsys.readouterr()
    assert status == expected["status"], (out[:300], err)
    if status == 2:
        assert out == ""
        assert err.strip() == f"{FOLDER / name}: {expected['stderr']}"
        assert err.split(": ", 1)[1].startswith("Line ")
        return
    answer = json.loads(out)
    assert answer["valid"] == (status == 0)
    for key in ("players", "score", "winner", "games"):
        assert answer[key] == expected[key], key
    located = [{"game": e["game"], "turn": e["turn"], "text": e["text"]} for e in answer["errors"]]
    assert located == expected["errors"]


def test_cp1251_and_western_names_are_told_apart() -> None:
    """Not UTF-8: Cyrillic words decode as cp1251, single accented letters as cp1252."""
    base = (" 1 point match\n\n Game 1\n {0} : 0                      {1} : 0\n"
            "  1) 31: 8/5 6/5                 \n      Wins 1 point\n")
    for names in (("Иван Петров", "Ольга"), ("Müller", "José Ødegård"), ("Zoë", "Борис")):
        for encoding in ("cp1251", "cp1252"):
            try:
                data = base.format(*names).encode(encoding)
            except UnicodeEncodeError:
                continue
            assert read_transcript(data).players == names, (names, encoding)


def test_annotation_marks_are_not_part_of_the_play() -> None:
    text = (" 1 point match\n\n Game 1\n Ann : 0                      Bob : 0\n"
            "  1) 31: 8/5?! 6/5 !            42: 8/4?? 6/4!\n")
    game = read_transcript(text).games[0]
    assert [action.play for action in game.actions] == ["8/5 6/5", "8/4 6/4"]
