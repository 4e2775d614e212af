"""A table's secondary indexes built once after a bulk write, not updated row by row.

Writing millions of rows into a table with several B-tree indexes updates each index a
row at a time, in the order of its own keys: once an index outgrows the database's
buffers, most of those updates read and write a page of it, and the cost grows faster
than the rows. Building an index from the finished table sorts it once.

``indexes_built_after`` drops a table's indexes (and the unique constraints they back),
all but its primary key and those a foreign key relies on, lets the caller write, then creates each one again from the
definition PostgreSQL gave for it (``pg_get_indexdef``, ``pg_get_constraintdef``), so
the names and definitions the migrations made are kept. It runs inside the caller's
transaction: PostgreSQL's DDL is transactional, so a failure anywhere leaves every index
as it was. Dropping takes the table's ACCESS EXCLUSIVE lock until the transaction ends:
readers of the table wait for the write. Other databases keep their indexes.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from django.db import connections, router
from django.db.models import Model

# memory to sort each index in (the session's setting stays for other work)
SORT_MEMORY = "256MB"


@dataclass(frozen=True, slots=True)
class _Index:
    name: str
    definition: str  # CREATE INDEX ..., or the constraint's definition
    constraint: bool


@contextmanager
def indexes_built_after(model: type[Model], using: str | None = None) -> Iterator[list[str]]:
    """Within a transaction: ``model``'s table without its secondary indexes until the
    block ends, then with all of them again. Yields the names of the indexes dropped."""
    alias = using or router.db_for_write(model)
    connection = connections[alias]
    if connection.vendor != "postgresql":
        yield []
        return
    if not connection.in_atomic_block:
        raise RuntimeError("indexes_built_after runs inside a transaction (transaction.atomic)")
    quote = connection.ops.quote_name
    table = quote(model._meta.db_table)
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT index.relname, pg_get_indexdef(listed.indexrelid), constraint_.conname, "
            "pg_get_constraintdef(constraint_.oid) "
            "FROM pg_index listed JOIN pg_class index ON index.oid = listed.indexrelid "
            "LEFT JOIN pg_constraint constraint_ ON constraint_.conindid = listed.indexrelid "
            "AND constraint_.conrelid = listed.indrelid AND constraint_.contype IN ('u', 'x') "
            "WHERE listed.indrelid = %s::regclass AND NOT listed.indisprimary "
            # an index a foreign key of another table relies on stays
            "AND NOT EXISTS (SELECT 1 FROM pg_constraint foreign_key WHERE foreign_key.contype = 'f' "
            "AND foreign_key.conindid = listed.indexrelid) "
            "ORDER BY index.relname",
            [model._meta.db_table],
        )
        indexes = [_Index(constraint_name or name, constraint_definition or definition,
                          constraint_name is not None)
                   for name, definition, constraint_name, constraint_definition in cursor.fetchall()]
        for index in indexes:
            if index.constraint:
                cursor.execute(f"ALTER TABLE {table} DROP CONSTRAINT {quote(index.name)}")
            else:
                cursor.execute(f"DROP INDEX {quote(index.name)}")
    yield [index.name for index in indexes]
    with connection.cursor() as cursor:
        cursor.execute("SELECT set_config('maintenance_work_mem', %s, true)", [SORT_MEMORY])
        for index in indexes:
            if index.constraint:
                cursor.execute(f"ALTER TABLE {table} ADD CONSTRAINT {quote(index.name)} {index.definition}")
            else:
                cursor.execute(index.definition)
