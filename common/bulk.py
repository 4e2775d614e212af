"""Set-based writes of many rows, each with values of its own.

Django's ``QuerySet.bulk_update`` writes a ``CASE WHEN pk = ... THEN ...`` expression per
row and field, and resolving those expressions costs milliseconds a row in Python (a
1,024-player draw spent seconds there). ``update_rows`` writes the same rows with one
``UPDATE ... FROM (VALUES ...)`` statement per batch instead (PostgreSQL, and SQLite from
3.33): the values travel as parameters and the database joins them to the rows by
primary key. A batch holds as many rows as the database's parameter limit allows.

``insert_rows`` writes new rows given as tuples of column values: through PostgreSQL's
``COPY ... FROM STDIN`` (psycopg's ``copy``: no SQL to parse and no parameters per
row), elsewhere through ``executemany`` of one INSERT. No model instances are made.
``insert_arrays`` does the same for rows given as numpy columns: on PostgreSQL a binary
COPY encoded by numpy, a batch of rows at a time.

``create_objects`` is ``bulk_create`` for unsaved model instances whose primary keys the
database assigns (it gives them back); ``insert_returning`` the same for rows of values,
without instances: one ``INSERT ... VALUES ... RETURNING`` a batch,
each distinct value of a column prepared for the database once. Django's own
``bulk_create`` compiles every value of every row as an expression (a draw's 8,000
matches of 30 columns spent seconds there).

Batches: as many rows as the database takes parameters (SQLite's own limit, often
32,766, where Django assumes 999).
"""

from __future__ import annotations

import datetime
import json
import sqlite3
from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np
from django.db import connections, router
from django.db.models import Field, Model

# PostgreSQL's wire protocol counts parameters in 16 bits.
POSTGRES_MAX_PARAMS = 65535


def max_params(connection: Any) -> int:
    """The parameters one statement takes on ``connection``: SQLite's own limit (the
    library's compile-time setting, asked through Python's ``sqlite3``), else what the
    backend says, else PostgreSQL's."""
    if connection.vendor == "sqlite":
        connection.ensure_connection()
        return int(connection.connection.getlimit(sqlite3.SQLITE_LIMIT_VARIABLE_NUMBER))
    return connection.features.max_query_params or POSTGRES_MAX_PARAMS


