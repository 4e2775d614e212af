"""Match analysis with GNU Backgammon (the ``gnubg`` package, GPL-3.0-or-later).

Every valid backgammon transcript is analysed in a worker of the ``analysis`` queue, game
by game, by a child process running GNU Backgammon (``analysis.gnubg_child``) that the
worker can kill. What GNU Backgammon reports (``show statistics``, each decision of
``export game text``) is stored as it says it; nothing here evaluates a position itself.
Long-nardy matches, which GNU Backgammon does not play, get the figures that need no
evaluation (``analysis.nardy_stats``).
"""
