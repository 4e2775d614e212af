"""The documented production set-up on loopback: two web nodes (gunicorn) behind a load
balancer (Debian's haproxy), PostgreSQL behind PgBouncer in transaction pooling mode, a
shared Redis for the cache, throttles and the broker. One node is killed under load and
nothing a client sent is lost: reads go on through the other node, and a write whose
answer was lost, sent again with the same idempotency key, is taken once.

Runs on the PostgreSQL stage (PgBouncer pools PostgreSQL); each node has its own empty
var folder, so nothing may depend on a node's disk.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import sys
import tempfile
import threading
import time
import uuid
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import requests
from django.db import connection
from rest_framework.authtoken.models import Token

from games.models import Game
from nardy_site import processes
from nardy_site.redis_server import RedisServer
from tests.games.match_factories import match_with_logins
from tests.support.celery_worker import BASE_DIR
from tests.support.requirements import missing

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

HAPROXY, PGBOUNCER = "/usr/sbin/haproxy", "/usr/sbin/pgbouncer"


@dataclass
class Service:
    name: str
    process: Any
    log: Path

    def text(self) -> str:
        return self.log.read_text(errors="replace") if self.log.exists() else ""


@dataclass
class Cluster:
    folder: Path
    url: str = ""
    services: dict[str, Service] = field(default_factory=dict)

    def start(self, name: str, command: list[str], env: dict[str, str] | None = None) -> Service:
        log = self.folder / f"{name}.log"
        with log.open("wb") as sink:
            process = processes.start(command, env=env, cwd=BASE_DIR, stdout=sink)
        service = Service(name, process, log)
        self.services[name] = service
        return service

    def kill(self, name: str) -> None:
        """Gone at once, as a machine that loses power: no graceful shutdown."""
        process = self.services[name].process
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=10)

    def stop(self) -> None:
        for service in self.services.values():
            if service.process.poll() is None:
                processes.stop(service.process, timeout=10)

    def logs(self) -> str:
        return "\n".join(f"--- {s.name}\n{s.text()[-3000:]}" for s in self.services.values())


def as_postgres_user() -> list[str]:
    """PgBouncer refuses to run as root: run it as Debian's postgres user then."""
    return ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []


