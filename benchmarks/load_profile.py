"""Where the load benchmark's web CPU goes: each of its request kinds, in one process.

Builds the data of ``benchmarks/load.py`` with its own set-up (the 50-player league with
every round open, the 64-player knockout) in a throwaway PostgreSQL server (or
``DATABASE_URL``) with Redis as the shared cache, then asks each request kind through
Django's test client, as the benchmark's people do:

* ``kept``: asked again with nothing changed (the page cache serves it);
* ``worked out``: asked right after a result was entered (the event's version changed).

Prints the CPU time (best of ``--repeat``) and the SQL queries of each against the goals
(reads: < 20 ms kept, < 100 ms worked out; the console < 150 ms), and with ``--profile
NAME`` the cProfile of that request kind (its top functions by cumulative time).

    .venv/bin/python benchmarks/load_profile.py [--repeat 5] [--profile console]
"""

from __future__ import annotations

import argparse
import cProfile
import importlib.util
import json
import os
import pstats
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

GOALS = {"kept": 20.0, "worked out": 100.0, "console": 150.0, "write": 100.0}  # ms of CPU


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5, help="times each is asked (best)")
    parser.add_argument("--profile", action="append", default=[],
                        help="request kind to profile (repeatable): its cProfile")  # fmt: skip
    parser.add_argument("--sqlite", action="store_true", help="SQLite instead of PostgreSQL")
    parser.add_argument("--keep", default="", help="with --sqlite: keep the filled database in "
                        "this folder and use it again next time (a quicker start)")  # fmt: skip
    args = parser.parse_args()
    if not args.sqlite and not os.environ.get("DATABASE_URL", "").startswith("postgres"):
        command = ["bash", str(REPO / ".ci" / "with-postgres"), sys.executable, *sys.argv]
        return subprocess.call(command, cwd=REPO)

    workdir = Path(tempfile.mkdtemp(prefix="nardy-bench-profile-"))
    from nardy_site import processes
    from nardy_site.redis_server import start_redis

    port = processes.free_port()
    os.environ.update(
        DJANGO_SETTINGS_MODULE="nardy_site.settings", NARDY_VAR_DIR=str(workdir / "var"),
        NARDY_SECRET_KEY="load-profile-only", NARDY_ALLOWED_HOSTS="testserver",
        REDIS_URL=f"redis://127.0.0.1:{port}/0", CELERY_BROKER_URL=f"redis://127.0.0.1:{port}/0",
        CELERY_RESULT_BACKEND=f"redis://127.0.0.1:{port}/0",
        NARDY_CACHE_URL=f"redis://127.0.0.1:{port}/1", NARDY_CELERY_EAGER="0",
        NARDY_LOG_LEVEL="WARNING",
    )  # fmt: skip
    kept = Path(args.keep).resolve() if args.keep and args.sqlite else None
    if args.sqlite:
        os.environ["DATABASE_URL"] = f"sqlite:///{kept or workdir}/profile.sqlite3"
    redis = start_redis(port, workdir / "redis")
    try:
        import django

        django.setup()
        from django.core.management import call_command

        if kept is not None and (kept / "data.json").exists():  # as filled, before measuring
            shutil.copy(kept / "filled.sqlite3", kept / "profile.sqlite3")
            measure(json.loads((kept / "data.json").read_text()), args)
            return 0
        if kept is not None:
            kept.mkdir(parents=True, exist_ok=True)
        call_command("migrate", verbosity=0)
        spec = importlib.util.spec_from_file_location("bench_load", REPO / "benchmarks" / "load.py")
        assert spec is not None and spec.loader is not None
        load = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(load)
        print("filling (the load benchmark's own set-up) ...", flush=True)
        data = load.seed()
        if kept is not None:  # SQLite in WAL mode: the file holds every row only after a checkpoint
            from django.db import connection

            with connection.cursor() as cursor:
                cursor.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            shutil.copy(kept / "profile.sqlite3", kept / "filled.sqlite3")
            (kept / "data.json").write_text(json.dumps(data))
        measure(data, args)
    finally:
        redis.stop()
        shutil.rmtree(workdir, ignore_errors=True)
    return 0


