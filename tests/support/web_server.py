"""The web app in a process of its own (gunicorn, as in production), sharing the tests'
database: a test can stop it and start it again on the same address (a server restart
in the middle of a tournament day)."""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path

from nardy_site import processes
from tests.support.celery_worker import BASE_DIR, service_env


@dataclass
class WebServer:
    port: int
    env: dict[str, str]
    log_path: Path
    process: object = field(default=None)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        command = [
            sys.executable, "-m", "gunicorn", "-c", "python:nardy_site.gunicorn",
            "nardy_site.wsgi",
        ]  # fmt: skip
        with self.log_path.open("ab") as log_file:
            self.process = processes.start(command, env=self.env, cwd=BASE_DIR, stdout=log_file)
        processes.wait_for_port(self.port, timeout=60, process=self.process)  # type: ignore[arg-type]

    def stop(self) -> None:
        if self.process is not None:
            processes.stop(self.process, timeout=15)  # type: ignore[arg-type]
            self.process = None

    def restart(self) -> None:
        self.stop()
        self.start()

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""


def start_web_server(
    redis_url: str, database_url: str, secret_key: str, log_path: Path
) -> WebServer:
    """gunicorn with one worker process on a free loopback port; the same secret key as
    the tests, so a session made by the test client signs the browser in."""
    port = processes.free_port()
    env = service_env(
        redis_url, database_url, NARDY_BIND=f"127.0.0.1:{port}", NARDY_WEB_WORKERS="1",
        NARDY_WEB_THREADS="4", NARDY_SECRET_KEY=secret_key,
    )  # fmt: skip
    server = WebServer(port=port, env=env, log_path=log_path)
    server.start()
    return server
