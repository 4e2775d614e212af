"""Load: a league evening (50 people) and finals day (500 people) against the production
set-up, all on this machine, on loopback only.

Starts everything itself, all on 127.0.0.1 and all stopped at the end: a throwaway
PostgreSQL server (through .ci/with-postgres, unless DATABASE_URL already names one), a
Redis server, one Celery worker, and the web app under gunicorn (4 workers) with its
production configuration (nardy_site.gunicorn). Fills the database with a club, a
50-player round-robin league with every round open (some results in) and a 64-player
knockout under way (the final's bracket), then runs Locust headless (benchmarks/
load_locustfile.py) on the same machine, bounded in time, with one of two mixes:

  league  (default 50 users): visitors browse the league (its pages, their live fragments
          polled with entity tags, the API's standings), players look at their matches
          (the page and the API's "my pairings"), enter results and confirm the
          opponent's; directors read the console and the standings and set tables;
  finals  (default 500 users): 400 spectators follow the final's bracket, standings or TV
          screen (the page, then its fragment every 10 s with its entity tag: 304 while
          nothing changed), 80 players enter and confirm results, 20 directors.

Think time 1-3 s (spectators: the 10 s of the polling). Prints, per request and per
class (read / write): requests, errors, p50, p95, p99 and max in milliseconds against the
goals (no error, reads p95 < 100 ms, writes p95 < 250 ms), the machine's load average and
the CPU used by the web, the worker and Locust.

    .venv/bin/python benchmarks/load.py [--mix league|finals] [--users N] [--duration 60]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections import defaultdict
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from nardy_site.processes import cpu_seconds  # after the path is set

GOALS = {"read": 100.0, "write": 250.0}  # p95, milliseconds


MIXES = {"league": 50, "finals": 500}  # default users of each mix


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mix", choices=[*sorted(MIXES), "both"], default="league",
                        help="league: 50 people on a league evening; finals: 500 on finals "
                             "day; both: one then the other on the same servers and data")
    parser.add_argument("--users", type=int, default=0, help="simulated people at once "
                        "(default: 50 for the league, 500 for the finals)")  # fmt: skip
    parser.add_argument("--spawn-rate", type=float, default=0, help="new users a second "
                        "(default: all started within 10 s)")  # fmt: skip
    parser.add_argument("--duration", type=int, default=60, help="seconds of load")
    parser.add_argument("--web-workers", type=int, default=4, help="gunicorn worker processes")
    parser.add_argument("--web-threads", type=int, default=4, help="threads per web worker")
    args = parser.parse_args()
    if not args.users >= 0 or not 0 < args.duration <= 3600:
        parser.error("--users must be positive and --duration between 1 and 3600 s")

    if not os.environ.get("DATABASE_URL", "").startswith("postgres"):
        # Again, inside a throwaway PostgreSQL server (stopped and removed at the end).
        command = ["bash", str(REPO / ".ci" / "with-postgres"), sys.executable, *sys.argv]
        return subprocess.call(command, cwd=REPO)

    workdir = Path(tempfile.mkdtemp(prefix="nardy-bench-load-"))
    print(f"working in {workdir}")
    from nardy_site import processes

    redis_port, web_port = processes.free_port(), processes.free_port()
    redis_url = f"redis://127.0.0.1:{redis_port}/0"
    os.environ.update(
        DJANGO_SETTINGS_MODULE="nardy_site.settings",
        NARDY_VAR_DIR=str(workdir / "var"),
        NARDY_SECRET_KEY="load-benchmark-only",
        NARDY_ALLOWED_HOSTS="127.0.0.1",
        REDIS_URL=redis_url,
        CELERY_BROKER_URL=redis_url,
        CELERY_RESULT_BACKEND=redis_url,
        NARDY_CACHE_URL=f"redis://127.0.0.1:{redis_port}/1",
        NARDY_CELERY_EAGER="0",
        NARDY_LOG_LEVEL="WARNING",
    )
    import django

    django.setup()
    from django.core.management import call_command

    from nardy_site.redis_server import start_redis

    started: list[Any] = []
    try:
        redis = start_redis(redis_port, workdir / "redis")
        started.append(redis)
        print("database: migrating and filling ...", flush=True)
        call_command("migrate", verbosity=0)
        data = seed()
        worker = start(workdir, "worker", [
            sys.executable, "-m", "celery", "-A", "nardy_site", "worker", "--concurrency=1",
            "--without-gossip", "--without-mingle", "--without-heartbeat",
        ])  # fmt: skip
        started.append(worker)
        workers = args.web_workers
        web = start(workdir, "gunicorn", [
            sys.executable, "-m", "gunicorn", "-c", "python:nardy_site.gunicorn", "nardy_site.wsgi",
        ], NARDY_BIND=f"127.0.0.1:{web_port}", NARDY_WEB_WORKERS=str(workers),
           NARDY_WEB_THREADS=str(args.web_threads),
           # longer than a user's think time: a browser sends again on a connection the
           # server closed meanwhile, Locust's client reports it as an error instead
           NARDY_WEB_KEEPALIVE="30")  # fmt: skip
        started.append(web)
        host = f"http://127.0.0.1:{web_port}"
        wait_for(host + "/", web, workdir / "gunicorn.log")
        warm_up(host, data, workers * args.web_threads)
        (workdir / "data.json").write_text(json.dumps(data))  # less the matches warm-up used
        runs = []
        for mix in ["league", "finals"] if args.mix == "both" else [args.mix]:
            run = argparse.Namespace(**{**vars(args), "mix": mix,
                                        "users": args.users or MIXES[mix]})  # fmt: skip
            run.spawn_rate = args.spawn_rate or max(5.0, run.users / 10)
            load_before = os.getloadavg()[0]
            database = database_server()
            cpu = {"web": cpu_seconds(web.pid), "worker": cpu_seconds(worker.pid),
                   "PostgreSQL": cpu_seconds(database) if database else 0.0}
            samples, locust_cpu = run_locust(run, host, workdir)
            load_after = os.getloadavg()[0]
            cpu = {"web": cpu_seconds(web.pid) - cpu["web"],
                   "worker": cpu_seconds(worker.pid) - cpu["worker"], "Locust": locust_cpu,
                   "PostgreSQL": (cpu_seconds(database) - cpu["PostgreSQL"]) if database else None}
            runs.append((samples, run, (load_before, load_after), cpu))
            report(*runs[-1][:2], workers, *runs[-1][2:])
    finally:
        for process in reversed(started):
            if hasattr(process, "stop"):
                process.stop()
            else:
                processes.stop(process, timeout=15)
    if len(runs) > 1:
        print("\nboth mixes again:")
        for samples, run, loads, cpu in runs:
            report(samples, run, workers, loads, cpu)
    shutil.rmtree(workdir, ignore_errors=True)
    return 0


def start(workdir: Path, name: str, command: list[str], **env: str) -> Any:
    from nardy_site import processes

    log = (workdir / f"{name}.log").open("wb")
    process = processes.start(command, env={**os.environ, **env}, cwd=REPO, stdout=log)
    log.close()
    return process


def wait_for(url: str, process: Any, log: Path, timeout: float = 300) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"gunicorn exited:\n{log.read_text()[-3000:]}")
        try:
            with urllib.request.urlopen(url, timeout=5) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.3)
    raise SystemExit(f"gunicorn did not answer within {timeout} s:\n{log.read_text()[-3000:]}")


def warm_up(host: str, data: dict[str, Any], concurrency: int) -> None:
    """Every page and write a few times, spread over the web workers, before measuring:
    the first request of a worker process loads templates and the engine's compiled code,
    which is not what a person waits for once the site is up."""
    from concurrent.futures import ThreadPoolExecutor

    def call(request: urllib.request.Request) -> None:
        try:
            urllib.request.urlopen(request, timeout=120).read()
        except OSError as error:
            if getattr(error, "code", 200) >= 500:
                raise

    def api(path: str, token: str, body: dict[str, Any]) -> urllib.request.Request:
        headers = {"Authorization": f"Token {token}", "Content-Type": "application/json"}
        return urllib.request.Request(host + path, json.dumps(body).encode(), headers)

    pages = ["/", "/tournaments/"]
    pages += [url for event in data["events"].values() for url in event["pages"].values()]
    pages += [url for event in data["events"].values() for url in event["api"].values()]
    requests = [urllib.request.Request(host + page) for page in pages] * concurrency
    used = data["pairings"][:concurrency]
    del data["pairings"][:concurrency]
    for pairing in used:
        body = {"score1": pairing["length"], "score2": 0}
        requests.append(api(f"/api/pairings/{pairing['id']}/result/", pairing["tokens"][0], body))
    print(f"warming up: {len(requests)} requests ...", flush=True)
    with ThreadPoolExecutor(concurrency) as pool:
        list(pool.map(call, requests))
    with ThreadPoolExecutor(concurrency) as pool:  # their confirmations, once entered
        list(pool.map(call, [api(f"/api/pairings/{p['id']}/confirm/", p["tokens"][1], {})
                             for p in used]))  # fmt: skip


def seed(sessions: int = 100, directors: int = 20) -> dict[str, Any]:
    """The club, its players (with logins and API tokens) and directors, the league (50
    players, every round open, an eighth of the results in) and the final's knockout (64
    players, three quarters of the first round played)."""
    import datetime
    from decimal import Decimal

    from django.contrib.auth import get_user_model
    from django.test import Client
    from django.urls import reverse
    from rest_framework.authtoken.models import Token

    from clubs.models import Club, Membership, Player
    from games import services as games_services
    from tournaments import services
    from tournaments.models import Pairing, Tournament

    rng = random.Random(7)
    user_model = get_user_model()
    heads = user_model.objects.bulk_create(
        user_model(username=f"load-director-{i}", password="!") for i in range(directors))
    director = heads[0]
    club = Club.objects.create(name="Load Club", slug="load-club")
    club.directors.add(*heads)
    users = user_model.objects.bulk_create(
        user_model(username=f"load-player-{i}", password="!") for i in range(114)
    )
    people = Player.objects.bulk_create(
        Player(name=f"Load Player {i}", display_name=f"Player {i}", user=user)
        for i, user in enumerate(users)
    )
    Membership.objects.bulk_create(Membership(club=club, player=player) for player in people)
    tokens = {
        token.user_id: token.key
        for token in Token.objects.bulk_create(
            Token(user=user, key=Token.generate_key()) for user in [*users, *heads]
        )
    }

    def event(name: str, fmt: str, field: list[Any], played: float) -> Tournament:
        tournament = services.create_tournament(
            club=club, actor=director, name=name, starts_on=datetime.date(2026, 11, 21),
            variant="backgammon", format=fmt, is_public=True,
        )  # fmt: skip
        for player in field:
            services.add_entry(tournament=tournament, player=player, actor=director)
        services.make_draw(tournament=tournament, actor=director)
        if fmt == Tournament.Format.ROUND_ROBIN:
            services.start_round(tournament=tournament, actor=director, through=len(field))
        ready = list(tournament.pairings.filter(state="ready").select_related("match"))
        rng.shuffle(ready)
        for pairing in ready[: int(len(ready) * played)]:
            games_services.override_result(match=pairing.match, by=director,
                                           score1=Decimal(pairing.match.length),
                                           score2=Decimal(1), reason="load benchmark")  # fmt: skip
        return tournament

    print("  the league (50 players, every round open) ...", flush=True)
    league = event("Load League", Tournament.Format.ROUND_ROBIN, people[:50], 1 / 8)
    print("  the final's knockout (64 players) ...", flush=True)
    final = event("Load Final", Tournament.Format.KNOCKOUT, people[50:114], 3 / 4)
    ready = Pairing.objects.filter(
        tournament__in=[league, final], state="ready", match__isnull=False
    ).select_related("match__player1", "match__player2")
    pool = [
        {"id": p.pk, "length": p.match.length,
         "tokens": [tokens[p.match.player1.user_id], tokens[p.match.player2.user_id]]}
        for p in ready
    ]  # fmt: skip
    rng.shuffle(pool)
    in_final = {p.pk for p in ready if p.tournament_id == final.pk}
    pool.sort(key=lambda p: p["id"] not in in_final)  # the final's matches are played first

    def session(user: Any) -> str:
        client = Client()
        client.force_login(user)
        return client.cookies["sessionid"].value

    def urls(tournament: Tournament, pages: list[str]) -> dict[str, Any]:
        return {
            "pages": {page: reverse(f"tournaments:{'tournament_detail' if page == 'tournament' else page}",
                                    args=[tournament.pk]) for page in pages},
            "api": {"standings": f"/api/tournaments/{tournament.pk}/standings/"},
            "console": reverse("tournaments:console", args=[tournament.pk]),
        }  # fmt: skip

    return {
        "events": {
            "league": urls(league, ["tournament", "crosstable", "standings"]),
            "final": urls(final, ["bracket", "standings", "tv"]),
        },
        "pairings": pool,
        "players": [{"session": session(user), "token": tokens[user.pk]}
                    for user in users[:sessions]],
        "directors": [{"session": session(user), "token": tokens[user.pk]} for user in heads],
    }


def run_locust(args: argparse.Namespace, host: str,
               workdir: Path) -> tuple[list[list[Any]], float]:  # fmt: skip
    samples_path = workdir / "samples.json"
    command = [
        sys.executable, "-m", "locust", "-f", str(REPO / "benchmarks" / "load_locustfile.py"),
        "--headless", "--host", host, "--users", str(args.users),
        "--spawn-rate", str(args.spawn_rate), "--run-time", f"{args.duration}s",
        "--stop-timeout", "10", "--only-summary", "--loglevel", "WARNING",
    ]  # fmt: skip
    env = {**os.environ, "NARDY_LOAD_DATA": str(workdir / "data.json"),
           "NARDY_LOAD_SAMPLES": str(samples_path), "NARDY_LOAD_MIX": args.mix,
           "NARDY_LOAD_USERS": str(args.users)}  # fmt: skip
    print(f"load: {args.mix}, {args.users} users for {args.duration} s against {host} ...",
          flush=True)  # fmt: skip
    with (workdir / "locust.log").open("wb") as log:
        locust = subprocess.Popen(command, env=env, cwd=REPO, stdout=log, stderr=subprocess.STDOUT)
        cpu = 0.0
        try:
            while locust.poll() is None:  # its CPU, read while it runs (children included)
                cpu = max(cpu, cpu_seconds(locust.pid))
                time.sleep(1)
            locust.wait(timeout=args.duration + 120)
        finally:
            if locust.poll() is None:
                locust.kill()
    if not samples_path.exists():
        raise SystemExit(f"locust wrote no samples ({locust.returncode}):\n"
                         f"{(workdir / 'locust.log').read_text()[-3000:]}")  # fmt: skip
    outcome = json.loads(samples_path.read_text())
    samples_path.unlink()
    data_path = workdir / "data.json"  # a next run plays only the matches left
    data_path.write_text(json.dumps({**json.loads(data_path.read_text()),
                                     "pairings": outcome["fresh"]}))  # fmt: skip
    return outcome["samples"], cpu


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def report(samples: list[list[Any]], args: argparse.Namespace, workers: int,
           loads: tuple[float, float], cpu: dict[str, float]) -> None:  # fmt: skip
    by_name: dict[str, list[tuple[float, bool]]] = defaultdict(list)
    errors: dict[str, int] = defaultdict(int)
    not_modified = 0
    for name, milliseconds, error, status in samples:
        by_name[name].append((milliseconds, not error))
        not_modified += status == 304
        if error:
            errors[f"{name}: {error}"] += 1
    by_class: dict[str, list[tuple[float, bool]]] = defaultdict(list)
    for name, rows in by_name.items():
        by_class[name.split(":")[0]].extend(rows)

    def line(label: str, rows: list[tuple[float, bool]], goal: float | None = None) -> str:
        times = [ms for ms, _ in rows]
        errors = sum(1 for _, ok in rows if not ok)
        p50, p95, p99 = (percentile(times, f) for f in (0.5, 0.95, 0.99))
        text = (f"  {label:<30} {len(rows):>6} {errors:>6} {p50:>8.0f} {p95:>8.0f} {p99:>8.0f}"
                f" {max(times):>8.0f}")  # fmt: skip
        if goal is not None:
            met = errors == 0 and p95 < goal
            text += f"   goal: 0 errors, p95 < {goal:.0f} ms: {'ok' if met else 'MISSED'}"
        return text

    duration = args.duration
    total = len(samples)
    polls = sum(len(rows) for name, rows in by_name.items() if name.startswith("read: poll"))
    print(
        f"load ({args.mix}): {args.users} users, {duration} s, gunicorn {workers} workers x "
        f"{args.web_threads} threads, PostgreSQL + Redis + 1 Celery worker + Locust, all on "
        f"this machine ({os.cpu_count()} cores; load average {loads[0]:.1f} at the start, "
        f"{loads[1]:.1f} at the end); {total} requests, {total / duration:.1f}/s"
    )
    print(f"  {'requests (ms)':<30} {'count':>6} {'errors':>6} {'p50':>8} {'p95':>8} {'p99':>8}"
          f" {'max':>8}")  # fmt: skip
    for klass in ("read", "write"):
        for name in sorted(n for n in by_name if n.startswith(klass)):
            print(line(name, by_name[name]))
        if by_class.get(klass):
            print(line(f"ALL {klass.upper()}S", by_class[klass], GOALS[klass]))
    if polls:
        print(f"  polls of live fragments: {polls}, answered 304 Not Modified: {not_modified}"
              f" ({not_modified / polls:.0%})")  # fmt: skip
    print(f"  CPU: web (gunicorn, all processes) {cpu['web'] / max(total, 1) * 1000:.1f} ms a "
          f"request, {cpu['web'] / duration:.2f} cores; Celery worker {cpu['worker'] / duration:.2f}"
          f" cores ({cpu['worker']:.1f} s); Locust {cpu['Locust'] / duration:.2f} cores"
          + (f"; PostgreSQL {cpu['PostgreSQL'] / duration:.2f} cores"
             if cpu.get("PostgreSQL") is not None else ""))  # fmt: skip
    for error, count in sorted(errors.items(), key=lambda item: -item[1])[:10]:
        print(f"  error x{count}: {error}")
    if loads[0] > (os.cpu_count() or 1):
        print("  (the machine was loaded before the run: the times are pessimistic)")


def database_server() -> int | None:
    """The PostgreSQL server's main process (its backends are its children), when it runs
    on this machine: the one listening on DATABASE_URL's port."""
    import psutil
    from django.db import connection

    port = int(connection.settings_dict.get("PORT") or 5432)
    for socket in psutil.net_connections(kind="tcp"):
        if socket.status == psutil.CONN_LISTEN and socket.laddr.port == port and socket.pid:
            return socket.pid
    return None


if __name__ == "__main__":
    sys.exit(main())
