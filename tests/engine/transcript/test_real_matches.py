"""Real match files as online sites export them, judged as GNU Backgammon judges them
(engine-contract.md, "Real files from other programs").

The corpus is the shared folder ``data/real-matches/`` beside the repository (real
Backgammon Galaxy and Studio exports with GNU Backgammon's verdict per file in
``expected.json``); ``NARDY_SHARED`` moves the shared folder, ``NARDY_REAL_MATCHES`` points the tests at another folder of the
same kind. Each file is checked with ``python -m engine check``'s code path and must
get GNU Backgammon's verdict: valid files valid with the same final score; invalid files
invalid at the same game and move (the first error of each game that has one);
unreadable files exit 2 with the line named.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from engine.check_cli import main as check_main
from tests.engine.transcript.gnubg_oracle import gnubg_available, gnubg_import, same_as_gnubg
from tests.engine.transcript.shared import SHARED

FOLDER = Path(os.environ.get("NARDY_REAL_MATCHES", SHARED / "data" / "real-matches"))
EXPECTED_FILE = FOLDER / "expected.json"
EXPECTED: dict[str, Any] = (
    json.loads(EXPECTED_FILE.read_text(encoding="utf-8")) if EXPECTED_FILE.is_file() else {}
)

needs_corpus = pytest.mark.skipif(not EXPECTED, reason=f"no real-match corpus at {FOLDER}")


def unreadable(expected: dict[str, Any]) -> bool:
    """An entry for a file GNU Backgammon cannot import at all (exit status 2)."""
    return (
        expected.get("status") == 2
        or expected.get("exit") == 2
        or expected.get("readable") is False
        or expected.get("unreadable") is True
        or expected.get("valid") is None
    )


def unreadable_line(expected: dict[str, Any]) -> int | None:
    """The line an unreadable file's entry names, when it names one."""
    for key in ("line", "error_line"):
        if isinstance(expected.get(key), int):
            return int(expected[key])
    for error in expected.get("errors") or []:
        if isinstance(error, dict) and isinstance(error.get("line"), int):
            return int(error["line"])
    return None


def check(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, dict[str, Any], str]:
    status = check_main([str(path)])
    out, err = capsys.readouterr()
    return status, json.loads(out) if status != 2 else {}, err


@needs_corpus
def test_the_corpus_lists_every_file() -> None:
    listed = {FOLDER / name for name in EXPECTED}
    present = {path for path in FOLDER.rglob("*") if path.suffix.lower() in (".mat", ".txt", ".sgf")}
    assert present <= listed, sorted(str(p) for p in present - listed)[:5]


@needs_corpus
@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_real_file_gets_gnubgs_verdict(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    expected = EXPECTED[name]
    status, answer, err = check(FOLDER / name, capsys)
    if unreadable(expected):
        assert status == 2, answer
        line = unreadable_line(expected)
        assert (f"Line {line}:" if line is not None else "Line ") in err, err
        return
    assert status in (0, 1), err
    assert answer["valid"] is expected["valid"], answer["errors"][:3]
    assert status == (0 if expected["valid"] else 1)
    found = [(error["game"], error["turn"]) for error in answer["errors"]]
    wanted = [(error["game"], error["turn"]) for error in expected.get("errors", [])]
    assert found == wanted, answer["errors"]
    for error, told in zip(answer["errors"], expected.get("errors", []), strict=True):
        # the action as written ("64: ????"); a result as "Wins 5" (ours adds "points")
        assert error["text"].startswith(told["text"]), (error["text"], told["text"])
    summary = expected.get("summary", {})
    if "final_score" in summary:
        assert answer["score"] == summary["final_score"]
    if "length" in summary:
        assert answer["match_length"] == summary["length"]
    if expected["valid"] and "games" in summary:
        assert len(answer["games"]) == summary["games"]
    if expected["valid"] and "length" in summary and summary["length"] > 0:
        reached = max(answer["score"]) >= summary["length"]
        assert (answer["winner"] is not None) == reached


@needs_corpus
@pytest.mark.slow
@pytest.mark.skipif(not gnubg_available(), reason="the gnubg package is absent")
@pytest.mark.parametrize("name", sorted(n for n, e in EXPECTED.items() if e.get("valid")))
def test_gnubg_imports_a_valid_file_with_the_same_plays(name: str) -> None:
    """The oracle itself: GNU Backgammon imports each file judged valid without a
    warning, and plays every roll and cube action to the same positions."""
    from engine.transcript import read_path

    imported = gnubg_import(FOLDER / name)
    assert imported["warnings"] == [], imported["warnings"][:3]
    assert same_as_gnubg(read_path(FOLDER / name), imported, results=False) == []
