"""`manage.py run_all`: Redis, a Celery worker, the analysis worker, beat and the web server (see devserver.py)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError

from nardy_site.devserver import Options, run


class Command(BaseCommand):
    help = "Run Redis, a Celery worker, the analysis worker, celery beat and the web server; Ctrl-C stops them all."

    def handle(self, *args: Any, **options: Any) -> None:
        code = run(Options.from_environment(), say=lambda line: self.stdout.write(line))
        if code:
            raise CommandError(f"stopped with code {code}")
