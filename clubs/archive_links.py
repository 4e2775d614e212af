"""Ids kept inside a JSON field: a club's archive gives its rows new keys on import, and
the apps that keep ids in JSON tell here how to follow them (a chouette's events name
their players by key). Registered by each app in its ``ready``; the archive's importer
(``nardy_site.data.importer``) and anything else that renumbers rows look them up."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.db import models

# key_of(model, old key) -> the row's new key; raises when the archive lacks the row.
KeyOf = Callable[[type[models.Model], Any], Any]
Remap = Callable[[Any, KeyOf], Any]

_REMAPS: dict[tuple[str, str], Remap] = {}


def register(model: str, field: str, remap: Remap) -> None:
    """``remap(value, key_of)`` gives ``model``'s ``field`` value with its ids followed."""
    _REMAPS[(model.lower(), field)] = remap


def remaps_of(model: type[models.Model]) -> dict[str, Remap]:
    label = model._meta.label_lower
    return {field: remap for (owner, field), remap in _REMAPS.items() if owner == label}


def keys_in_dict(value: Any, key_of: KeyOf, models_by_key: dict[str, type[models.Model]]) -> Any:
    """A dict whose top-level entries named in ``models_by_key`` hold a row's key."""
    if not isinstance(value, dict):
        return value
    return {key: key_of(models_by_key[key], item)
            if key in models_by_key and isinstance(item, int) else item
            for key, item in value.items()}
