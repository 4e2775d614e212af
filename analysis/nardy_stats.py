"""Figures that need no evaluation, for the matches GNU Backgammon cannot analyse (long
nardy): pips moved, hits, doubles rolled, turns on the bar, rolls with no move.

Read from the transcript with the engine's reader. In long nardy nothing is ever hit
and no checker is on the bar, so those two stay 0 there; they are counted all the same
so that the figures mean the same in both games.
"""

from __future__ import annotations

import re
from typing import Any

from engine.transcript import read_transcript
from engine.transcript.model import MOVE

_SEGMENT = re.compile(r"(\d+|bar)/(\d+|off)(\*?)(?:\((\d)\))?", re.IGNORECASE)


def _point(text: str, bar: int) -> int:
    lowered = text.lower()
    if lowered == "bar":
        return bar
    if lowered == "off":
        return 0
    return int(text)


def nardy_statistics(text: str) -> dict[str, Any]:
    """``{"players": [..], "sides": [{"statistics": {...}}, ...], "games": n}``."""
    record = read_transcript(text)
    sides = [
        {"turns": 0, "pips": 0, "hits": 0, "doubles_rolled": 0, "turns_on_bar": 0, "no_move": 0}
        for _ in range(2)
    ]
    for game in record.games:
        for action in game.actions:
            if action.kind != MOVE or action.dice is None:
                continue
            side = sides[action.player]
            side["turns"] += 1
            if action.dice[0] == action.dice[1]:
                side["doubles_rolled"] += 1
            if not action.play.strip():
                side["no_move"] += 1
                continue
            entered = False
            for start, end, hit, times in _SEGMENT.findall(action.play):
                count = int(times) if times else 1
                begin = _point(start, 25)
                side["pips"] += (begin - _point(end, 25)) * count
                side["hits"] += (1 if hit else 0) * count
                entered = entered or begin == 25
            if entered:
                side["turns_on_bar"] += 1
    return {
        "players": list(record.players),
        "variant": record.variant,
        "games": len(record.games),
        "sides": sides,
    }
