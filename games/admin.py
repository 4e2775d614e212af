"""Admin for games models (registered by their features)."""
