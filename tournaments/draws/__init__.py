"""Draw generators: pure functions over plain data, no Django (tournaments.md §2–§4).

* ``seeding``: seed order (rating, partial, random, manual) and the standard bracket order.
* ``knockout``: the fixed structure of main, consolation and last-chance flights.
* ``progress``: who plays where from confirmed results; corrections; places; last-chance entry.
* ``round_robin``: Berger tables, byes, double cycles, snake groups, the knockout after groups.
* ``double_elimination``: winners' and losers' brackets, grand final with optional reset.
* ``swiss``: Swiss pairings within score groups, without repeats, at most one bye each.
* ``swiss_losses``: Swiss until N losses (players leave after their N-th loss).

Problems the director can fix raise ``tournaments.errors.DrawError`` (code + sentence).
"""
