"""The ladder's clock: every service and the sweep read the time here, once per action
(the simulation tests move it forward weeks at a time)."""

from __future__ import annotations

from datetime import datetime

from django.utils import timezone


def now() -> datetime:
    return timezone.now()
