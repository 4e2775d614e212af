"""Reading the `.mat` match transcript (match-play.md §6; long nardy §6.7).

The reader only reads: it checks the layout (header, match length, game headings, score
lines, numbered two-column move lines, ``Wins`` lines) and keeps every cell as written.
Whether the moves and cube actions are legal is for ``engine.replay``. Every layout
problem raises :class:`TranscriptError` with the line number and what was expected.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from engine.errors import TranscriptError
from engine.match import Points
from engine.transcript.header import RULE_TAGS, rules_from_tags, variant_of
from engine.transcript.model import (
    BEAVER,
    DOUBLE,
    DRAW,
    DROP,
    LOSS,
    MOVE,
    NOT_WRITTEN,
    RACCOON,
    TAKE,
    VARIANTS,
    WIN,
    Action,
    GameRecord,
    MatchRecord,
)
from engine.transcript.record import MAX_LENGTH

TAG = re.compile(r'^[;#]\s*\[\s*([A-Za-z][\w ]*?)\s+"(.*)"\s*\]\s*$')
LENGTH = re.compile(r"^\s*(\d{1,40})\s+points?\s+match\b", re.IGNORECASE)
GAME = re.compile(r"^\s*Game\s+(\d{1,9})\s*$", re.IGNORECASE)
NUMBER = r"\d{1,9}(?:\.\d{1,9})?"  # scores and points: nine digits at most
SCORE_TAIL = re.compile(rf"^(.*\S)\s*:\s*({NUMBER})$")  # the right player and score
SCORE_COLON = re.compile(r"\s*:\s*")  # after the left player's name
LEADING_NUMBER = re.compile(NUMBER)
MAX_SCORE_LINE = 400  # two names and two scores; longer lines are not score lines
MOVE_LINE = re.compile(r"^\s*(\d{1,9})\)")
CELL_START = re.compile(
    r"(?<!\S)(?:\d\d:|Doubles\b|Takes\b|Accepts\b|Drops\b|Passes\b|Rejects\b|Beavers\b"
    r"|Raccoons\b|Wins\b|Losses\b|Concedes\b|Resigns\b|Draw\b)"
)
DICE_CELL = re.compile(r"^(\d)(\d):(.*)$")
CUBE_CELL = re.compile(r"^(Doubles|Beavers|Raccoons)\s*=>\s*(\d{1,12})$")
CUBE_KINDS = {"Doubles": DOUBLE, "Beavers": BEAVER, "Raccoons": RACCOON}
# marks some exporters add after a move or a play: "13/7*?", "24/18!?", "8/5 6/5 ??"
ANNOTATION = re.compile(r"(?:(?<=[\w*)])|(?<=\s)|^)[?!]{1,2}(?=\s|$)")
# GamesGrid writes "name, rating" in the score lines
RATING = re.compile(r",\s*\d{1,5}(?:\.\d{1,3})?$")
WIN_CELL = re.compile(rf"^Wins\s+(-?{NUMBER})\s+points?(?:\s+and\s+the\s+match)?$", re.IGNORECASE)
# The loser's side of a result (Backgammon Galaxy: "Losses 2 point"; "Concedes", "Resigns"):
# it annotates the winner's ``Wins`` line, or stands for it when there is none.
LOSS_CELL = re.compile(
    rf"^(?:Losses\s+({NUMBER})\s+points?|Concedes|Resigns)(?:\s+the\s+(?:game|match))?$",
    re.IGNORECASE,
)
NO_MOVE = {"", "cannot move", "ø", "-", "(no move)", "no move"}
ANSWERS = {"Takes": TAKE, "Accepts": TAKE, "Drops": DROP, "Passes": DROP, "Rejects": DROP}
CONTROL = re.compile(r"[\x00-\x08\x0b\x0e-\x1f\x7f]")  # tab, newlines, form feed are text
RIGHT_COLUMN = 20  # a lone cell starting at or after this column is the right player's


def decode(data: bytes | str) -> str:
    """The text of a transcript; binary data is refused."""
    if isinstance(data, bytes):
        if data[:2] in (b"\xff\xfe", b"\xfe\xff"):  # UTF-16 with its byte-order mark
            try:
                data = data.decode("utf-16").encode("utf-8")
            except UnicodeDecodeError:
                raise TranscriptError(
                    "not_text", "The file starts like UTF-16 text but is not."
                ) from None
        if b"\x00" in data:
            raise TranscriptError("not_text", "The file is binary data, not a match transcript.")
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            text = data.decode(_windows_code_page(data), errors="replace")
    else:
        text = data
    text = text.removeprefix("\ufeff")
    junk = CONTROL.search(text)
    if junk is not None:
        number = text.count("\n", 0, junk.start()) + 1
        raise TranscriptError(
            "not_text",
            f"Line {number} holds control characters: this is not a match transcript.",
            line=number,
        )
    return text


CYRILLIC_WORD = re.compile(rb"[\xc0-\xff]{2,}")
HIGH_BYTE = re.compile(rb"[\x80-\xff]")


def _windows_code_page(data: bytes) -> str:
    """The Windows code page of a transcript that is not UTF-8: cp1251 (Cyrillic) when
    most of its non-ASCII bytes form words of letters from 0xC0 up, which is how
    Russian names look in cp1251 (``Анна``); else cp1252 (Western), whose accented
    letters stand one at a time among ASCII letters (``Müller``, ``José``)."""
    high = len(HIGH_BYTE.findall(data))
    in_words = sum(len(word) for word in CYRILLIC_WORD.findall(data))
    return "cp1251" if high and 2 * in_words >= high else "cp1252"


@dataclass
class _Game:
    number: int
    line: int
    score: tuple[Points, Points] | None = None
    actions: list[Action] = field(default_factory=list)
    last_turn: int = 0


def _score_number(text: str) -> Points:
    value = float(text)
    return int(value) if value.is_integer() else value


def _score_line(text: str, players: tuple[str, str] | None) -> tuple[str, str, str, str] | None:
    """(name1, score1, name2, score2) of a score line, or None.

    GNU Backgammon writes ``name1 : s1`` left-justified in a 31-byte field and
    ``name2 : s2`` right after it, so a long left name glues the right name to the
    first score (``... many : 0Ørjan : 0``, or ``: 0007 : 0`` for a player called
    007). The split is taken where white space separates them; else where the right
    name is the one of game 1; else after the longest score without a leading zero.
    """
    if len(text) > MAX_SCORE_LINE:
        return None
    tail = SCORE_TAIL.match(text)
    if tail is None:
        return None
    head, second = tail.group(1), tail.group(2)
    spaced: list[tuple[str, str, str]] = []
    glued: list[tuple[str, str, str]] = []
    for colon in SCORE_COLON.finditer(head):
        first_name = head[: colon.start()].strip()
        rest = head[colon.end() :]
        digits = LEADING_NUMBER.match(rest)
        if not first_name or digits is None:
            continue
        after = rest[digits.end() :]
        if after[:1].isspace() and after.strip():
            spaced.append((first_name, digits.group(0), after.strip()))
        for end in range(1, digits.end() + 1):
            number, name = rest[:end], rest[end:]
            plain = number == "0" or not number.startswith("0")
            if plain and re.fullmatch(NUMBER, number) and name and not name[0].isspace():
                glued.append((first_name, number, name.rstrip()))
    candidates = [(_name(a), n, _name(b)) for a, n, b in
                  spaced + sorted(glued, key=lambda c: -len(c[1]))]
    if not candidates:
        return None
    chosen = candidates[0]
    if players is not None:
        chosen = next((c for c in candidates if (c[0], c[2]) == players), chosen)
    return chosen[0], chosen[1], chosen[2], second


def _name(written: str) -> str:
    """A player's name without the rating GamesGrid writes after it (``Carol, 1623``), as
    GNU Backgammon's importer reads it."""
    return RATING.sub("", written).rstrip() or written


