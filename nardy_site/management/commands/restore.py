"""`manage.py restore FILE`: put a backup made by `manage.py backup` back (nardy_site.backups)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from nardy_site.backups import BackupError, restore


class Command(BaseCommand):
    help = "Replace the database with a backup. Stop the web and worker processes first."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("backup", type=Path, help="a file made by manage.py backup")
        parser.add_argument("--yes", action="store_true",
                            help="do not ask: everything since the backup is lost")

    def handle(self, *args: Any, **options: Any) -> None:
        source: Path = options["backup"]
        if not options["yes"]:
            answer = input(f"Replace the database with {source}? Everything since it is lost. [y/N] ")
            if answer.strip().lower() not in ("y", "yes"):
                raise CommandError("nothing restored")
        try:
            restore(settings.DATABASES["default"], source)
        except BackupError as error:
            raise CommandError(str(error)) from error
        self.stdout.write(f"restored from {source}")
