"""Years of data on PostgreSQL: a generated federation, its busy pages and its ratings.

    .venv/bin/python benchmarks/federation.py                  # the full size (issue 31)
    .venv/bin/python benchmarks/federation.py --matches 200000 --players 4000 --clubs 40

Without a PostgreSQL ``DATABASE_URL`` the script runs itself again under
``.ci/with-postgres`` (a throwaway server under /tmp, removed at the end). With one, it
migrates it and reuses the federation already generated there with the same seed
(``--prefix``), else generates it (``manage.py generate_federation``). Then it prints,
each against its goal (a ratio above 1 misses it):

* the generation's time (rows, rating lists, ranking points);
* each busy page's server time (median of ``--requests`` through Django's test client,
  after one warm-up) and its number of SQL queries, goal < 200 ms;
* a confirmed result's incremental rating update, when it is its players' latest
  (median over ``--updates`` new matches; goal < 50 ms), and a result back-dated by a
  week, for information;
* the full recompute of every rating list (goal < 60 s): as ``manage.py
  recompute_ratings`` runs it (nothing to change), and from empty lists.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

PAGE_GOAL = 0.200
UPDATE_GOAL = 0.050
RECOMPUTE_GOAL = 60.0


def _arguments(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clubs", type=int, default=200)
    parser.add_argument("--players", type=int, default=20_000)
    parser.add_argument("--matches", type=int, default=1_000_000)
    parser.add_argument("--seasons", type=int, default=5)
    parser.add_argument("--seed", type=int, default=31)
    parser.add_argument("--prefix", default="")
    parser.add_argument("--requests", type=int, default=7, help="per page")
    parser.add_argument("--updates", type=int, default=20)
    parser.add_argument("--skip-recompute-from-empty", action="store_true")
    return parser.parse_args(argv)


def _line(what: str, seconds: float, goal: float | None, note: str = "") -> None:
    ratio = f"{seconds / goal:6.2f}" if goal else "     -"
    goal_text = f"< {goal:g} s" if goal else ""
    print(f"{what:<52} {seconds:>10.3f} s {goal_text:>10} ratio {ratio}  {note}", flush=True)


def _django() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "nardy_site.settings")
    import django
    from django.conf import settings

    django.setup()
    settings.ALLOWED_HOSTS = ["testserver", *settings.ALLOWED_HOSTS]
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def _federation(options: argparse.Namespace):  # type: ignore[no-untyped-def]
    from federations.models import Federation
    from federations.synthetic.generate import Size, generate_federation

    size = Size(clubs=options.clubs, players=options.players, matches=options.matches,
                seasons=options.seasons, seed=options.seed, prefix=options.prefix)
    found = Federation.objects.filter(slug=size.tag).first()
    if found is not None:
        print(f"reusing federation {size.tag} (generated earlier on this server)")
        return found
    summary = generate_federation(size, progress=lambda line: print(f"  {line}", flush=True))
    rows = sum(summary.rows.values())
    _line(f"generation: {rows:,} rows written", summary.seconds["rows"], None,
          f"{rows / summary.seconds['rows']:,.0f} rows/s")
    _line("generation: rating lists built", summary.seconds["ratings"], RECOMPUTE_GOAL)
    _line("generation: events scored (ranking points)", summary.seconds["points"], None)
    _line("generation in all", sum(summary.seconds.values()), None,
          f"{options.clubs} clubs, {options.players:,} players, {options.matches:,} matches, "
          f"{options.seasons} seasons")
    return summary.federation


def _pages(federation, requests: int) -> None:  # type: ignore[no-untyped-def]
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from federations.synthetic.pages import busy_pages

    for page in busy_pages(federation):
        client = Client()
        if page.user is not None:
            client.force_login(page.user)
        client.get(page.url)
        times, counts = [], set()
        for _ in range(requests):
            with CaptureQueriesContext(connection) as queries:
                started = time.perf_counter()
                response = client.get(page.url)
                times.append(time.perf_counter() - started)
            assert response.status_code == 200, (page.url, response.status_code)
            counts.add(len(queries.captured_queries))
        _line(f"page: {page.name}", statistics.median(times), PAGE_GOAL,
              f"{'/'.join(map(str, sorted(counts)))} queries, {page.url}")


def _new_match(club, first, second, played_at):  # type: ignore[no-untyped-def]
    from decimal import Decimal

    from games.models import Match, MatchResult, MatchStatus, ResultStatus

    match = Match.objects.create(club=club, length=5, player1=first, player2=second,
                                 status=MatchStatus.FINISHED, winner=first, score1=Decimal(5),
                                 score2=Decimal(2), finished_at=played_at, played_at=played_at)
    MatchResult.objects.create(match=match, score1=Decimal(5), score2=Decimal(2),
                               status=ResultStatus.CONFIRMED, confirmed_at=played_at)
    return match


def _updates(federation, count: int) -> None:  # type: ignore[no-untyped-def]
    import datetime
    import random

    from django.db import transaction
    from django.utils import timezone

    from clubs.models import Club, Player
    from leaderboard.services.ratings import record_match

    rng = random.Random(5)
    clubs = list(Club.objects.filter(affiliations__federation=federation).order_by("pk")[:20])
    for label, back in (("latest", None), ("back-dated a week", datetime.timedelta(days=7))):
        times, replayed = [], []
        for number in range(count):
            club = clubs[number % len(clubs)]
            first, second = rng.sample(list(Player.objects.filter(memberships__club=club)
                                            .order_by("pk")[:60]), 2)
            played_at = timezone.now() - (back or datetime.timedelta(0))
            with transaction.atomic():
                match = _new_match(club, first, second, played_at)
                started = time.perf_counter()
                replayed.append(record_match(match=match).get("backgammon", 0))
                times.append(time.perf_counter() - started)
                transaction.set_rollback(True)  # the federation stays as generated
        _line(f"rating update, a result that is its players' {label}"
              if back is None else f"rating update, a result {label}",
              statistics.median(times), UPDATE_GOAL if back is None else None,
              f"median of {count}, max {max(times):.3f} s; matches replayed: median "
              f"{statistics.median(replayed):g}, max {max(replayed)}")


def _recompute(from_empty: bool) -> None:
    from django.db import connection

    from games.models import Match
    from leaderboard.models import PlayerRating, RatingChange
    from leaderboard.services.ratings import rebuild_all_ratings

    matches = Match.objects.filter(rated=True, winner__isnull=False).count()
    started = time.perf_counter()
    replayed = sum(rebuild_all_ratings().values())
    _line("full recompute, nothing to change", time.perf_counter() - started, RECOMPUTE_GOAL,
          f"{replayed:,} rated matches of {matches:,} replayed, events scored again")
    if not from_empty:
        return
    RatingChange.objects.all().delete()
    PlayerRating.objects.all().delete()
    with connection.cursor() as cursor:
        cursor.execute("VACUUM ANALYZE leaderboard_ratingchange")
    started = time.perf_counter()
    replayed = sum(rebuild_all_ratings(rescore=False).values())
    _line("full recompute from empty lists", time.perf_counter() - started, RECOMPUTE_GOAL,
          f"{replayed:,} matches, {RatingChange.objects.count():,} rating rows written")


def main(argv: list[str]) -> int:
    options = _arguments(argv)
    if not os.environ.get("DATABASE_URL", "").startswith("postgres"):
        script = [sys.executable, str(Path(__file__).resolve()), *argv]
        return subprocess.call(["bash", str(ROOT / ".ci" / "with-postgres"), *script], cwd=ROOT)
    _django()
    import platform

    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SHOW server_version")
        server = cursor.fetchone()[0]
    print(f"{time.strftime('%Y-%m-%d %H:%M')}, {platform.node()}, {os.cpu_count()} cores, "
          f"load {os.getloadavg()[0]:.1f}, PostgreSQL {server}", flush=True)
    federation = _federation(options)
    _pages(federation, options.requests)
    _updates(federation, options.updates)
    _recompute(not options.skip_recompute_from_empty)
    print(f"load at the end {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
