"""Migration operations that run on PostgreSQL only (the app migrates on SQLite too).

``PostgresOnly(operation)`` runs ``operation``'s database work when the connection is
PostgreSQL and does nothing elsewhere; it changes no model state, so an index made this
way is not declared in a model's ``Meta.indexes`` (SQLite could not build it). Used for
the trigram indexes of name search (``pg_trgm``: ``LIKE '%part%'`` by any part of a
name), which SQLite answers by scanning its small tables.
"""

from __future__ import annotations

from typing import Any

from django.db import migrations


class PostgresOnly(migrations.operations.base.Operation):
    reversible = True
    reduces_to_sql = False

    def __init__(self, operation: Any) -> None:
        self.operation = operation

    def deconstruct(self) -> tuple[str, list[Any], dict[str, Any]]:
        return (self.__class__.__qualname__, [self.operation], {})

    def state_forwards(self, app_label: str, state: Any) -> None:
        pass  # nothing in the models' state: the index exists on PostgreSQL only

    def database_forwards(self, app_label: str, schema_editor: Any, from_state: Any,
                          to_state: Any) -> None:
        if schema_editor.connection.vendor == "postgresql":
            self.operation.database_forwards(app_label, schema_editor, from_state, to_state)

    def database_backwards(self, app_label: str, schema_editor: Any, from_state: Any,
                           to_state: Any) -> None:
        if schema_editor.connection.vendor == "postgresql":
            self.operation.database_backwards(app_label, schema_editor, from_state, to_state)

    def describe(self) -> str:
        return f"On PostgreSQL only: {self.operation.describe()}"
