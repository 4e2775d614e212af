"""The documented deployment (deploy/compose.yaml, deploy/Dockerfile) names things that
exist: docker cannot run here, so the files are read and each command checked against
the project."""

from __future__ import annotations

import importlib
import importlib.util
import re
import shlex
from pathlib import Path
from typing import Any

import pytest
import yaml
from django.conf import settings
from django.urls import resolve

from nardy_site.celery import app as celery_app

BASE_DIR = Path(__file__).resolve().parents[2]
DEPLOY = BASE_DIR / "deploy"


@pytest.fixture(scope="module")
def compose() -> dict[str, Any]:
    return yaml.safe_load((DEPLOY / "compose.yaml").read_text())


def command(service: dict[str, Any]) -> list[str]:
    value = service["command"]
    return shlex.split(value) if isinstance(value, str) else list(value)


def test_the_services_of_a_production_deployment(compose) -> None:
    services = compose["services"]
    assert set(services) == {"db", "redis", "migrate", "web", "worker", "analysis-worker", "beat"}
    assert services["db"]["image"].startswith("postgres:")
    assert services["redis"]["image"].startswith("redis:")
    for name in ("migrate", "web", "worker", "analysis-worker", "beat"):
        environment = services[name]["environment"]
        assert environment["DATABASE_URL"].startswith("postgres://"), name
        assert environment["REDIS_URL"].startswith("redis://"), name
        # every process shares one cache: rate limits count across web processes, and a
        # write in a worker drops the page fragments the web processes kept
        assert environment["NARDY_CACHE_URL"].startswith("redis://"), name
        assert "NARDY_SECRET_KEY:?" in environment["NARDY_SECRET_KEY"], name  # must be set
        assert services[name]["build"]["dockerfile"] == "deploy/Dockerfile"
        assert (DEPLOY / services[name]["build"]["context"]).resolve() == BASE_DIR
    for name in ("web", "worker", "analysis-worker", "beat"):
        depends = services[name]["depends_on"]
        assert depends["migrate"]["condition"] == "service_completed_successfully"
        assert depends["db"]["condition"] == depends["redis"]["condition"] == "service_healthy"


def test_web_runs_gunicorn_with_the_projects_configuration(compose) -> None:
    web = compose["services"]["web"]
    argv = command(web)
    assert argv[0] == "gunicorn" and argv[1:3] == ["-c", "python:nardy_site.gunicorn"]
    assert importlib.util.find_spec("nardy_site.gunicorn") is not None
    module, _, attribute = argv[3].partition(":")
    assert importlib.import_module(module).__dict__.get(attribute or "application") is not None
    health = " ".join(web["healthcheck"]["test"])
    path = re.search(r"127\.0\.0\.1:8000(/[^'\"]*)", health).group(1)
    assert resolve(path).url_name == "health"


def test_migrations_then_n_workers_and_exactly_one_beat(compose) -> None:
    services = compose["services"]
    assert command(services["migrate"]) == ["python", "manage.py", "migrate", "--noinput"]
    worker, beat = command(services["worker"]), command(services["beat"])
    assert worker[:4] == ["celery", "-A", "nardy_site", "worker"]
    assert beat[:4] == ["celery", "-A", "nardy_site", "beat"]
    assert "NARDY_WORKERS" in str(services["worker"]["deploy"]["replicas"])
    assert services["beat"]["deploy"]["replicas"] == 1
    analysis = command(services["analysis-worker"])
    assert analysis[:4] == ["celery", "-A", "nardy_site", "worker"]
    assert "--queues=analysis" in analysis and "--concurrency=1" in analysis
    assert not any(part.startswith(("--queues", "-Q")) for part in worker)
    scheduled = {entry["task"] for entry in settings.CELERY_BEAT_SCHEDULE.values()}
    assert {"outbox.sweep", "outbox.heartbeat", "nardy_site.tasks.sweep"} <= scheduled
    celery_app.loader.import_default_modules()
    assert scheduled <= set(celery_app.tasks)


def test_the_image_collects_static_files_and_copies_only_what_exists() -> None:
    dockerfile = (DEPLOY / "Dockerfile").read_text()
    assert "manage.py collectstatic --noinput" in dockerfile
    assert "NARDY_COLLECTED_STATIC=1" in dockerfile
    assert re.search(
        r'^CMD \["gunicorn", "-c", "python:nardy_site.gunicorn"', dockerfile, re.MULTILINE
    )
    for line in re.findall(r"^COPY (?!--from)(.+)$", dockerfile, re.MULTILINE):
        *sources, _destination = line.split()
        for source in sources:
            assert (BASE_DIR / source).exists(), source
    ignored = (BASE_DIR / ".dockerignore").read_text().split()
    assert {".git", ".venv", "node_modules", "var"} <= set(ignored)
