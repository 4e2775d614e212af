"""Read what GNU Backgammon prints: ``show statistics game|match`` and ``export game text``.

Plain Python (no Django, no gnubg import): the child process and the tests use it.
Figures are kept as GNU Backgammon prints them (its rounding), one value per player,
player 0 being the left column of the ``.mat`` file (GNU Backgammon's X).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

# Section headings of ``show statistics``, and the key each row gets inside it.
SECTIONS = {
    "Chequerplay statistics": "chequer",
    "Luck statistics": "luck",
    "Cube statistics": "cube",
    "Overall statistics": "overall",
}
ROWS = {
    "Total moves": "total_moves",
    "Unforced moves": "unforced_moves",
    "Unmarked moves": "unmarked_moves",
    "Moves marked doubtful": "doubtful",
    "Moves marked bad": "bad",
    "Moves marked very bad": "very_bad",
    "Error total EMG (MWC)": "error_total",
    "Error rate mEMG (MWC)": "error_rate",
    "Chequerplay rating": "rating",
    "Rolls marked very lucky": "very_lucky",
    "Rolls marked lucky": "lucky",
    "Rolls unmarked": "unmarked_rolls",
    "Rolls marked unlucky": "unlucky",
    "Rolls marked very unlucky": "very_unlucky",
    "Luck total EMG (MWC)": "luck_total",
    "Luck rate mEMG (MWC)": "luck_rate",
    "Luck rating": "rating",
    "Total cube decisions": "total_decisions",
    "Close or actual cube decisions": "close_decisions",
    "Doubles": "doubles",
    "Takes": "takes",
    "Passes": "passes",
    "Missed doubles below CP (EMG (MWC))": "missed_doubles_below_cp",
    "Missed doubles above CP (EMG (MWC))": "missed_doubles_above_cp",
    "Wrong doubles below DP (EMG (MWC))": "wrong_doubles_below_dp",
    "Wrong doubles above TG (EMG (MWC))": "wrong_doubles_above_tg",
    "Wrong takes (EMG (MWC))": "wrong_takes",
    "Wrong passes (EMG (MWC))": "wrong_passes",
    "Cube decision rating": "rating",
    "Snowie error rate": "snowie_error_rate",
    "Overall rating": "rating",
    "Actual result": "actual_result",
    "Luck adjusted result": "luck_adjusted_result",
    "Luck based FIBS rating diff.": "luck_fibs_rating_difference",
    "Error based abs. FIBS rating": "error_fibs_rating",
    "Chequerplay errors rating loss": "chequer_rating_loss",
    "Cube errors rating loss": "cube_rating_loss",
}
TEXT_ROWS = {"rating"}
# Where GNU Backgammon starts its two columns (labels are padded to 41 characters, each
# player's column to 24).
FIRST_COLUMN, SECOND_COLUMN = 41, 65

_NUMBER = r"[-+]?\d+(?:\.\d+)?"
_COUNT_WITH_ERROR = re.compile(rf"(\d+) \(({_NUMBER}) \(\s*({_NUMBER})%\)\)")
_EMG_MWC = re.compile(rf"({_NUMBER})\s*\(\s*({_NUMBER})%\)")
_PLAIN = re.compile(rf"({_NUMBER})%?|n/a")


class StatisticsTextError(ValueError):
    """The text is not what ``show statistics`` prints."""


def _values(rest: str) -> list[Any]:
    """The one or two values of a numeric row, in column order."""
    found: list[Any] = []
    position = 0
    while position < len(rest):
        if rest[position] == " ":
            position += 1
            continue
        for pattern, build in (
            (_COUNT_WITH_ERROR, lambda m: [int(m[1]), float(m[2]), float(m[3])]),
            (_EMG_MWC, lambda m: [float(m[1]), float(m[2])]),
            (_PLAIN, lambda m: None if m[0] == "n/a" else _number(m[1])),
        ):
            match = pattern.match(rest, position)
            if match:
                found.append(build(match))
                position = match.end()
                break
        else:
            raise StatisticsTextError(f"cannot read {rest!r}")
    return found


def _number(text: str) -> int | float:
    return float(text) if "." in text else int(text)


def parse_statistics(text: str) -> dict[str, Any]:
    """``{"players": [name0, name1], "sides": [figures0, figures1]}``; figures are
    ``{"chequer": {"error_total": [emg, mwc_percent], ...}, "luck": ..., ...}``."""
    lines = text.splitlines()
    header = next((line for line in lines if line.startswith("Player ")), None)
    if header is None:
        raise StatisticsTextError("no 'Player' line")
    players = [header[FIRST_COLUMN:SECOND_COLUMN].strip(), header[SECOND_COLUMN:].strip()]
    sides: list[dict[str, dict[str, Any]]] = [{}, {}]
    section: str | None = None
    for line in lines:
        stripped = line.strip()
        if stripped in SECTIONS:
            section = SECTIONS[stripped]
            for side in sides:
                side.setdefault(section, {})
            continue
        if section is None or not stripped:
            continue
        label = next((row for row in ROWS if line.startswith(row + "  ")), None)
        if label is None:
            continue
        key = ROWS[label]
        if key in TEXT_ROWS:
            values: list[Any] = [
                line[FIRST_COLUMN:SECOND_COLUMN].strip(),
                line[SECOND_COLUMN:].strip(),
            ]
        else:
            values = _values(line[len(label) :])
            if len(values) == 1:  # a row about the pair (the luck-based rating difference)
                values = [values[0], None]
        if len(values) != 2:
            raise StatisticsTextError(f"expected two values in {line!r}")
        for side, value in zip(sides, values, strict=True):
            side[section][key] = value
    if not all(section in sides[0] for section in ("chequer", "luck", "overall")):
        raise StatisticsTextError("sections missing")
    return {"players": players, "sides": sides}


# --- export game text ------------------------------------------------------------------

_BLOCK = re.compile(r"^Move number (\d+):\s+(.*)$")
_POSITION_ID = re.compile(r"Position ID: (\S+)")
_MATCH_ID = re.compile(r"Match ID\s*: (\S+)")
_CANDIDATE = re.compile(
    rf"^(\*?)\s*(\d+)\.\s+(?:Cubeful|Cubeless)?\s*\S*-ply\s+(.*?)\s+Eq\.:\s+({_NUMBER})"
    rf"(?:\s+\(({_NUMBER})\))?\s*$"
)
_ROLLED = re.compile(r"^Rolled (\d)(\d)")
# A candidate's outcome: win, gammon, backgammon - lose, gammon, backgammon (for the mover)
_CHANCES = re.compile(r"^(\d\.\d+) (\d\.\d+) (\d\.\d+) - (\d\.\d+) (\d\.\d+) (\d\.\d+)$")
_ALERT = re.compile(rf"^Alert: (.*?)\s*\(\s*({_NUMBER})\)\s*$")
_PROPER = re.compile(r"^Proper cube action: (.*)$")
_ACTION = re.compile(r"^\* (.+?) (moves|doubles|accepts|rejects|resigns|declines|agrees)\s*(.*)$")


@dataclass
class _Block:
    number: int
    heading: str
    lines: list[str]


def _blocks(text: str) -> list[_Block]:
    blocks: list[_Block] = []
    for line in text.splitlines():
        found = _BLOCK.match(line)
        if found:
            blocks.append(_Block(int(found[1]), found[2].strip(), []))
        elif blocks:
            if line.startswith(("Player ", "Chequerplay statistics")):
                break  # the game's statistics follow the last decision
            blocks[-1].lines.append(line)
    return blocks


def parse_decisions(text: str) -> list[dict[str, Any]]:
    """Each decision GNU Backgammon analysed in an ``export game text`` file.

    A decision: its number in the game, the player, the kind (``move``, ``double``,
    ``take`` or ``pass``), the Position ID and Match ID before it, the dice, what was
    played and GNU Backgammon's best play with their equities, the equity lost by the
    play (0 for the best), GNU Backgammon's alerts (``doubtful move``, ``missed double``,
    ``wrong take``, ... with the equity each cost), the roll's luck when GNU Backgammon
    marked it (``lucky roll``, ...), the proper cube action when the cube was analysed,
    and, for a move, the mover's chance to win after the play made (``win``, 0 to 1, as
    GNU Backgammon evaluated it; None when it printed none).
    """
    decisions: list[dict[str, Any]] = []
    for block in _blocks(text):
        body = "\n".join(block.lines)
        position = _POSITION_ID.search(body)
        match_id = _MATCH_ID.search(body)
        decision: dict[str, Any] = {
            "number": block.number,
            "player": None,
            "kind": None,
            "position_id": position[1] if position else "",
            "match_id": match_id[1] if match_id else "",
            "dice": None,
            "played": "",
            "played_equity": None,
            "best": "",
            "best_equity": None,
            "equity_lost": 0.0,
            "alerts": [],
            "luck": None,
            "proper_cube_action": "",
            "win": None,
        }
        candidates: list[tuple[bool, int, str, float, float]] = []
        for line in block.lines:
            stripped = line.strip()
            action = _ACTION.match(stripped)
            if action and decision["player"] is None:
                decision["player"] = action[1]
                verb = action[2]
                decision["kind"] = {
                    "moves": "move",
                    "doubles": "double",
                    "accepts": "take",
                    "rejects": "pass",
                }.get(verb, verb)
                if verb == "moves":
                    decision["played"] = action[3].strip()
                continue
            alert = _ALERT.match(stripped)
            if alert:
                if alert[1].rstrip("!").endswith(" roll"):  # luck, not a decision's error
                    decision["luck"] = {"text": alert[1].rstrip("!"), "equity": float(alert[2])}
                else:
                    decision["alerts"].append({"text": alert[1], "equity": float(alert[2])})
                continue
            proper = _PROPER.match(stripped)
            if proper:
                decision["proper_cube_action"] = proper[1].strip()
                continue
            rolled = _ROLLED.match(stripped)
            if rolled:
                decision["dice"] = [int(rolled[1]), int(rolled[2])]
                continue
            chances = _CHANCES.match(stripped)
            if chances and candidates and candidates[-1][0] and decision["win"] is None:
                decision["win"] = float(chances[1])  # the line under the play made
                continue
            candidate = _CANDIDATE.match(stripped)
            if candidate:
                candidates.append(
                    (
                        candidate[1] == "*",
                        int(candidate[2]),
                        " ".join(candidate[3].split()),
                        float(candidate[4]),
                        float(candidate[5]) if candidate[5] else 0.0,
                    )
                )
        if decision["kind"] is None:
            continue  # a resignation or a block GNU Backgammon did not analyse
        if candidates:
            best = min(candidates, key=lambda row: row[1])
            decision["best"], decision["best_equity"] = best[2], best[3]
            played = next((row for row in candidates if row[0]), None)
            if played is not None:
                decision["played_equity"] = played[3]
                decision["equity_lost"] = -played[4]
        if decision["kind"] != "move" or not candidates:
            # a cube decision (or a move without a ranked list): what it cost is what
            # GNU Backgammon's alerts say
            decision["equity_lost"] = -sum(alert["equity"] for alert in decision["alerts"])
            if decision["kind"] != "move":
                decision["best"] = decision["proper_cube_action"]
        decision["equity_lost"] = round(decision["equity_lost"], 3) + 0.0
        decisions.append(decision)
    return decisions


# --- the game's statistics as GNU Backgammon saves them --------------------------------

_GS = re.compile(r"GS\[M:([^\]]*)\]\[C:([^\]]*)\]\[D:([^\]]*)\]")


def raw_statistics(sgf: str) -> list[str]:
    """The ``GS[...]`` property of each game of a saved match (the game's statistics at
    the precision GNU Backgammon saves them), in game order."""
    return [" ".join(found.groups()) for found in _GS.finditer(sgf)]
