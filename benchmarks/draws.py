"""Speed of the draw generators of the newer formats (goal: under 1 s each).

    .venv/bin/python benchmarks/draws.py                      # every section
    .venv/bin/python benchmarks/draws.py swiss                # some sections

* ``swiss``: pairing one round of a 512-player Swiss (and of a 511-player one, with a
  bye), each round of a whole event with random results; the slowest round is the
  figure, the median in the note.
* ``double_elimination``: drawing a 1,024-player double elimination, resolving it once,
  and playing it to the end with random results.
* ``swiss_losses``: a whole 512-player Swiss until two losses, paired and played.
* ``bracket_page``: the bracket page of a knockout and of a double elimination drawn
  with 512 entrants (some results in), against 16 entrants: its database queries (the
  number must not grow with the field) and its time, on a throwaway SQLite database.

* ``api``: each draw and round of issue 26 through the API, as a director's client sees
  it: gunicorn (production configuration, 2 workers x 2 threads), SQLite in a temporary
  folder (or ``DATABASE_URL``), Redis as the broker and the shared cache; the background
  work is queued in the request and done afterwards by one Celery worker (``--pool=solo``),
  whose CPU for it is printed per draw and per person notified (goal: a few ms a person).
  Starts and stops everything itself, on loopback only; not run by default (it takes
  minutes): ``benchmarks/draws.py api``.

Figures print next to their goal, as in ``benchmarks/tournaments.py``.
"""

from __future__ import annotations

import datetime
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
from tournaments.draws.progress import play_out, resolve
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


def double_elimination() -> list[Figure]:
    seeds = [f"player{i}" for i in range(1, 1025)]
    seconds, draw = timed(lambda: draw_double_elimination(seeds))
    figures = [Figure("draw a 1,024-player double elimination", seconds, GOAL,
                      f"{len(draw.matches)} matches")]
    seconds, _ = timed(lambda: resolve(draw, {}))
    figures.append(Figure("resolve it once (who plays where)", seconds, 0.1))
    def played(rng: random.Random) -> object:  # the same random results on every repeat
        return play_out(draw, lambda match: rng.choice(match.players))

    seconds, state = timed(lambda: played(random.Random(3)))
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


def _drawn_event(entrants: int, fmt: str, number: int):  # type: ignore[no-untyped-def]
    """A drawn event of ``entrants`` players (entered in bulk), with 16 results confirmed."""
    from decimal import Decimal

    from django.contrib.auth import get_user_model

    from clubs.models import Club, Player
    from games import services as games_services
    from tournaments import services
    from tournaments.models import Entry

    director = get_user_model().objects.create_user(f"drawdirector{number}", password="x")
    club = Club.objects.create(name=f"Draw bench {number}", slug=f"draw-bench-{number}")
    club.directors.add(director)
    tournament = services.create_tournament(
        club=club, actor=director, name=f"Bench {entrants}", starts_on=datetime.date(2026, 11, 21),
        variant="backgammon", format=fmt, seeding="random", random_seed=number,
        **({"consolation": "first_match_losers"} if fmt == "knockout" else {}),
    )
    players = Player.objects.bulk_create(
        Player(name=f"Draw Bench {number}-{i}", display_name=f"D{number}-{i}") for i in range(entrants))
    Entry.objects.bulk_create(Entry(tournament=tournament, player=player) for player in players)
    services.make_draw(tournament=tournament, actor=director)
    ready = tournament.pairings.filter(state="ready").select_related("match")
    for pairing in list(ready)[:16]:
        length = Decimal(pairing.match.length)
        games_services.override_result(match=pairing.match, by=director, score1=length,
                                       score2=Decimal(0), reason="benchmark")
    return tournament


def bracket_page() -> list[Figure]:
    bench_tournaments.django_on_throwaway_database()
    import logging

    logging.getLogger("outbox").setLevel(logging.ERROR)  # no broker here: work left for a sweep
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext, setup_test_environment
    from django.urls import reverse

    setup_test_environment()
    client = Client()
    figures = []
    for number, (fmt, entrants) in enumerate(
            [("knockout", 16), ("knockout", 512), ("double_elimination", 16),
             ("double_elimination", 512)], start=1):
        build, tournament = timed(functools.partial(_drawn_event, entrants, fmt, number))
        url = reverse("tournaments:bracket", args=[tournament.pk])
        client.get(url)  # warm the template cache
        counts, runs = set(), []
        for _ in range(3):
            with CaptureQueriesContext(connection) as queries:
                seconds, response = timed(functools.partial(client.get, url))
            assert response.status_code == 200
            counts.add(len(queries))
            runs.append(seconds)
        figures.append(Figure(
            f"bracket page, {fmt}, {entrants} entrants ({tournament.pairings.count()} pairings)",
            min(runs), None,
            f"{'/'.join(map(str, sorted(counts)))} queries; set-up {build:.1f}s",
        ))
    return figures


