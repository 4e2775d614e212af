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
from tournaments.draws.progress import resolve
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


def _play_bracket(draw, rng):
    results: dict = {}
    while True:
        state = resolve(draw, results)
        ready = state.playable()
        if not ready:
            return state
        for match in ready:
            results[match.key] = rng.choice(match.players)


def double_elimination() -> list[Figure]:
    seeds = [f"player{i}" for i in range(1, 1025)]
    seconds, draw = timed(lambda: draw_double_elimination(seeds))
    figures = [Figure("draw a 1,024-player double elimination", seconds, GOAL,
                      f"{len(draw.matches)} matches")]
    seconds, _ = timed(lambda: resolve(draw, {}))
    figures.append(Figure("resolve it once (who plays where)", seconds, 0.1))
    seconds, state = timed(lambda: _play_bracket(draw, random.Random(3)))
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


SECTIONS: dict[str, Callable[[], list[Figure]]] = {
    "swiss": swiss,
    "double_elimination": double_elimination,
    "swiss_losses": swiss_losses,
    "bracket_page": bracket_page,
}


if __name__ == "__main__":
    sys.exit(run_sections(SECTIONS, sys.argv[1:]))
