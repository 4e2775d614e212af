"""`manage.py import_club FILE`: import a club's archive (from `export_club` or a club's
page). Shows the archive's players next to the players here (same email, name or
handle); `--merge` takes each player with exactly one such match as that player,
`--merge-with ARCHIVE_ID=PLAYER_ID` chooses one by hand; every other player comes new.
`--dry-run` shows the players and imports nothing. Everything is imported in one
transaction, or nothing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser

from common.bounds import parse_id
from nardy_site.data.importer import (
    ArchiveError,
    automatic_choices,
    import_club,
    player_matches,
    read_archive,
)
from nardy_site.data.messages import data_error_text


class Command(BaseCommand):
    help = "Import a club's archive (.zip): every row with new keys, links kept."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("archive", help="the .zip file")
        parser.add_argument("--merge", action="store_true",
                            help="merge each player with the one player here who matches")
        parser.add_argument("--merge-with", action="append", default=[],
                            metavar="ARCHIVE_ID=PLAYER_ID",
                            help="merge the archive's player ARCHIVE_ID with PLAYER_ID here")
        parser.add_argument("--owner", help="the username of the club's new owner")
        parser.add_argument("--dry-run", action="store_true", help="only show the players")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            data = Path(options["archive"]).read_bytes()
        except OSError as error:
            raise CommandError(f"{options['archive']}: {error.strerror}") from None
        try:
            archive = read_archive(data)
            matches = player_matches(archive)
            choices = automatic_choices(matches) if options["merge"] else {}
            choices.update(self._by_hand(options["merge_with"]))
            self._show(matches, choices)
            if options["dry_run"]:
                return
            owner = self._owner(options["owner"])
            club = import_club(archive, choices=choices, owner=owner)
        except ArchiveError as error:
            raise CommandError(f"{options['archive']}: {data_error_text(error)}") from None
        self.stdout.write(self.style.SUCCESS(f"Imported {club.name} as /clubs/{club.slug}/"))

    def _by_hand(self, pairs: list[str]) -> dict[int, int]:
        chosen = {}
        for pair in pairs:
            archive_id, _, player_id = pair.partition("=")
            archive, player = parse_id(archive_id), parse_id(player_id)
            if archive is None or player is None:
                raise CommandError(f"--merge-with {pair!r}: write ARCHIVE_ID=PLAYER_ID.")
            chosen[archive] = player
        return chosen

    def _owner(self, username: str | None) -> Any:
        if not username:
            return None
        user = get_user_model().objects.filter(username=username).first()
        if user is None:
            raise CommandError(f"No account has the username {username!r}.")
        return user

    def _show(self, matches: list, choices: dict[int, int | None]) -> None:
        for match in matches:
            here = ", ".join(f"#{p.pk} {p.name}" for p in match.candidates) or "-"
            chosen = choices.get(match.archive_id)
            action = f"merge with #{chosen}" if chosen else "new"
            self.stdout.write(f"#{match.archive_id} {match.fields.get('name')}: "
                              f"here {here} -> {action}")
