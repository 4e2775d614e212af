"""GNU Backgammon's own figures for a file: a separate process that imports it, runs
``analyse match`` in one go and prints ``show statistics match`` (the oracle)."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

from analysis.gnubg_child import depth_commands

BASE_DIR = Path(__file__).resolve().parents[2]

_SCRIPT = textwrap.dedent(
    """
    import os, sys, gnubg
    commands = sys.argv[3:]
    devnull = os.open(os.devnull, os.O_WRONLY)
    out = os.dup(1)
    os.dup2(devnull, 1)
    for command in commands:
        gnubg.command(command)
    gnubg.command('import mat "%s"' % sys.argv[1])
    gnubg.command("analyse match")
    gnubg.command("first game")
    sys.stdout.flush()
    os.dup2(out, 1)
    gnubg.command("show statistics " + sys.argv[2])
    sys.stdout.flush()
    """
)


def show_statistics(path: Path, plies: int, scope: str = "match") -> str:
    """What GNU Backgammon prints for ``show statistics match`` after ``analyse match``."""
    done = subprocess.run(
        [sys.executable, "-c", _SCRIPT, str(path), scope, *depth_commands(plies)],
        capture_output=True,
        text=True,
        check=True,
        cwd=BASE_DIR,
        timeout=600,
    )
    return done.stdout