# --- through the API: gunicorn + Redis + one worker ------------------------------------------


API_CASES = [
    # (what, format, entrants, options, action): action "draw", "round2" (draw, round 1
    # decided, then the next round timed) or "all_rounds" (draw, then every round opened)
    ("draw a 1,024-player knockout (with consolation)", "knockout", 1024,
     {"consolation": "first_match_losers"}, "draw"),
    ("draw a 1,024-player double elimination", "double_elimination", 1024, {}, "draw"),
    ("pair round 1 of a 512-player Swiss", "swiss", 512, {}, "draw"),
    ("pair round 2 of a 512-player Swiss", "swiss", 512, {}, "round2"),
    ("pair round 1 of a 512-player Swiss until N losses", "swiss_losses", 512, {}, "draw"),
    ("draw a 64-player round robin", "round_robin", 64, {}, "draw"),
    ("open every round of a 128-player round-robin league", "round_robin", 128, {}, "all_rounds"),
]


def _api_field(number: int, fmt: str, entrants: int, options: dict):  # type: ignore[no-untyped-def]
    """A club, its director (with an API token) and ``entrants`` players with logins,
    entered in bulk."""
    from django.contrib.auth import get_user_model
    from rest_framework.authtoken.models import Token

    from clubs.models import Club, Player
    from tournaments import services
    from tournaments.models import Entry

    users = get_user_model()
    director = users.objects.create_user(f"apidirector{number}", password="x")
    club = Club.objects.create(name=f"API bench {number}", slug=f"api-bench-{number}")
    club.directors.add(director)
    tournament = services.create_tournament(
        club=club, actor=director, name=f"API bench {number}", starts_on=datetime.date(2026, 11, 21),
        variant="backgammon", format=fmt, seeding="random", random_seed=number, **options)
    people = users.objects.bulk_create(
        users(username=f"api{number}-{i}", email=f"api{number}-{i}@example.org") for i in range(entrants))
    players = Player.objects.bulk_create(
        Player(name=f"API Bench {number}-{i}", display_name=f"A{number}-{i}", user=person)
        for i, person in enumerate(people))
    Entry.objects.bulk_create(Entry(tournament=tournament, player=player) for player in players)
    return tournament, Token.objects.create(user=director).key


def _post(host: str, path: str, token: str, body: dict | None = None,
          method: str = "POST") -> tuple[float, int]:
    import json
    import time
    import urllib.error
    import urllib.request

    request = urllib.request.Request(
        host + path, json.dumps(body or {}).encode() if method == "POST" else None,
        {"Authorization": f"Token {token}", "Content-Type": "application/json"}, method=method)
    start = time.perf_counter()
    try:
        with urllib.request.urlopen(request, timeout=120) as response:
            response.read()
            status = response.status
    except urllib.error.HTTPError as error:
        status = error.code
    return time.perf_counter() - start, status


def _worker_done(timeout: float = 600) -> float:
    """Seconds until the outbox has no work waiting (the worker caught up)."""
    import time

    from outbox.models import Message, MessageState

    start = time.perf_counter()
    while time.perf_counter() - start < timeout:
        if not Message.objects.filter(state__in=[MessageState.PENDING, MessageState.QUEUED]).exists():
            return time.perf_counter() - start
        time.sleep(0.2)
    raise SystemExit("the worker did not finish the queued work in time")


