"""Rows as Django's serializers write them, less what must never leave the site."""

from __future__ import annotations

from collections.abc import Iterable
from importlib import metadata
from typing import Any

from django.core import serializers
from django.db import models

# Models whose rows are secrets or sessions, never exported (a token signs in as you).
NEVER_EXPORTED = frozenset({"authtoken.token", "authtoken.tokenproxy", "sessions.session",
                            "admin.logentry", "outbox.message"})
# Fields that are secrets wherever they are (a password's hash, an invitation token's).
SECRET_FIELDS = frozenset({"password", "token_hash"})


def exported(model: type[models.Model]) -> bool:
    return model._meta.label_lower not in NEVER_EXPORTED and not model._meta.auto_created


def serialise(objects: Iterable[models.Model]) -> list[dict[str, Any]]:
    """Rows in the "python" serialisation ({model, pk, fields}), secrets left out."""
    rows = serializers.serialize("python", objects)
    for row in rows:
        for field in SECRET_FIELDS & row["fields"].keys():
            del row["fields"][field]
    return rows


def site_version() -> str:
    try:
        return metadata.version("nardy")
    except metadata.PackageNotFoundError:  # run from a checkout that was not installed
        return "unknown"
