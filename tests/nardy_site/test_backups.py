"""Backups that restore: an online copy of SQLite while writers go on, kept to a retention,
restored with the data as it was; pg_dump / pg_restore on PostgreSQL."""

from __future__ import annotations

import datetime
import io
import sqlite3
import threading
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection

from clubs.models import Club
from nardy_site import backups
from tests.factories import ClubFactory


def test_an_online_copy_is_one_moment_of_a_database_being_written(tmp_path: Path) -> None:
    """A writer commits ten rows a transaction while the backup runs: the copy holds whole
    transactions only, passes the integrity check, and restores."""
    live = tmp_path / "live.sqlite3"
    with sqlite3.connect(live) as setup:
        setup.execute("PRAGMA journal_mode=WAL")
        setup.execute("CREATE TABLE result (id INTEGER PRIMARY KEY, batch INTEGER, payload TEXT)")
    stop = threading.Event()
    written = []

    def write() -> None:
        writer = sqlite3.connect(live, timeout=20)
        batch = 0
        while not stop.is_set():
            with writer:
                writer.executemany("INSERT INTO result (batch, payload) VALUES (?, ?)",
                                   [(batch, "x" * 500)] * 10)
            written.append(batch)
            batch += 1
        writer.close()

    thread = threading.Thread(target=write)
    thread.start()
    try:
        while len(written) < 200:  # a database of many pages, still growing
            stop.wait(0.01)
        copy, _ = backups.backup({"ENGINE": "django.db.backends.sqlite3", "NAME": str(live)},
                                 tmp_path / "backups", keep=3)
    finally:
        stop.set()
        thread.join()
    with sqlite3.connect(copy) as kept:
        rows, batches = kept.execute("SELECT COUNT(*), COUNT(DISTINCT batch) FROM result").fetchone()
        assert kept.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert rows == batches * 10 and batches >= 200  # whole transactions, nothing torn
    assert batches < len(written) or rows > 0
    target = tmp_path / "restored.sqlite3"
    backups.restore({"ENGINE": "django.db.backends.sqlite3", "NAME": str(target)}, copy)
    with sqlite3.connect(target) as restored:
        assert restored.execute("SELECT COUNT(*) FROM result").fetchone()[0] == rows


def test_the_newest_backups_are_kept_and_a_failed_one_removes_nothing(tmp_path: Path) -> None:
    live = tmp_path / "live.sqlite3"
    sqlite3.connect(live).execute("CREATE TABLE t (x)").connection.close()
    database = {"ENGINE": "django.db.backends.sqlite3", "NAME": str(live)}
    folder = tmp_path / "backups"
    start = datetime.datetime(2026, 11, 28, 3, tzinfo=datetime.UTC)
    made = [backups.backup(database, folder, keep=2, now=start + datetime.timedelta(days=day))[0]
            for day in range(4)]
    assert backups.backups_in(folder, "sqlite") == made[-2:]
    with pytest.raises(backups.BackupError, match="no database"):
        backups.backup({**database, "NAME": str(tmp_path / "missing.sqlite3")}, folder, keep=1)
    assert backups.backups_in(folder, "sqlite") == made[-2:]
    assert not list(folder.glob("*.partial"))


def test_a_damaged_or_foreign_file_is_refused_and_the_database_left_alone(tmp_path: Path) -> None:
    live = tmp_path / "live.sqlite3"
    with sqlite3.connect(live) as db:
        db.execute("CREATE TABLE t (x)")
        db.execute("INSERT INTO t VALUES (1)")
    database = {"ENGINE": "django.db.backends.sqlite3", "NAME": str(live)}
    junk = tmp_path / "nardy-junk.sqlite3"
    junk.write_bytes(b"this is not a database" * 100)
    with pytest.raises(backups.BackupError, match="not a readable SQLite database"):
        backups.restore(database, junk)
    dump = tmp_path / "nardy-x.dump"
    dump.write_bytes(b"PGDMP")
    with pytest.raises(backups.BackupError, match="not a sqlite backup"):
        backups.restore(database, dump)
    with sqlite3.connect(live) as db:
        assert db.execute("SELECT x FROM t").fetchall() == [(1,)]


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_the_commands_back_up_lose_and_restore_the_sites_database(tmp_path: Path, settings: Any) -> None:
    """`manage.py backup` and `restore` on the site's own database: SQLite (`make run`)
    here, pg_dump and pg_restore on the PostgreSQL stage."""
    settings.BACKUP_DIR = tmp_path
    kind = backups.engine_of(connection.settings_dict)
    ClubFactory(name="Backed-up Club", slug="backed-up")
    out = io.StringIO()
    for _ in range(3):
        call_command("backup", "--keep", "2", stdout=out)
    kept = backups.backups_in(tmp_path, kind)
    assert len(kept) == 2 and "old backup removed" in out.getvalue()
    Club.objects.filter(slug="backed-up").delete()
    with mock.patch("builtins.input", return_value="n"), pytest.raises(CommandError, match="nothing restored"):
        call_command("restore", str(kept[-1]))
    assert not Club.objects.filter(slug="backed-up").exists()
    connection.close()  # the restore replaces tables: no transaction of ours may hold them
    call_command("restore", str(kept[-1]), "--yes", stdout=out)
    assert Club.objects.filter(slug="backed-up").exists()
    with pytest.raises(CommandError, match="no backup at"):
        call_command("restore", str(tmp_path / f"nardy-none{backups.SUFFIXES[kind]}"), "--yes")
    with pytest.raises(CommandError, match="at least 1"):
        call_command("backup", "--keep", "0")
