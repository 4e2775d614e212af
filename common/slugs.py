"""A page address (slug) from a name in any alphabet, unique among its kind's."""

from __future__ import annotations

from django.db.models import QuerySet
from django.utils.text import slugify
from unidecode import unidecode

LENGTH = 70  # of the name's part; room left for "-2", "-3", ...
RESERVED = frozenset({"new"})  # addresses under a kind's list that are not one of its rows


def unique_slug(rows: QuerySet, name: str, kind: str) -> str:
    """``name`` in Latin letters, numbered when ``rows`` has it already; ``kind`` ("club")
    stands in for a name with no letters and follows a reserved word ("new-club")."""
    base = slugify(unidecode(name))[:LENGTH].strip("-") or kind
    if base in RESERVED:
        base = f"{base}-{kind}"
    slug, number = base, 1
    while rows.filter(slug=slug).exists():
        number += 1
        slug = f"{base}-{number}"
    return slug
