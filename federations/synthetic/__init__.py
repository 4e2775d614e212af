"""A whole federation of made-up clubs, players, events and matches, written in bulk.

``manage.py generate_federation`` calls ``generate.generate_federation``: years of data
(clubs affiliated to a federation, players with memberships, events of every format with
entries and pairings, matches with games, chouette nights, disputes) for load tests and
the federation benchmark. The plan is pure and deterministic by seed (``matchplay``,
``events``, ``names``); ``tables.TableWriter`` writes it with PostgreSQL's COPY (or
plain multi-row inserts elsewhere), with ids given here so that rows can point at each
other without reading anything back.
"""
