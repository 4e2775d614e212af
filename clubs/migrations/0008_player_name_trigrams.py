"""Player search by any part of a name on PostgreSQL: trigram indexes (``pg_trgm``) on
the lowered display and legal names, which ``clubs.search.name_contains`` compares with
``LOWER(...) LIKE '%part%'``. SQLite has no such index and migrates without them."""

from django.contrib.postgres.operations import TrigramExtension
from django.db import migrations

from common.postgres_only import PostgresOnly


def trigram_index(name: str, column: str) -> PostgresOnly:
    return PostgresOnly(migrations.RunSQL(
        f'CREATE INDEX {name} ON tournaments_player USING gin ((LOWER("{column}")) gin_trgm_ops)',
        f"DROP INDEX IF EXISTS {name}",
    ))


class Migration(migrations.Migration):
    dependencies = [("clubs", "0007_time_zones")]

    operations = [
        PostgresOnly(TrigramExtension()),
        trigram_index("player_display_name_trgm", "display_name"),
        trigram_index("player_name_trgm", "name"),
    ]
