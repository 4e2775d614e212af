"""Long-nardy move generation speed: the engine's batch generator next to the
plain-Python reference of the test suite, on the same seeded self-play positions.

Run: ``.venv/bin/python benchmarks/movegen_nardy.py [--positions N] [--reference N]``;
``benchmarks/movegen.py`` shows the same figures in its ``nardy`` section.
There is no outside long-nardy generator to compare with; the reference
(``tests/engine/nardy/reference.py``) is the deliberately simple one the tests trust.
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.batch import batch_generate
from engine.nardy.selfplay import self_play


@dataclass(frozen=True)
class NardyFigures:
    positions: int
    plays: int
    batch_per_second: float
    reference_positions: int
    reference_per_second: float


def measure(positions: int = 50_000, reference: int = 1_000, seed: int = 2026,
            repeats: int = 3) -> NardyFigures:
    """Positions per second of the batch kernel (best of ``repeats``) and the reference."""
    from tests.engine.nardy.reference import legal_results

    sample = self_play(positions, seed)
    batch_generate(sample.boards[:16], sample.dice[:16], "nardy")  # compile / load the cache
    best = float("inf")
    plays = 0
    for _ in range(repeats):
        started = time.perf_counter()
        counts, _results = batch_generate(sample.boards, sample.dice, "nardy")
        best = min(best, time.perf_counter() - started)
        plays = int(counts.sum())
    count = min(reference, positions)
    started = time.perf_counter()
    for board, dice in zip(sample.boards[:count], sample.dice[:count]):
        legal_results(board, int(dice[0]), int(dice[1]))
    reference_seconds = time.perf_counter() - started
    return NardyFigures(positions, plays, positions / best, count, count / reference_seconds)


def report(figures: NardyFigures) -> str:
    ratio = figures.batch_per_second / figures.reference_per_second
    return "\n".join([
        "long nardy move generation (seeded self-play, block rule 'ahead')",
        (f"  compiled batch : {figures.batch_per_second:>12,.0f} positions/s "
        f"({figures.positions:,} positions, {figures.plays:,} plays)"),
        (f"  plain reference: {figures.reference_per_second:>12,.0f} positions/s "
        f"({figures.reference_positions:,} positions)"),
        f"  ratio          : {ratio:>12,.0f}x",
    ])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=50_000)
    parser.add_argument("--reference", type=int, default=1_000)
    parser.add_argument("--seed", type=int, default=2026)
    options = parser.parse_args(argv)
    print(report(measure(options.positions, options.reference, options.seed)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
