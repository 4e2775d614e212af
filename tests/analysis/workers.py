"""A real Celery worker on the analysis queue (a process group the test can kill)."""

from __future__ import annotations

import os
import signal
import sys
import time
from pathlib import Path

from celery import Celery

from nardy_site import processes
from tests.support.celery_worker import BASE_DIR, Worker, service_env


def start_analysis_worker(
    app: Celery, redis_url: str, database_url: str, log_path: Path, name: str
) -> Worker:
    """``celery worker --queues=analysis --concurrency=1``, as make run starts it."""
    hostname = f"{name}-{os.getpid()}@%h"
    command = [
        sys.executable, "-m", "celery", "-A", "nardy_site", "worker", "--loglevel=INFO",
        "--queues=analysis", "--concurrency=1", "--pool=prefork", "--without-gossip",
        "--without-mingle", "--without-heartbeat", f"--hostname={hostname}",
    ]  # fmt: skip
    log_file = log_path.open("wb")
    process = processes.start(
        command, env=service_env(redis_url, database_url), cwd=BASE_DIR, stdout=log_file
    )
    log_file.close()
    worker = Worker(process=process, log_path=log_path)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"analysis worker exited:\n{worker.log()}")
        replies = app.control.ping(timeout=0.5)
        if any(hostname.split("@")[0] in key for reply in replies for key in reply):
            return worker
    worker.stop()
    raise TimeoutError(f"analysis worker did not answer:\n{worker.log()}")


def kill(worker: Worker) -> None:
    """SIGKILL the worker's whole process group: main process, pool and GNU Backgammon."""
    os.killpg(worker.process.pid, signal.SIGKILL)
    worker.process.wait(timeout=15)
