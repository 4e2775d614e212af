"""Ratings and rankings: the Django side of tournaments.md §6 (FIBS ratings) and §7
(GP-style points), over the pure ``leaderboard.core.ratings`` and ``leaderboard.core.rankings``.

Its own app (label ``leaderboard``) so its migrations stand apart from the tournaments
app's. Where things are:

* ``models``      rating lists, current ratings, the rating history (RatingChange),
                  external events entered by places, ranked events and their placings
* ``services``    writes: ``ratings`` (append or rebuild a list), ``points`` (external
                  events, rescoring), ``tournament_points`` (finished tournaments)
* ``receivers``   result_confirmed -> ratings (and points of a finished tournament);
                  post_save of a finished Tournament -> its points
* ``selectors``   reads for the pages, CSV and API; only display names leave them
* ``views``/``urls``/``templates``  /rankings/ (htmx filters, CSV), player profiles with
                  an SVG chart (``charts``), event pages, the director's entry form
* ``api``         /api/ratings/, /api/rating-history/, /api/rankings/ (read-only)
* ``management/commands/recompute_ratings``  rebuild every list from the matches
"""
