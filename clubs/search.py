"""Case-insensitive name search that behaves the same on SQLite and PostgreSQL.

Django's ``icontains`` is SQLite's ``LIKE``, which folds case for ASCII letters only:
"иван" does not find "Иван" there, while PostgreSQL (in a UTF-8 locale) finds it. So
both sides are lowered before comparing: PostgreSQL's LOWER() folds every alphabet;
on SQLite LOWER() is ASCII-only too, so a Python function (``str.lower``) does it.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Func, Q
from django.db.models.functions import Lower
from django.db.models.lookups import Contains

SQLITE_FUNCTION = "nardy_unicode_lower"


def _lower(value: str | None) -> str | None:
    return None if value is None else value.lower()


class UnicodeLower(Lower):
    """LOWER() that folds every alphabet, on SQLite too."""

    def as_sqlite(self, compiler: Any, connection: Any, **extra: Any) -> Any:
        # Registered on the open connection; cheap, and needs no start-up hook.
        connection.ensure_connection()
        connection.connection.create_function(SQLITE_FUNCTION, 1, _lower, deterministic=True)
        return Func.as_sql(self, compiler, connection, function=SQLITE_FUNCTION, **extra)


def name_contains(search: str, *fields: str) -> Q:
    """Rows where any of ``fields`` contains ``search``, ignoring case in any alphabet."""
    wanted = search.strip().lower()
    condition = Q()
    for field in fields:
        condition |= Q(Contains(UnicodeLower(field), wanted))
    return condition
