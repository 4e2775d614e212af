"""The writes play is made of, below the formats: each format (``tournaments.formats``) is
built from them, and the director's and players' actions (``tournaments.services``) reach
them through the event's format.

common:        the basics every tournament write shares (the activity record, status checks)
knockout:      brackets: the draw, advancing winners, byes, conflicts
round_robin:   tables: the rounds of a round robin, their results and standings
swiss:         Swiss rounds (and Swiss until N losses) on the round robin's tables
groups:        groups, then the knockout of their qualifiers; playoffs for tied places
walkovers:     byes, walkovers and withdrawals mid-event
results:       a confirmed result carried into the bracket or table; a director's result
ready:         pairings stamped ready (clocks, tables) and announced once
divisions:     one event per division, inheriting the parent's settings
avoidance:     pairings that should not meet early (same club, named pairs)
games_adapter: the one door to the games app (matches for pairings)

Nothing here imports the formats or the services above.
"""
