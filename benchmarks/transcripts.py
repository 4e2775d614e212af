"""How fast are match transcripts checked?

Reads and replays every `.mat` file of the shared gnubg-matches folder (NARDY_SHARED,
else <repo>/../shared) in a warm process, then prints the moves checked per second and
the time for the longest match (the one with the most moves, a 17-point match), best
CPU time of several runs, next to the time of the bare move generation it needs (one
``generate`` call per move) as the reference floor.

    .venv/bin/python benchmarks/transcripts.py [--repeat N]
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from engine.replay import replay
from engine.transcript import MatchRecord, read_path
from engine.transcript.model import MOVE
from engine.variants import get_variant


def moves_of(record: MatchRecord) -> int:
    return sum(1 for game in record.games for action in game.actions if action.kind == MOVE)


def best_time(function, repeat: int) -> float:  # type: ignore[no-untyped-def]
    """Best CPU time of ``repeat`` runs: the machine is shared, so wall time is noisy."""
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        function()
        best = min(best, time.process_time() - start)
    return best


def generation_only(record: MatchRecord) -> None:
    """The reference: one ``generate`` call per move on the positions of the match (the
    replay itself fetches them in one batch call per game)."""
    verdict_boards = _boards(record)
    variant = get_variant(record.variant)
    for board, dice in verdict_boards:
        variant.generate(board, *dice)


_cache: dict[int, list] = {}


def _boards(record: MatchRecord) -> list:
    """(board, dice) of every move of the match, collected once by replaying it."""
    key = id(record)
    if key not in _cache:
        from engine.transcript import game_replay

        collected: list = []
        batch, single = game_replay.legal_results, game_replay.check_move

        def batch_spy(variant, boards, dice, rules):  # type: ignore[no-untyped-def]
            collected.extend(zip(boards, dice))
            return batch(variant, boards, dice, rules)

        def single_spy(variant, board, dice, text, rules=None):  # type: ignore[no-untyped-def]
            collected.append((board, dice))
            return single(variant, board, dice, text, rules)

        game_replay.legal_results = batch_spy  # type: ignore[assignment]
        game_replay.check_move = single_spy  # type: ignore[assignment]
        try:
            replay(record)
        finally:
            game_replay.legal_results = batch  # type: ignore[assignment]
            game_replay.check_move = single  # type: ignore[assignment]
        _cache[key] = collected
    return _cache[key]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    shared = Path(os.environ.get("NARDY_SHARED", REPO.parent / "shared"))
    files = sorted((shared / "data" / "gnubg-matches").glob("*.mat"))
    if not files:
        print(f"no .mat files under {shared}", file=sys.stderr)
        return 2
    records = [read_path(path) for path in files]
    for record in records:  # warm up: compile, caches
        assert replay(record).valid
    total_moves = sum(moves_of(record) for record in records)

    def check_all() -> None:
        for path in files:
            replay(read_path(path))

    every = best_time(check_all, args.repeat)
    longest_index = max(range(len(records)), key=lambda i: moves_of(records[i]))
    longest = records[longest_index]
    runs = max(args.repeat, 10)
    path = files[longest_index]
    read = best_time(lambda: read_path(path), runs)
    one = best_time(lambda: replay(longest), runs)
    both = best_time(lambda: replay(read_path(path)), runs)
    floor = best_time(lambda: generation_only(longest), runs)
    print(f"files: {len(files)}, moves: {total_moves} (best CPU time of several runs)")
    print(
        f"all files, read + replay: {every * 1000:.1f} ms, "
        f"{total_moves / every:,.0f} moves checked per second"
    )
    print(
        f"longest match {path.name} ({longest.match_length} points, {moves_of(longest)} "
        f"moves): read + replay {both * 1000:.1f} ms (target < 20 ms) = read "
        f"{read * 1000:.1f} ms + replay {one * 1000:.1f} ms"
    )
    print(
        f"reference: its {moves_of(longest)} generate calls alone (one per move) take "
        f"{floor * 1000:.1f} ms"
    )
    nardy_figure(args.repeat)
    return 0


def nardy_figure(repeat: int) -> None:
    """The same check on long nardy: seeded self-play matches written as `.mat` text."""
    from engine.match import MatchRules
    from engine.transcript import read_mat, write_mat
    from engine.transcript.selfplay import random_match

    rules = MatchRules.for_variant("nardy", 5)
    texts = [write_mat(random_match(rules, seed)) for seed in range(5)]
    records = [read_mat(text) for text in texts]
    for record in records:
        assert replay(record).valid
    moves = sum(moves_of(record) for record in records)
    took = best_time(lambda: [replay(read_mat(text)) for text in texts], repeat)
    print(
        f"long nardy, 5 self-play 5-point matches ({moves} moves): read + replay "
        f"{took * 1000:.1f} ms, {moves / took:,.0f} moves checked per second"
    )


if __name__ == "__main__":
    raise SystemExit(main())
