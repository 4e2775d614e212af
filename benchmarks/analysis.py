"""Match analysis speed: GNU Backgammon's child process on the 30 shared matches.

    .venv/bin/python benchmarks/analysis.py                 # 0-ply and 2-ply, all 30
    .venv/bin/python benchmarks/analysis.py --plies 0       # one depth
    .venv/bin/python benchmarks/analysis.py --plies 2 --no-event --files m01-1pt.mat m11-7pt.mat

Prints, per depth: the worker time (CPU seconds of the child processes, which is what
an analysis worker spends) of the 30 matches, per match and per 7-point match, decisions
analysed per second, and the goal (a 7-point match at 0-ply in under 1 s of worker
time). Then a 64-player knockout's 63 matches (the shared matches in turn, each taking
the worker time measured for it above) queued at once on 1, 2 and 4 analysis workers:
each worker takes the next match when it is free, and the event is done when the last
match is; this assumes a core per worker. ``--event-wall`` also runs the 63 analyses
with 1, 2 and 4 processes at once and times them on the wall clock (meaningful only on
a machine with that many free cores).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(BASE_DIR))

from analysis.runner import run_child

SHARED = Path(os.environ.get("NARDY_SHARED", BASE_DIR.parent / "shared"))
MATCHES = SHARED / "data" / "gnubg-matches"
EVENT_MATCHES = 63  # a 64-player knockout


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def analyse(path: Path, plies: int) -> dict:
    """One whole match in one child process: its worker time and decisions."""
    started_cpu, started = children_cpu(), time.perf_counter()
    games = decisions = 0
    analyse_seconds = 0.0
    for message in run_child(path.read_text(), plies, list(range(99)), game_seconds=3600):
        if message["event"] == "game":
            games += 1
            decisions += len(message["decisions"])
            analyse_seconds += message["cpu_seconds"]
    return {
        "file": path.name,
        "length": int(path.stem.split("-")[1].rstrip("pt")),
        "games": games,
        "decisions": decisions,
        "worker_seconds": children_cpu() - started_cpu,
        "analyse_seconds": analyse_seconds,
        "wall_seconds": time.perf_counter() - started,
    }


def depth_report(plies: int, files: list[Path]) -> dict:
    rows = []
    for path in files:
        rows.append(analyse(path, plies))
        print(f"  {path.name} at {plies}-ply: {rows[-1]['worker_seconds']:.2f} s", flush=True)
    worker = sum(row["worker_seconds"] for row in rows)
    analyse_only = sum(row["analyse_seconds"] for row in rows)
    decisions = sum(row["decisions"] for row in rows)
    sevens = [row["worker_seconds"] for row in rows if row["length"] == 7]
    report = {
        "plies": plies,
        "matches": len(rows),
        "games": sum(row["games"] for row in rows),
        "decisions": decisions,
        "worker_seconds": round(worker, 2),
        "gnubg_analyse_seconds": round(analyse_only, 2),
        "per_match_seconds": round(worker / len(rows), 3),
        "seven_point_match_seconds": round(sum(sevens) / len(sevens), 3) if sevens else None,
        "decisions_per_second": round(decisions / worker, 1),
        "rows": rows,
    }
    print(
        f"{plies}-ply: {len(rows)} matches ({report['games']} games, {decisions} decisions) "
        f"in {worker:.2f} s of worker time ({analyse_only:.2f} s in GNU Backgammon's "
        f"'analyse game'); {report['per_match_seconds']} s a match; 7-point match "
        f"{report['seven_point_match_seconds']} s; {report['decisions_per_second']} decisions/s"
    )
    if plies == 0 and sevens:
        met = "met" if report["seven_point_match_seconds"] < 1 else "NOT met"
        print(f"  goal: a 7-point match at 0-ply in < 1 s of worker time: {met}")
    return report


def event_schedule(per_match: list[float], workers: int, plies: int) -> dict:
    """When the last of the event's matches is done with ``workers`` workers (each takes
    the next match in the queue when it is free)."""
    free_at = [0.0] * workers
    for seconds in per_match:
        first = free_at.index(min(free_at))
        free_at[first] += seconds
    finish = max(free_at)
    print(f"64-player knockout (63 matches) at {plies}-ply, {workers} analysis worker(s): done after "
          f"{finish:.1f} s ({sum(per_match):.1f} s of worker time in all)")
    return {"plies": plies, "workers": workers, "matches": len(per_match),
            "finish_seconds": round(finish, 2)}  # fmt: skip


def event_report(files: list[Path], workers: int) -> dict:
    """63 matches (the shared ones in turn) through ``workers`` processes at once."""
    queue = [files[index % len(files)] for index in range(EVENT_MATCHES)]
    started_cpu, started = children_cpu(), time.perf_counter()
    with ThreadPoolExecutor(max_workers=workers) as pool:
        list(pool.map(lambda path: analyse(path, 0), queue))
    wall = time.perf_counter() - started
    cpu = children_cpu() - started_cpu
    print(
        f"64-player knockout (63 matches) at 0-ply, {workers} worker process(es): "
        f"{wall:.1f} s on the wall clock, {cpu:.1f} s of worker time"
    )
    return {"workers": workers, "matches": EVENT_MATCHES, "wall_seconds": round(wall, 2),
            "worker_seconds": round(cpu, 2)}  # fmt: skip


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--plies", type=int, action="append", help="depths (default 0 and 2)")
    parser.add_argument("--no-event", action="store_true", help="leave out the 64-player event")
    parser.add_argument("--files", nargs="+", help="only these of the shared matches (names)")
    parser.add_argument("--event-wall", action="store_true",
                        help="also run the event with 1, 2, 4 processes at once")
    parser.add_argument("--json", type=Path, help="also write the figures here")
    options = parser.parse_args()
    files = sorted(MATCHES.glob("*.mat"))
    if options.files:
        files = [path for path in files if path.name in set(options.files)]
    if not files:
        print(f"no matches in {MATCHES}", file=sys.stderr)
        return 1
    print(f"load average at the start: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    out: dict = {"depths": [], "event": []}
    for plies in options.plies or [0, 2]:
        out["depths"].append(depth_report(plies, files))
    for depth in [] if options.no_event else out["depths"]:
        seconds = {row["file"]: row["worker_seconds"] for row in depth["rows"]}
        queue = [seconds[files[index % len(files)].name] for index in range(EVENT_MATCHES)]
        for workers in (1, 2, 4):
            out["event"].append(event_schedule(queue, workers, depth["plies"]))
    for workers in (1, 2, 4) if options.event_wall else ():
        out["event_wall"] = [*out.get("event_wall", []), event_report(files, workers)]
    if options.json:
        options.json.write_text(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
