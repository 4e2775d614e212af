"""Speed of the pure tournament logic: draws, ratings, rankings.

    .venv/bin/python benchmarks/tournaments.py            # every section
    .venv/bin/python benchmarks/tournaments.py draws      # some sections

Each section is a function returning ``Figure`` rows; add one to ``SECTIONS`` to
extend the script. Every figure is printed next to its target.

The ``pages`` section renders the bracket page and the round-robin crosstable through
Django's test client against a throwaway SQLite database (8 entrants as the reference
next to 64), with the number of SQL queries of each page.
"""

from __future__ import annotations

import datetime
import functools
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from leaderboard.core.rankings import EventResult, RankingEntrant, score_events, season_ranking
from leaderboard.core.ratings import RatedMatch, replay_ratings
from tournaments.draws.knockout import CONSOLATION, LAST_CHANCE, MAIN, add_flight, draw_knockout
from tournaments.draws.progress import (
    PlaceGroup,
    flight_places,
    last_chance_closed,
    last_chance_entrants,
    resolve,
)
from tournaments.seasons import Season


@dataclass(frozen=True)
class Figure:
    what: str
    seconds: float
    target: float | None = None
    note: str = ""


def timed(function: Callable[[], object]) -> tuple[float, object]:
    start = time.perf_counter()
    value = function()
    return time.perf_counter() - start, value


def _play(draw, results, rng, flights):
    """Confirm random winners for every ready match of ``flights`` until none is left."""
    while True:
        state = resolve(draw, results)
        ready = [m for m in state.playable() if m.key.flight in flights]
        if not ready:
            return state
        for match in ready:
            results[match.key] = rng.choice(match.players)


def knockout_event(entrants: int, seed: int = 1) -> tuple[object, dict]:
    """A whole event: main and consolation drawn, last chance drawn at closing, all played."""
    rng = random.Random(seed)
    draw = draw_knockout([f"player{i}" for i in range(1, entrants + 1)])
    results: dict = {}
    state = resolve(draw, results)
    while not last_chance_closed(draw, state):  # play round by round until entry closes
        ready = [m for m in state.playable() if m.key.flight in (MAIN, CONSOLATION)]
        lowest = min(m.key.round for m in ready)
        for match in ready:
            if match.key.round == lowest:
                results[match.key] = rng.choice(match.players)
        state = resolve(draw, results)
    draw = add_flight(draw, LAST_CHANCE, sorted(last_chance_entrants(draw, state)))
    state = _play(draw, results, rng, (MAIN, CONSOLATION, LAST_CHANCE))
    return draw, state


def draws() -> list[Figure]:
    seeds = [f"player{i}" for i in range(1, 513)]
    figures = []
    seconds, draw = timed(lambda: draw_knockout(seeds))
    figures.append(Figure("draw a 512-entrant knockout (main + consolation)", seconds, 1.0,
                          f"{len(draw.matches)} matches"))
    seconds, state = timed(lambda: resolve(draw, {}))
    figures.append(Figure("resolve it once (who plays where)", seconds, 0.1))
    seconds, (draw, state) = timed(lambda: knockout_event(512))
    places = flight_places(state)
    figures.append(Figure(
        "512 entrants, all three flights drawn and played to the end", seconds, 1.0,
        f"{len(draw.matches)} matches, {len(places)} place groups",
    ))
    return figures


def ratings() -> list[Figure]:
    rng = random.Random(2)
    matches = [
        RatedMatch(*rng.sample(range(2000), 2), rng.choice((1, 3, 5, 7, 9, 11, 13)))
        for _ in range(100_000)
    ]
    seconds, (_final, history) = timed(lambda: replay_ratings(matches))
    return [Figure("recompute FIBS ratings, 100,000 matches, 2,000 players", seconds, 10.0,
                   f"{len(history)} changes")]


def rankings() -> list[Figure]:
    rng = random.Random(3)
    players = [RankingEntrant(i, f"Player {i:04d}", rng.choice([None, rng.uniform(1200, 1950)]))
               for i in range(3000)]
    events = []
    for number in range(2000):
        field = rng.sample(players, rng.choice((8, 12, 16, 24, 32)))
        names = [entrant.player for entrant in field]
        groups, first = [], 1
        for size in (1, 1, 2, 4, 8, 16):
            if first + size - 1 > len(names):
                break
            groups.append(PlaceGroup(first, first + size - 1, tuple(names[first - 1:first - 1 + size])))
            first += size
        day = datetime.date(2026, 1, 1) + datetime.timedelta(days=number % 365)
        events.append(EventResult(number, f"club{number % 12}", "backgammon", day, tuple(field), tuple(groups)))
    season = Season.calendar_year(2026)

    def everything():
        scored = score_events(events)
        overall = season_ranking(events, season, scored=scored)
        clubs = [season_ranking(events, season, club=f"club{c}", scored=scored) for c in range(12)]
        return overall, clubs

    seconds, (overall, _clubs) = timed(everything)
    return [Figure("GP-style points for 2,000 events + overall and 12 club rankings", seconds, 2.0,
                   f"{len(overall)} ranked players")]