def rows_per_statement(connection: Any, columns: int) -> int:
    """How many rows of ``columns`` parameters each one statement takes at most."""
    return max(1, max_params(connection) // max(1, columns))


def batch_size(model: type[Model], fields: Sequence[str], using: str | None = None) -> int:
    """How many rows one statement of ``update_rows`` writes at most."""
    return rows_per_statement(connections[using or router.db_for_write(model)], len(fields) + 1)


def update_rows(model: type[Model], objs: Iterable[Model], fields: Sequence[str],
                using: str | None = None) -> int:
    """Write ``fields`` of ``objs`` (saved rows of ``model``), each row its own values.

    Like ``bulk_update`` (no signals, no ``save()``), in one statement per batch of
    ``batch_size`` rows. Returns the number of rows written.
    """
    objs = [obj for obj in objs if obj.pk is not None]
    if not objs or not fields:
        return 0
    alias = using or router.db_for_write(model)
    connection = connections[alias]
    meta = model._meta
    columns = [meta.get_field(name) for name in fields]
    if any(not column.concrete or column.primary_key for column in columns):
        raise ValueError("update_rows writes concrete fields other than the primary key")
    quote = connection.ops.quote_name
    table = quote(meta.db_table)
    pk = meta.pk
    # VALUES names its columns column1, column2, ... in PostgreSQL and SQLite alike
    names = [f"column{index}" for index in range(1, len(columns) + 2)]
    casts = connection.vendor == "postgresql"  # VALUES' parameters have no type of their own there

    def value(name: str, field: Any) -> str:
        return f"CAST(v.{name} AS {field.db_type(connection)})" if casts else f"v.{name}"

    assignments = ", ".join(
        f"{quote(field.column)} = {value(name, field)}" for name, field in zip(names[1:], columns, strict=True))
    row = "(" + ", ".join(["%s"] * len(names)) + ")"
    size = batch_size(model, fields, alias)
    written = 0
    prepare = Preparer(connection, columns)
    attnames = list(enumerate(field.attname for field in columns))
    with connection.cursor() as cursor:
        for start in range(0, len(objs), size):
            batch = objs[start:start + size]
            params: list[Any] = []
            for obj in batch:
                params.append(pk.get_db_prep_value(obj.pk, connection))
                params.extend(prepare(index, getattr(obj, attname)) for index, attname in attnames)
            sql = (f"UPDATE {table} SET {assignments} FROM (VALUES {', '.join([row] * len(batch))}) "
                   f"AS v WHERE {table}.{quote(pk.column)} = {value(names[0], pk)}")
            cursor.execute(sql, params)
            written += cursor.rowcount
    return written


def _copy_types(connection: Any, fields: Sequence[Any]) -> list[str] | None:
    """PostgreSQL's names of the columns' types for COPY (None when one is unknown to the
    driver: each value's converter is then chosen as it comes)."""
    registry = connection.connection.adapters.types
    names = []
    for field in fields:
        info = registry.get((field.db_type(connection) or "").split("(")[0].strip())
        if info is None:
            return None
        names.append(info.name)
    return names


def insert_rows(model: type[Model], fields: Sequence[Any], rows: Iterable[Sequence[Any]],
                using: str | None = None) -> int:
    """Insert ``rows`` (tuples of values of ``fields``, model fields in order) into
    ``model``'s table; every column not listed takes its database default (an omitted
    primary key is assigned by the database). Nothing runs but the INSERT: no signals,
    no ``save()``, no Python-side defaults. Returns the number of rows written."""
    connection = connections[using or router.db_for_write(model)]
    quote = connection.ops.quote_name
    names = ", ".join(quote(field.column) for field in fields)
    table = quote(model._meta.db_table)
    json_columns = [i for i, field in enumerate(fields) if field.get_internal_type() == "JSONField"]
    written = 0
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            with cursor.cursor.copy(f"COPY {table} ({names}) FROM STDIN") as copy:
                if not json_columns and (types := _copy_types(connection, fields)):
                    copy.set_types(types)  # each value's converter chosen once, not a row
                for row in rows:
                    if json_columns:
                        row = [json.dumps(value) if i in json_columns and value is not None
                               else value for i, value in enumerate(row)]
                    copy.write_row(row)
                    written += 1
            return written
        marks = ", ".join(["%s"] * len(fields))
        prepared = [
            tuple(json.dumps(value) if i in json_columns and value is not None
                  else field.get_db_prep_save(value, connection)
                  for i, (field, value) in enumerate(zip(fields, row, strict=True)))
            for row in rows
        ]
        cursor.executemany(f"INSERT INTO {table} ({names}) VALUES ({marks})", prepared)
        return len(prepared)


# PostgreSQL's binary COPY: a signature, flags and an empty header extension, then each row
# as its number of fields and each field's length and bytes (big-endian), then -1.
_BINARY_SIGNATURE = b"PGCOPY\n\xff\r\n\x00" + bytes(8)
_BINARY_TRAILER = b"\xff\xff"
# the binary form of the types ``insert_arrays`` writes: numpy's big-endian codes
_BINARY_CODES = {"int2": ">i2", "int4": ">i4", "int8": ">i8", "float8": ">f8", "bool": "u1",
                 "timestamptz": ">i8", "timestamp": ">i8"}
_POSTGRES_EPOCH = np.datetime64("2000-01-01T00:00:00", "us")
_ARRAY_BATCH = 200_000  # rows encoded at a time (about 20 MB for a dozen columns)


def insert_arrays(model: type[Model], fields: Sequence[Any], columns: Sequence[Any],
                  using: str | None = None) -> int:
    """Insert rows given column by column: each of ``columns`` (one a field of ``fields``)
    is a numpy array with a value for every row (datetimes as ``datetime64`` in UTC) or
    one value every row takes (a string, a number). No NULLs. Nothing runs but the
    insert, as with ``insert_rows``; returns the number of rows written.

    On PostgreSQL the rows travel as one binary COPY that numpy encodes a batch at a time
    (no Python object a value, floats bit for bit); elsewhere through ``insert_rows``."""
    connection = connections[using or router.db_for_write(model)]
    length = max((len(column) for column in columns if isinstance(column, np.ndarray)), default=0)
    if connection.vendor != "postgresql":
        return insert_rows(model, fields, _as_rows(columns, length), using=using)
    connection.ensure_connection()
    layout, values = _binary_layout(connection, fields, columns)
    quote = connection.ops.quote_name
    names = ", ".join(quote(field.column) for field in fields)
    sql = f"COPY {quote(model._meta.db_table)} ({names}) FROM STDIN (FORMAT BINARY)"
    with connection.cursor() as cursor, cursor.cursor.copy(sql) as copy:
        copy.write(_BINARY_SIGNATURE)
        for start in range(0, length, _ARRAY_BATCH):
            stop = min(start + _ARRAY_BATCH, length)
            batch = np.empty(stop - start, layout)
            batch["fields"] = len(fields)
            for index, value in enumerate(values):
                batch[f"size{index}"] = layout[f"value{index}"].itemsize
                batch[f"value{index}"] = value[start:stop] if isinstance(value, np.ndarray) else value
            copy.write(batch.tobytes())
        copy.write(_BINARY_TRAILER)
    return length


def _binary_layout(connection: Any, fields: Sequence[Any], columns: Sequence[Any]) -> tuple[np.dtype, list[Any]]:
    """The numpy record of one row of binary COPY, and each column's values in its form."""
    types = _copy_types(connection, fields)
    if types is None:
        raise ValueError("insert_arrays writes columns of types the database driver knows")
    layout: list[tuple[str, str]] = [("fields", ">i2")]
    values: list[Any] = []
    for index, (name, field, column) in enumerate(zip(types, fields, columns, strict=True)):
        if name in _BINARY_CODES:
            code = _BINARY_CODES[name]
            if name.startswith("timestamp"):
                column = (np.asarray(column, "datetime64[us]") - _POSTGRES_EPOCH).astype(np.int64)
        elif name in ("varchar", "text", "bpchar") and isinstance(column, str):
            column = column.encode()
            code = f"S{len(column)}"
        else:
            raise ValueError(f"insert_arrays cannot write {field.name} ({name}) as given")
        layout += [(f"size{index}", ">i4"), (f"value{index}", code)]
        values.append(column)
    return np.dtype(layout), values


def _as_rows(columns: Sequence[Any], length: int) -> Iterable[tuple]:
    """``insert_arrays``' columns as rows of Python values (datetimes aware, in UTC)."""
    listed = []
    for column in columns:
        if not isinstance(column, np.ndarray):
            listed.append([column] * length)
        elif column.dtype.kind == "M":
            listed.append([moment.replace(tzinfo=datetime.UTC)
                           for moment in column.astype("datetime64[us]").tolist()])
        else:
            listed.append(column.tolist())
    return zip(*listed, strict=True)


def create_objects(model: type[Model], objs: Sequence[Model], using: str | None = None) -> list[Model]:
    """Insert ``objs`` (unsaved instances of ``model``, primary keys left to the database)
    and set their primary keys, as ``QuerySet.bulk_create`` does: no signals, no ``save()``;
    ``pre_save`` runs for the fields that have one (``auto_now_add``: one moment for all).
    Returns ``objs``."""
    objs = list(objs)
    if not objs:
        return objs
    meta = model._meta
    if meta.parents or any(obj.pk is not None for obj in objs):
        raise ValueError("create_objects inserts new rows of a model without parents")
    alias = using or router.db_for_write(model)
    if not connections[alias].features.can_return_rows_from_bulk_insert:
        return model._default_manager.db_manager(alias).bulk_create(objs)
    fields = [field for field in meta.concrete_fields if field is not meta.pk]
    for field in fields:  # one moment for the whole insert, as one statement would have
        if getattr(field, "auto_now", False) or getattr(field, "auto_now_add", False):
            moment = field.pre_save(objs[0], True)
            for obj in objs:
                setattr(obj, field.attname, moment)
    readers = [_reader(field) for field in fields]
    rows = [[read(obj) for read in readers] for obj in objs]
    for obj, pk in zip(objs, insert_returning(model, fields, rows, using=alias), strict=True):
        obj.pk = pk
        obj._state.adding, obj._state.db = False, alias
    return objs


def create_unless_taken(obj: Model, unique: str, using: str | None = None) -> bool:
    """Insert ``obj`` (an unsaved instance, its primary key left to the database) unless a
    row with its value of the unique field ``unique`` exists: one ``INSERT ... ON
    CONFLICT DO NOTHING RETURNING`` (PostgreSQL, SQLite from 3.35), which needs no
    savepoint in a transaction, where ``get_or_create`` reads, then inserts in a
    savepoint of its own. True and the primary key set when it was inserted; False (and
    nothing written) when the value was taken. No signals, no ``save()``."""
    meta = type(obj)._meta
    if meta.parents or obj.pk is not None:
        raise ValueError("create_unless_taken inserts a new row of a model without parents")
    connection = connections[using or router.db_for_write(type(obj))]
    fields = [field for field in meta.concrete_fields if field is not meta.pk]
    values = [field.get_db_prep_save(field.pre_save(obj, True), connection) for field in fields]
    quote = connection.ops.quote_name
    columns = ", ".join(quote(field.column) for field in fields)
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {quote(meta.db_table)} ({columns}) VALUES ({', '.join(['%s'] * len(fields))}) "
            f"ON CONFLICT ({quote(meta.get_field(unique).column)}) DO NOTHING "
            f"RETURNING {quote(meta.pk.column)}", values)
        row = cursor.fetchone()
    if row is None:
        return False
    obj.pk = row[0]
    obj._state.adding, obj._state.db = False, connection.alias
    return True


