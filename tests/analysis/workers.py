"""A real Celery worker on the analysis queue (a process group the test can kill)."""

from __future__ import annotations

import os
import signal
from pathlib import Path

from celery import Celery

from tests.support.celery_worker import Worker, start_worker


def start_analysis_worker(
    app: Celery, redis_url: str, database_url: str, log_path: Path, name: str
) -> Worker:
    """``celery worker --queues=analysis --concurrency=1``, as make run starts it."""
    return start_worker(app, redis_url, database_url, log_path, queues="analysis", name=name)


def kill(worker: Worker) -> None:
    """SIGKILL the worker's whole process group: main process, pool and GNU Backgammon."""
    os.killpg(worker.process.pid, signal.SIGKILL)
    worker.process.wait(timeout=15)
