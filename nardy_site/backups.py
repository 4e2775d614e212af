"""Backups that restore: ``manage.py backup`` and ``manage.py restore``.

SQLite (``make run``): a consistent copy while the site runs, made with SQLite's online
backup API (pages copied under a read transaction: writers go on, the copy is one moment
of the database), checked with ``PRAGMA integrity_check`` before it is kept.

PostgreSQL (production): ``pg_dump --format=custom``, a consistent snapshot taken while
the site runs; ``pg_restore --clean --if-exists --no-owner`` puts it back.

Backups are named ``nardy-<UTC time>.<sqlite3|dump>`` in NARDY_BACKUP_DIR (``var/backups``);
the newest ``keep`` are kept, older ones removed once a new one is safely written.
"""

from __future__ import annotations

import datetime
import os
import shutil
import sqlite3
import subprocess
from collections.abc import Mapping
from pathlib import Path
from typing import Any

PREFIX = "nardy-"
SUFFIXES = {"sqlite": ".sqlite3", "postgresql": ".dump"}


class BackupError(Exception):
    """A backup or restore that could not be done: the sentence says why."""


def engine_of(database: Mapping[str, Any]) -> str:
    engine = database["ENGINE"]
    if engine.endswith("sqlite3"):
        return "sqlite"
    if "postgresql" in engine:
        return "postgresql"
    raise BackupError(f"backups know SQLite and PostgreSQL, not {engine}")


def _stamp(now: datetime.datetime | None = None) -> str:
    now = now or datetime.datetime.now(datetime.UTC)
    return now.strftime("%Y%m%dT%H%M%S%fZ")


def backups_in(folder: Path, kind: str) -> list[Path]:
    """The backups of ``kind`` in ``folder``, oldest first (names sort by time)."""
    return sorted(folder.glob(f"{PREFIX}*{SUFFIXES[kind]}"))


def _prune(folder: Path, kind: str, keep: int) -> list[Path]:
    removed = backups_in(folder, kind)[:-keep] if keep > 0 else []
    for old in removed:
        old.unlink()
    return removed


def _check_sqlite(path: Path) -> None:
    connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        verdict = connection.execute("PRAGMA integrity_check").fetchone()[0]
    except sqlite3.DatabaseError as error:
        raise BackupError(f"{path} is not a readable SQLite database: {error}") from error
    finally:
        connection.close()
    if verdict != "ok":
        raise BackupError(f"{path} fails SQLite's integrity check: {verdict}")


def copy_sqlite(source: Path, target: Path) -> None:
    """A consistent copy of ``source`` in ``target`` with the online backup API."""
    reader = sqlite3.connect(f"file:{source}?mode=ro", uri=True, timeout=20)
    writer = sqlite3.connect(target, timeout=20)
    try:
        reader.backup(writer, pages=1024)  # in steps: writers are held up for one step only
    finally:
        writer.close()
        reader.close()


def _pg_environment(database: Mapping[str, Any]) -> tuple[list[str], dict[str, str]]:
    arguments = []
    for flag, key in (("--host", "HOST"), ("--port", "PORT"), ("--username", "USER")):
        if database.get(key):
            arguments += [flag, str(database[key])]
    environment = dict(os.environ)
    if database.get("PASSWORD"):
        environment["PGPASSWORD"] = str(database["PASSWORD"])
    return arguments, environment


def _run(command: list[str], environment: dict[str, str]) -> None:
    if shutil.which(command[0]) is None:
        raise BackupError(f"{command[0]} is not installed (Debian: postgresql-client)")
    done = subprocess.run(command, env=environment, capture_output=True, text=True, check=False)
    if done.returncode:
        raise BackupError(f"{command[0]} failed: {done.stderr.strip() or done.returncode}")


def backup(database: Mapping[str, Any], folder: Path, keep: int,
           now: datetime.datetime | None = None) -> tuple[Path, list[Path]]:
    """Write a new backup of ``database`` into ``folder``, then keep the newest ``keep``.
    Returns the new file and the ones removed. A failed backup leaves nothing behind
    and removes nothing."""
    kind = engine_of(database)
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / f"{PREFIX}{_stamp(now)}{SUFFIXES[kind]}"
    partial = target.with_name(target.name + ".partial")
    try:
        if kind == "sqlite":
            source = Path(database["NAME"])
            if not source.is_file():
                raise BackupError(f"no database at {source}")
            copy_sqlite(source, partial)
            _check_sqlite(partial)
        else:
            arguments, environment = _pg_environment(database)
            _run(["pg_dump", "--format=custom", "--no-owner", *arguments,
                  "--file", str(partial), str(database["NAME"])], environment)
        partial.rename(target)
    finally:
        partial.unlink(missing_ok=True)
    return target, _prune(folder, kind, keep)


def restore(database: Mapping[str, Any], source: Path) -> None:
    """Put the backup ``source`` back into ``database``, replacing what is there.

    SQLite: the backup is checked, then copied into the live file with the backup API
    (other connections see the restored database at their next transaction).
    PostgreSQL: pg_restore drops and recreates what the dump holds, in one transaction."""
    kind = engine_of(database)
    if not source.is_file():
        raise BackupError(f"no backup at {source}")
    if source.suffix != SUFFIXES[kind]:
        raise BackupError(f"{source.name} is not a {kind} backup (those end in {SUFFIXES[kind]})")
    if kind == "sqlite":
        _check_sqlite(source)
        copy_sqlite(source, Path(database["NAME"]))
        return
    arguments, environment = _pg_environment(database)
    _run(["pg_restore", "--clean", "--if-exists", "--no-owner", "--single-transaction",
          "--exit-on-error", *arguments, "--dbname", str(database["NAME"]), str(source)], environment)
