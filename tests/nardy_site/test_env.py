from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from nardy_site.env import database_config, debug_requested, env_bool, env_list, secret_key


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({}, False),
        ({"NARDY_DEBUG": ""}, False),
        ({"NARDY_DEBUG": "0"}, False),
        ({"NARDY_DEBUG": "1"}, True),
        ({"DEBUG": "true"}, True),
        ({"DEBUG": "no"}, False),
        ({"NARDY_DEBUG": "Yes"}, True),
    ],
)
def test_debug_is_off_unless_asked(environ: dict[str, str], expected: bool) -> None:
    assert debug_requested(environ) is expected


def test_env_bool_default_and_list() -> None:
    assert env_bool("X", default=True, environ={}) is True
    assert env_list("HOSTS", ["a"], environ={}) == ["a"]
    assert env_list("HOSTS", ["a"], environ={"HOSTS": "x.org, y.org,,"}) == ["x.org", "y.org"]


def test_postgres_url_is_parsed(tmp_path: Path) -> None:
    config = database_config("postgres://nardy:s3cret@db.internal:5433/nardy_prod", tmp_path)
    assert config["ENGINE"] == "django.db.backends.postgresql"
    assert (config["NAME"], config["USER"], config["PASSWORD"]) == ("nardy_prod", "nardy", "s3cret")
    assert (config["HOST"], config["PORT"]) == ("db.internal", 5433)
    assert "transaction_mode" not in config.get("OPTIONS", {})


def test_behind_a_transaction_pooler_nothing_outlives_a_transaction(tmp_path: Path) -> None:
    """PgBouncer in transaction mode hands each transaction any server connection: no
    server-side cursor and no prepared statement may be left on one (the cluster test
    runs the site so, on the PostgreSQL stage)."""
    url = "postgres://nardy@127.0.0.1:6432/nardy"
    pooled = database_config(url, tmp_path, pooler="transaction")
    assert pooled["DISABLE_SERVER_SIDE_CURSORS"] is True
    assert pooled["OPTIONS"]["prepare_threshold"] is None
    direct = database_config(url, tmp_path)
    assert not direct.get("DISABLE_SERVER_SIDE_CURSORS")
    assert "prepare_threshold" not in direct.get("OPTIONS", {})
    with pytest.raises(ValueError, match="NARDY_DB_POOLER"):
        database_config(url, tmp_path, pooler="session")


def test_sqlite_is_set_up_for_concurrent_writers(tmp_path: Path) -> None:
    config = database_config(f"sqlite:///{tmp_path / 'db.sqlite3'}", tmp_path, test_suffix="_7")
    assert config["ENGINE"] == "django.db.backends.sqlite3"
    assert config["NAME"] == str(tmp_path / "db.sqlite3")
    assert config["OPTIONS"]["transaction_mode"] == "IMMEDIATE"
    assert "journal_mode=WAL" in config["OPTIONS"]["init_command"]
    assert config["OPTIONS"]["timeout"] >= 5
    assert config["TEST"]["NAME"] == str(tmp_path / "test_nardy_7.sqlite3")


def test_secret_key_from_environment_wins(tmp_path: Path) -> None:
    assert secret_key(tmp_path, {"NARDY_SECRET_KEY": "abc"}) == "abc"
    assert not (tmp_path / "secret_key").exists()


def test_secret_key_is_generated_once_and_private(tmp_path: Path) -> None:
    first = secret_key(tmp_path / "var", {})
    second = secret_key(tmp_path / "var", {})
    assert first == second and len(first) >= 50
    assert (tmp_path / "var" / "secret_key").stat().st_mode & 0o077 == 0


def test_processes_starting_at_once_agree_on_the_key(tmp_path: Path) -> None:
    with ThreadPoolExecutor(max_workers=4) as pool:
        keys = set(pool.map(lambda _: secret_key(tmp_path, {}), range(8)))
    assert len(keys) == 1
    assert [path.name for path in tmp_path.iterdir()] == ["secret_key"]
