"""Structured logs: NARDY_LOG_FORMAT=json gives one JSON object a line, in Django and in
gunicorn's configuration; text stays the default."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from nardy_site.logs import logging_config

BASE_DIR = Path(__file__).resolve().parents[2]
LOG_A_LINE = (
    "import django, logging; django.setup(); "
    "logging.getLogger('nardy.test').warning('hello %s', 'there', extra={'match_id': 7})"
)


def run(code: str, tmp_path: Path, **env: str) -> subprocess.CompletedProcess[str]:
    environment = {k: v for k, v in os.environ.items() if not k.startswith("NARDY_LOG")}
    environment.update(DJANGO_SETTINGS_MODULE="nardy_site.settings", NARDY_VAR_DIR=str(tmp_path))
    environment.update(env)
    return subprocess.run(
        [sys.executable, "-c", code], cwd=BASE_DIR, env=environment, capture_output=True,
        text=True, timeout=60, check=True,
    )  # fmt: skip


def test_json_log_lines(tmp_path: Path) -> None:
    result = run(LOG_A_LINE, tmp_path, NARDY_LOG_FORMAT="json")
    (line,) = [line for line in result.stderr.splitlines() if "nardy.test" in line]
    record = json.loads(line)
    assert record["message"] == "hello there" and record["level"] == "WARNING"
    assert record["logger"] == "nardy.test" and record["match_id"] == 7
    assert record["time"] and isinstance(record["process"], int)


def test_text_is_the_default(tmp_path: Path) -> None:
    result = run(LOG_A_LINE, tmp_path)
    (line,) = [line for line in result.stderr.splitlines() if "nardy.test" in line]
    assert " WARNING nardy.test [" in line and line.endswith("hello there")


def test_an_unknown_format_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="NARDY_LOG_FORMAT is one of text, json"):
        logging_config("xml")


def test_gunicorn_uses_the_same_configuration(tmp_path: Path) -> None:
    code = (
        "import json; from nardy_site import gunicorn as g; "
        "print(json.dumps([g.logconfig_dict['handlers']['console']['formatter'], g.workers, "
        "g.bind, g.accesslog]))"
    )
    result = run(code, tmp_path, NARDY_LOG_FORMAT="json", NARDY_WEB_WORKERS="3")
    assert json.loads(result.stdout.splitlines()[-1]) == ["json", 3, "0.0.0.0:8000", "-"]
