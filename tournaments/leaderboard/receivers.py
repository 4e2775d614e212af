"""Signal receivers: ratings follow confirmed results, points follow finished events.

Connected in ``LeaderboardConfig.ready``. ``result_confirmed`` is sent inside the
transaction that changed the result, so the ratings (and the points of a finished
tournament the match belongs to) commit or roll back with it.
"""

from __future__ import annotations

from typing import Any

from games.models import Match
from games.signals import result_confirmed


def on_result_confirmed(sender: type[Match], match: Match, **kwargs: Any) -> None:
    from tournaments.leaderboard.services import ratings

    ratings.record_match(match=match)


def connect() -> None:
    result_confirmed.connect(
        on_result_confirmed, sender=Match, dispatch_uid="leaderboard_ratings_on_result"
    )
