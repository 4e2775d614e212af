"""How long does the exact "who pays whom" take as a night grows, against an exhaustive
search (the reference) and the greedy pass used above the exact limit?

For each number of players with a balance (random zero-sum balances, the same seed every
run) it prints the time of ``chouette.fewest_transfers`` (subset DP), of an exhaustive
search over transfer sequences (exact too, exponential; skipped above 10 players), and of
the greedy pass, and how many transfers each gives.

    .venv/bin/python benchmarks/chouette_settlement.py [--samples 5] [--max 15]
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from chouette.core.transfers import EXACT_LIMIT, fewest_transfers


def exhaustive(amounts: list[int]) -> int:
    amounts = [amount for amount in amounts if amount]

    def search(start: int) -> int:
        while start < len(amounts) and amounts[start] == 0:
            start += 1
        if start == len(amounts):
            return 0
        best = math.inf
        for other in range(start + 1, len(amounts)):
            if amounts[other] * amounts[start] < 0:
                amounts[other] += amounts[start]
                best = min(best, 1 + search(start + 1))
                amounts[other] -= amounts[start]
        return int(best)

    return search(0)


def balances(size: int, rng: random.Random) -> list[tuple[str, int]]:
    amounts = [rng.randint(-30, 30) or 1 for _ in range(size - 1)]
    amounts.append(-sum(amounts))
    return [(f"P{i}", amount) for i, amount in enumerate(amounts)]


def timed(call) -> tuple[float, object]:  # type: ignore[no-untyped-def]
    start = time.perf_counter()
    result = call()
    return time.perf_counter() - start, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=5)
    parser.add_argument("--max", type=int, default=EXACT_LIMIT)
    args = parser.parse_args()
    rng = random.Random(19)
    print(f"exact limit: {EXACT_LIMIT} players with a balance")
    print("players  exact DP (s)  transfers  exhaustive (s)  transfers  greedy (s)  transfers")
    for size in range(4, args.max + 1):
        dp_time = search_time = greedy_time = 0.0
        dp_count = search_count = greedy_count = 0
        for _ in range(args.samples):
            night = balances(size, rng)
            seconds, transfers = timed(lambda night=night: fewest_transfers(night))
            dp_time += seconds
            dp_count += len(transfers)  # type: ignore[arg-type]
            seconds, transfers = timed(lambda night=night: fewest_transfers(night, exact_limit=0))
            greedy_time += seconds
            greedy_count += len(transfers)  # type: ignore[arg-type]
            if size <= 10:
                seconds, count = timed(lambda night=night: exhaustive([a for _, a in night]))
                search_time += seconds
                search_count += count  # type: ignore[operator]
        n = args.samples
        reference = f"{search_time / n:14.4f}  {search_count / n:9.1f}" if size <= 10 else " " * 25
        print(
            f"{size:7d}  {dp_time / n:12.4f}  {dp_count / n:9.1f}  {reference}  "
            f"{greedy_time / n:10.5f}  {greedy_count / n:9.1f}"
        )


if __name__ == "__main__":
    main()
