"""Draw generators: pure functions over plain data, no Django (tournaments.md §2–§4).

* ``seeding``: seed order (rating, partial, random, manual) and the standard bracket order.
* ``knockout``: the fixed structure of main, consolation and last-chance flights.
* ``progress``: who plays where from confirmed results; corrections; places; last-chance entry.
* ``round_robin``: Berger tables, byes, double cycles, snake groups, the knockout after groups.
* ``swiss``: Swiss pairings without repeats.

Problems the director can fix raise ``tournaments.errors.DrawError`` (code + sentence).
"""