def api() -> list[Figure]:
    """Each draw or round through the API, as a director's client sees it: gunicorn (its
    production configuration), SQLite (or ``DATABASE_URL``), Redis as the broker and shared
    cache; the background work is queued in the request and done by one Celery worker
    (``--pool=solo``) afterwards. Then the worker's CPU for that work: per draw and per
    person notified."""
    import os
    import shutil
    import tempfile

    workdir = Path(tempfile.mkdtemp(prefix="nardy-bench-draws-"))
    from nardy_site import processes

    redis_port, web_port = processes.free_port(), processes.free_port()
    redis_url = f"redis://127.0.0.1:{redis_port}/0"
    os.environ.update(
        DJANGO_SETTINGS_MODULE="nardy_site.settings", NARDY_VAR_DIR=str(workdir / "var"),
        NARDY_SECRET_KEY="draws-benchmark-only", NARDY_ALLOWED_HOSTS="127.0.0.1",
        REDIS_URL=redis_url, CELERY_BROKER_URL=redis_url, CELERY_RESULT_BACKEND=redis_url,
        NARDY_CACHE_URL=f"redis://127.0.0.1:{redis_port}/1", NARDY_CELERY_EAGER="0",
        NARDY_LOG_LEVEL="WARNING", EMAIL_BACKEND="django.core.mail.backends.dummy.EmailBackend",
        NARDY_THROTTLE_USER="100000/minute",
    )
    os.environ.setdefault("DATABASE_URL", f"sqlite:///{workdir}/bench.sqlite3")
    import django

    django.setup()
    from django.core.management import call_command
    from django.db.models import F

    from nardy_site.redis_server import start_redis
    from notifications.models import Notification
    from tournaments.models import Pairing

    started: list = []
    figures = []

    def start(name: str, command: list[str], **env: str):  # type: ignore[no-untyped-def]
        log = (workdir / f"{name}.log").open("wb")
        process = processes.start(command, env={**os.environ, **env}, cwd=ROOT, stdout=log)
        log.close()
        started.append(process)
        return process

    try:
        started.append(start_redis(redis_port, workdir / "redis"))
        call_command("migrate", verbosity=0)
        worker = start("worker", [sys.executable, "-m", "celery", "-A", "nardy_site", "worker",
                                  "--pool=solo", "--without-gossip", "--without-mingle",
                                  "--without-heartbeat"])
        web = start("gunicorn", [sys.executable, "-m", "gunicorn", "-c", "python:nardy_site.gunicorn",
                                 "nardy_site.wsgi"], NARDY_BIND=f"127.0.0.1:{web_port}",
                    NARDY_WEB_WORKERS="2", NARDY_WEB_THREADS="2")
        host = f"http://127.0.0.1:{web_port}"
        processes.wait_for_port(web_port, timeout=60, process=web)
        load = os.getloadavg()[0]
        for number, (what, fmt, entrants, options, action) in enumerate(API_CASES, start=1):
            tournament, token = _api_field(number, fmt, entrants, options)
            draw = f"/api/tournaments/{tournament.pk}/draw/"
            next_round = f"/api/tournaments/{tournament.pk}/next-round/"
            if number == 1:  # the first request of a worker process loads the code: some
                # at once, so that every worker has served one before anything is timed
                from concurrent.futures import ThreadPoolExecutor

                with ThreadPoolExecutor(8) as pool:
                    list(pool.map(functools.partial(_post, host, token=token, method="GET"),
                                  [f"/api/tournaments/{tournament.pk}/"] * 16))
            if action != "draw":
                seconds, status = _post(host, draw, token)
                assert status == 201, (what, status)
                _worker_done()
                if action == "round2":
                    tournament.pairings.filter(state=Pairing.State.READY).update(
                        state=Pairing.State.DECIDED, winner_id=F("top_id"))
            notified = Notification.objects.count()
            cpu = processes.cpu_seconds(worker.pid)
            if action == "draw":
                seconds, status = _post(host, draw, token)
            else:
                body = {"stage": "round", **({"through": entrants - 1} if action == "all_rounds" else {})}
                seconds, status = _post(host, next_round, token, body)
            assert status in (200, 201), (what, status, (workdir / "gunicorn.log").read_text()[-2000:])
            waited = _worker_done()
            cpu = processes.cpu_seconds(worker.pid) - cpu
            people = Notification.objects.count() - notified
            figures.append(Figure(
                f"API: {what}", seconds, GOAL,
                f"worker: {cpu:.2f} s CPU for {people} people notified "
                f"({cpu / max(people, 1) * 1000:.1f} ms a person), done {waited:.1f} s after the answer"))
        figures.append(Figure(f"(load average at the start: {load:.1f} on {os.cpu_count()} cores)", 0.0))
    finally:
        for process in reversed(started):
            if hasattr(process, "stop"):
                process.stop()
            else:
                processes.stop(process, timeout=15)
    shutil.rmtree(workdir, ignore_errors=True)
    return figures


SECTIONS: dict[str, Callable[[], list[Figure]]] = {
    "swiss": swiss,
    "double_elimination": double_elimination,
    "swiss_losses": swiss_losses,
    "bracket_page": bracket_page,
    "api": api,
}


if __name__ == "__main__":
    if {"-h", "--help"} & set(sys.argv[1:]):
        print(__doc__)
        sys.exit(0)
    chosen = sys.argv[1:] or [name for name in SECTIONS if name != "api"]
    if "api" in chosen and len(chosen) > 1:
        sys.exit("run the api section on its own: it sets Django up for its own servers")
    sys.exit(run_sections(SECTIONS, chosen))
