"""Reading settings from the environment.

Small pure helpers, kept apart from settings.py so they can be tested on their own.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import dj_database_url

TRUE_WORDS = frozenset({"1", "true", "yes", "on"})


def env_bool(name: str, default: bool = False, environ: Mapping[str, str] | None = None) -> bool:
    """True when the variable holds 1/true/yes/on (any case); `default` when unset or empty."""
    environ = os.environ if environ is None else environ
    value = environ.get(name, "").strip().lower()
    if not value:
        return default
    return value in TRUE_WORDS


def env_list(name: str, default: list[str], environ: Mapping[str, str] | None = None) -> list[str]:
    """A comma-separated list; `default` when unset or empty."""
    environ = os.environ if environ is None else environ
    value = environ.get(name, "").strip()
    if not value:
        return list(default)
    return [item.strip() for item in value.split(",") if item.strip()]


def email_backend(environ: Mapping[str, str] | None = None) -> str:
    """EMAIL_BACKEND if set; else SMTP when EMAIL_HOST names a server; else the console
    (development: mail is printed where the worker runs)."""
    environ = os.environ if environ is None else environ
    if environ.get("EMAIL_BACKEND"):
        return environ["EMAIL_BACKEND"]
    if environ.get("EMAIL_HOST"):
        return "django.core.mail.backends.smtp.EmailBackend"
    return "django.core.mail.backends.console.EmailBackend"


def debug_requested(environ: Mapping[str, str] | None = None) -> bool:
    """DEBUG is off unless NARDY_DEBUG or DEBUG asks for it."""
    return env_bool("NARDY_DEBUG", environ=environ) or env_bool("DEBUG", environ=environ)


def secret_key(var_dir: Path, environ: Mapping[str, str] | None = None) -> str:
    """The key from NARDY_SECRET_KEY / SECRET_KEY, else one kept in var/secret_key.

    The file is made on first use (readable by the owner only), so a development
    checkout never needs a key in the repository.
    """
    environ = os.environ if environ is None else environ
    for name in ("NARDY_SECRET_KEY", "SECRET_KEY"):
        if environ.get(name):
            return environ[name]
    key_file = var_dir / "secret_key"
    if key_file.exists():
        return key_file.read_text().strip()
    var_dir.mkdir(parents=True, exist_ok=True)
    # Written aside, then linked into place: processes starting at once agree on one key.
    draft = var_dir / f".secret_key.{os.getpid()}.{secrets.token_hex(4)}"
    fd = os.open(draft, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as handle:
        handle.write(secrets.token_urlsafe(50))
    try:
        os.link(draft, key_file)
    except FileExistsError:
        pass  # another process made it first
    finally:
        draft.unlink()
    return key_file.read_text().strip()


SQLITE_INIT = "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON"


POOLERS = ("", "transaction")


def database_config(url: str, var_dir: Path, test_suffix: str = "", pooler: str = "") -> dict[str, Any]:
    """Django DATABASES['default'] for a DATABASE_URL.

    SQLite gets WAL, a busy timeout and IMMEDIATE transactions so that the web
    process and a Celery worker can write at once; its test database is a file
    (not memory) so that a worker subprocess can open it too.

    ``pooler="transaction"`` (NARDY_DB_POOLER): PostgreSQL is reached through PgBouncer in
    transaction pooling mode, where consecutive transactions of one connection may run on
    different server connections: no server-side cursors (a cursor outlives its
    transaction) and no prepared statements (psycopg prepares a query it sees often).
    """
    if pooler not in POOLERS:
        raise ValueError(f"NARDY_DB_POOLER is empty or 'transaction', not {pooler!r}")
    config: dict[str, Any] = dj_database_url.parse(url, conn_max_age=0)
    if config["ENGINE"] == "django.db.backends.sqlite3":
        config["OPTIONS"] = {
            "timeout": 20,  # seconds: the busy timeout
            "transaction_mode": "IMMEDIATE",
            "init_command": SQLITE_INIT,
        }
        config["TEST"] = {"NAME": str(var_dir / f"test_nardy{test_suffix}.sqlite3")}
    else:
        config["CONN_MAX_AGE"] = 60
        config["CONN_HEALTH_CHECKS"] = True
        if pooler == "transaction":
            config["DISABLE_SERVER_SIDE_CURSORS"] = True
            config.setdefault("OPTIONS", {})["prepare_threshold"] = None
    return config


def languages_with_catalogues(locale_dir: Path, default: str = "en") -> list[tuple[str, str]]:
    """The languages to offer: ``default`` and each one with a compiled catalogue in
    ``locale_dir`` (``<locale>/LC_MESSAGES/django.mo``), named in its own language.

    Adding Armenian is adding ``locale/hy/`` (and the apps' ``locale/hy/``): no setting.
    """
    from django.conf.locale import LANG_INFO
    from django.utils.translation import to_language

    codes = {default}
    for catalogue in Path(locale_dir).glob("*/LC_MESSAGES/django.mo"):
        codes.add(to_language(catalogue.parent.parent.name))

    def name(code: str) -> str:
        info = LANG_INFO.get(code) or LANG_INFO.get(code.split("-")[0]) or {}
        return info.get("name_local") or code

    return [(code, name(code)) for code in sorted(codes, key=lambda c: (c != default, c))]


def shared_cache(url: str) -> dict[str, Any]:
    """The CACHES entry of a Redis every process shares (NARDY_CACHE_URL): an outage is
    answered as a miss (nardy_site.cache), and an unreachable server is given up at once."""
    return {
        "BACKEND": "nardy_site.cache.OutageTolerantRedisCache",
        "LOCATION": url,
        "OPTIONS": {"IGNORE_EXCEPTIONS": True, "SOCKET_CONNECT_TIMEOUT": 0.25,
                    "SOCKET_TIMEOUT": 0.25},
    }