def wait_for(url: str, service: Service, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if service.process.poll() is not None:
            raise RuntimeError(f"{service.name} exited:\n{service.text()}")
        try:
            if requests.get(url, timeout=2).status_code < 500:
                return
        except requests.RequestException:
            pass
        time.sleep(0.2)
    raise TimeoutError(f"{service.name} did not answer {url}:\n{service.text()}")


def pgbouncer(cluster: Cluster, database: dict[str, Any]) -> int:
    port = processes.free_port()
    folder = cluster.folder
    (folder / "users.txt").write_text(f'"{database["USER"]}" ""\n')
    (folder / "pgbouncer.ini").write_text(f"""[databases]
nardy = host={database["HOST"] or "127.0.0.1"} port={database["PORT"] or 5432} dbname={database["NAME"]} user={database["USER"]}

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = {port}
unix_socket_dir =
auth_type = trust
auth_file = {folder / "users.txt"}
pool_mode = transaction
default_pool_size = 8
max_client_conn = 200
ignore_startup_parameters = extra_float_digits,options
""")
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres")
        for path in folder.iterdir():
            shutil.chown(path, "postgres")
    service = cluster.start("pgbouncer", [*as_postgres_user(), PGBOUNCER, str(folder / "pgbouncer.ini")])
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        if service.process.poll() is not None:
            raise RuntimeError(f"pgbouncer exited:\n{service.text()}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return port
        except OSError:
            time.sleep(0.1)
    raise TimeoutError(service.text())


def web_node(cluster: Cluster, name: str, pooler_port: int, redis: RedisServer, secret: str) -> int:
    port = processes.free_port()
    var = cluster.folder / f"var-{name}"
    var.mkdir()
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "nardy_site.settings",
        "DATABASE_URL": f"postgres://{connection.settings_dict['USER']}@127.0.0.1:{pooler_port}/nardy",
        "NARDY_DB_POOLER": "transaction",
        "REDIS_URL": redis.url, "CELERY_BROKER_URL": redis.url,
        "NARDY_CACHE_URL": redis.url.rsplit("/", 1)[0] + "/1",
        "NARDY_SECRET_KEY": secret, "NARDY_VAR_DIR": str(var), "NARDY_PROXY_COUNT": "1",
        "NARDY_BIND": f"127.0.0.1:{port}", "NARDY_WEB_WORKERS": "1", "NARDY_WEB_THREADS": "4",
        "NARDY_THROTTLE_ANON": "100000/minute", "NARDY_THROTTLE_USER": "100000/minute",
        "NARDY_CELERY_EAGER": "0", "PYTHONUNBUFFERED": "1",
    }
    service = cluster.start(name, [sys.executable, "-m", "gunicorn", "-c", "python:nardy_site.gunicorn",
                                   "nardy_site.wsgi"], env)
    wait_for(f"http://127.0.0.1:{port}/static/nardy/site.css", service)
    return port


def balancer(cluster: Cluster, nodes: list[int]) -> str:
    port = processes.free_port()
    servers = "\n".join(f"  server node{i} 127.0.0.1:{p}" for i, p in enumerate(nodes))
    (cluster.folder / "haproxy.cfg").write_text(f"""global
  maxconn 512

defaults
  mode http
  timeout connect 1s
  timeout check 5s
  timeout client 30s
  timeout server 30s
  retries 3
  option redispatch 1
  retry-on all-retryable-errors

frontend web
  bind 127.0.0.1:{port}
  option forwardfor
  default_backend nodes

backend nodes
  balance roundrobin
  option httpchk GET /static/nardy/site.css
  # a node that refuses connections is passed over at once (retries, redispatch); the
  # check takes a dead one out of the rotation, slowly enough that a busy one stays in
  default-server check inter 1s fall 2 rise 1
{servers}
""")
    service = cluster.start("haproxy", [HAPROXY, "-db", "-f", str(cluster.folder / "haproxy.cfg")])
    url = f"http://127.0.0.1:{port}"
    wait_for(url + "/static/nardy/site.css", service)
    return url


@pytest.fixture
def cluster(redis_server: RedisServer) -> Iterator[Cluster]:
    if connection.vendor != "postgresql":
        pytest.skip("PgBouncer pools PostgreSQL: the PostgreSQL stage runs this")
    for binary in (HAPROXY, PGBOUNCER):
        if not os.access(binary, os.X_OK):
            missing(Path(binary).name)
    folder = Path(tempfile.mkdtemp(prefix="nardy-cluster-"))
    folder.chmod(0o755)
    running = Cluster(folder)
    try:
        pooler = pgbouncer(running, connection.settings_dict)
        secret = uuid.uuid4().hex * 2
        nodes = [web_node(running, f"web{i}", pooler, redis_server, secret) for i in (1, 2)]
        running.url = balancer(running, nodes)
        yield running
    finally:
        running.stop()
        shutil.rmtree(folder, ignore_errors=True)


def test_a_web_node_dies_under_load_and_no_request_is_lost(cluster: Cluster) -> None:
    matches = [match_with_logins(length=25) for _ in range(4)]
    tokens = {match.pk: Token.objects.create(user=user1).key for match, user1, _ in matches}
    stop = threading.Event()
    reads: Counter[int | str] = Counter()
    writes: dict[int, list[str]] = {match.pk: [] for match, _, _ in matches}
    failures: list[str] = []
    odd: list[str] = []

    def read() -> None:
        with requests.Session() as session:
            while not stop.is_set():
                for path in ("/api/clubs/", "/", f"/api/matches/{matches[0][0].pk}/"):
                    try:
                        answer = session.get(cluster.url + path, timeout=10)
                        reads[answer.status_code] += 1
                        if answer.status_code != 200:
                            odd.append(f"{path}: {answer.status_code} {answer.text[:300]}")
                    except requests.RequestException as error:
                        reads[type(error).__name__] += 1

    def write(match_id: int) -> None:
        """Games of one match, each sent until an answer comes, with its key; and each
        sent once more after its answer, as a phone that never saw that answer would."""
        headers = {"Authorization": f"Token {tokens[match_id]}"}
        url = f"{cluster.url}/api/matches/{match_id}/games/"
        with requests.Session() as session:
            for _ in range(6):
                key = str(uuid.uuid4())
                body = {"winner": 1, "result": "single"}
                for attempt in range(2):
                    deadline = time.monotonic() + 30
                    while True:
                        try:
                            answer = session.post(url, json=body, timeout=10,
                                                  headers={**headers, "Idempotency-Key": key})
                        except requests.RequestException:
                            answer = None
                        if answer is not None and answer.status_code < 500:
                            break
                        if time.monotonic() > deadline:
                            failures.append(f"{match_id}: no answer for {key}")
                            return
                        time.sleep(0.1)
                    if answer.status_code != 201:
                        failures.append(f"{match_id}: {answer.status_code} {answer.text[:200]}")
                        return
                    if attempt == 0:
                        writes[match_id].append(answer.json()["id"])
                    elif answer.json()["id"] != writes[match_id][-1]:
                        failures.append(f"{match_id}: the resend made game {answer.json()['id']}")
                time.sleep(0.05)

    readers = [threading.Thread(target=read) for _ in range(4)]
    writers = [threading.Thread(target=write, args=(match.pk,)) for match, _, _ in matches]
    for thread in readers + writers:
        thread.start()
    time.sleep(1.0)
    cluster.kill("web1")  # under load, mid-request
    for thread in writers:
        thread.join(timeout=120)
    time.sleep(1.0)
    stop.set()
    for thread in readers:
        thread.join(timeout=30)

    assert not failures, failures + [cluster.logs()]
    assert set(reads) == {200}, (reads, odd[:3], cluster.logs())  # every read answered, through the survivor
    for match, _, _ in matches:
        games = list(Game.objects.filter(match=match).order_by("number").values_list("pk", flat=True))
        assert games == writes[match.pk]  # each game once, none lost, none twice
        assert len(games) == 6
    assert requests.get(cluster.url + "/api/clubs/", timeout=5).status_code == 200