def insert_batch_size(model: type[Model], using: str | None = None) -> int:
    """How many new rows one statement of ``create_objects`` (or ``insert_returning`` of
    all of the model's columns) writes at most."""
    return rows_per_statement(connections[using or router.db_for_write(model)],
                              len(model._meta.concrete_fields) - 1)


def insert_returning(model: type[Model], fields: Sequence[Field], rows: Sequence[Sequence[Any]],
                     using: str | None = None, prepared: bool = False) -> list[Any]:
    """Insert ``rows`` (lists of the Python values of ``fields``, the primary key left to
    the database) into ``model``'s table and return their primary keys, in order: one
    ``INSERT ... VALUES ... RETURNING`` a batch, each distinct value prepared once
    (``prepared``: the values are the database's already, from a ``Preparer``).
    No model instances: nothing runs but the INSERT."""
    if not rows:
        return []
    connection = connections[using or router.db_for_write(model)]
    meta = model._meta
    quote = connection.ops.quote_name
    table = quote(meta.db_table)
    columns = ", ".join(quote(field.column) for field in fields)
    row = "(" + ", ".join(["%s"] * len(fields)) + ")"
    prepare = Preparer(connection, fields)
    positions = range(len(fields))
    size = rows_per_statement(connection, len(fields))
    pks: list[Any] = []
    with connection.cursor() as cursor:
        for start in range(0, len(rows), size):
            batch = rows[start:start + size]
            if prepared:
                params = [value for values in batch for value in values]
            else:
                params = [prepare(index, values[index]) for values in batch for index in positions]
            cursor.execute(f"INSERT INTO {table} ({columns}) VALUES {', '.join([row] * len(batch))} "
                           f"RETURNING {quote(meta.pk.column)}", params)
            pks.extend(pk for (pk,) in cursor.fetchall())
    if len(pks) != len(rows):
        raise RuntimeError("the database returned fewer keys than rows inserted")
    return pks


