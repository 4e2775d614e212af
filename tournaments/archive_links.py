"""The tournament log's before/after name a player, an entry or a pairing by key: how a
club's archive follows them when the rows get new keys (``clubs.archive_links``)."""

from __future__ import annotations

from functools import partial

from clubs.archive_links import keys_in_dict, register
from clubs.models import Player
from tournaments.models import Entry, Pairing


def connect() -> None:
    named = {"player": Player, "entry": Entry, "pairing": Pairing}
    for field in ("before", "after"):
        register("tournaments.tournamentlog", field,
                 partial(keys_in_dict, models_by_key=named))