_django_ready = False


def django_on_throwaway_database() -> None:
    """Django on a throwaway SQLite database in a temporary folder, migrated, with fast
    password hashing and the test client's host allowed. Done once per run."""
    global _django_ready
    if _django_ready:
        return
    import os
    import tempfile

    folder = tempfile.mkdtemp(prefix="nardy-bench-")
    os.environ["NARDY_VAR_DIR"] = folder
    os.environ["DATABASE_URL"] = f"sqlite:///{folder}/bench.sqlite3"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "nardy_site.settings")
    import django
    from django.conf import settings

    django.setup()
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    settings.ALLOWED_HOSTS = ["testserver", *settings.ALLOWED_HOSTS]
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    _django_ready = True


def _page_event(entrants: int, fmt: str, number: int):  # type: ignore[no-untyped-def]
    """A tournament with ``entrants`` players, drawn, every round started, some results."""
    from decimal import Decimal

    from django.contrib.auth import get_user_model

    from clubs.models import Club, Player
    from games import services as games_services
    from tournaments import services

    director = get_user_model().objects.create_user(f"director{number}", password="x")
    club = Club.objects.create(name=f"Bench {number}", slug=f"bench-{number}")
    club.directors.add(director)
    tournament = services.create_tournament(
        club=club, actor=director, name=f"Bench {entrants}", starts_on=datetime.date(2026, 11, 21),
        variant="backgammon", format=fmt, consolation="first_match_losers",
    )
    players = Player.objects.bulk_create(
        Player(name=f"Bench Player {number}-{i}", display_name=f"P{number}-{i}") for i in range(entrants)
    )
    for player in players:
        services.add_entry(tournament=tournament, player=player, actor=director)
    services.make_draw(tournament=tournament, actor=director)
    if fmt == "round_robin":
        services.start_round(tournament=tournament, actor=director, through=entrants)
    ready = tournament.pairings.filter(state="ready").select_related("match")
    for pairing in list(ready)[: entrants // 2]:
        length = Decimal(pairing.match.length)
        games_services.override_result(match=pairing.match, by=director, score1=length,
                                       score2=Decimal(1), reason="benchmark")
    return tournament


def pages() -> list[Figure]:
    django_on_throwaway_database()
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext, setup_test_environment
    from django.urls import reverse

    setup_test_environment()
    client = Client()
    figures = []
    cases = [("bracket", "knockout", 8), ("bracket", "knockout", 64),
             ("crosstable", "round_robin", 8), ("crosstable", "round_robin", 64)]
    for number, (page, fmt, entrants) in enumerate(cases):
        build, tournament = timed(functools.partial(_page_event, entrants, fmt, number))
        url = reverse(f"tournaments:{page}", args=[tournament.pk])
        client.get(url)  # warm the template cache
        runs = []
        for _ in range(3):
            with CaptureQueriesContext(connection) as queries:
                seconds, response = timed(functools.partial(client.get, url))
            assert response.status_code == 200
            runs.append(seconds)
        pairings = tournament.pairings.count()
        target = {("bracket", 8): 0.2, ("bracket", 64): 0.5,
                  ("crosstable", 8): 0.2, ("crosstable", 64): 2.0}[(page, entrants)]
        figures.append(Figure(
            f"{page} page, {entrants} entrants ({pairings} pairings), best of 3", min(runs), target,
            f"{len(queries)} queries; set-up {build:.1f}s",
        ))
    return figures


SECTIONS: dict[str, Callable[[], list[Figure]]] = {
    "draws": draws,
    "ratings": ratings,
    "rankings": rankings,
    "pages": pages,
}


def run_sections(sections: dict[str, Callable[[], list[Figure]]], argv: list[str]) -> int:
    """Run the sections named in ``argv`` (all when none) and print their figures."""
    chosen = argv or list(sections)
    unknown = [name for name in chosen if name not in sections]
    if unknown:
        print(f"unknown section(s): {', '.join(unknown)}; known: {', '.join(sections)}")
        return 2
    print(f"{'figure':<66} {'seconds':>9} {'target':>8}  note")
    for name in chosen:
        for figure in sections[name]():
            target = f"< {figure.target:g}" if figure.target is not None else ""
            flag = " SLOW" if figure.target is not None and figure.seconds >= figure.target else ""
            print(f"{figure.what:<66} {figure.seconds:>9.3f} {target:>8}  {figure.note}{flag}")
    return 0


def main(argv: list[str]) -> int:
    return run_sections(SECTIONS, argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
