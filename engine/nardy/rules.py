"""Rule options of long nardy (``docs/rules-long-nardy.md``).

The options an event can switch are passed explicitly; the defaults are the project's
rulings. Whether the side on roll is on its first turn (which the head-rule exception of
section 5 needs) is not an option: the ruling makes it a property of the position, true
exactly when all 15 of the side's checkers are still on its head.
"""

from __future__ import annotations

from dataclasses import dataclass

# Block-rule regulations (section 7), as the small integers the compiled kernels take.
BLOCK_OFF = 0  # no block rule at all (used for contrast in tests, case N19b)
BLOCK_AHEAD = 1  # main rule: an opponent checker must have passed the block
BLOCK_HOME = 2  # tournament option: an opponent checker must stand in its home

BLOCK_RULES: dict[str, int] = {"off": BLOCK_OFF, "ahead": BLOCK_AHEAD, "home": BLOCK_HOME}


@dataclass(frozen=True)
class NardyRules:
    """The long-nardy regulation an event plays under.

    block_rule: ``"ahead"`` (default; at least one opponent checker has passed every
        six-point block at the end of the turn), ``"home"`` (tournament option: at
        least one opponent checker stands in the opponent's home), or ``"off"``.
    koks: score a triple win (koks) when the loser has borne off nothing and still has
        a checker in its starting quarter; off by default (section 9).
    last_roll: the equalisation ("last roll") option, off by default: when the first
        mover finishes, the other side plays one more turn, and a game where both sides
        finish is a ``"draw"``.
    """

    block_rule: str = "ahead"
    koks: bool = False
    last_roll: bool = False

    def __post_init__(self) -> None:
        if self.block_rule not in BLOCK_RULES:
            allowed = ", ".join(sorted(BLOCK_RULES))
            raise ValueError(f"block_rule must be one of {allowed}, not {self.block_rule!r}")

    @property
    def block_code(self) -> int:
        """The block regulation as the kernels' integer code."""
        return BLOCK_RULES[self.block_rule]
