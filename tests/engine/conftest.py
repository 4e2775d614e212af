"""Engine test options: ``--runslow`` (or NARDY_RUNSLOW=1) runs the large samples."""

from __future__ import annotations

import os

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    try:
        parser.addoption("--runslow", action="store_true", default=False,
                         help="run tests marked slow (large samples)")
    except ValueError:  # already added by another conftest
        pass


def runslow(config: pytest.Config) -> bool:
    try:
        given = bool(config.getoption("--runslow"))
    except ValueError:
        given = False
    return given or os.environ.get("NARDY_RUNSLOW") == "1"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if runslow(config):
        return
    skip = pytest.mark.skip(reason="large sample: run with --runslow or NARDY_RUNSLOW=1")
    for item in items:
        if "slow" in item.keywords and str(item.fspath).startswith(os.path.dirname(__file__)):
            item.add_marker(skip)
