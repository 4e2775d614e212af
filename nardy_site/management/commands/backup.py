"""`manage.py backup`: a consistent copy of the database while the site runs (nardy_site.backups)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from nardy_site.backups import BackupError, backup


class Command(BaseCommand):
    help = "Back up the database while the site runs; keep the newest --keep backups."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--dir", type=Path, default=settings.BACKUP_DIR,
                            help="folder of the backups (NARDY_BACKUP_DIR, var/backups)")
        parser.add_argument("--keep", type=int, default=settings.BACKUP_KEEP,
                            help="how many backups to keep, newest first (NARDY_BACKUP_KEEP, 14)")

    def handle(self, *args: Any, **options: Any) -> None:
        if options["keep"] < 1:
            raise CommandError("--keep must be at least 1")
        try:
            written, removed = backup(settings.DATABASES["default"], options["dir"], options["keep"])
        except BackupError as error:
            raise CommandError(str(error)) from error
        self.stdout.write(f"backup written: {written}")
        for old in removed:
            self.stdout.write(f"old backup removed: {old}")
