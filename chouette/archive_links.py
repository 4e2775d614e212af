"""A chouette's events name their players by key (``core.event_to_data``): how a club's
archive follows them when the players get new keys (``clubs.archive_links``)."""

from __future__ import annotations

from typing import Any

from clubs.archive_links import KeyOf, register
from clubs.models import Player


def event_data(data: Any, key_of: KeyOf) -> Any:
    if not isinstance(data, dict):
        return data

    def player(key: Any) -> Any:
        return key_of(Player, key) if isinstance(key, int) else key

    def pairs(items: Any) -> Any:
        return [[player(item[0]), *item[1:]] if isinstance(item, list) and item else item
                for item in items] if isinstance(items, list) else items

    def players(items: Any) -> Any:
        return [player(item) for item in items] if isinstance(items, list) else items

    out = dict(data)
    for name in ("player", "box", "partner"):
        if name in out:
            out[name] = player(out[name])
    for name in ("team", "movers", "players"):
        if name in out:
            out[name] = players(out[name])
    for name in ("declared_cubes", "declared_points"):
        if name in out:
            out[name] = pairs(out[name])
    if isinstance(out.get("doubles"), list):
        out["doubles"] = [{**double, "answers": pairs(double.get("answers"))}
                          if isinstance(double, dict) else double for double in out["doubles"]]
    return out


def connect() -> None:
    register("chouette.chouetteevent", "data", event_data)
