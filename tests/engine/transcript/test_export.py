"""``engine.export.export_mat``: any match record written as GNU Backgammon writes it.

The round trip: the exported file is imported into GNU Backgammon (the ``gnubg``
package, in a subprocess) without a warning, and every play, cube action, game result
and score there is the engine's record of the original. A few files run by default;
``--runslow`` runs every valid shared real-match file and every GNU Backgammon match.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.export import export_mat, exported_record
from engine.match import MatchRules
from engine.replay import replay
from engine.transcript import read_path, read_transcript
from engine.transcript.model import MOVE, WIN
from engine.transcript.selfplay import SelfPlay, random_match
from tests.engine.transcript.gnubg_oracle import gnubg_available, gnubg_import, same_as_gnubg
from tests.engine.transcript.shared import MATCHES, SHARED

REAL = SHARED / "data" / "real-matches"


def _valid_real_files() -> list[Path]:
    listing = REAL / "expected.json"
    if not listing.is_file():
        return []
    expected = json.loads(listing.read_text(encoding="utf-8"))
    return [REAL / name for name, entry in sorted(expected.items()) if entry.get("valid")]


def _features(path: Path) -> set[str]:
    text = path.read_text(encoding="utf-8", errors="replace")
    found = set()
    if "Backgammon Studio" in text:
        found.add("studio")
    if "Losses" in text:
        found.add("losses")
    if "and the match" in text:
        found.add("deciding")
    return found


def _sample() -> list[Path]:
    """A few real files that between them show each exporter's ways (Studio's bar/off
    and (2), Galaxy's Losses and capped wins), and two GNU Backgammon matches."""
    chosen: list[Path] = []
    wanted = [{"studio"}, {"losses"}, {"deciding"}]
    files = _valid_real_files()
    for feature in wanted:
        pick = next((f for f in files if feature <= _features(f) and f not in chosen), None)
        if pick is not None:
            chosen.append(pick)
    chosen += sorted(MATCHES.glob("*.mat"))[3:5]
    return chosen


needs_gnubg = pytest.mark.skipif(not gnubg_available(), reason="the gnubg package is absent")


def round_trip(record, tmp_path: Path) -> None:
    path = tmp_path / "exported.mat"
    path.write_text(export_mat(record), encoding="utf-8")
    imported = gnubg_import(path)
    assert imported["warnings"] == [], imported["warnings"][:3]
    assert same_as_gnubg(record, imported) == []


@needs_gnubg
@pytest.mark.parametrize("path", _sample(), ids=lambda p: p.name[:40])
def test_round_trip_through_gnubg(path: Path, tmp_path: Path) -> None:
    round_trip(read_path(path), tmp_path)


@needs_gnubg
def test_round_trip_of_a_generated_match_with_cube_and_resignations(tmp_path: Path) -> None:
    record = random_match(
        MatchRules.for_variant("backgammon", 7), seed=5,
        behaviour=SelfPlay(double_rate=0.08, drop_rate=0.3, resign_rate=0.01),
    )
    assert replay(record).valid
    round_trip(record, tmp_path)


@needs_gnubg
@pytest.mark.slow
@pytest.mark.parametrize("path", [*_valid_real_files(), *sorted(MATCHES.glob("*.mat"))],
                         ids=lambda p: p.name[:40])
def test_round_trip_of_every_shared_match(path: Path, tmp_path: Path) -> None:
    round_trip(read_path(path), tmp_path)


def test_export_writes_gnubgs_notation_and_full_values() -> None:
    """Studio's ``bar``/``off``/``(2)`` become single steps with 25 and 0; a capped
    ``Wins`` is written with the game's full value; Galaxy's Losses cells are gone."""
    text = (
        "; [Site \"Backgammon Studio\"]\n\n 1 point match\n\n Game 1\n"
        " A : 0                                 B : 0\n"
        "  1) 31: 8/5 6/5                       55: 13/3(2)\n"
        "  2) 62: 24/18 13/11                   Losses 1 point\n"
        "  3)  Wins 1 point and the match\n"
    )
    record = read_transcript(text)
    out = export_mat(record)
    assert " 55: 13/8 13/8 8/3 8/3" in out or "55: 13/8 8/3 13/8 8/3" in out
    assert "Losses" not in out
    assert "Wins 1 point and the match" in out
    again = replay(read_transcript(out))
    assert again.valid and again.score == replay(record).score


def test_export_of_a_capped_win_writes_the_full_value() -> None:
    files = [f for f in _valid_real_files() if "capped" in json.loads(
        (REAL / "expected.json").read_text())[f"files/{f.name}"]["summary"]]
    if not files:
        pytest.skip("no shared real-match file with a capped win")
    record = read_path(files[0])
    verdict = replay(record)
    exported = exported_record(record)
    wins = [a.value for g in exported.games for a in g.actions if a.kind == WIN]
    assert wins[-1] == verdict.games[-1].points
    assert replay(read_transcript(export_mat(record))).to_json()["score"] == list(verdict.score)


def test_export_keeps_long_nardy_dialect() -> None:
    record = random_match(MatchRules.for_variant("nardy", 3), seed=2)
    out = export_mat(record)
    assert '; [Variation "LongNardy"]' in out
    again = read_transcript(out)
    assert again.variant == "nardy"
    assert replay(again).to_json() == replay(record).to_json()
    moves = [a for g in again.games for a in g.actions if a.kind == MOVE and a.play]
    assert all("*" not in a.play and "bar" not in a.play for a in moves)
