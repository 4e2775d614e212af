"""The database holds up with two writers at once (the web process and a worker)."""

from __future__ import annotations

import threading

import pytest
from django.db import connection, transaction

from clubs.models import Player

WRITES_PER_WRITER = 25


def write_players(writer: int, errors: list[BaseException]) -> None:
    try:
        for number in range(WRITES_PER_WRITER):
            # Read, then write in one transaction: with SQLite's default deferred
            # transactions this fails with "database is locked" under contention.
            with transaction.atomic():
                seen = Player.objects.count()
                Player.objects.create(name=f"W{writer} #{number}", display_name=f"seen {seen}")
    except BaseException as error:  # noqa: BLE001 - the thread hands any failure to the test
        errors.append(error)
    finally:
        connection.close()


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_concurrent_writers_do_not_lock_each_other_out() -> None:
    errors: list[BaseException] = []
    writers = [threading.Thread(target=write_players, args=(n, errors)) for n in range(3)]
    for writer in writers:
        writer.start()
    for writer in writers:
        writer.join(timeout=120)
    assert errors == []
    assert Player.objects.count() == 3 * WRITES_PER_WRITER


@pytest.mark.django_db
def test_sqlite_runs_in_wal_mode() -> None:
    if connection.vendor != "sqlite":
        pytest.skip("SQLite only")
    with connection.cursor() as cursor:
        cursor.execute("PRAGMA journal_mode")
        assert cursor.fetchone()[0].lower() == "wal"