class Preparer:
    """The values of ``fields`` as the database takes them (``get_db_prep_save``), worked
    out once for each distinct value of each field: thousands of rows share a few values
    (the event's rules, a moment, a handful of players). Called with a field's position."""

    def __init__(self, connection: Any, fields: Sequence[Field]) -> None:
        self.connection = connection
        self.fields = list(fields)
        self.prepared: dict[tuple[int, type, Any], Any] = {}

    def __call__(self, index: int, value: Any) -> Any:
        try:
            key = (index, type(value), value)
            return self.prepared[key]
        except KeyError:
            return self.prepared.setdefault(key, self.fields[index].get_db_prep_save(value, self.connection))
        except TypeError:  # not hashable (a JSON value): prepared each time
            return self.fields[index].get_db_prep_save(value, self.connection)


def _reader(field: Field) -> Any:
    """How a field's value is read off an unsaved instance for its INSERT."""
    if getattr(field, "auto_now", False) or getattr(field, "auto_now_add", False):
        attname = field.attname  # set for all rows at once (create_objects)
        return lambda obj: getattr(obj, attname)
    if type(field).pre_save is not Field.pre_save:  # fields that work their value out
        return lambda obj: field.pre_save(obj, True)
    attname = field.attname
    if not field.is_relation:
        return lambda obj: getattr(obj, attname)

    def related(obj: Model) -> Any:  # an object saved after it was assigned gives its key now
        value = getattr(obj, attname)
        if value is None and field.is_cached(obj):  # type: ignore[attr-defined]
            other = field.get_cached_value(obj)  # type: ignore[attr-defined]
            if other is not None:
                if other.pk is None:
                    raise ValueError(f"{field.name} of a {obj._meta.object_name} is not saved")
                value = other.pk
        return value

    return related
