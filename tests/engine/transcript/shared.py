"""Where the shared data lives: NARDY_SHARED, else <repo root>/../shared."""

from __future__ import annotations

import json
import os
from pathlib import Path

REPO = Path(__file__).resolve().parents[3]
SHARED = Path(os.environ.get("NARDY_SHARED", REPO.parent / "shared"))
MATCHES = SHARED / "data" / "gnubg-matches"
DATA = Path(__file__).resolve().parent / "data"


def match_files() -> list[Path]:
    return sorted(MATCHES.glob("*.mat"))


def expected() -> dict[str, dict]:
    return json.loads((MATCHES / "expected.json").read_text())


EXTRA = DATA / "gnubg-extra"  # more GNU Backgammon self-play matches, see make_matches.py


def extra_files() -> list[Path]:
    return sorted(EXTRA.glob("*.mat"))


def extra_expected() -> dict[str, dict]:
    return json.loads((EXTRA / "expected.json").read_text())
