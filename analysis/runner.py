"""Run GNU Backgammon in a child process (``analysis.gnubg_child``) and read its answers.

The child is killed when a game takes longer than ``game_seconds`` (a C call cannot be
interrupted otherwise) and dies with the worker process that started it.
"""

from __future__ import annotations

import ctypes
import json
import os
import selectors
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

PROJECT_ROOT = Path(__file__).resolve().parents[1]
PR_SET_PDEATHSIG = 1
_LIBC = ctypes.CDLL(None, use_errno=True) if sys.platform.startswith("linux") else None


class AnalysisTimeout(RuntimeError):
    """A game took longer than allowed; the child was killed."""


class ChildFailed(RuntimeError):
    """The child process ended without answering."""


def _die_with_worker() -> None:
    """preexec_fn: the kernel kills the child when the worker process dies."""
    if _LIBC is not None:
        _LIBC.prctl(PR_SET_PDEATHSIG, signal.SIGKILL)


def run_child(
    mat: str, plies: int, games: list[int], *, game_seconds: float
) -> Iterator[dict[str, Any]]:
    """Yield the child's messages (see ``analysis.gnubg_child``) as they come."""
    process = subprocess.Popen(
        [sys.executable, "-m", "analysis.gnubg_child"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        cwd=PROJECT_ROOT,
        preexec_fn=_die_with_worker,  # noqa: PLW1509 -- one prctl call, libc loaded beforehand
    )
    try:
        assert process.stdin is not None and process.stdout is not None
        process.stdin.write(json.dumps({"mat": mat, "plies": plies, "games": games}).encode())
        process.stdin.close()
        selector = selectors.DefaultSelector()
        selector.register(process.stdout, selectors.EVENT_READ)
        buffer = b""
        deadline = time.monotonic() + game_seconds
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise AnalysisTimeout(f"no answer from GNU Backgammon within {game_seconds} s")
            if not selector.select(timeout=remaining):
                continue
            chunk = os.read(process.stdout.fileno(), 1 << 16)
            if not chunk:
                break
            buffer += chunk
            while b"\n" in buffer:
                line, buffer = buffer.split(b"\n", 1)
                if line.strip():
                    yield json.loads(line)
                    deadline = time.monotonic() + game_seconds
        if process.wait(timeout=game_seconds) != 0:
            raise ChildFailed(f"GNU Backgammon's process ended with {process.returncode}")
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
