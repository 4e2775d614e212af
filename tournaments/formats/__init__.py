"""The event formats, one module each (``knockout``, ``round_robin``, ...), on the base in
``base`` and the shared bracket and table behaviour in ``common``; each registers itself
in ``tournaments.format_registry``."""
