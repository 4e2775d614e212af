"""Start and stop local service processes without leaving orphans.

Each child runs in its own process group (its own session), so stopping it stops
everything it forked too (a Celery worker's pool, runserver's reloader). On Linux a
child also gets SIGTERM if the process that started it dies.
"""

from __future__ import annotations

import ctypes
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import IO

PR_SET_PDEATHSIG = 1
# Loaded here, in the parent: the child between fork and exec only makes one call.
_LIBC = ctypes.CDLL(None, use_errno=True) if sys.platform.startswith("linux") else None


def _die_with_parent() -> None:
    """preexec_fn: ask the kernel to SIGTERM this child when its parent dies."""
    if _LIBC is not None:
        _LIBC.prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


def start(
    command: Sequence[str],
    *,
    env: Mapping[str, str] | None = None,
    cwd: Path | None = None,
    stdout: IO[bytes] | int | None = None,
) -> subprocess.Popen[bytes]:
    """Start `command` in a new process group that `stop` can end as a whole."""
    return subprocess.Popen(
        list(command),
        env=dict(env) if env is not None else None,
        cwd=cwd,
        stdout=stdout,
        stderr=subprocess.STDOUT if stdout is not None else None,
        stdin=subprocess.DEVNULL,
        start_new_session=True,
        preexec_fn=_die_with_parent,  # noqa: PLW1509 -- one prctl call, libc loaded beforehand
    )


def stop(process: subprocess.Popen[bytes], timeout: float = 10.0) -> int | None:
    """SIGTERM the process's group, wait, then SIGKILL what is left. Returns the exit code."""
    _signal_group(process, signal.SIGTERM)
    try:
        process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        _signal_group(process, signal.SIGKILL)
        process.wait(timeout=timeout)
    # The leader may be gone while children of its group linger: make sure.
    _signal_group(process, signal.SIGKILL)
    return process.returncode


def _signal_group(process: subprocess.Popen[bytes], signum: int) -> None:
    try:
        os.killpg(process.pid, signum)
    except (ProcessLookupError, PermissionError):
        pass


def group_alive(pgid: int) -> bool:
    """True while any process of the group `pgid` exists."""
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def free_port(host: str = "127.0.0.1") -> int:
    """A TCP port that was free a moment ago."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((host, 0))
        return int(sock.getsockname()[1])


def port_open(port: int, host: str = "127.0.0.1") -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.settimeout(0.5)
        return sock.connect_ex((host, port)) == 0


def wait_for_port(
    port: int,
    host: str = "127.0.0.1",
    timeout: float = 30.0,
    process: subprocess.Popen[bytes] | None = None,
) -> None:
    """Wait until something listens on the port; fail early if `process` exits."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if port_open(port, host):
            return
        if process is not None and process.poll() is not None:
            raise RuntimeError(f"exited with {process.returncode} before port {port} opened")
        time.sleep(0.1)
    raise TimeoutError(f"nothing listened on {host}:{port} within {timeout} s")


def cpu_seconds(pid: int) -> float:
    """CPU time (user + system) of a process and all its children (0 for those gone)."""
    import psutil

    root = psutil.Process(pid)
    total = 0.0
    for process in [root, *root.children(recursive=True)]:
        try:
            times = process.cpu_times()
        except psutil.NoSuchProcess:
            continue
        total += times.user + times.system
    return total
