"""Chouette (one against a team): nights at the club, played at one table or several.

``chouette.core`` holds the pure rules (no Django: values, play, rotation, settlement,
sessions replayed from their events, the event codec, records and seasons); the Django
layer around it (models, services, selectors, views, the API) calls the names it exports.
See docs/chouette.md.
"""
