"""Challenge ladders: a club's standing list all year, climbed by challenging players above.

* ``rules``      the ladder's rules, plain Python (who may challenge whom, the move after a
                 win, handicaps);
* ``models``     ladders, their rungs, challenges (each with a ``games.Match``), the history
                 of positions and the audit trail of acts;
* ``services``   every write (join, challenge, results, the director's acts, the sweep);
* ``selectors``  reads; ``api``, ``views``: thin.
"""
