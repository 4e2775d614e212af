"""Log lines: plain text for people, or one JSON object a line for a log collector.

``NARDY_LOG_FORMAT=json`` switches every process (web, gunicorn, Celery worker and beat)
to JSON lines with ``time``, ``level``, ``logger``, ``message``, ``process`` and any
``extra`` fields; ``NARDY_LOG_LEVEL`` sets the level (INFO). Django's settings use
``logging_config``, and so does gunicorn's configuration (``nardy_site.gunicorn``).
"""

from __future__ import annotations

from typing import Any

FORMATS = ("text", "json")
TEXT_FORMAT = "%(asctime)s %(levelname)s %(name)s [%(process)d] %(message)s"


def logging_config(log_format: str = "text", level: str = "INFO") -> dict[str, Any]:
    """A ``logging.config.dictConfig`` dictionary: everything to stderr in one format."""
    log_format = (log_format or "text").strip().lower()
    if log_format not in FORMATS:
        raise ValueError(f"NARDY_LOG_FORMAT is one of {', '.join(FORMATS)}, not {log_format!r}")
    formatters: dict[str, Any] = {
        "text": {"format": TEXT_FORMAT},
        "json": {
            "()": "pythonjsonlogger.json.JsonFormatter",
            "format": "%(asctime)s %(levelname)s %(name)s %(process)d %(message)s",
            "rename_fields": {"asctime": "time", "levelname": "level", "name": "logger"},
            "timestamp": False,
        },
    }
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {log_format: formatters[log_format]},
        "handlers": {"console": {"class": "logging.StreamHandler", "formatter": log_format}},
        "root": {"handlers": ["console"], "level": level.upper()},
        "loggers": {
            # gunicorn's own loggers (when it uses this configuration): to the root handler
            "gunicorn.error": {"handlers": [], "propagate": True},
            "gunicorn.access": {"handlers": [], "propagate": True},
        },
    }
