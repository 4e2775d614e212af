"""Find a hook module (e.g. `demo`, `sweeps`) in each of the project's own apps.

Apps take part in the demo data and the periodic sweep by having a module with a
known name and function; nothing needs registering by hand.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from types import ModuleType

from django.apps import apps

# The project's own apps, in the order their hooks run.
PROJECT_APPS = (
    "common", "clubs", "tournaments", "games", "chouette", "leaderboard", "disputes",
    "notifications", "webhooks", "money", "analysis", "ladders", "federations",
)


def app_modules(module_name: str) -> Iterator[ModuleType]:
    """Yield `<app>.<module_name>` for each project app that has that module."""
    for config in apps.get_app_configs():
        if config.name not in PROJECT_APPS:
            continue
        full_name = f"{config.name}.{module_name}"
        try:
            yield importlib.import_module(full_name)
        except ModuleNotFoundError as error:
            if error.name != full_name:
                raise  # the module exists but something it imports is missing
