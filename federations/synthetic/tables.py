"""Rows written at COPY speed, with ids chosen here.

``TableWriter.table(Model, columns)`` gives a ``Table`` that takes rows as tuples in the
order of ``columns`` (attribute names such as ``club_id``); every other concrete column
gets its field's default, worked out once. The rows go in batches through
``common.bulk.insert_rows`` (PostgreSQL's ``COPY ... FROM STDIN``). Ids are handed out by ``next_ids`` from the table's
largest id, so rows can point at each other before they are written; ``finish`` moves
the tables' sequences past them (PostgreSQL) and flushes what is left.

No signals run and no ``save()``: the caller writes rows that are already consistent.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from django.core.management.color import no_style
from django.db import connections
from django.db.models import Max, Model

from common.bulk import insert_rows

BATCH_ROWS = 20_000


def _default(field: Any) -> Any:
    """The value of a column nobody gave: the field's default, NULL, or "" for text."""
    if field.has_default() or field.null or field.empty_strings_allowed:
        return field.get_default()
    raise ValueError(f"{field.model.__name__}.{field.attname} has no default: give it a value")


class Table:
    """One model's pending rows."""

    def __init__(self, writer: TableWriter, model: type[Model], columns: Sequence[str]) -> None:
        self.writer, self.model = writer, model
        fields = {field.attname: field for field in model._meta.concrete_fields}
        unknown = [name for name in columns if name not in fields]
        if unknown:
            raise ValueError(f"{model.__name__} has no column {unknown}")
        self.given = list(columns)
        self.rest = [name for name in fields if name not in columns]
        self.fields = [fields[name] for name in (*self.given, *self.rest)]
        self.defaults = tuple(_default(fields[name]) for name in self.rest)
        self.rows: list[tuple[Any, ...]] = []
        self.written = 0

    def add(self, row: tuple[Any, ...]) -> None:
        self.rows.append(row)
        if len(self.rows) >= BATCH_ROWS:
            self.flush()

    def extend(self, rows: Iterable[tuple[Any, ...]]) -> None:
        for row in rows:
            self.add(row)

    def flush(self) -> None:
        if not self.rows:
            return
        defaults = self.defaults
        self.written += insert_rows(self.model, self.fields, [row + defaults for row in self.rows],
                                    using=self.writer.connection.alias)
        self.rows = []


class TableWriter:
    """The tables being written in one generation, and the ids handed out."""

    def __init__(self, using: str = "default") -> None:
        self.connection = connections[using]
        self.postgres = self.connection.vendor == "postgresql"
        self.tables: dict[type[Model], Table] = {}
        self.last_id: dict[type[Model], int] = {}

    def table(self, model: type[Model], columns: Sequence[str]) -> Table:
        if model in self.tables:
            raise ValueError(f"{model.__name__} is already being written")
        self.tables[model] = Table(self, model, columns)
        return self.tables[model]

    def next_ids(self, model: type[Model], count: int) -> range:
        """``count`` new ids for ``model``'s rows, above every id it has."""
        if model not in self.last_id:
            self.last_id[model] = model.objects.aggregate(last=Max("pk"))["last"] or 0
        first = self.last_id[model] + 1
        self.last_id[model] += count
        return range(first, first + count)

    def finish(self) -> dict[str, int]:
        """Write what is pending and move the sequences past the ids given; rows per model."""
        for table in self.tables.values():
            table.flush()
        if self.postgres and self.last_id:
            statements = self.connection.ops.sequence_reset_sql(no_style(), list(self.last_id))
            with self.connection.cursor() as cursor:
                for statement in statements:
                    cursor.execute(statement)
        return {table.model._meta.label: table.written for table in self.tables.values()}
