"""How a game's actions are laid out on numbered two-column lines (match-play.md §6.4).

The left column is player 0, the right column player 1. A line holds at most one cell
per column, left before right; a ``Wins`` (or ``Draw``) line stands on its own, except
the win that answers a drop in the left column, which GNU Backgammon writes in the right
column of the same line. The reader keeps the numbers it finds; the writer and the JSON
reader use :func:`layout` to give actions the numbers a `.mat` file would show.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from engine.transcript.model import DRAW, DROP, WIN, Action


@dataclass
class Line:
    turn: int
    left: Action | None = None
    right: Action | None = None
    alone: Action | None = None  # a Wins/Draw line of its own


def _ends_game(action: Action) -> bool:
    return action.kind in (WIN, DRAW)


def layout(actions: Iterable[Action]) -> list[Line]:
    """The lines a `.mat` file writes for these actions, in order."""
    lines: list[Line] = []
    previous: Action | None = None
    last_turn = 0
    for action in actions:
        current = lines[-1] if lines and lines[-1].alone is None else None
        if _ends_game(action):
            answers_left_drop = (
                current is not None
                and previous is not None
                and previous.kind == DROP
                and current.left is previous
                and current.right is None
                and action.player == 1
            )
            if answers_left_drop:
                assert current is not None
                current.right = action
            else:
                lines.append(Line(last_turn, alone=action))
        else:
            fits = (
                current is not None
                and current.right is None
                and (action.player == 1 or current.left is None)
            )
            if not fits:
                last_turn += 1
                current = Line(last_turn)
                lines.append(current)
            assert current is not None
            if action.player == 0:
                current.left = action
            else:
                current.right = action
        previous = action
    return lines


def numbered(actions: Iterable[Action]) -> tuple[Action, ...]:
    """The actions with the move numbers of their lines in a `.mat` file."""
    result: list[Action] = []
    for line in layout(actions):
        for action in (line.left, line.right, line.alone):
            if action is not None:
                result.append(replace(action, turn=line.turn))
    return tuple(result)
