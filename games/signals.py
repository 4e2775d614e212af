"""Signals of the results flow. Sent inside the transaction that made the change, so a
receiver's writes (a bracket advanced, ratings updated) commit or roll back with it.

result_confirmed(sender=Match, match=Match, result=MatchResult, previous_winner=Player|None,
                 after_commit=bool)
    a result became official: confirmed by the opponent or a director, or set by a
    director's override or correction (then ``previous_winner`` is the winner before it).
    ``after_commit``: the action is its own transaction (``results.result_action``) and
    the match was saved ``ratings_due``: work that needs none of its locks may wait for
    the commit (``transaction.on_commit``) and clears the mark when done. Absent or False
    (inside a larger transaction): the receivers do all their work now.
result_disputed(sender=Match, match=Match, result=MatchResult, by=User)
    the opponent disputed a proposed result (the disputes feature opens a Dispute).
result_proposed(sender=Match, match=Match, result=MatchResult, by=User)
    a result was put forward for the opponent (or a director) to confirm, or corrected by
    whoever entered it (notifications tell the opponent).
"""

from __future__ import annotations

from django.dispatch import Signal

result_confirmed = Signal()
result_disputed = Signal()
result_proposed = Signal()