def measure(data: dict[str, Any], args: argparse.Namespace) -> None:
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    league, final = data["events"]["league"], data["events"]["final"]
    director = Client()
    director.cookies["sessionid"] = data["directors"][0]["session"]
    player_data = data["players"][0]
    player = Client()
    player.cookies["sessionid"] = player_data["session"]
    visitor = Client()
    api = Client()
    pairings = list(data["pairings"])
    league_pairings = [p for p in pairings if p["id"] not in final_ids(data)]
    etags: dict[str, str] = {}

    def token(key: str) -> dict[str, str]:
        return {"HTTP_AUTHORIZATION": f"Token {key}"}

    def poll(url: str) -> Callable[[], Any]:
        def ask() -> Any:
            response = visitor.get(url, HTTP_HX_REQUEST="true",
                                   **({"HTTP_IF_NONE_MATCH": etags[url]} if url in etags else {}))  # fmt: skip
            if response.get("ETag"):
                etags[url] = response["ETag"]
            return response
        return ask

    reads: dict[str, Callable[[], Any]] = {
        "home": lambda: visitor.get("/"),
        "tournament list": lambda: visitor.get("/tournaments/"),
        "league tournament": lambda: visitor.get(league["pages"]["tournament"]),
        "league crosstable": lambda: visitor.get(league["pages"]["crosstable"]),
        "league standings": lambda: visitor.get(league["pages"]["standings"]),
        "poll league crosstable": poll(league["pages"]["crosstable"]),
        "poll league standings": poll(league["pages"]["standings"]),
        "API league standings": lambda: api.get(league["api"]["standings"], **token(player_data["token"])),
        "API my pairings": lambda: api.get("/api/pairings/mine/", **token(player_data["token"])),
        "my matches": lambda: player.get("/my-matches/"),
        "console": lambda: director.get(league["console"]),
        **{f"final {page}": (lambda url=url: visitor.get(url)) for page, url in final["pages"].items()},
        **{f"poll final {page}": poll(url) for page, url in final["pages"].items()},
        "final console": lambda: director.get(final["console"]),
    }

    def timed(call: Callable[[], Any], profile: bool = False) -> tuple[float, int, int]:
        profiler = cProfile.Profile() if profile else None
        with CaptureQueriesContext(connection) as queries:
            start = time.process_time()
            if profiler:
                profiler.enable()
            response = call()
            if profiler:
                profiler.disable()
            cpu = (time.process_time() - start) * 1000
        if profiler:
            print("\n--- cProfile ---")
            stats = pstats.Stats(profiler)
            stats.sort_stats("cumulative").print_stats(r"^(?!.*site-packages).*wt-|^(?!.*(django/(core|utils|test)|deprecation|middleware)).*/", 40)
            stats.sort_stats("tottime").print_stats(15)
        return cpu, len(queries), response.status_code

    def change(name: str) -> None:
        """One result entered and confirmed in the league (its version changes); for the
        final's pages, its version dropped (its few matches left are the load's)."""
        if "final" in name:
            from tournaments import page_cache
            from tournaments.models import Tournament

            page_cache.touch(Tournament.objects.filter(name="Load Final").values_list("pk", flat=True))
            return
        pairing = league_pairings.pop()
        response = api.post(f"/api/pairings/{pairing['id']}/result/",
                            {"score1": pairing["length"], "score2": 0},
                            content_type="application/json", **token(pairing["tokens"][0]))
        assert response.status_code == 201, response.content[:300]
        response = api.post(f"/api/pairings/{pairing['id']}/confirm/", {},
                            content_type="application/json", **token(pairing["tokens"][1]))
        assert response.status_code == 200, response.content[:300]

    for call in reads.values():  # warm: templates, compiled code
        call()
    print(f"{'request (CPU ms, best of ' + str(args.repeat) + ')':<34} {'kept':>8} {'queries':>8}"
          f" {'worked out':>11} {'queries':>8}  status")  # fmt: skip
    for name, call in reads.items():
        kept = min((timed(call) for _ in range(args.repeat)), key=lambda t: t[0])
        fresh = []
        for _ in range(args.repeat):
            change(name)
            fresh.append(timed(call))  # a poll's: its 200 after the change; kept: its 304
        worked = min(fresh, key=lambda t: t[0])
        goal_kept = GOALS["console"] if name.endswith("console") else GOALS["kept"]
        goal_worked = GOALS["console"] if name.endswith("console") else GOALS["worked out"]
        flag = ("" if kept[0] < goal_kept else " KEPT OVER") + ("" if worked[0] < goal_worked else " WORKED OUT OVER")
        print(f"  {name:<32} {kept[0]:>8.1f} {kept[1]:>8} {worked[0]:>11.1f} {worked[1]:>8}"
              f"  {kept[2]}/{worked[2]}{flag}", flush=True)  # fmt: skip
        if name in args.profile:
            change(name)
            timed(call, profile=True)

    def post(url: str, body: dict[str, Any], key: str) -> Callable[[], Any]:
        return lambda: api.post(url, body, content_type="application/json", **token(key))

    writes = []
    for _ in range(args.repeat):
        pairing, first = league_pairings.pop(), not writes
        url = f"/api/pairings/{pairing['id']}"
        enter = timed(post(f"{url}/result/", {"score1": pairing["length"], "score2": 1},
                           pairing["tokens"][0]), profile="enter result" in args.profile and first)
        confirm = timed(post(f"{url}/confirm/", {}, pairing["tokens"][1]),
                        profile="confirm result" in args.profile and first)
        table = timed(post(f"/api/pairings/{league_pairings[-1]['id']}/table/", {"table": "7"},
                           data["directors"][0]["token"]), profile="set table" in args.profile and first)
        writes.append((enter, confirm, table))
    for index, name in enumerate(("enter result", "confirm result", "set table")):
        best = min((w[index] for w in writes), key=lambda t: t[0])
        flag = "" if best[0] < GOALS["write"] else " OVER"
        print(f"  write: {name:<25} {best[0]:>8.1f} {best[1]:>8}  status {best[2]}{flag}")


def final_ids(data: dict[str, Any]) -> set[int]:
    """The pairings of the final's knockout (the load's players play those first)."""
    from tournaments.models import Pairing

    return set(Pairing.objects.filter(tournament__name="Load Final").values_list("pk", flat=True))


if __name__ == "__main__":
    sys.exit(main())
