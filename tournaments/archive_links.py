"""Ids kept in an event's JSON fields: how a club's archive follows them when the rows get
new keys (``clubs.archive_links``). The log's before/after name a player, an entry or a
pairing; the pairs kept apart in round 1 name two players."""

from __future__ import annotations

from functools import partial
from typing import Any

from clubs.archive_links import KeyOf, keys_in_dict, register
from clubs.models import Player
from common.errors import DomainError
from tournaments.models import Entry, Pairing


def avoided_pairs(value: Any, key_of: KeyOf) -> Any:
    """Each pair with its players' new keys; a pair naming a player the archive does not
    hold (one who never entered) is dropped: it could keep nobody apart."""
    if not isinstance(value, list):
        return value
    kept = []
    for pair in value:
        if not (isinstance(pair, list) and all(isinstance(key, int) for key in pair)):
            kept.append(pair)
            continue
        try:
            kept.append([key_of(Player, key) for key in pair])
        except DomainError:
            continue
    return kept


def connect() -> None:
    named = {"player": Player, "entry": Entry, "pairing": Pairing}
    for field in ("before", "after"):
        register("tournaments.tournamentlog", field,
                 partial(keys_in_dict, models_by_key=named))
    register("tournaments.tournament", "avoided_pairs", avoided_pairs)
