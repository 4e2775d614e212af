"""The child process that runs GNU Backgammon: ``python -m analysis.gnubg_child``.

GNU Backgammon's C calls cannot be interrupted from Python, so each analysis runs here,
in a process of its own that the worker kills when it takes too long (and that ends by
itself when the worker dies). Input: one JSON object on standard input::

    {"mat": "<the .mat text>", "plies": 0, "games": [0, 1, ...]}

``games`` are the 0-based games still to analyse, in order. Output: JSON lines on the
original standard output (everything GNU Backgammon prints goes to a scratch file)::

    {"event": "opened", "games": 5, "players": ["Alice", "Bob"]}
    {"event": "game", "index": 0, "statistics": {...}, "raw": "...", "decisions": [...],
     "cpu_seconds": 0.07}
    ...
    {"event": "match", "statistics": {...}}      only when every game was analysed here
    {"event": "error", "code": "import_failed"}  GNU Backgammon could not read the file

Plain Python and gnubg: no Django (it starts in a fraction of a second).
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, TextIO

from analysis.gnubg_text import parse_decisions, parse_statistics, raw_statistics

MAX_PLIES = 4


def depth_commands(plies: int) -> list[str]:
    """The GNU Backgammon commands that set the analysis depth (chequer play and cube).

    Threads first: a multithreaded analysis hangs in an embedded GNU Backgammon."""
    if not 0 <= plies <= MAX_PLIES:
        raise ValueError(f"plies must be 0 to {MAX_PLIES}")
    return [
        "set threads 1",
        "set display off",
        f"set analysis chequerplay evaluation plies {plies}",
        f"set analysis cubedecision evaluation plies {plies}",
    ]


class Gnubg:
    """GNU Backgammon in this process, its printed output captured command by command."""

    def __init__(self, scratch: Path) -> None:
        import gnubg

        self._gnubg = gnubg
        self._scratch = scratch
        self._output = scratch / "output.txt"

    def run(self, command: str) -> str:
        """Run ``command``; what GNU Backgammon printed meanwhile."""
        sys.stdout.flush()
        descriptor = os.open(self._output, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        saved = os.dup(1)
        os.dup2(descriptor, 1)
        try:
            self._gnubg.command(command)
        finally:
            sys.stdout.flush()
            os.dup2(saved, 1)
            os.close(saved)
            os.close(descriptor)
        return self._output.read_text(encoding="utf-8", errors="replace")

    def game_count(self) -> int:
        match = self._gnubg.match(0, 0, 0, 0)
        return len(match["games"]) if match else 0

    def players(self) -> list[str]:
        info = self._gnubg.match(0, 0, 0, 0)["match-info"]
        return [info["X"].get("name", ""), info["O"].get("name", "")]

    def go_to_game(self, index: int) -> None:
        self.run("first game")
        for _ in range(index):
            self.run("next game")

    def file_text(self, command: str, name: str) -> str:
        """Run a command that writes a file (``export game text FILE``); the file's text."""
        path = self._scratch / name
        self.run(f'{command} "{path}"')
        return path.read_text(encoding="utf-8", errors="replace") if path.exists() else ""


def analyse(request: dict[str, Any], out: TextIO, scratch: Path) -> None:
    parent = os.getppid()
    engine = Gnubg(scratch)
    for command in depth_commands(int(request["plies"])):
        engine.run(command)
    mat = scratch / "match.mat"
    mat.write_text(request["mat"], encoding="utf-8")
    engine.run(f'import mat "{mat}"')
    total = engine.game_count()
    if total == 0:
        _send(out, {"event": "error", "code": "import_failed"})
        return
    _send(out, {"event": "opened", "games": total, "players": engine.players()})
    wanted = [index for index in request["games"] if 0 <= index < total]
    for index in wanted:
        if os.getppid() != parent:
            return  # the worker died: nobody would store this game
        engine.go_to_game(index)
        started = time.process_time()
        engine.run("analyse game")
        seconds = time.process_time() - started
        statistics = parse_statistics(engine.run("show statistics game"))
        decisions = parse_decisions(engine.file_text("export game text", f"game{index}.txt"))
        saved = engine.file_text("save game", f"game{index}.sgf")
        raw = raw_statistics(saved)
        _send(
            out,
            {
                "event": "game",
                "index": index,
                "statistics": statistics,
                "raw": raw[0] if raw else "",
                "decisions": decisions,
                "cpu_seconds": round(seconds, 4),
            },
        )
    if wanted == list(range(total)):
        engine.run("first game")
        _send(out, {"event": "match", "statistics": parse_statistics(
            engine.run("show statistics match"))})  # fmt: skip


def _send(out: TextIO, message: dict[str, Any]) -> None:
    out.write(json.dumps(message) + "\n")
    out.flush()


def main() -> int:
    request = json.loads(sys.stdin.read())
    # Our own channel: a copy of the standard output taken before GNU Backgammon writes
    # anything; standard output itself then goes to the scratch file.
    out = os.fdopen(os.dup(1), "w", encoding="utf-8")
    with tempfile.TemporaryDirectory(prefix="nardy-gnubg-") as directory:
        scratch = Path(directory)
        noise = os.open(scratch / "noise.txt", os.O_WRONLY | os.O_CREAT, 0o600)
        os.dup2(noise, 1)
        os.close(noise)
        analyse(request, out, scratch)
    out.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
