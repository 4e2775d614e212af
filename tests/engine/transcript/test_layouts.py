"""The `.mat` layouts of other programs (match-play.md §6): GNU Backgammon exports
rewritten the way Jellyfish, eXtreme Gammon and people lay them out (styles.py) give
the same verdict as the export itself."""

from __future__ import annotations

import re

import pytest

from engine.replay import replay
from engine.transcript import read_path, read_transcript
from tests.engine.transcript.shared import EXTRA, MATCHES
from tests.engine.transcript.styles import STYLES
from tests.engine.transcript.test_replay import in_canonical_notation

FILES = [
    MATCHES / "m05-3pt.mat",  # drop, take, hits, a right-hand starter
    MATCHES / "m16-9pt.mat",
    MATCHES / "m27-17pt.mat",
    EXTRA / "g001-3pt.mat",  # long names glued to the score, non-ASCII
    EXTRA / "g046-13pt.mat",
    EXTRA / "x04-3pt.mat",
]


@pytest.mark.parametrize("style", STYLES, ids=list(STYLES))
@pytest.mark.parametrize("path", FILES, ids=lambda path: path.name)
def test_other_layouts_give_the_same_verdict(path, style: str) -> None:
    text = path.read_text(encoding="utf-8")
    expected = replay(read_path(path)).to_json()
    assert expected["valid"]
    styled = STYLES[style](text)
    assert styled != text
    assert replay(read_transcript(styled.encode("utf-8"))).to_json() == expected


@pytest.mark.parametrize("style", ["xg", "tabs", "jellyfish"])
def test_other_layouts_with_other_notation(style: str) -> None:
    """bar/off, chained moves, '*' and '(2)' in XG, tabbed and Jellyfish files."""
    from engine.transcript import write_mat

    record = read_path(MATCHES / "m25-13pt.mat")
    expected = replay(record).to_json()
    text = write_mat(in_canonical_notation(record))
    assert "bar/" in text and "/off" in text and "(2)" in text
    assert replay(read_transcript(STYLES[style](text).encode("utf-8"))).to_json() == expected


def test_one_tab_for_an_empty_left_cell() -> None:
    """``  1)<tab>62: 24/18 13/11``: one tab cannot say which column the cell is in, so
    the turn order does: the first roll alone on line 1 and the answer to the left
    player's move are the right player's."""
    text = (MATCHES / "m05-3pt.mat").read_text()
    lines = []
    for line in text.split("\n"):
        numbered = re.match(r"^(\s*\d+\))\s+(.*)$", line)
        if numbered:
            line = numbered.group(1) + "\t" + re.sub(r"\s{2,}", "\t", numbered.group(2).rstrip())
        lines.append(line)
    tabbed = "\n".join(lines)
    assert "  1)\t62: 24/18 13/11\n" in tabbed
    expected = replay(read_transcript(text)).to_json()
    assert replay(read_transcript(tabbed)).to_json() == expected


XG_MONEY = """\ufeff; [Site "XG Mobile"]\r
; [Match ID "491989142"]\r
; [Player 1 "Ken"]\r
; [Player 2 "XG-Intermediate"]\r
; [Player 1 Elo "1522.94/244"]\r
; [Player 2 Elo "1829.00/0"]\r
; [TimeControl "*0"]\r
; [EventDate "2022.12.24"]\r
; [EventTime "21.23"]\r
; [Variation "Backgammon"]\r
; [Jacoby "On"]\r
; [Beaver "On"]\r
; [Unrated "Off"]\r
; [CubeLimit "1024"]\r
\r
0 point match\r
\r
Game 1 \r
Ken : 0                              XG-Intermediate : 0 \r
  1)                                  51: 24/23 13/8\r
  2) 31: 8/5 6/5                       Doubles => 2\r
  3)  Beavers => 4                     62: 24/18 13/11\r
  4) 33: 13/10 13/10 6/3 6/3           11: ???\r
      Wins 4 points\r
\r
Game 2 \r
Ken : 4                              XG-Intermediate : 0 \r
  1) 42: 8/4 6/4                       65: 24/13\r
  2)  Doubles => 2                     Drops\r
      Wins 1 point\r
"""


def test_an_xg_money_session() -> None:
    """A money session (``0 point match``) as XG Mobile writes it: BOM, CRLF, Jacoby
    and beavers on, a beaver (no explicit take follows it), a roll followed by a
    resignation (``11: ???``), a drop."""
    verdict = replay(read_transcript(XG_MONEY.encode("utf-8"))).to_json()
    assert verdict["errors"] == []
    assert verdict["match_length"] == 0 and verdict["winner"] is None
    assert verdict["players"] == ["Ken", "XG-Intermediate"]
    games = [(g["winner"], g["points"], g["result"], g["cube"]) for g in verdict["games"]]
    assert games == [("Ken", 4, "resign", 4), ("Ken", 1, "drop", 1)]
    assert verdict["score"] == [5, 0]
    dance = XG_MONEY.replace("33: 13/10 13/10 6/3 6/3 ", "33: Cannot Move         ")
    wrong = replay(read_transcript(dance)).to_json()["errors"]
    assert [(e["game"], e["turn"], e["text"]) for e in wrong] == [(1, 4, "33:")]
    in_a_match = XG_MONEY.replace("0 point match", "7 point match")
    errors = replay(read_transcript(in_a_match)).to_json()["errors"]
    assert (errors[0]["game"], errors[0]["turn"], errors[0]["text"]) == (1, 3, "Beavers => 4")


def test_money_session_without_a_jacoby_tag() -> None:
    """GNU Backgammon exports a money session without saying whether the Jacoby rule was
    on (its default), so an uncubed gammon written as 1 point is accepted there; with
    XG's ``Jacoby "Off"`` tag, or in a match, it is an error."""
    text = (MATCHES / "m02-1pt.mat").read_text()
    game = replay(read_path(MATCHES / "m02-1pt.mat")).games[0]
    assert game.result in ("gammon", "backgammon") and game.cube == 1
    written = f"Wins {game.points} points"
    assert written in text
    jacoby = text.replace(" 1 point match", " 0 point match").replace(written, "Wins 1 point")
    verdict = replay(read_transcript(jacoby)).to_json()
    assert verdict["valid"] and verdict["games"][0]["points"] == 1
    assert verdict["games"][0]["result"] == game.result
    off = replay(read_transcript('; [Jacoby "Off"]\n' + jacoby)).to_json()
    assert not off["valid"] and "worth" in off["errors"][0]["reason"]
    in_a_match = text.replace(" 1 point match", " 3 point match")
    in_a_match = replay(read_transcript(in_a_match.replace(written, "Wins 1 point"))).to_json()
    assert not in_a_match["valid"]


def test_utf_16_with_a_byte_order_mark() -> None:
    text = (EXTRA / "g001-3pt.mat").read_text(encoding="utf-8")
    expected = replay(read_transcript(text)).to_json()
    for encoding in ("utf-16", "utf-16-be"):
        data = text.encode(encoding)
        if encoding == "utf-16-be":
            data = b"\xfe\xff" + data
        assert replay(read_transcript(data)).to_json() == expected
