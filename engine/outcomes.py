"""Result names of a finished game and the points they are worth per cube value."""

from __future__ import annotations

from engine.errors import EngineError

MULTIPLIERS: dict[str, dict[str, int]] = {
    "backgammon": {"single": 1, "gammon": 2, "backgammon": 3},
    "nardy": {"oin": 1, "mars": 2, "koks": 3},
}


def multiplier(result: str, variant: str | None = None) -> int:
    """How many times the cube value the result ``result`` scores (single 1, gammon 2,
    backgammon 3; oin 1, mars 2, koks 3)."""
    tables = [MULTIPLIERS[variant]] if variant in MULTIPLIERS else list(MULTIPLIERS.values())
    for table in tables:
        if result in table:
            return table[result]
    raise EngineError("unknown_result", f"{result!r} is not a result of a finished game.")


def points(result: str, cube: int = 1, variant: str | None = None) -> int:
    """Points the winner scores for ``result`` with the cube at ``cube``."""
    return multiplier(result, variant) * cube
