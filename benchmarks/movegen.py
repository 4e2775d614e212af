"""Move-generation speed: the engine's batch generator against a reference, per variant.

    .venv/bin/python benchmarks/movegen.py [--positions 50000] [--repeat 3] [--variant all]

Backgammon: the engine's ``batch_generate`` and GNU Backgammon's ``gnubg_nn.moves`` on the
same self-play positions in one run (positions per second, ratio engine / gnubg, target
>= 1.0; the result counts are compared too), and the median time of one ``legal_plays``
call from Python for a middle-game position (target < 20 us).

Long nardy: the engine's ``batch_generate`` and the plain-Python reference generator of
``tests/engine/nardy/reference.py`` on the same seeded self-play positions (there is no
outside long-nardy generator), from ``benchmarks/movegen_nardy.py``.

Each variant is a section: a function ``(positions, repeat) -> list[(label, value)]``
registered in ``SECTIONS``. Times are best-of-``repeat`` to damp noise from other jobs.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

Figures = list[tuple[str, str]]


def best_time(run: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def median_call_us(run: Callable[[], object], calls: int = 3000) -> float:
    times = []
    for _ in range(calls):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1e6


def _middle_game(boards: np.ndarray, dice: np.ndarray) -> int:
    """Index of a middle-game sample position: contact, nobody on the bar, both pip
    counts between 110 and 150, a non-double."""
    weights = np.arange(1, 26)
    for i, (board, roll) in enumerate(zip(boards, dice)):
        pips = board @ weights
        mover_back = max(np.nonzero(board[1])[0], default=-1)
        other_back = max(np.nonzero(board[0, :24])[0], default=-1)
        if (board[:, 24].sum() == 0 and roll[0] != roll[1] and 110 <= pips.min()
                and pips.max() <= 150 and mover_back + other_back > 23):
            return i
    return 0


def backgammon_section(positions: int, repeat: int) -> Figures:
    import gnubg_nn

    from engine.backgammon.selfplay import mixed_sample
    from engine.batch import batch_generate
    from engine.plays import legal_plays
    from engine.position import Position

    boards, dice = mixed_sample(seed=2026, n=positions)
    batch_generate(boards[:100], dice[:100])  # compile / load the cache outside the timing
    as_lists = boards.tolist()
    rolls = dice.tolist()

    def run_gnubg() -> list[tuple[str, ...]]:
        return [gnubg_nn.moves(board, roll[0], roll[1]) for board, roll in zip(as_lists, rolls)]

    engine_seconds = best_time(lambda: batch_generate(boards, dice), repeat)
    gnubg_seconds = best_time(run_gnubg, repeat)
    counts, _results = batch_generate(boards, dice)
    gnubg_total = sum(len(keys) for keys in run_gnubg())

    index = _middle_game(boards, dice)
    position = Position(boards[index])
    roll = (int(dice[index, 0]), int(dice[index, 1]))
    plays = legal_plays(position, roll)
    single_us = median_call_us(lambda: legal_plays(position, roll))
    engine_rate = positions / engine_seconds
    gnubg_rate = positions / gnubg_seconds
    return [
        ("positions (self-play, seed 2026)", f"{positions}"),
        ("legal plays found: engine / gnubg", f"{int(counts.sum())} / {gnubg_total}"),
        ("engine batch_generate", f"{engine_rate:,.0f} positions/s"),
        ("gnubg_nn.moves", f"{gnubg_rate:,.0f} positions/s"),
        ("ratio engine / gnubg (target >= 1.0)", f"{engine_rate / gnubg_rate:.2f}"),
        (f"legal_plays median ({position.id} {roll[0]}-{roll[1]}, {len(plays)} plays)",
         f"{single_us:.1f} us (target < 20)"),
    ]


def nardy_section(positions: int, repeat: int) -> Figures:
    from benchmarks.movegen_nardy import measure

    figures = measure(positions=positions, reference=1_000, seed=2026, repeats=repeat)
    return [
        ("positions (self-play with block drills, seed 2026)", f"{figures.positions}"),
        ("legal plays found", f"{figures.plays}"),
        ("engine batch_generate", f"{figures.batch_per_second:,.0f} positions/s"),
        (f"plain-Python reference ({figures.reference_positions} positions)",
         f"{figures.reference_per_second:,.0f} positions/s"),
        ("ratio engine / reference",
         f"{figures.batch_per_second / figures.reference_per_second:,.0f}"),
    ]


SECTIONS: dict[str, Callable[[int, int], Figures]] = {
    "backgammon": backgammon_section,
    "nardy": nardy_section,
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=50_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--variant", choices=[*SECTIONS, "all"], default="all")
    options = parser.parse_args(argv)
    names = list(SECTIONS) if options.variant == "all" else [options.variant]
    for name in names:
        print(f"== {name}")
        for label, value in SECTIONS[name](options.positions, options.repeat):
            print(f"  {label:<62} {value}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
