"""Speed of the draw generators of the newer formats (goal: under 1 s each).

    .venv/bin/python benchmarks/draws.py                      # every section
    .venv/bin/python benchmarks/draws.py swiss                # some sections

* ``swiss``: pairing one round of a 512-player Swiss (and of a 511-player one, with a
  bye), each round of a whole event with random results; the slowest round is the
  figure, the median in the note.
* ``double_elimination``: drawing a 1,024-player double elimination, resolving it once,
  and playing it to the end with random results.
* ``swiss_losses``: a whole 512-player Swiss until two losses, paired and played.

Figures print next to their goal, as in ``benchmarks/tournaments.py``.
"""

from __future__ import annotations

import functools
import importlib.util
import random
import statistics
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

_spec = importlib.util.spec_from_file_location("bench_tournaments", ROOT / "benchmarks" / "tournaments.py")
assert _spec is not None and _spec.loader is not None
bench_tournaments = importlib.util.module_from_spec(_spec)
sys.modules["bench_tournaments"] = bench_tournaments
_spec.loader.exec_module(bench_tournaments)

from bench_tournaments import Figure, run_sections, timed

from tournaments.draws.double_elimination import champion, draw_double_elimination
from tournaments.draws.progress import resolve
from tournaments.draws.swiss import SwissPlayer, pair_first_round, pair_round, swiss_rounds
from tournaments.draws.swiss_losses import is_finished, pair_losses_round, still_in

GOAL = 1.0


def _swiss_event(entrants: int, seed: int) -> list[float]:
    """Seconds to pair each round after the first of a whole Swiss event."""
    rng = random.Random(seed)
    players = list(range(1, entrants + 1))
    wins, byes, played = Counter(), Counter(), set()
    pairings = pair_first_round(players)
    times = []
    for round_number in range(1, swiss_rounds(entrants) + 1):
        if round_number > 1:
            field = [SwissPlayer(p, p, wins[p], byes[p]) for p in players]
            seconds, pairings = timed(functools.partial(pair_round, field, played, round_number=round_number))
            times.append(seconds)
        for pairing in pairings:
            if pairing.second is None:
                wins[pairing.first] += 1
                byes[pairing.first] += 1
            else:
                played.add(frozenset((pairing.first, pairing.second)))
                wins[rng.choice((pairing.first, pairing.second))] += 1
    return times


def swiss() -> list[Figure]:
    figures = []
    for entrants in (512, 511):
        times = _swiss_event(entrants, seed=1)
        figures.append(Figure(
            f"pair a round of a {entrants}-player Swiss (slowest of rounds 2-{len(times) + 1})",
            max(times), GOAL, f"median {statistics.median(times):.4f} s",
        ))
    return figures


def _play_bracket(draw, rng):
    results: dict = {}
    while True:
        state = resolve(draw, results)
        ready = state.playable()
        if not ready:
            return state
        for match in ready:
            results[match.key] = rng.choice(match.players)


def double_elimination() -> list[Figure]:
    seeds = [f"player{i}" for i in range(1, 1025)]
    seconds, draw = timed(lambda: draw_double_elimination(seeds))
    figures = [Figure("draw a 1,024-player double elimination", seconds, GOAL,
                      f"{len(draw.matches)} matches")]
    seconds, _ = timed(lambda: resolve(draw, {}))
    figures.append(Figure("resolve it once (who plays where)", seconds, 0.1))
    seconds, state = timed(lambda: _play_bracket(draw, random.Random(3)))
    figures.append(Figure("play it to the end with random results (resolve each wave)",
                          seconds, None, f"champion {champion(state)}"))
    return figures


def _losses_event(entrants: int, limit: int, seed: int) -> int:
    rng = random.Random(seed)
    players = list(range(1, entrants + 1))
    wins, losses, byes, played = Counter(), Counter(), Counter(), set()
    pairings, rounds = pair_first_round(players), 0
    while True:
        for pairing in pairings:
            if pairing.second is None:
                wins[pairing.first] += 1
                byes[pairing.first] += 1
                continue
            winner = rng.choice((pairing.first, pairing.second))
            wins[winner] += 1
            losses[pairing.first if winner == pairing.second else pairing.second] += 1
            played.add(frozenset((pairing.first, pairing.second)))
        rounds += 1
        if is_finished(len(still_in(players, losses, limit)), rounds):
            return rounds
        field = [SwissPlayer(p, p, wins[p], byes[p]) for p in players]
        pairings = pair_losses_round(field, losses, played, limit=limit, round_number=rounds + 1)


def swiss_losses() -> list[Figure]:
    seconds, rounds = timed(lambda: _losses_event(512, 2, seed=4))
    return [Figure("a whole 512-player Swiss until 2 losses, paired and played", seconds, None,
                   f"{rounds} rounds, {seconds / rounds:.4f} s a round")]


SECTIONS: dict[str, Callable[[], list[Figure]]] = {
    "swiss": swiss,
    "double_elimination": double_elimination,
    "swiss_losses": swiss_losses,
}


if __name__ == "__main__":
    sys.exit(run_sections(SECTIONS, sys.argv[1:]))
