"""A big ordered read in pages, each page the rows after the last one read (keyset
pagination): no server-side cursor (behind PgBouncer in transaction mode a cursor may not
outlive its statement's server connection) and never the whole result in memory.

Each page is one query ``WHERE (key) > (last key read) ORDER BY key LIMIT size``; the
row comparison is one condition that a B-tree index on the key's columns answers as a
range. The rows come as the database driver gives them, without Django's per-value
converters (on a million rows they cost more than the work done with them).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

from django.db import connections
from django.db.models import BooleanField, F, Func, QuerySet, Value

PAGE = 20_000


class RowAfter(Func):
    """``(a, b, ...) > (x, y, ...)``: the rows after a key, in the key's order."""

    output_field = BooleanField()

    def __init__(self, columns: Sequence[Any], values: Sequence[Any]) -> None:
        if len(columns) != len(values) or not columns:
            raise ValueError("RowAfter compares as many columns as values, at least one")
        super().__init__(*columns, *values)

    def as_sql(self, compiler: Any, connection: Any, **extra: Any) -> tuple[str, list[Any]]:
        parts, params = [], []
        for expression in self.get_source_expressions():
            sql, values = compiler.compile(expression)
            parts.append(sql)
            params.extend(values)
        half = len(parts) // 2
        return f"({', '.join(parts[:half])}) > ({', '.join(parts[half:])})", params


def keyset_rows(queryset: QuerySet, key: Sequence[str], key_of: Callable[[tuple], Sequence[Any]],
                size: int | None = None) -> Iterator[tuple]:
    """The rows of ``keyset_pages``, one by one."""
    for page in keyset_pages(queryset, key, key_of, size):
        yield from page


def keyset_pages(queryset: QuerySet, key: Sequence[str], key_of: Callable[[tuple], Sequence[Any]],
                 size: int | None = None) -> Iterator[list[tuple]]:
    """The rows of ``queryset`` (a ``values_list``, ordered by the fields ``key``: a unique
    order), a page (a list) at a time. ``key_of`` gives a row's values of ``key``, as the
    fields take them. A row written after its page was read is seen only if it sorts
    after that page. ``size``: rows a page, ``PAGE`` unless given."""
    size = size or PAGE
    meta = queryset.model._meta
    fields = [meta.pk if name == "pk" else meta.get_field(name) for name in key]
    connection = connections[queryset.db]
    after: Sequence[Any] | None = None
    while True:
        page = queryset.all()  # a fresh query, even if ``queryset`` was read
        if after is not None:
            page = page.filter(RowAfter([F(name) for name in key],
                                        [Value(value, output_field=field)
                                         for value, field in zip(after, fields, strict=True)]))
        sql, params = page[:size].query.sql_with_params()
        with connection.cursor() as cursor:
            cursor.execute(sql, params)
            rows = cursor.fetchall()
        if rows:
            yield rows
        if len(rows) < size:
            return
        after = key_of(rows[-1])
