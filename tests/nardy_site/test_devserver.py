"""`manage.py run_all` starts every service and Ctrl-C leaves no process behind."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from nardy_site import processes
from nardy_site.devserver import Options, cache_url, service_commands
from nardy_site.redis_server import redis_server_binary

BASE_DIR = Path(__file__).resolve().parents[2]


def test_the_cache_shares_the_brokers_redis_in_another_database() -> None:
    assert cache_url("redis://127.0.0.1:6390/0") == "redis://127.0.0.1:6390/1"
    assert cache_url("redis://:secret@redis.example:6379") == "redis://:secret@redis.example:6379/1"


def test_service_commands_bind_loopback_and_keep_beat_state_in_var(tmp_path: Path) -> None:
    commands = service_commands(Options(port=8123, var_dir=tmp_path, worker_concurrency=3))
    assert set(commands) == {"worker", "analysis-worker", "beat", "web"}
    assert "127.0.0.1:8123" in commands["web"]
    assert "--concurrency=3" in commands["worker"]
    # analysis has its own queue and one process of its own; the default worker keeps off it
    assert "--queues=analysis" in commands["analysis-worker"]
    assert "--concurrency=1" in commands["analysis-worker"]
    assert not any(part.startswith(("--queues", "-Q")) for part in commands["worker"])
    assert f"--schedule={tmp_path / 'celerybeat-schedule'}" in commands["beat"]


def descendants(root: int) -> set[int]:
    """Pids of every process below `root`, from /proc."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        children.setdefault(int(fields[1]), []).append(int(entry.name))
    found: set[int] = set()
    stack = [root]
    while stack:
        for child in children.get(stack.pop(), []):
            if child not in found:
                found.add(child)
                stack.append(child)
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.e2e
def test_run_all_serves_the_app_and_stops_everything_on_ctrl_c(tmp_path: Path) -> None:
    try:
        redis_server_binary()
    except FileNotFoundError:
        pytest.skip("no redis-server")
    web_port, redis_port = processes.free_port(), processes.free_port()
    env = {
        **os.environ,
        "NARDY_VAR_DIR": str(tmp_path),
        "DATABASE_URL": f"sqlite:///{tmp_path / 'run_all.sqlite3'}",
        "NARDY_PORT": str(web_port),
        "NARDY_REDIS_PORT": str(redis_port),
        "NARDY_WORKER_CONCURRENCY": "1",
    }
    env.pop("REDIS_URL", None)
    manage = [sys.executable, str(BASE_DIR / "manage.py")]
    subprocess.run([*manage, "migrate", "-v0"], env=env, check=True, timeout=120)
    log_path = tmp_path / "run_all.log"
    with log_path.open("wb") as log:
        manager = subprocess.Popen(
            [*manage, "run_all"], env=env, stdout=log, stderr=subprocess.STDOUT,
            start_new_session=True,
        )  # fmt: skip
    try:
        deadline = time.monotonic() + 90
        while b"Press Ctrl-C" not in log_path.read_bytes():
            assert manager.poll() is None, log_path.read_text()
            assert time.monotonic() < deadline, log_path.read_text()
            time.sleep(0.2)
        with urllib.request.urlopen(f"http://127.0.0.1:{web_port}/", timeout=10) as response:
            assert response.status == 200
        started = descendants(manager.pid)
        assert len(started) >= 4  # redis, worker (+ its pool), beat, web
        output = log_path.read_text()
        assert f"http://127.0.0.1:{web_port}/" in output
        assert "director" in output  # the demo login hint (or how to make it)

        os.killpg(manager.pid, signal.SIGINT)  # what Ctrl-C in the terminal does
        assert manager.wait(timeout=60) == 0, log_path.read_text()
        time.sleep(0.5)
        assert [pid for pid in started if alive(pid)] == []
        assert not processes.port_open(web_port) and not processes.port_open(redis_port)
    finally:
        if manager.poll() is None:
            processes.stop(manager)
