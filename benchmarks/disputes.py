"""How many disputes does one worker process check per second, and how long does a
player wait for the verdict?

Starts its own Redis server and one real Celery worker (one pool process) on a temporary
SQLite database, then:
  1. throughput of the worker process: saves N disputes (default 2,000) through the same
     service as the form and the API, queues all their checks while the worker is told
     not to consume (so that sending them does not count), lets it consume, and prints
     disputes per second until the last verdict is stored; also the worker's CPU time
     per dispute (main + pool process), which the shared machine's load does not inflate
     as much as the wall clock;
  2. latency: submits disputes at a steady rate below that throughput and prints the
     submit-to-verdict time (saved → verdict stored, from the database's timestamps),
     median and 95th percentile;
  3. the reference: the same checks run in this process with no database or broker
     (the engine's share of the work).
The positions are the rules documents' edge cases, both variants, legal and illegal.

    .venv/bin/python benchmarks/disputes.py [--count 2000] [--paced 400] [--rate R] [--pool solo]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from nardy_site.processes import cpu_seconds  # after the path is set

CASES = [
    ("backgammon", "4HPwATDgc/ABMA", (3, 1), "8/5 6/5"),
    ("backgammon", "eO8DABj/P4AAAA", (6, 2), "10/8"),
    ("backgammon", "4HPwATDgc/ABUA", (6, 4), "24/18 13/9"),
    ("backgammon", "eO8DAAz+fyAAAA", (5, 2), "2/off 2/off"),
    ("backgammon", "4Dn4IDDgc/ABMA", (6, 2), "13/7*/5"),
    ("backgammon", "+L4PAACOAgAAAA", (6, 5), "6/off 5/off"),
    ("nardy", "AACA/z8AAID/Pw", (6, 5), "24/18 24/19"),
    ("nardy", "AABw9j/YtgkAPA", (6, 1), "10/4 4/3"),
    ("nardy", "AACA/z8AAID/Pw", (3, 3), "24/15 24/21"),
    ("nardy", "BABQ/D8AEAD/Pw", (5, 4), "24/20 24/19"),
]


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=2000, help="disputes in the burst")
    parser.add_argument("--paced", type=int, default=400, help="disputes in the paced run")
    parser.add_argument(
        "--rate",
        type=float,
        default=0.0,
        help="paced submissions per second (default: half the burst's throughput)",
    )
    parser.add_argument(
        "--pool",
        choices=["prefork", "solo"],
        default="prefork",
        help="prefork (as deployed and in the tests: a pool process, redelivery when it dies) "
        "or solo (the task runs in the worker's main process)",
    )
    args = parser.parse_args()

    workdir = Path(tempfile.mkdtemp(prefix="nardy-bench-disputes-"))
    print(f"working in {workdir}")
    from nardy_site import processes

    port = processes.free_port()
    redis_url = f"redis://127.0.0.1:{port}/0"
    os.environ.update(
        DJANGO_SETTINGS_MODULE="nardy_site.settings",
        DATABASE_URL=f"sqlite:///{workdir / 'bench.sqlite3'}",
        REDIS_URL=redis_url,
        CELERY_BROKER_URL=redis_url,
        CELERY_RESULT_BACKEND=redis_url,
        NARDY_CELERY_EAGER="0",
        NARDY_LOG_LEVEL="WARNING",
    )
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    from nardy_site.redis_server import start_redis

    redis = start_redis(port, workdir / "redis")
    worker = None
    try:
        worker = start_worker(workdir, redis_url, args.pool)
        run(args, worker)
    finally:
        if worker is not None:
            processes.stop(worker, timeout=15)
        redis.stop()


def start_worker(workdir: Path, redis_url: str, pool: str):  # type: ignore[no-untyped-def]
    from nardy_site import processes
    from nardy_site.celery import app

    log = (workdir / "worker.log").open("wb")
    command = [
        sys.executable, "-m", "celery", "-A", "nardy_site", "worker", "--loglevel=WARNING",
        "--concurrency=1", f"--pool={pool}", "--without-gossip", "--without-mingle",
        "--without-heartbeat", "--hostname=bench-disputes@%h",
    ]  # fmt: skip
    process = processes.start(command, env=dict(os.environ), cwd=REPO, stdout=log)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if app.control.ping(timeout=0.5):
            return process
    raise SystemExit(f"the worker did not start; see {workdir / 'worker.log'}")


def worker_name() -> str:
    """The benchmark worker's node name, as it answers a ping."""
    from nardy_site.celery import app

    for reply in app.control.ping(timeout=1.0):
        for name in reply:
            if name.startswith("bench-disputes@"):
                return name
    raise SystemExit("the worker does not answer")


