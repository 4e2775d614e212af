"""A real `celery -A nardy_site worker` subprocess for end-to-end tests."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote

from celery import Celery

from nardy_site import processes

BASE_DIR = Path(__file__).resolve().parents[2]


def database_url_for(settings_dict: dict[str, Any]) -> str:
    """A DATABASE_URL that opens the same database as this Django connection.

    After pytest-django has set up the test database, the connection's NAME is the
    test database, so a worker given this URL shares it with the tests.
    """
    engine = settings_dict["ENGINE"]
    if engine == "django.db.backends.sqlite3":
        return f"sqlite:///{Path(settings_dict['NAME']).resolve()}"
    if engine == "django.db.backends.postgresql":
        user = quote(settings_dict.get("USER") or "", safe="")
        password = quote(settings_dict.get("PASSWORD") or "", safe="")
        credentials = f"{user}:{password}@" if user or password else ""
        host = settings_dict.get("HOST") or "localhost"
        port = settings_dict.get("PORT") or "5432"
        return f"postgres://{credentials}{host}:{port}/{settings_dict['NAME']}"
    raise ValueError(f"no DATABASE_URL form for {engine}")


def point_app_at(app: Celery, redis_url: str, eager: bool) -> None:
    """Send this process's tasks to `redis_url` (or run them eagerly).

    Celery caches its connection pool and result backend once used, so they are
    dropped here to be made again from the new settings.
    """
    app.conf.update(broker_url=redis_url, result_backend=redis_url, task_always_eager=eager)
    app._pool = None
    amqp = app.__dict__.get("amqp")
    if amqp is not None:
        amqp._producer_pool = None
    app._backend_cache = None
    app._local = threading.local()


@dataclass
class Worker:
    process: subprocess.Popen[bytes]
    log_path: Path
    hostname: str = ""
    redis_url: str = ""

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""

    def wait_idle(self, app: Celery, timeout: float = 30) -> bool:
        """Wait until the worker has nothing queued, prefetched or running, twice in a row
        (a task may queue another). A test's follow-up work (a fan-out after a verdict)
        must not still hold row locks when the test's database is emptied: PostgreSQL's
        TRUNCATE then deadlocks with it. False when still busy at the deadline."""
        import redis

        if not self.hostname or self.process.poll() is not None:
            return True
        node = self.hostname.replace("%h", socket.gethostname())
        queue = redis.Redis.from_url(self.redis_url)
        deadline, quiet = time.monotonic() + timeout, 0
        try:
            while time.monotonic() < deadline:
                inspect = app.control.inspect(destination=[node], limit=1, timeout=2)
                busy = [task for answer in (inspect.active() or {}, inspect.reserved() or {})
                        for tasks in answer.values() for task in tasks]
                quiet = quiet + 1 if not busy and not queue.llen(app.conf.task_default_queue) else 0
                if quiet >= 2:
                    return True
                time.sleep(0.1)
            return False
        except (OSError, redis.RedisError):
            return False  # the broker is down: nothing more will run
        finally:
            queue.close()

    def stop(self) -> None:
        processes.stop(self.process, timeout=15)


def service_env(redis_url: str, database_url: str, **extra: str) -> dict[str, str]:
    """The environment of a worker or beat process sharing the tests' database."""
    env = dict(os.environ)
    env.update(
        DJANGO_SETTINGS_MODULE="nardy_site.settings",
        DATABASE_URL=database_url,
        REDIS_URL=redis_url,
        CELERY_BROKER_URL=redis_url,
        CELERY_RESULT_BACKEND=redis_url,
        NARDY_CELERY_EAGER="0",
        PYTHONUNBUFFERED="1",
        **extra,
    )
    return env


def start_worker(
    app: Celery, redis_url: str, database_url: str, log_path: Path, *,
    queues: str | None = None, name: str = "test-worker", **extra_env: str
) -> Worker:
    """Start one worker (one pool process) and wait until it answers a ping; `queues`
    (e.g. "analysis", as make run's analysis worker) instead of the default queue."""
    env = service_env(redis_url, database_url, **extra_env)
    hostname = f"{name}-{os.getpid()}@%h"
    command = [
        sys.executable, "-m", "celery", "-A", "nardy_site", "worker",
        "--loglevel=INFO", "--concurrency=1", "--pool=prefork",
        "--without-gossip", "--without-mingle", "--without-heartbeat",
        f"--hostname={hostname}", *([f"--queues={queues}"] if queues else []),
    ]  # fmt: skip
    log_file = log_path.open("wb")
    process = processes.start(command, env=env, cwd=BASE_DIR, stdout=log_file)
    log_file.close()
    worker = Worker(process=process, log_path=log_path, hostname=hostname, redis_url=redis_url)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"celery worker exited ({process.returncode}):\n{worker.log()}")
        replies = app.control.ping(timeout=0.5)
        if any(hostname.split("@")[0] in name for reply in replies for name in reply):
            return worker
    worker.stop()
    raise TimeoutError(f"celery worker did not answer within 60 s:\n{worker.log()}")


def start_beat(redis_url: str, database_url: str, workdir: Path, **extra_env: str) -> Worker:
    """Start `celery beat` (its schedule file in `workdir`); it needs no waiting for."""
    env = service_env(redis_url, database_url, **extra_env)
    command = [
        sys.executable, "-m", "celery", "-A", "nardy_site", "beat", "--loglevel=INFO",
        f"--schedule={workdir / 'beat-schedule'}", f"--pidfile={workdir / 'beat.pid'}",
    ]  # fmt: skip
    log_path = workdir / "beat.log"
    log_file = log_path.open("wb")
    process = processes.start(command, env=env, cwd=BASE_DIR, stdout=log_file)
    log_file.close()
    return Worker(process=process, log_path=log_path)
