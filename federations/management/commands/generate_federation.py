"""`manage.py generate_federation`: years of made-up data for load tests and benchmarks.

    manage.py generate_federation                                  # a small one, seconds
    manage.py generate_federation --clubs 200 --players 20000 --matches 1000000 --seasons 5

The same seed (and ``--until``) gives the same federation. See
``federations.synthetic.generate`` for what is written.
"""

from __future__ import annotations

import datetime
import time
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from federations.synthetic.generate import GenerationError, Size, generate_federation


def _day(text: str) -> datetime.date:
    return datetime.date.fromisoformat(text)


class Command(BaseCommand):
    help = ("Generate a federation of clubs, players, events, matches with games, chouettes "
            "and disputes straight into the database (bulk inserts; COPY on PostgreSQL).")

    def add_arguments(self, parser: CommandParser) -> None:
        default = Size()
        parser.add_argument("--clubs", type=int, default=default.clubs)
        parser.add_argument("--players", type=int, default=default.players)
        parser.add_argument("--matches", type=int, default=default.matches,
                            help="about this many matches (events add what their draws need)")
        parser.add_argument("--seasons", type=int, default=default.seasons,
                            help="years of play, ending yesterday (or --until)")
        parser.add_argument("--seed", type=int, default=default.seed)
        parser.add_argument("--prefix", default="",
                            help="of the federation's slug and the user names (default gen<seed>)")
        parser.add_argument("--until", type=_day, default=None, help="the last day of play (YYYY-MM-DD)")

    def handle(self, *args: Any, **options: Any) -> None:
        size = Size(clubs=options["clubs"], players=options["players"], matches=options["matches"],
                    seasons=options["seasons"], seed=options["seed"], prefix=options["prefix"],
                    until=options["until"])
        started = time.perf_counter()
        try:
            summary = generate_federation(size, progress=lambda line: self.stderr.write(line))
        except GenerationError as error:
            raise CommandError(str(error)) from error
        for label, count in sorted(summary.rows.items()):
            self.stdout.write(f"{label}: {count}")
        for step, seconds in summary.seconds.items():
            self.stdout.write(f"{step}: {seconds:.1f} s")
        self.stdout.write(f"federation {summary.federation.slug if summary.federation else '-'} "
                          f"in {time.perf_counter() - started:.1f} s")
