"""Signal receivers of the games app, connected in GamesConfig.ready()."""

from __future__ import annotations

from typing import Any

from django.db import IntegrityError

from clubs.models import Player
from clubs.services import players_merged
from games.models import Match


def no_match_against_oneself(sender: Any, *, keep: Player, **kwargs: Any) -> None:
    """A merge may not leave a match whose two seats are the same player."""
    if Match.objects.filter(player1=keep, player2=keep).exists():
        raise IntegrityError("the two players met each other")


def connect() -> None:
    players_merged.connect(no_match_against_oneself, dispatch_uid="games.no_match_against_oneself")
