"""`manage.py demo`: create demo data, idempotently.

Calls `populate(stdout)` in each project app's `demo` module (tournaments, then games),
so a feature adds its demo content by writing to its app's demo.py.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand
from django.db import transaction

from nardy_site.hooks import app_modules


class Command(BaseCommand):
    help = "Create demo data (a club, a director login, players, ...). Safe to run twice."

    def handle(self, *args: Any, **options: Any) -> None:
        for module in app_modules("demo"):
            populate = getattr(module, "populate", None)
            if not callable(populate):
                continue
            with transaction.atomic():
                populate(self.stdout)
        self.stdout.write(self.style.SUCCESS("Demo data ready."))
