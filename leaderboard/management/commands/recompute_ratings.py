"""`manage.py recompute_ratings`: rebuild the rating lists from the confirmed matches.

Ratings are a pure function of the rated matches in order (the time each was played,
then match id), so this gives exactly what the incremental updates gave. Events whose
starting ratings depend on the lists are scored again.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser
from django.utils.translation import gettext as _

from games.models import Variant
from leaderboard.services.ratings import rebuild_all_ratings, rebuild_ratings


class Command(BaseCommand):
    help = "Rebuild every rating list (or one game type's) from the confirmed rated matches."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--variant", choices=list(Variant.values), help="only this game type's list"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        if options.get("variant"):
            replayed_by_variant = {options["variant"]: rebuild_ratings(variant=options["variant"])}
        else:
            replayed_by_variant = rebuild_all_ratings()
        for variant, replayed in replayed_by_variant.items():
            self.stdout.write(
                _("%(variant)s: %(count)d rated matches replayed.")
                % {"variant": variant, "count": replayed}
            )
