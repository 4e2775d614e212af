"""``python -m engine moves`` end to end, next to GNU Backgammon's generator behind the
same contract (``benchmarks/gnubg_moves.py``), on the same requests in the same run.

    .venv/bin/python benchmarks/moves_cli.py [--positions 100045] [--repeat 3]

Both commands read the same JSON Lines file of self-play positions (seeded, as in
``movegen.py``) on standard input and write their answers to a file; each run is a
whole process, start-up included. Runs alternate (engine, gnubg, engine, ...) and the
best of ``repeat`` counts, in wall time and in CPU time of the child process (the
machine may be shared). The answers are compared: the same resulting positions for
every request, and how many plays are written the same way. Also printed: the start-up
(a one-request run of each) and the engine's rate without its start-up.

Target: engine / gnubg >= 2.0 requests per second.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

ENGINE = [sys.executable, "-m", "engine", "moves", "--variant", "backgammon"]
GNUBG = [sys.executable, str(REPO / "benchmarks" / "gnubg_moves.py")]


def write_requests(path: Path, positions: int, seed: int) -> None:
    from engine.backgammon.selfplay import mixed_sample
    from engine.ids import encode_position_ids

    boards, dice = mixed_sample(seed=seed, n=positions)
    with path.open("w") as handle:
        for k, (pid, roll) in enumerate(zip(encode_position_ids(boards), dice.tolist())):
            handle.write(json.dumps({"id": k, "position": pid, "dice": roll}) + "\n")


def run(command: list[str], requests: Path, answers: Path) -> tuple[float, float]:
    """(wall seconds, CPU seconds of the child) of one whole run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    with requests.open("rb") as stdin, answers.open("wb") as stdout:
        subprocess.run(command, stdin=stdin, stdout=stdout, cwd=REPO, check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def compare(engine_out: Path, gnubg_out: Path) -> tuple[int, int, int, int]:
    """(requests, requests with the same positions, plays, plays written the same)."""
    requests = same = plays = same_text = 0
    with engine_out.open() as ours, gnubg_out.open() as theirs:
        for mine, other in zip(ours, theirs, strict=True):
            a, b = json.loads(mine), json.loads(other)
            requests += 1
            moves_a = {m["position"]: m["play"] for m in a["moves"]}
            moves_b = {m["position"]: m["play"] for m in b["moves"]}
            same += moves_a.keys() == moves_b.keys() and len(moves_a) == len(a["moves"])
            plays += len(moves_a)
            same_text += sum(moves_b.get(pid) == text for pid, text in moves_a.items())
    return requests, same, plays, same_text


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=100_045)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=2026)
    options = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        requests, one = work / "requests.jsonl", work / "one.jsonl"
        write_requests(requests, options.positions, options.seed)
        with requests.open() as handle:
            one.write_text(handle.readline())
        outputs = {"engine": work / "engine.out", "gnubg": work / "gnubg.out"}
        commands = {"engine": ENGINE, "gnubg": GNUBG}
        run(ENGINE, one, work / "warm.out")  # a cold numba cache is compiled here
        best: dict[str, list[float]] = {name: [float("inf")] * 2 for name in commands}
        startup: dict[str, list[float]] = {name: [float("inf")] * 2 for name in commands}
        for _ in range(options.repeat):
            for name, command in commands.items():
                wall, cpu = run(command, requests, outputs[name])
                best[name] = [min(best[name][0], wall), min(best[name][1], cpu)]
                wall, cpu = run(command, one, work / "one.out")
                startup[name] = [min(startup[name][0], wall), min(startup[name][1], cpu)]
        total, same, plays, same_text = compare(outputs["engine"], outputs["gnubg"])
    n = options.positions
    rows = [
        (f"requests (self-play positions, seed {options.seed})", f"{n}"),
        ("answers with the same positions as gnubg", f"{same} / {total}"),
        ("plays written the same way as gnubg's stand-in", f"{same_text} / {plays}"),
    ]
    for name in commands:
        wall, cpu = best[name]
        rows.append((f"{name}: whole run, wall / CPU",
                     f"{wall:.2f} s / {cpu:.2f} s = {n / wall:,.0f} / {n / cpu:,.0f} requests/s"))
        rows.append((f"{name}: start-up (one request), wall / CPU",
                     f"{startup[name][0]:.2f} s / {startup[name][1]:.2f} s"))
    engine_wall, engine_cpu = best["engine"]
    rows.append(("engine without its start-up (CPU)",
                 f"{n / max(engine_cpu - startup['engine'][1], 1e-9):,.0f} requests/s"))
    rows.append(("ratio engine / gnubg, wall time (target >= 2.0)",
                 f"{best['gnubg'][0] / engine_wall:.2f}"))
    rows.append(("ratio engine / gnubg, CPU time (target >= 2.0)",
                 f"{best['gnubg'][1] / engine_cpu:.2f}"))
    rows.append(("load average at the end", " ".join(f"{x:.2f}" for x in os.getloadavg())))
    for label, value in rows:
        print(f"  {label:<52} {value}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
