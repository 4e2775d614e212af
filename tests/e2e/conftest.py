"""End-to-end options: tests marked ``slow`` (the full site crawl) run only with
``--runslow`` or NARDY_RUNSLOW=1, as in tests/engine."""

from __future__ import annotations

import os

import pytest


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--runslow") or os.environ.get("NARDY_RUNSLOW") == "1":
        return
    skip = pytest.mark.skip(reason="full crawl: run with --runslow or NARDY_RUNSLOW=1")
    here = os.path.dirname(__file__)
    for item in items:
        if "slow" in item.keywords and str(item.fspath).startswith(here):
            item.add_marker(skip)
