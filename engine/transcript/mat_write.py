"""Writing the `.mat` layout as GNU Backgammon does (match-play.md §6.4, §6.6, §6.7).

Column widths and indents follow GNU Backgammon's export; the deciding win is written
``Wins n points and the match`` (the Jellyfish/XG convention the project adopts), and
trailing spaces are not written. Move numbers come from :func:`layout.layout`, so a
record read from a file is written back with the numbers it had.
"""

from __future__ import annotations

from engine.match import Points, add_game
from engine.transcript.header import tags_for_rules
from engine.transcript.layout import Line, layout
from engine.transcript.model import DRAW, MOVE, WIN, Action, MatchRecord, format_score

LEFT_WIDTH = 27
LEFT_WIN_INDENT = 6
RIGHT_WIN_INDENT = 34
SCORE_WIDTH = 31


def _cell(action: Action, deciding: bool) -> str:
    text = action.text + (" and the match" if deciding else "")
    # GNU Backgammon indents every cell but a roll by one space.
    return text if action.kind == MOVE else " " + text


def _score_line(players: tuple[str, str], score: tuple[Points, Points]) -> str:
    left = f"{players[0]} : {format_score(score[0])}"
    return f" {left:<{SCORE_WIDTH - 1}} {players[1]} : {format_score(score[1])}".rstrip()


def _line_text(line: Line, deciding: Action | None) -> str:
    if line.alone is not None:
        indent = RIGHT_WIN_INDENT if line.alone.player == 1 else LEFT_WIN_INDENT
        return " " * (indent - 1) + _cell(line.alone, line.alone is deciding)
    left = _cell(line.left, line.left is deciding) if line.left else ""
    text = f"{line.turn:3d}) {left:<{LEFT_WIDTH}}"
    if line.right is not None:
        text += " " + _cell(line.right, line.right is deciding)
    return text.rstrip()


def write_mat(record: MatchRecord) -> str:
    """The `.mat` text of a match record."""
    out: list[str] = []
    tags = [*record.tags, *tags_for_rules(record.rules), *record.options]
    for tag, value in tags:
        out.append(f'; [{tag} "{value}"]')
    if tags:
        out.append("")
    out += [f" {record.match_length} point match", ""]
    rules = record.rules
    running: tuple[Points, Points] = (0, 0)
    for game in record.games:
        score = game.score if game.score is not None else running
        out += [f" Game {game.number}", _score_line(record.players, score)]
        deciding: Action | None = None
        running = score
        for action in game.actions:
            if action.kind == WIN:
                running = add_game(running, action.player, action.value, rules)
                if rules.is_match and running[action.player] >= rules.length:
                    deciding = action
            elif action.kind == DRAW:
                running = add_game(running, None, rules.draw_points, rules)
        out += [_line_text(line, deciding) for line in layout(game.actions)]
        out.append("")
    return "\n".join(out) + "\n"
