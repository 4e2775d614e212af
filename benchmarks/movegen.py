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
registered in ``SECTIONS``. Times are the best of ``repeat`` runs in CPU seconds of this
process, to damp the noise from other jobs on the machine.
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
    """Best of ``repeat`` runs, in CPU seconds of this process (``time.process_time``), so
    that other jobs sharing the machine distort the figure less than wall time would."""
    times = []
    for _ in range(repeat):
        start = time.process_time()
        run()
        times.append(time.process_time() - start)
    return min(times)


def interleaved_best(runs: dict[str, Callable[[], object]], repeat: int) -> dict[str, float]:
    """``best_time`` of several runs taken in turn (A B A B ...), so that a change of load
    during the measurement hits them alike."""
    best = {name: float("inf") for name in runs}
    for _ in range(repeat):
        for name, run in runs.items():
            best[name] = min(best[name], best_time(run, 1))
    return best


def median_call_us(run: Callable[[], object], samples: int = 300, batch: int = 20) -> float:
    """Median CPU time of one call, from ``samples`` batches of ``batch`` calls."""
    times = []
    for _ in range(samples):
        start = time.process_time()
        for _ in range(batch):
            run()
        times.append((time.process_time() - start) / batch)
    return statistics.median(times) * 1e6


def _middle_games(boards: np.ndarray, dice: np.ndarray, wanted: int) -> list[int]:
    """Indexes of the first ``wanted`` middle-game sample positions: contact, nobody on
    the bar, both pip counts between 110 and 150, a non-double."""
    weights = np.arange(1, 26)
    found = []
    for i, (board, roll) in enumerate(zip(boards, dice)):
        pips = board @ weights
        mover_back = max(np.nonzero(board[1])[0], default=-1)
        other_back = max(np.nonzero(board[0, :24])[0], default=-1)
        if (board[:, 24].sum() == 0 and roll[0] != roll[1] and 110 <= pips.min()
                and pips.max() <= 150 and mover_back + other_back > 23):
            found.append(i)
            if len(found) == wanted:
                break
    return found or [0]


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

    best = interleaved_best({"engine": lambda: batch_generate(boards, dice),
                             "gnubg": run_gnubg}, repeat)
    engine_seconds, gnubg_seconds = best["engine"], best["gnubg"]
    counts, _results = batch_generate(boards, dice)
    gnubg_total = sum(len(keys) for keys in run_gnubg())

    middle = _middle_games(boards, dice, 25)
    single = []
    for index in middle:
        position = Position(boards[index])
        roll = (int(dice[index, 0]), int(dice[index, 1]))
        single.append((median_call_us(lambda p=position, r=roll: legal_plays(p, r), samples=60),
                       len(legal_plays(position, roll)), position.id, roll))
    first_us, first_plays, first_id, first_roll = single[0]
    typical_us = statistics.median(us for us, *_ in single)
    typical_plays = statistics.median(plays for _, plays, *_ in single)
    engine_rate = positions / engine_seconds
    gnubg_rate = positions / gnubg_seconds
    return [
        ("positions (self-play, seed 2026)", f"{positions}"),
        ("legal plays found: engine / gnubg", f"{int(counts.sum())} / {gnubg_total}"),
        ("engine batch_generate", f"{engine_rate:,.0f} positions/s"),
        ("gnubg_nn.moves", f"{gnubg_rate:,.0f} positions/s"),
        ("ratio engine / gnubg (target >= 1.0)", f"{engine_rate / gnubg_rate:.2f}"),
        ((f"legal_plays, one call ({first_id} {first_roll[0]}-{first_roll[1]}, "
          f"{first_plays} plays)"), f"{first_us:.1f} us (target < 20)"),
        ((f"legal_plays, median of {len(single)} middle-game positions "
          f"({typical_plays:.0f} plays)"), f"{typical_us:.1f} us (target < 20)"),
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
            print(f"  {label:<66} {value}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