def submit_many(
    match, user, count: int, rate: float | None = None, queue: bool = True
) -> list[int]:  # type: ignore[no-untyped-def]
    from disputes.services import submit_move_dispute

    ids: list[int] = []
    start = time.perf_counter()
    for number in range(count):
        if rate:
            wait = start + number / rate - time.perf_counter()
            if wait > 0:
                time.sleep(wait)
        variant, position_id, dice, notation = CASES[number % len(CASES)]
        match_for_variant = match[variant]
        dispute = submit_move_dispute(
            by=user, match=match_for_variant, position_id=position_id, dice=dice,
            notation=notation, queue=queue,
        )  # fmt: skip
        ids.append(dispute.pk)
    return ids


def wait_for(ids: list[int], timeout: float = 600) -> None:
    from disputes.models import Dispute

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        left = Dispute.objects.filter(pk__in=ids).exclude(status="checked").count()
        if left == 0:
            return
        time.sleep(0.2)
    raise SystemExit("timed out waiting for verdicts")


def latencies_of(ids: list[int]) -> list[float]:
    """Submit-to-verdict times in ms, from the database's timestamps."""
    from disputes.models import Dispute

    rows = Dispute.objects.filter(pk__in=ids).values_list("submitted_at", "checked_at")
    return [(checked - submitted).total_seconds() * 1000 for submitted, checked in rows]


def run(args: argparse.Namespace, worker) -> None:  # type: ignore[no-untyped-def]
    from django.contrib.auth import get_user_model
    from django.db import transaction
    from django.utils import timezone

    from clubs.models import Club
    from disputes.models import Dispute, DisputeEvent
    from disputes.verdicts import check_move
    from games.models import Match
    from nardy_site.celery import app

    load_before = os.getloadavg()[0]
    director = get_user_model().objects.create_user("bench-director")
    club = Club.objects.create(name="Bench club", slug="bench-club")
    club.directors.add(director)
    matches = {
        variant: Match.objects.create(club=club, variant=variant, length=7)
        for variant in ("backgammon", "nardy")
    }
    wait_for(submit_many(matches, director, 40))  # warm-up: the worker compiles the engine

    with transaction.atomic():  # saved first, as the form does, but not queued yet
        burst = submit_many(matches, director, args.count, queue=False)
    from disputes.tasks import check_dispute

    # Queue the whole burst while the worker does not consume, then let it: the rate is the
    # worker's, not that of this process sending 2,000 messages on the same cores.
    destination = [worker_name()]
    app.control.cancel_consumer("celery", destination=destination, reply=True, timeout=5)
    started = time.perf_counter()
    for dispute_id in burst:
        check_dispute.delay(dispute_id)
    published_in = time.perf_counter() - started
    worker_cpu = cpu_seconds(worker.pid)
    consuming = timezone.now()
    app.control.add_consumer("celery", destination=destination, reply=True, timeout=5)
    wait_for(burst)
    worker_cpu = cpu_seconds(worker.pid) - worker_cpu
    last = max(Dispute.objects.filter(pk__in=burst).values_list("checked_at", flat=True))
    span = (last - consuming).total_seconds()
    throughput = args.count / span

    rate = args.rate or throughput / 2
    paced = submit_many(matches, director, args.paced, rate=rate)
    wait_for(paced)
    latencies = latencies_of(paced)

    start = time.perf_counter()
    for number in range(args.count):
        check_move(*CASES[number % len(CASES)])
    engine_rate = args.count / (time.perf_counter() - start)

    verdicts = DisputeEvent.objects.filter(action="checked", dispute_id__in=burst + paced).count()
    assert (
        verdicts
        == len(burst) + len(paced)
        == Dispute.objects.filter(pk__in=burst + paced, status="checked").count()
    ), "every dispute has exactly one verdict"

    per_dispute = worker_cpu / args.count * 1000
    median, p95 = statistics.median(latencies), percentile(latencies, 0.95)
    loads = "/".join(f"{value:.1f}" for value in (load_before, os.getloadavg()[0]))

    def verdict(ok: bool) -> str:
        return "ok" if ok else "MISSED"

    print(
        f"disputes: one worker process ({args.pool} pool, concurrency 1), SQLite + Redis; "
        f"{os.cpu_count()} cores shared, load average {loads} (start/end)"
    )
    print(
        f"  per worker process: {throughput:7.1f} disputes/s  (target >= 200/s: "
        f"{verdict(throughput >= 200)})  {args.count} queued checks drained, wall clock"
    )
    print(
        f"  worker CPU:         {per_dispute:7.2f} ms a dispute = {1000 / per_dispute:.0f} "
        f"disputes/s on one free core (main + pool process; 200/s needs <= 5 ms: "
        f"{verdict(per_dispute <= 5)})"
    )
    print(
        f"  submit-to-verdict:  median {median:.1f} ms, p95 {p95:.1f} ms  (target p95 < 300 ms: "
        f"{verdict(p95 < 300)})  {args.paced} disputes submitted at {rate:.0f}/s"
    )
    print(
        f"  for reference: sending the {args.count} tasks took {published_in:.2f} s; "
        f"the engine alone in this process: {engine_rate:.0f} checks/s"
    )
    if load_before > (os.cpu_count() or 1):
        print("  (the machine was loaded: wall-clock figures are low; the CPU figure holds)")


if __name__ == "__main__":
    main()
