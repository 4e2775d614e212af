"""Plays: the arrays a variant's generator returns, and the Play objects of the API."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from engine.board import PlaySet, Step
from engine.errors import check_dice
from engine.notation import format_steps
from engine.position import Position
from engine.variants import get_variant

__all__ = ["Play", "PlaySet", "Step", "legal_plays", "plays_from_set"]


@dataclass(frozen=True, eq=False)
class Play:
    """One legal play: the steps of one way to play it and the position it produces.

    Two plays are equal when they start from the same position and produce the same one
    (rules-backgammon.md section 5: a play is identified by its resulting position).
    ``steps``, ``notation`` and ``position`` are computed on first use and kept, so that
    listing the plays of a position stays cheap.
    """

    before: Position
    playset: PlaySet = field(repr=False)
    index: int = field(repr=False)

    def _cached(self, name: str, compute: Any) -> Any:
        cache = self.__dict__
        if name not in cache:
            cache[name] = compute()  # a lazily filled cache, not a change of value
        return cache[name]

    @property
    def steps(self) -> tuple[Step, ...]:
        """The single-die steps (src, dst) of one way to play it, in playing order."""
        def compute() -> tuple[Step, ...]:
            count = int(self.playset.nsteps[self.index])
            return tuple((src, dst) for src, dst in self.playset.steps[self.index, :count].tolist())

        return self._cached("_steps", compute)

    @property
    def result(self) -> np.ndarray:
        """The resulting board (read-only), the mover still ``board[1]``."""
        return self.playset.boards[self.index]

    @property
    def position(self) -> Position:
        """The position after the play (the mover is still the side on roll)."""
        def compute() -> Position:
            return Position._trusted(self.playset.boards[self.index], self.before.variant)

        return self._cached("_position", compute)

    @property
    def notation(self) -> str:
        """Canonical notation (rules-backgammon.md section 10.2), e.g. ``24/23* 13/8``."""
        def compute() -> str:
            return format_steps(self.before.board, self.steps, self.before.variant)

        return self._cached("_notation", compute)

    @property
    def dice_used(self) -> int:
        return int(self.playset.nsteps[self.index])

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Play):
            return NotImplemented
        return self.before == other.before and self.position == other.position

    def __hash__(self) -> int:
        return hash((self.before, self.position))

    def __repr__(self) -> str:
        return f"Play({self.notation!r} -> {self.position.id})"


_new = object.__new__


def plays_from_set(before: Position, playset: Any) -> list[Play]:
    """Play objects for the rows of a PlaySet (or any object with the same arrays)."""
    if not isinstance(playset, PlaySet):
        playset = PlaySet(playset.boards, playset.steps, playset.nsteps)
    playset.boards.setflags(write=False)
    plays = []
    for index in range(len(playset.nsteps)):
        # Same fields as Play(before, playset, index), without the frozen __init__'s
        # per-field object.__setattr__ calls: listing plays is the engine's hot path.
        play = _new(Play)
        fields = play.__dict__
        fields["before"] = before
        fields["playset"] = playset
        fields["index"] = index
        plays.append(play)
    return plays


def legal_plays(position: Position, dice: Any, rules: Any = None) -> list[Play]:
    """Every legal play for the side on roll, one per distinct resulting position.

    An empty list when no checker can move. ``rules`` is the variant's rule options
    (``engine.nardy.rules.NardyRules`` for long nardy; ignored for backgammon).
    """
    d1, d2 = check_dice(dice)
    variant = get_variant(position.variant, rules)
    return plays_from_set(position, variant.generate(position.board, d1, d2))
