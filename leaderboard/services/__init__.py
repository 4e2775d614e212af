"""Writes of ratings and ranking points: ``ratings`` (FIBS lists), ``points`` (GP-style
points of external events and rescoring), ``tournament_points`` (finished tournaments)."""
