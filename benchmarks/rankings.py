"""Speed of ratings and rankings: the pure logic and the rankings page.

    .venv/bin/python benchmarks/rankings.py              # every section
    .venv/bin/python benchmarks/rankings.py page         # some sections

Sections ``ratings`` and ``rankings`` are the pure-logic timings of
``benchmarks/tournaments.py`` (kept there, run from here too). ``page`` renders the
rankings page for 5,000 ranked players from a throw-away SQLite database, next to the
reference of the same run: ranking the same totals in memory with the pure
``rank_totals`` (what the page cannot beat), and ``rebuild`` replays rated matches
through the database (``rebuild_ratings``) next to the pure ``replay_ratings``.
"""

from __future__ import annotations

import datetime
import importlib.util
import random
import sys
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

_spec = importlib.util.spec_from_file_location("bench_tournaments", ROOT / "benchmarks" / "tournaments.py")
assert _spec is not None and _spec.loader is not None
bench_tournaments = importlib.util.module_from_spec(_spec)
sys.modules["bench_tournaments"] = bench_tournaments
_spec.loader.exec_module(bench_tournaments)
Figure, timed = bench_tournaments.Figure, bench_tournaments.timed

PLAYERS = 5000
NEWLINE = b"\n"


def _ranked_players(count: int) -> object:
    from clubs.models import Club, Player
    from leaderboard.models import EventPlacing, ExternalEvent, RankedEvent

    rng = random.Random(5)
    club = Club.objects.create(name="Bench club", slug=f"bench-{count}")
    Player.objects.bulk_create(
        Player(name=f"Bench Player {n}", display_name=f"Bench {n:05d}") for n in range(count)
    )
    players = list(Player.objects.filter(display_name__startswith="Bench").order_by("pk"))
    for number in range(20):  # 20 events of 250-player slices, all with points
        day = datetime.date(2026, 1, 10) + datetime.timedelta(days=number * 7)
        external = ExternalEvent.objects.create(club=club, name=f"Open {number}", date=day,
                                                variant="backgammon")
        event = RankedEvent.objects.create(
            external_event=external, club=club, name=external.name, variant="backgammon",
            date=day, entrants=count, strength_of_field=Decimal(count), paid_places=count,
        )
        EventPlacing.objects.bulk_create(
            (EventPlacing(event=event, player=p, place_first=1, place_last=1,
                          points=Decimal(rng.randrange(1, 5000)) / 100)
             for p in players[number * 250:(number + 1) * 250] + rng.sample(players, 250)),
            batch_size=1000, ignore_conflicts=True,
        )
    return club


def page() -> list[object]:
    bench_tournaments.django_on_throwaway_database()
    from django.test import Client

    from leaderboard.core.rankings import rank_totals
    from leaderboard.selectors import RankingQuery, ranking
    from tournaments.seasons import Season

    club = _ranked_players(PLAYERS)
    client = Client()
    params = {"year": 2026, "club": club.slug}
    cold, response = timed(lambda: client.get("/rankings/", params))
    assert response.status_code == 200, response.status_code
    warm, _ = timed(lambda: client.get("/rankings/", params))
    partial, _ = timed(lambda: client.get("/rankings/", {**params, "page": 30},
                                          headers={"HX-Request": "true"}))
    export, csv = timed(lambda: client.get("/rankings/export.csv", params))
    rows = ranking(RankingQuery(Season.calendar_year(2026), club))
    totals = {row.player: row.points for row in rows}
    names = {row.player: row.name for row in rows}
    reference, _ = timed(lambda: rank_totals(totals, names))
    note = f"{len(rows)} ranked players"
    return [
        Figure("rankings page, first request (imports, templates compiled)", cold, None, note),
        Figure("rankings page, 5,000 ranked players", warm, 0.5, note),
        Figure("htmx table partial, page 30", partial, 0.5),
        Figure("CSV export of the whole ranking", export, 1.0, f"{csv.content.count(NEWLINE)} lines"),
        Figure("reference: rank the same totals in memory (pure)", reference, None),
    ]


def rebuild() -> list[object]:
    bench_tournaments.django_on_throwaway_database()
    from django.utils import timezone

    from clubs.models import Club, Player
    from games.models import Match, MatchResult, MatchStatus, ResultStatus
    from leaderboard.core.ratings import RatedMatch, replay_ratings
    from leaderboard.services.ratings import rebuild_ratings

    rng = random.Random(6)
    club = Club.objects.create(name="Rebuild club", slug="bench-rebuild")
    players = Player.objects.bulk_create(
        Player(name=f"R{n}", display_name=f"R{n}") for n in range(200)
    )
    start = timezone.now()
    matches = []
    for number in range(2000):
        first, second = rng.sample(players, 2)
        matches.append(Match(club=club, player1=first, player2=second, winner=first,
                             length=rng.choice((3, 5, 7)), status=MatchStatus.FINISHED,
                             finished_at=start + datetime.timedelta(seconds=number)))
    Match.objects.bulk_create(matches, batch_size=500)
    MatchResult.objects.bulk_create(
        (MatchResult(match=m, score1=m.length, score2=0, status=ResultStatus.CONFIRMED,
                     confirmed_at=m.finished_at) for m in matches), batch_size=500,
    )
    seconds, replayed = timed(lambda: rebuild_ratings(variant="backgammon"))
    pure = [RatedMatch(m.player1_id, m.player2_id, m.length) for m in matches]
    reference, _ = timed(lambda: replay_ratings(pure))
    return [
        Figure("rebuild_ratings: 2,000 confirmed matches through the database", seconds, 5.0,
               f"{replayed} replayed"),
        Figure("reference: replay_ratings on the same matches (pure)", reference, None),
    ]


SECTIONS: dict[str, Callable[[], list[Figure]]] = {
    "ratings": bench_tournaments.ratings,
    "rankings": bench_tournaments.rankings,
    "page": page,
    "rebuild": rebuild,
}


def main(argv: list[str]) -> int:
    return bench_tournaments.run_sections(SECTIONS, argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
