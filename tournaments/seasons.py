"""A season: the dates a club's rankings and chouette tables add up over (plain Python).

Below both users of it: the leaderboard ranks a season's events, chouette adds up a
season's nights.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from tournaments.errors import RankingError


@dataclass(frozen=True, slots=True)
class Season:
    """Dates ``start``..``end``, both included."""

    start: datetime.date
    end: datetime.date

    def __post_init__(self) -> None:
        if self.end < self.start:
            raise RankingError(
                "date_range_backwards",
                f"A season cannot end ({self.end.isoformat()}) before it starts "
                f"({self.start.isoformat()}).",
                {"start": self.start.isoformat(), "end": self.end.isoformat()},
            )

    def __contains__(self, day: object) -> bool:
        return isinstance(day, datetime.date) and self.start <= day <= self.end

    @classmethod
    def calendar_year(cls, year: int) -> Season:
        return cls(datetime.date(year, 1, 1), datetime.date(year, 12, 31))

    @classmethod
    def containing(cls, day: datetime.date, start_month: int = 1, start_day: int = 1) -> Season:
        """The season holding ``day`` when seasons start each year on the given date."""
        start = datetime.date(day.year, start_month, start_day)
        if day < start:
            start = datetime.date(day.year - 1, start_month, start_day)
        end = datetime.date(start.year + 1, start_month, start_day) - datetime.timedelta(days=1)
        return cls(start, end)
