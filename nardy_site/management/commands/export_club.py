"""`manage.py export_club SLUG [--output FILE]`: the club's archive (.zip) with everything
it owns, for another deployment's `manage.py import_club`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from clubs.models import Club
from nardy_site.data.archive import archive_name, export_club


class Command(BaseCommand):
    help = "Write a club's archive (everything it owns) to a .zip file."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("slug", help="the club's slug (its address)")
        parser.add_argument("--output", "-o", help="the file (default: SLUG-DATE.zip)")

    def handle(self, *args: Any, **options: Any) -> None:
        club = Club.objects.filter(slug=options["slug"]).first()
        if club is None:
            raise CommandError(f"No club has the slug {options['slug']!r}.")
        path = Path(options["output"] or archive_name(club))
        path.write_bytes(export_club(club))
        self.stdout.write(self.style.SUCCESS(f"{club.name}: {path}"))
