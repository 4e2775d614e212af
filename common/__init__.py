"""The bottom of the project: small pieces every layer may import (the engine too).

``common.errors``  the DomainError family's base (no Django).
``common.bounds``  the bounds of ids and other numbers a client sends, and their parsing
                   (no Django).
``common.api``     the REST API's error contract and query-string helpers (Django, DRF).
"""