def _parse_cell(cell: str, player: int, turn: int, number: int) -> Action | None:
    """One cell; None for XG's "rolled, then resigned" (``dd: ???``)."""
    dice = DICE_CELL.match(cell)
    if dice:
        d1, d2 = int(dice.group(1)), int(dice.group(2))
        if not (1 <= d1 <= 6 and 1 <= d2 <= 6):
            raise TranscriptError(
                "bad_dice",
                f"Line {number}: dice are two digits from 1 to 6, not "
                f"{dice.group(1)}{dice.group(2)}.",
                line=number,
            )
        play = " ".join(dice.group(3).split())
        if play.startswith(NOT_WRITTEN):
            return Action(MOVE, player, turn, (d1, d2), NOT_WRITTEN, line=number)
        if play.startswith("???"):
            return None
        if play.lower().startswith("illegal play"):
            raise TranscriptError(
                "unsupported_cell",
                f"Line {number}: an 'Illegal play' cell (Snowie's record of a position set "
                "by hand) is not supported; only the plays actually made can be checked.",
                line=number,
            )
        play = " ".join(ANNOTATION.sub("", play).split())
        if play.lower() in NO_MOVE:
            play = ""
        return Action(MOVE, player, turn, (d1, d2), play, line=number)
    cube = CUBE_CELL.match(cell)
    if cube:
        kind = CUBE_KINDS[cube.group(1)]
        return Action(kind, player, turn, value=int(cube.group(2)), line=number)
    if cell in ANSWERS:
        return Action(ANSWERS[cell], player, turn, line=number)
    win = WIN_CELL.match(cell)
    if win:
        return Action(WIN, player, turn, value=_score_number(win.group(1)), line=number)
    if cell == "Draw":
        return Action(DRAW, player, turn, line=number)
    loss = LOSS_CELL.match(cell)
    if loss:
        value = _score_number(loss.group(1)) if loss.group(1) else 0
        return Action(LOSS, player, turn, value=value, line=number)
    raise TranscriptError(
        "bad_cell",
        f"Line {number}: expected a roll like '52: 13/8 13/11', 'Doubles => 2', "
        f"'Takes', 'Drops' or 'Wins n points', found {cell[:60]!r}.",
        line=number,
    )


