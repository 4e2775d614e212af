"""Reading GNU Backgammon's own match file, `.sgf` (Smart Game Format, ``GM[6]``).

A match is one game tree per game: the root node holds the match information
(``MI[length:7][game:0][ws:0][bs:0]``, ``PW``/``PB`` the players, ``RU`` the rules,
``RE[W+2]`` the result, ``R`` after the points for a resignation), and each following
node one action: ``W[52mhmk]`` a roll and its play, ``W[65]`` a roll with no play,
``W[double]``, ``B[take]``, ``B[drop]``, ``B[beaver]``. ``W`` is the first-named
player (the left column of a `.mat` file), ``B`` the second. A checker step is two
letters: ``a``..``x`` the points counted from White's 1-point, ``y`` the bar, ``z``
off; each side's play is turned into its own numbering, the `.mat` way (``25``/``0``).

The result is the same :class:`MatchRecord` the `.mat` reader makes, with the move
numbers a `.mat` file would show, so the replay judges both alike. A layout problem
raises :class:`TranscriptError` naming the line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from engine.errors import TranscriptError
from engine.match import MatchRules, MatchRulesError
from engine.transcript.layout import numbered
from engine.transcript.model import (
    BEAVER,
    DOUBLE,
    DROP,
    MOVE,
    TAKE,
    WIN,
    Action,
    GameRecord,
    MatchRecord,
)
from engine.transcript.record import MAX_LENGTH

PROPERTY = re.compile(r"\s*([A-Z][A-Za-z]*)\s*((?:\[(?:[^\]\\]|\\.)*\]\s*)+)", re.DOTALL)
VALUE = re.compile(r"\[((?:[^\]\\]|\\.)*)\]", re.DOTALL)
ROLL = re.compile(r"^([1-6])([1-6])((?:[a-z]{2}){0,4})$")
RESULT = re.compile(r"^([WB])\+(\d{1,9})(R?)$")
PLAYERS = {"W": 0, "B": 1}
MAX_GAMES = 1000


def looks_like_sgf(text: str) -> bool:
    return text.lstrip().startswith("(;")


@dataclass
class _Node:
    line: int
    properties: dict[str, list[str]] = field(default_factory=dict)


def _fail(line: int, message: str, code: str = "bad_sgf") -> TranscriptError:
    return TranscriptError(code, f"Line {line}: {message}", line=line)


def _trees(text: str) -> list[list[_Node]]:
    """The game trees of the file, each as its main line of nodes (variations, which
    GNU Backgammon does not write for a match, are skipped)."""
    trees: list[list[_Node]] = []
    depth = 0
    at = 0
    current: list[_Node] | None = None
    size = len(text)
    while at < size:
        char = text[at]
        line = text.count("\n", 0, at) + 1
        if char.isspace():
            at += 1
        elif char == "(":
            depth += 1
            if depth == 1:
                current = []
                trees.append(current)
            at += 1
        elif char == ")":
            if depth == 0:
                raise _fail(line, "a ')' closes no game tree.")
            depth -= 1
            at += 1
        elif char == ";":
            node = _Node(line)
            at += 1
            while True:
                found = PROPERTY.match(text, at)
                if found is None:
                    break
                values = [value.replace("\\]", "]").replace("\\\\", "\\")
                          for value in VALUE.findall(found.group(2))]
                node.properties.setdefault(found.group(1), []).extend(values)
                at = found.end()
            if current is None:
                raise _fail(line, "a node stands outside any game tree.")
            if depth == 1:
                current.append(node)
        else:
            raise _fail(line, f"expected '(', ';' or a property, found {text[at:at + 20]!r}.")
    if depth != 0:
        raise TranscriptError("truncated", "The .sgf file ends inside a game tree: it is cut short.")
    return trees


def _point(letter: str, player: int, line: int) -> int:
    """A step's end in the mover's own numbering: 25 the bar, 0 off."""
    if letter == "y":
        return 25
    if letter == "z":
        return 0
    index = ord(letter) - ord("a")
    if not 0 <= index < 24:
        raise _fail(line, f"{letter!r} is no point of the board.")
    return index + 1 if player == 0 else 24 - index


def _info(values: list[str]) -> dict[str, str]:
    info: dict[str, str] = {}
    for value in values:
        key, _, rest = value.partition(":")
        info[key.strip().lower()] = rest.strip()
    return info


def _int(text: str, what: str, line: int) -> int:
    if not re.fullmatch(r"\d{1,9}", text):
        raise _fail(line, f"the {what} is a whole number, not {text[:30]!r}.")
    return int(text)


def _game(tree: list[_Node], number: int) -> tuple[GameRecord, dict[str, str], _Node]:
    root = tree[0]
    props = root.properties
    info = _info(props.get("MI", []))
    score = None
    if "ws" in info and "bs" in info:
        score = (_int(info["ws"], "score", root.line), _int(info["bs"], "score", root.line))
    actions: list[Action] = []
    cube = 1
    pending = 0
    for node in tree[1:]:
        for colour in ("W", "B"):
            for value in node.properties.get(colour, []):
                player = PLAYERS[colour]
                word = value.strip().lower()
                if word == "double":
                    pending = 2 * cube
                    actions.append(Action(DOUBLE, player, 0, value=pending, line=node.line))
                elif word == "take":
                    cube = pending or 2 * cube
                    actions.append(Action(TAKE, player, 0, line=node.line))
                elif word == "drop":
                    actions.append(Action(DROP, player, 0, line=node.line))
                elif word == "beaver":
                    cube = 2 * (pending or 2 * cube)
                    actions.append(Action(BEAVER, player, 0, value=cube, line=node.line))
                elif word == "resign":
                    continue  # the result (RE, with R) says what was resigned
                else:
                    roll = ROLL.match(word)
                    if roll is None:
                        raise _fail(node.line, f"expected a roll and its play like "
                                    f"'{colour}[52mhmk]' or a cube action, found {value[:30]!r}.")
                    steps = roll.group(3)
                    play = " ".join(
                        f"{_point(steps[i], player, node.line)}/"
                        f"{_point(steps[i + 1], player, node.line)}"
                        for i in range(0, len(steps), 2)
                    )
                    dice = (int(roll.group(1)), int(roll.group(2)))
                    actions.append(Action(MOVE, player, 0, dice, play, line=node.line))
    result = props.get("RE", [""])[0].strip()
    if result:
        found = RESULT.match(result)
        if found is None:
            raise _fail(root.line, f"the result RE[{result[:20]}] is not like 'W+2' or 'B+1R'.")
        winner = PLAYERS[found.group(1)]
        actions.append(Action(WIN, winner, 0, value=int(found.group(2)), line=root.line))
    return GameRecord(number, score, numbered(actions), line=root.line), info, root


def read_sgf(text: str, variant: str | None = None) -> MatchRecord:
    """Read GNU Backgammon's `.sgf` match file (backgammon only)."""
    if variant not in (None, "backgammon"):
        raise TranscriptError("variant_mismatch", "A GNU Backgammon .sgf file is backgammon.")
    trees = [tree for tree in _trees(text) if tree]
    if not trees:
        raise TranscriptError("bad_sgf", "The .sgf file holds no game.")
    if len(trees) > MAX_GAMES:
        raise TranscriptError("bad_sgf", f"A match file holds at most {MAX_GAMES} games.")
    games: list[GameRecord] = []
    players: tuple[str, str] | None = None
    length = 0
    rule_words: set[str] = set()
    tags: list[tuple[str, str]] = []
    for number, tree in enumerate(trees, start=1):
        root = tree[0]
        game_type = root.properties.get("GM", ["6"])[0].strip()
        if game_type != "6":
            raise _fail(root.line, f"GM[{game_type[:10]}] is not backgammon (GM[6]).")
        game, info, _ = _game(tree, number)
        names = (root.properties.get("PW", ["White"])[0].strip(),
                 root.properties.get("PB", ["Black"])[0].strip())
        if players is None:
            players = names
            length = _int(info.get("length", "0"), "match length", root.line)
            if length > MAX_LENGTH:
                raise _fail(root.line, f"a match is played to at most {MAX_LENGTH} points.")
            for key, tag in (("PC", "Site"), ("EV", "Event"), ("RO", "Round"), ("DT", "EventDate")):
                if key in root.properties:
                    tags.append((tag, root.properties[key][0].strip()))
        elif names != players:
            raise _fail(root.line, f"game {number} is between {names[0]} and {names[1]}, but "
                        f"game 1 was between {players[0]} and {players[1]}.", "players_changed")
        for rule in root.properties.get("RU", []):
            word = rule.split(":")[0].strip().lower()
            if word in ("nackgammon", "hypergammon1", "hypergammon2", "hypergammon3"):
                raise _fail(root.line, f"the variation {rule[:30]!r} is not supported; this "
                            "checker knows backgammon.", "unknown_variant")
            rule_words.add(word)
        games.append(game)
    assert players is not None
    options = {}
    if length == 0:
        options = {"jacoby": "jacoby" in rule_words}
    else:
        options = {"crawford": "crawford" in rule_words}
    try:
        rules = MatchRules.for_variant("backgammon", length, **options)
    except MatchRulesError as error:
        raise TranscriptError(error.code, error.message) from None
    return MatchRecord("backgammon", length, players, tuple(games), rules, tuple(tags),
                       beavers_unknown=length == 0)
