"""Where PostgreSQL and SQLite differ: row locks, text search, the worker's database.

Every module here is marked ``postgres``: `make test` runs it on SQLite with the rest of
the suite, then again on a throwaway PostgreSQL server (`.ci/with-postgres`).
"""