def _results(actions: list[Action]) -> tuple[Action, ...]:
    """The game's actions with the loser's side of the result folded into the winner's:
    a ``Losses``/``Concedes`` cell is dropped when the game has a ``Wins`` line, else it
    stands for the opponent's win of the points it names (a ``Concedes`` names none: a
    single game, the least a resignation is worth, at the cube the game reached)."""
    written_win = any(action.kind == WIN for action in actions)
    kept: list[Action] = []
    cube, offered = 1, 0
    for action in actions:
        if action.kind == DOUBLE:
            offered = int(action.value)
        elif action.kind == TAKE and offered:
            cube = offered
        elif action.kind in (BEAVER, RACCOON):
            cube = int(action.value)
        if action.kind != LOSS:
            kept.append(action)
        elif not written_win:
            value = action.value or cube
            kept.append(replace(action, kind=WIN, player=1 - action.player, value=value))
            written_win = True  # a second loser's line says the same again
    return tuple(kept)


def _follows_left(actions: list[Action]) -> bool:
    """Whether the next cell of a game is the right player's, judged by the turn order:
    the first roll of a game alone on its line, or the answer to a left player's move,
    double or take."""
    if not actions:
        return True
    last = actions[-1]
    return last.player == 0 and last.kind in (MOVE, DOUBLE, TAKE)


def _move_line(
    line: str, match: re.Match[str], number: int, game: _Game, tabbed: bool = False
) -> None:
    turn = int(match.group(1))
    if turn != game.last_turn + 1:
        raise TranscriptError(
            "bad_move_number",
            f"Line {number}: expected move number {game.last_turn + 1}) "
            f"in game {game.number}, found {turn}).",
            line=number,
        )
    game.last_turn = turn
    rest = line[match.end() :]
    starts = [cell.start() for cell in CELL_START.finditer(rest)]
    if rest[: starts[0] if starts else len(rest)].strip():
        raise TranscriptError(
            "bad_cell",
            f"Line {number}: expected a roll like '52: 13/8 13/11' or a cube "
            f"action after '{turn})', found {rest.strip()[:60]!r}.",
            line=number,
        )
    if len(starts) > 2:
        raise TranscriptError(
            "bad_cell",
            f"Line {number}: a move line holds two cells, one per player; found {len(starts)}.",
            line=number,
        )
    cells = [rest[start:end].strip() for start, end in zip(starts, [*starts[1:], len(rest)])]
    if len(cells) == 2:
        players = [0, 1]
    elif len(cells) == 1:
        right = match.end() + starts[0] >= RIGHT_COLUMN
        if tabbed and not right:  # one tab may stand for the empty left cell
            right = _follows_left(game.actions)
        players = [1 if right else 0]
    else:
        players = []
    for cell, player in zip(cells, players):
        action = _parse_cell(cell, player, turn, number)
        if action is not None:
            game.actions.append(action)


def _lone_line(line: str, number: int, game: _Game) -> bool:
    """A ``Wins``/``Draw`` line of its own; False when the line is something else."""
    cell = line.strip()
    if not (WIN_CELL.match(cell) or LOSS_CELL.match(cell) or cell == "Draw"):
        return False
    indent = len(line) - len(line.lstrip())
    player = 1 if indent >= RIGHT_COLUMN else 0
    action = _parse_cell(cell, player, game.last_turn, number)
    assert action is not None
    game.actions.append(action)
    return True


