"""How the files of this folder were made (run once; the files are kept as written).

Each file is a match GNU Backgammon played and exported (``shared/data/gnubg-matches``),
rewritten the way another program or a person writes it: eXtreme Gammon's header, byte-
order mark and CRLF line ends, XG's dance and resign-after-rolling cells, FIBS-style
``bar``/``off`` and joined moves, GamesGrid ratings after the names, player names in
cp1251, annotation marks, comment lines, tabs, money sessions with the Jacoby rule,
beavers and raccoons, and the things the checker does not take (other variations,
Snowie's illegal-play cells, a `.gam` game without a match header). What each must give
is in ``expected.json``; ``gnubg_import.py`` shows what GNU Backgammon makes of them.

    python make_files.py SHARED_MATCHES_FOLDER
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
CELL = re.compile(r"(?<!\S)([1-6][1-6]): ((?:(?:\d+|bar|off)/(?:\d+|bar|off)\*?(?: |$))+)")


def plays(text: str, change) -> str:  # type: ignore[no-untyped-def]
    """``text`` with every written play replaced by ``change(play)``."""
    def one(match: re.Match[str]) -> str:
        return f"{match.group(1)}: {change(match.group(2).strip())} "
    return "\n".join(CELL.sub(one, line).rstrip() for line in text.split("\n"))


def bar_off(play: str) -> str:
    return " ".join(re.sub(r"/0$", "/off", re.sub(r"^25/", "bar/", m)) for m in play.split())


def joined(play: str) -> str:
    """One checker's steps joined (``24/18 18/13`` -> ``24/13``), hits kept, and equal
    moves counted (``8/5 8/5`` -> ``8/5(2)``)."""
    chains: list[list[str]] = []
    for token in play.split():
        src, dst = token.split("/")
        for chain in chains:
            if chain[-1] == src:
                chain.append(dst)
                break
        else:
            chains.append([src, dst])
    texts = ["/".join([c[0], *[p for p in c[1:-1] if p.endswith("*")], c[-1]]) for c in chains]
    counted: dict[str, int] = {}
    for text in texts:
        counted[text] = counted.get(text, 0) + 1
    return " ".join(t if n == 1 else f"{t}({n})" for t, n in counted.items())


def names(text: str, old: tuple[str, str], new: tuple[str, str]) -> str:
    """Score lines with other names (GNU Backgammon's layout: the left one padded)."""
    def line(match: re.Match[str]) -> str:
        left = f"{new[0]} : {match.group(1)}"
        return f" {left:<30} {new[1]} : {match.group(2)}"
    pattern = re.compile(rf"^ {re.escape(old[0])} : (\S+) +{re.escape(old[1])} : (\S+)$", re.MULTILINE)
    return pattern.sub(line, text)


def header(text: str, tags: list[tuple[str, str]]) -> str:
    body = re.sub(r"^(;.*\n)+\n?", "", text)
    return "".join(f'; [{tag} "{value}"]\n' for tag, value in tags) + "\n" + body


def write(name: str, text: str, encoding: str = "utf-8", bom: bool = False,
          crlf: bool = False) -> None:
    if crlf:
        text = text.replace("\n", "\r\n")
    data = text.encode(encoding)
    (HERE / name).write_bytes((b"\xef\xbb\xbf" if bom else b"") + data)


def main(source: Path) -> None:
    def read(name: str) -> str:
        return (source / name).read_text()

    xg_tags = [("Site", "eXtreme Gammon"), ("Match ID", "31415926"), ("Player 1", "Alice"),
               ("Player 2", "Bob"), ("Player 1 Elo", "1500.00/0"),
               ("Player 2 Elo", "1500.00/0"), ("TimeControl", "*0"),
               ("EventDate", "2024.05.01"), ("EventTime", "19.30"),
               ("Variation", "Backgammon"), ("Unrated", "Off"), ("Crawford", "On"),
               ("CubeLimit", "1024")]
    # eXtreme Gammon: byte-order mark, CRLF, its tags, "and the match", "Cannot Move"
    text = header(read("m07-5pt.mat"), xg_tags)
    text = re.sub(r"(Wins \d+ points?)\s*\n(\s*)$", r"\1 and the match\n\2", text.rstrip() + "\n")
    text = re.sub(r"(?<=\s)([1-6][1-6]):(?= *(\n|  ))", r"\1: Cannot Move", text)
    # game 3: Alice rolls 43, then resigns (XG writes the roll and "???")
    text = re.sub(r"(?m)^( 26\) 32: 9/6 2/0 .*\n)", r"\1 27) 43: ???\n", text, count=1)
    write("xg-bom-crlf.mat", text, bom=True, crlf=True)
    # FIBS-derived: bar/off, joined moves with counts, lower-case names with a country
    text = names(plays(read("m11-7pt.mat"), lambda p: joined(bar_off(p))),
                 ("Carol", "Dmitri"), ("carol", "dmitri (RU)"))
    write("fibs-bar-off-joined.mat", text)
    # GamesGrid: ratings after the names
    text = names(read("m05-3pt.mat"), ("Carol", "Dmitri"), ("Carol, 1623.45", "Dmitri, 1580"))
    write("gamesgrid-ratings.mat", text)
    # cp1251 (Windows Cyrillic) names
    text = names(read("m08-5pt.mat"), ("Ann Lee", "Bob"), ("Анна Ли", "Борис Петров"))
    write("cp1251-names.mat", text, encoding="cp1251")
    # long names with spaces: the left one runs into the right one's column
    text = names(read("m13-7pt.mat"), ("Alice", "Bob"),
                 ("Mary Ann van der Berg-Smith Junior", "Jean-Luc O'Neil de la Tour"))
    write("long-names.mat", text)
    # annotations: marks after some plays, comment lines between the moves, tabs
    marks = iter(["?", "??", "!", "?!", "!?", "!!"] * 100)
    counter = iter(range(10_000))
    text = plays(read("m12-7pt.mat"),
                 lambda p: p + next(marks) if next(counter) % 7 == 3 else p)
    text = text.replace(" Game 2\n", "; Alice thought for a long time here\n Game 2\n", 1)
    text = text.replace("\n  3) ", "\n# a comment written by the exporter\n  3) ", 1)
    write("annotated.mat", text.replace("                 ", "\t\t", 5))
    # a money session (0 point match): the games of m15, the score lines the running totals
    write("money-session.mat", money(read("m15-9pt.mat")))
    # money: Jacoby rule on, an uncubed gammon worth one point (m25's game 2)
    game = games(read("m25-13pt.mat"))[1]
    text = header(" 0 point match\n\n" + game.replace(" Game 2", " Game 1"),
                  [("Jacoby", "On")])
    text = re.sub(r"(: )\d+( +\S.* : )\d+", r"\g<1>0\g<2>0", text, count=1)
    write("money-jacoby.mat", text.replace("Wins 2 points", "Wins 1 point"))
    write("money-jacoby-wrong-points.mat", text)
    # money: a beaver instead of a take (m12's game 1: Frank_2 doubles, Eve beavers to 4,
    # Frank_2 wins a single game: 4 points), then a raccoon in m10's game 1 (gnubg-A
    # doubles, gnubg-B beavers, gnubg-A raccoons to 8 and wins a gammon: 16 points)
    game = games(read("m12-7pt.mat"))[0]
    game = game.replace(" Takes  ", " Beavers => 4", 1).replace("Wins 2 points", "Wins 4 points")
    write("money-beaver.mat", " 0 point match\n\n" + game)
    game = games(read("m10-5pt.mat"))[0]
    game = game.replace("  7)  Doubles => 2                Takes",
                        "  7)  Doubles => 2                Beavers => 4\n"
                        "  8)  Raccoons => 8", 1)
    game = renumber(game).replace("Wins 4 points", "Wins 16 points")
    write("money-raccoon.mat", " 0 point match\n\n" + game)
    # what the checker does not take
    write("nackgammon.mat", header(read("m01-1pt.mat"), [("Variation", "NackGammon")]))
    text = read("m03-1pt.mat").replace(
        "  2) ", "  2) 31: Illegal play (Snowie position follows)\n  3) ", 1)
    write("snowie-illegal-play.mat", renumber(text))
    write("gam-single-game.mat", games(read("m01-1pt.mat"))[0])


def games(text: str) -> list[str]:
    parts = re.split(r"(?m)^(?= Game \d+)", text)
    return [part for part in parts if part.startswith(" Game")]


def renumber(text: str) -> str:
    """Move numbers made consecutive again within each game."""
    out, number = [], 0
    for line in text.split("\n"):
        if line.startswith(" Game"):
            number = 0
        found = re.match(r"^ *(\d+)\)", line)
        if found:
            number += 1
            line = f"{number:3d})" + line[found.end():]
        out.append(line)
    return "\n".join(out)


def money(text: str) -> str:
    """A match's games as a money session: the same games, running totals as scores."""
    parts = games(text)
    totals = [0, 0]
    out = [" 0 point match", ""]
    for part in parts:
        lines = part.split("\n")
        score = re.match(r"^ (.*?) : (\S+) +(.*?) : (\S+)$", lines[1])
        assert score
        left = f"{score.group(1)} : {totals[0]}"
        lines[1] = f" {left:<30} {score.group(3)} : {totals[1]}"
        wins = [(i, line) for i, line in enumerate(lines) if "Wins" in line]
        _index, win = wins[-1]
        points = int(re.search(r"Wins (\d+)", win).group(1))  # type: ignore[union-attr]
        right = win.find("Wins") > 20  # a win alone on its line, or after a left drop
        totals[1 if right else 0] += points
        out += [re.sub(r" and the match", "", line) for line in lines]
    return "\n".join(out)


if __name__ == "__main__":
    main(Path(sys.argv[1]))
