"""The settings module read in a fresh interpreter with a chosen environment."""

import json
import os
import subprocess
import sys
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parents[2]

PRINT_SETTINGS = (
    "import json, django; from django.conf import settings; django.setup(); "
    "db = settings.DATABASES['default']; "
    "print(json.dumps({'debug': settings.DEBUG, 'engine': db['ENGINE'], 'name': db['NAME'], "
    "'host': db.get('HOST'), 'broker': settings.CELERY_BROKER_URL, "
    "'acks_late': settings.CELERY_TASK_ACKS_LATE, "
    "'prefetch': settings.CELERY_WORKER_PREFETCH_MULTIPLIER, "
    "'hosts': settings.ALLOWED_HOSTS}))"
)
CLEARED = ("DEBUG", "NARDY_DEBUG", "DATABASE_URL", "REDIS_URL", "CELERY_BROKER_URL")


def read_settings(tmp_path: Path, **overrides: str) -> dict:
    env = {key: value for key, value in os.environ.items() if key not in CLEARED}
    env.update(DJANGO_SETTINGS_MODULE="nardy_site.settings", NARDY_VAR_DIR=str(tmp_path))
    env.update(overrides)
    result = subprocess.run(
        [sys.executable, "-c", PRINT_SETTINGS],
        cwd=BASE_DIR,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_defaults_are_safe(tmp_path: Path) -> None:
    settings = read_settings(tmp_path)
    assert settings["debug"] is False
    assert settings["engine"] == "django.db.backends.sqlite3"
    assert settings["name"] == str(tmp_path / "nardy.sqlite3")
    assert set(settings["hosts"]) <= {"127.0.0.1", "localhost", "[::1]"}
    assert settings["broker"].startswith("redis://127.0.0.1:")
    assert settings["acks_late"] is True and settings["prefetch"] == 1
    assert (tmp_path / "secret_key").exists()


def test_environment_overrides(tmp_path: Path) -> None:
    settings = read_settings(
        tmp_path,
        NARDY_DEBUG="1",
        DATABASE_URL="postgres://u:p@pg.example:5432/nardy",
        REDIS_URL="redis://cache.example:6379/2",
        NARDY_ALLOWED_HOSTS="nardy.example",
    )
    assert settings["debug"] is True
    assert settings["engine"] == "django.db.backends.postgresql"
    assert (settings["name"], settings["host"]) == ("nardy", "pg.example")
    assert settings["broker"] == "redis://cache.example:6379/2"
    assert settings["hosts"] == ["nardy.example"]
