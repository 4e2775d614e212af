"""Matches, games, chouettes and disputes live here (added by their features)."""
