"""The match's figures: PR, and a match put together from its games.

Plain Python. When one child process analysed every game of a match, the match's
figures are GNU Backgammon's own ``show statistics match``. When the analysis was
interrupted (a worker restart) and resumed, no process holds every game's analysis, so
the match figures are added up here from each game's statistics as GNU Backgammon
saved them (``GS[...]``, six decimals) and its counts, with GNU Backgammon's formulas;
they are marked ``combined``.
"""

from __future__ import annotations

from decimal import ROUND_HALF_EVEN, Decimal
from typing import Any

# Per player, in the order of GNU Backgammon's saved game statistics (GS[M:..][C:..][D:..]).
CUBE_ERRORS = (
    "missed_doubles_below_cp",
    "missed_doubles_above_cp",
    "wrong_doubles_below_dp",
    "wrong_doubles_above_tg",
    "wrong_takes",
    "wrong_passes",
)
COUNTS = {
    "chequer": ("total_moves", "unforced_moves", "unmarked_moves", "doubtful", "bad", "very_bad"),
    "luck": ("very_lucky", "lucky", "unmarked_rolls", "unlucky", "very_unlucky"),
    "cube": ("total_decisions", "close_decisions", "doubles", "takes", "passes"),
}


def pr(overall_error_rate_memg: float | None) -> Decimal | None:
    """PR: GNU Backgammon's overall error rate (mEMG per unforced decision) halved, the
    scale players know from eXtreme Gammon; two decimals."""
    if overall_error_rate_memg is None:
        return None
    value = abs(Decimal(str(overall_error_rate_memg))) / 2
    return value.quantize(Decimal("0.01"), rounding=ROUND_HALF_EVEN)


def overall_rate(figures: dict[str, Any], side: int) -> float | None:
    try:
        return figures["sides"][side]["overall"]["error_rate"][0]
    except (KeyError, IndexError, TypeError):
        return None


def luck_rate(figures: dict[str, Any], side: int) -> float | None:
    try:
        return figures["sides"][side]["luck"]["luck_rate"][0]
    except (KeyError, IndexError, TypeError):
        return None


def _raw_errors(raw: str) -> list[dict[str, tuple[float, float]]]:
    """Per player: the chequer, cube-category and luck totals (EMG, MWC) of one game."""
    numbers = raw.split()
    moves, cube, luck = numbers[:16], numbers[16:60], numbers[60:74]
    sides: list[dict[str, tuple[float, float]]] = [{}, {}]
    for side in (0, 1):
        sides[side]["chequer"] = (float(moves[12 + 2 * side]), float(moves[13 + 2 * side]))
        floats = cube[20:]
        for position, name in enumerate(CUBE_ERRORS):
            at = side * 12 + position * 2
            sides[side][name] = (float(floats[at]), float(floats[at + 1]))
        sides[side]["luck"] = (float(luck[10 + 2 * side]), float(luck[11 + 2 * side]))
    return sides


def _emg(value: float) -> float:
    return round(value, 3) + 0.0


def _percent(value: float) -> float:
    return round(value * 100, 3) + 0.0


def _rate(total: float, count: int, scale: float, places: int) -> float:
    return round(total / count * scale, places) + 0.0 if count else 0.0


def combine(games: list[dict[str, Any]]) -> dict[str, Any]:
    """Match figures from each game's ``statistics`` and ``raw`` (see the module)."""
    players = games[0]["statistics"]["players"]
    sides: list[dict[str, dict[str, Any]]] = [{}, {}]
    for side in (0, 1):
        figures: dict[str, dict[str, Any]] = {"chequer": {}, "luck": {}, "cube": {}, "overall": {}}
        for section, names in COUNTS.items():
            for name in names:
                figures[section][name] = sum(
                    game["statistics"]["sides"][side][section][name] for game in games
                )
        totals: dict[str, list[float]] = {}
        for game in games:
            for name, (emg, mwc) in _raw_errors(game["raw"])[side].items():
                total = totals.setdefault(name, [0.0, 0.0])
                total[0] += emg
                total[1] += mwc
        chequer = figures["chequer"]
        chequer["error_total"] = [-_emg(totals["chequer"][0]), -_percent(totals["chequer"][1])]
        chequer["error_rate"] = [
            -_rate(totals["chequer"][0], chequer["unforced_moves"], 1000, 1),
            -_rate(totals["chequer"][1], chequer["unforced_moves"], 100, 3),
        ]
        cube = figures["cube"]
        cube_emg = sum(totals[name][0] for name in CUBE_ERRORS)
        cube_mwc = sum(totals[name][1] for name in CUBE_ERRORS)
        for name in CUBE_ERRORS:
            count = sum(
                _count(game["statistics"]["sides"][side]["cube"].get(name)) for game in games
            )
            cube[name] = (
                [count, -_emg(totals[name][0]), -_percent(totals[name][1])] if count else 0
            )
        cube["error_total"] = [-_emg(cube_emg), -_percent(cube_mwc)]
        cube["error_rate"] = [
            -_rate(cube_emg, cube["close_decisions"], 1000, 1),
            -_rate(cube_mwc, cube["close_decisions"], 100, 3),
        ]
        luck = figures["luck"]
        luck["luck_total"] = [_emg(totals["luck"][0]), _percent(totals["luck"][1])]
        luck["luck_rate"] = [
            _rate(totals["luck"][0], chequer["total_moves"], 1000, 1),
            _rate(totals["luck"][1], chequer["total_moves"], 100, 3),
        ]
        decisions = chequer["unforced_moves"] + cube["close_decisions"]
        overall_emg, overall_mwc = totals["chequer"][0] + cube_emg, totals["chequer"][1] + cube_mwc
        figures["overall"]["error_total"] = [-_emg(overall_emg), -_percent(overall_mwc)]
        figures["overall"]["error_rate"] = [
            -_rate(overall_emg, decisions, 1000, 1),
            -_rate(overall_mwc, decisions, 100, 3),
        ]
        sides[side] = figures
    return {"players": players, "sides": sides, "combined": True}


def _count(value: Any) -> int:
    if isinstance(value, list):
        return int(value[0])
    return int(value or 0)
