"""Run the whole app locally: Redis, a Celery worker, the analysis worker, celery beat and
Django's server.

`python manage.py run_all` (what `make run` calls). Ctrl-C or SIGTERM stops every
process started here, each in its own process group, so nothing is left behind.

Environment:
  REDIS_URL            use this Redis instead of starting one
  NARDY_REDIS_PORT     port of the embedded Redis (default 6390)
  NARDY_HOST/NARDY_PORT  address of the web server (default 127.0.0.1:8000)
  NARDY_WORKER_CONCURRENCY  worker pool size (default 2)
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType

from nardy_site import processes
from nardy_site.redis_server import RedisServer, start_redis

BASE_DIR = Path(__file__).resolve().parent.parent


@dataclass
class Options:
    host: str = "127.0.0.1"
    port: int = 8000
    redis_port: int = 6390
    redis_url: str | None = None
    worker_concurrency: int = 2
    var_dir: Path = BASE_DIR / "var"

    @classmethod
    def from_environment(cls) -> Options:
        return cls(
            host=os.environ.get("NARDY_HOST", "127.0.0.1"),
            port=int(os.environ.get("NARDY_PORT", "8000")),
            redis_port=int(os.environ.get("NARDY_REDIS_PORT", "6390")),
            redis_url=os.environ.get("REDIS_URL") or None,
            worker_concurrency=int(os.environ.get("NARDY_WORKER_CONCURRENCY", "2")),
            var_dir=Path(os.environ.get("NARDY_VAR_DIR", BASE_DIR / "var")),
        )


def service_commands(options: Options) -> dict[str, list[str]]:
    """The commands of the worker, beat and web processes, by name."""
    python = sys.executable
    celery = [python, "-m", "celery", "-A", "nardy_site"]
    return {
        "worker": [
            *celery, "worker", "--loglevel=INFO",
            f"--concurrency={options.worker_concurrency}", "--hostname=nardy-worker@%h",
        ],
        # Match analysis (GNU Backgammon) on its own queue and process, one match at a
        # time, so that it never delays dispute checks or mail on the default queue.
        "analysis-worker": [
            *celery, "worker", "--loglevel=INFO", "--queues=analysis", "--concurrency=1",
            "--hostname=nardy-analysis@%h",
        ],
        "beat": [
            *celery, "beat", "--loglevel=INFO",
            f"--schedule={options.var_dir / 'celerybeat-schedule'}",
        ],
        "web": [
            python, str(BASE_DIR / "manage.py"), "runserver",
            f"{options.host}:{options.port}", "--noreload",
        ],
    }  # fmt: skip


@dataclass
class Supervisor:
    """Owns the started processes; stops them all, newest first."""

    redis: RedisServer | None = None
    children: dict[str, subprocess.Popen[bytes]] = field(default_factory=dict)
    stopping: bool = False

    def start(self, name: str, command: list[str], env: dict[str, str]) -> None:
        self.children[name] = processes.start(command, env=env, cwd=BASE_DIR)

    def exited(self) -> tuple[str, int] | None:
        for name, process in self.children.items():
            code = process.poll()
            if code is not None:
                return name, code
        return None

    def stop_all(self) -> None:
        for name in reversed(list(self.children)):
            processes.stop(self.children[name])
        if self.redis is not None:
            self.redis.stop()


def cache_url(redis_url: str) -> str:
    """The cache's Redis: database 1 of the broker's server (the broker uses 0)."""
    from urllib.parse import urlsplit, urlunsplit

    parts = urlsplit(redis_url)
    return urlunsplit(parts._replace(path="/1"))


def demo_login_hint() -> str:
    """What to type at the login page, if the demo data is there."""
    import django

    django.setup()
    from django.contrib.auth import get_user_model

    from clubs.demo import DEMO_DIRECTOR

    username, password = DEMO_DIRECTOR
    if get_user_model().objects.filter(username=username).exists():
        return f"Demo director login: {username} / {password}"
    return "No demo data: run `python manage.py demo` for a demo club and director login."


def run(options: Options, say: Callable[[str], None] = print) -> int:
    """Start everything, wait for Ctrl-C/SIGTERM or a process to die, stop everything."""
    supervisor = Supervisor()

    def request_stop(signum: int, frame: FrameType | None) -> None:
        supervisor.stopping = True

    signal.signal(signal.SIGINT, request_stop)
    signal.signal(signal.SIGTERM, request_stop)
    env = dict(os.environ)
    env.setdefault("DJANGO_SETTINGS_MODULE", "nardy_site.settings")
    env["PYTHONUNBUFFERED"] = "1"
    try:
        if options.redis_url:
            redis_url = options.redis_url
        else:
            if processes.port_open(options.redis_port):
                say(f"Port {options.redis_port} is taken: set NARDY_REDIS_PORT or REDIS_URL.")
                return 1
            supervisor.redis = start_redis(options.redis_port, options.var_dir / "redis")
            redis_url = supervisor.redis.url
        env["REDIS_URL"] = redis_url
        # one cache for the web process and the worker (rate limits, page fragments)
        env.setdefault("NARDY_CACHE_URL", cache_url(redis_url))
        env.pop("CELERY_BROKER_URL", None)
        env.pop("CELERY_RESULT_BACKEND", None)
        for name, command in service_commands(options).items():
            supervisor.start(name, command, env)
        processes.wait_for_port(options.port, options.host, process=supervisor.children["web"])
        say("")
        say(f"Nardy is running at http://{options.host}:{options.port}/")
        say(f"Redis: {redis_url}   API: http://{options.host}:{options.port}/api/")
        say(demo_login_hint())
        say("Press Ctrl-C to stop.")
        while not supervisor.stopping:
            died = supervisor.exited()
            if died is not None:
                say(f"{died[0]} exited with code {died[1]}; stopping everything.")
                return 1
            time.sleep(0.3)
        return 0
    except (RuntimeError, TimeoutError, FileNotFoundError) as error:
        say(f"Could not start: {error}")
        return 1
    finally:
        say("Stopping...")
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # a second Ctrl-C must not cut cleanup short
        supervisor.stop_all()
        say("Stopped.")


def main() -> None:
    sys.exit(run(Options.from_environment()))


if __name__ == "__main__":
    main()