def read_mat(data: bytes | str, variant: str | None = None) -> MatchRecord:
    """Read a `.mat` transcript; ``variant`` must agree with a ``Variation`` tag."""
    if variant is not None and variant not in VARIANTS:
        raise TranscriptError("unknown_variant", f"There is no variant {variant!r}.")
    text = decode(data)
    tags: dict[str, str] = {}
    tag_lines: dict[str, int] = {}
    length: int | None = None
    games: list[_Game] = []
    players: tuple[str, str] | None = None
    awaiting_score = False
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.rstrip()
        if "\t" in line:  # columns count with tab stops every 8 characters
            line = line.expandtabs(8)
        stripped = line.strip()
        if not stripped:
            continue
        if stripped[0] in ";#":
            tag = TAG.match(stripped)
            if tag and not games:
                tags[tag.group(1)] = tag.group(2)
                tag_lines[tag.group(1)] = number
            continue
        if length is None:
            found = LENGTH.match(line)
            if not found:
                raise TranscriptError(
                    "bad_header",
                    f"Line {number}: expected the match length, like "
                    f"' 7 point match', found {stripped[:60]!r}.",
                    line=number,
                )
            length = int(found.group(1))
            if length > MAX_LENGTH:
                raise TranscriptError(
                    "bad_match_length",
                    f"Line {number}: a match is played to at most {MAX_LENGTH} points "
                    f"(what a GNU Backgammon Match ID can hold), not {found.group(1)[:30]}.",
                    line=number,
                )
            continue
        if games and not awaiting_score:
            numbered_line = MOVE_LINE.match(line)
            if numbered_line:  # most lines: test them first
                _move_line(line, numbered_line, number, games[-1], "\t" in raw)
                continue
        heading = GAME.match(line)
        if heading:
            if awaiting_score:
                raise TranscriptError(
                    "bad_score_line",
                    f"Line {number}: expected the score line of game "
                    f"{games[-1].number}, found {stripped[:60]!r}.",
                    line=number,
                )
            expected = len(games) + 1
            if int(heading.group(1)) != expected:
                raise TranscriptError(
                    "bad_game_number",
                    f"Line {number}: expected 'Game {expected}', found {stripped[:60]!r}.",
                    line=number,
                )
            games.append(_Game(expected, number))
            awaiting_score = True
            continue
        if awaiting_score:
            score = _score_line(stripped, players)
            if score is None:
                raise TranscriptError(
                    "bad_score_line",
                    f"Line {number}: expected the score line of game "
                    f"{games[-1].number}, like ' Alice : 0    Bob : 0', found {stripped[:60]!r}.",
                    line=number,
                )
            names = (score[0], score[2])
            if players is None:
                players = names
            elif names != players:
                raise TranscriptError(
                    "players_changed",
                    f"Line {number}: game {games[-1].number} is between "
                    f"{names[0]} and {names[1]}, but game 1 was between {players[0]} and "
                    f"{players[1]}.",
                    line=number,
                )
            games[-1].score = (_score_number(score[1]), _score_number(score[3]))
            awaiting_score = False
            continue
        if not games:
            raise TranscriptError(
                "bad_header",
                f"Line {number}: expected ' Game 1', found {stripped[:60]!r}.",
                line=number,
            )
        if not _lone_line(line, number, games[-1]):
            raise TranscriptError(
                "bad_line",
                f"Line {number}: expected a move line like ' {games[-1].last_turn + 1}) "
                f"52: 13/8 13/11', a 'Wins n points' line or ' Game {len(games) + 1}', found "
                f"{stripped[:60]!r}.",
                line=number,
            )
    if length is None:
        raise TranscriptError(
            "bad_header",
            "The file has no match length line (' 7 point match'): it is not a "
            "match transcript or it is cut short.",
        )
    if awaiting_score or players is None:
        raise TranscriptError(
            "truncated", "The transcript ends before the score line of a game: it is cut short."
        )
    named = variant_of(tags, tag_lines.get("Variation"))
    if variant is not None and named is not None and named != variant:
        raise TranscriptError(
            "variant_mismatch",
            f"The file is a {named} transcript (its Variation tag), not {variant}.",
            line=tag_lines.get("Variation"),
        )
    chosen = named or variant or "backgammon"
    rules, options = rules_from_tags(chosen, length, tags, tag_lines)
    other_tags = tuple((tag, value) for tag, value in tags.items() if tag not in RULE_TAGS)
    records = tuple(
        GameRecord(game.number, game.score, _results(game.actions), line=game.line)
        for game in games
    )
    money = length == 0
    return MatchRecord(chosen, length, players, records, rules, other_tags, options,
                       jacoby_unknown=money and "Jacoby" not in tags,
                       beavers_unknown=money and "Beaver" not in tags)
