"""Rewriting a GNU Backgammon `.mat` export the way other programs and people lay it out
(match-play.md §6): Jellyfish, eXtreme Gammon (XG), hand-edited files. Each transform
keeps the match itself, so the verdict must not change (see test_layouts.py)."""

from __future__ import annotations

import re
from collections.abc import Callable

WINS = re.compile(r"^(\s*)Wins (\d+) points?\s*$")
MOVE_NUMBER = re.compile(r"^\s*\d+\)")


def last_wins_line(lines: list[str]) -> int | None:
    return next((i for i in range(len(lines) - 1, -1, -1) if "Wins" in lines[i]), None)


def crlf(text: str) -> str:
    return text.replace("\n", "\r\n")


def bom(text: str) -> str:
    return "\ufeff" + text


def trailing_spaces(text: str) -> str:
    return "\n".join(line + "   " for line in text.split("\n"))


def no_trailing_spaces(text: str) -> str:
    return "\n".join(line.rstrip() for line in text.split("\n"))


def tabs(text: str) -> str:
    """Runs of spaces turned into tabs at 8-column stops (what ``unexpand -a`` does): the
    columns are the same once the tabs are expanded."""
    out = []
    for line in text.split("\n"):
        chunks = [line[i : i + 8] for i in range(0, len(line), 8)]
        new = []
        for chunk in chunks[:-1]:
            stripped = chunk.rstrip(" ")
            new.append(stripped + "\t" if len(chunk) - len(stripped) >= 2 else chunk)
        new.append(chunks[-1] if chunks else "")
        out.append("".join(new))
    return "\n".join(out)


def blank_lines(text: str) -> str:
    """Extra blank lines between games, after the score lines and around the header."""
    text = text.replace("\n Game ", "\n\n\n Game ")
    return "\n\n" + re.sub(r"(\n [^\n]* : \d+[^\n]*\n)", r"\1\n", text)


def comments(text: str) -> str:
    """Free comment lines: in the header, between games and between move lines."""
    out = ["; written by hand", "# another comment"]
    for number, line in enumerate(text.split("\n")):
        if number % 7 == 3 and MOVE_NUMBER.match(line):
            out.append("; a note on the game")
        out.append(line)
    return "\n".join(out)


def and_the_match(text: str) -> str:
    """Jellyfish/XG: the deciding win says so."""
    lines = text.split("\n")
    index = last_wins_line(lines)
    if index is not None and "and the match" not in lines[index]:
        lines[index] = lines[index].rstrip() + " and the match"
    return "\n".join(lines)


def jellyfish(text: str) -> str:
    """No header tags, no trailing spaces, 'and the match' on the deciding win."""
    lines = [line for line in text.split("\n") if not line.startswith(";")]
    return and_the_match(no_trailing_spaces("\n".join(lines)))


def xg(text: str) -> str:
    """XG's export: a byte-order mark, its header tags, CRLF, no leading space before the
    match length, the game headings and the score lines, 'Cannot Move' for a dance,
    'and the match' on the deciding win."""
    lines = [line for line in text.split("\n") if not line.startswith(";")]
    from engine.transcript import read_mat

    players = read_mat(text).players
    out = []
    for line in lines:
        if re.match(r"^ \d+ point match", line) or re.match(r"^ Game \d+", line):
            out.append(line[1:] + " ")
            continue
        if " : " in line and not MOVE_NUMBER.match(line):
            out.append(line[1:])
            continue
        out.append(re.sub(r"(\d\d):(\s*)$", r"\1: Cannot Move", line.rstrip()))
        out[-1] = re.sub(r"(\d\d): (\s{2,})(\S)", r"\1: Cannot Move \2\3", out[-1])
    header = [
        '; [Site "eXtreme Gammon"]',
        '; [Match ID "238991235"]',
        f'; [Player 1 "{players[0]}"]',
        f'; [Player 2 "{players[1]}"]',
        '; [Player 1 Elo "1600.00/0"]',
        '; [Player 2 Elo "1600.00/0"]',
        '; [TimeControl "*0"]',
        '; [EventDate "2009.10.03"]',
        '; [EventTime "21.53"]',
        '; [Variation "Backgammon"]',
        '; [Jacoby "Off"]',
        '; [Beaver "Off"]',
        '; [Unrated "Off"]',
        '; [Crawford "On"]',
        '; [CubeLimit "1024"]',
        "",
    ]
    return bom(crlf(and_the_match("\n".join(header + out))))


def wins_numbered(text: str) -> str:
    """Some writers put a lone ``Wins`` on a numbered line of its own (``  7)  Wins 1 point``)."""
    out: list[str] = []
    turn = 0
    for line in text.split("\n"):
        number = MOVE_NUMBER.match(line)
        if number:
            turn = int(number.group(0).strip()[:-1])
        elif line.strip().startswith("Wins"):
            turn += 1
            indent = len(line) - len(line.lstrip())
            cell = line.strip()
            if indent >= 20:
                line = f"{turn:3d}) {'':27s}  {cell}"
            else:
                line = f"{turn:3d})  {cell}"
        elif line.strip().startswith("Game"):
            turn = 0
        out.append(line)
    return "\n".join(out)


def old_mac(text: str) -> str:
    """Lone carriage returns as line ends (classic Mac OS)."""
    return text.replace("\n", "\r")


STYLES: dict[str, Callable[[str], str]] = {
    "crlf": crlf,
    "bom": bom,
    "trailing_spaces": trailing_spaces,
    "no_trailing_spaces": no_trailing_spaces,
    "tabs": tabs,
    "blank_lines": blank_lines,
    "comments": comments,
    "jellyfish": jellyfish,
    "xg": xg,
    "wins_numbered": wins_numbered,
    "old_mac": old_mac,
    "everything": lambda text: xg(comments(blank_lines(tabs(text)))),
}
