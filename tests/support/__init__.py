"""Helpers for the test fixtures in tests/conftest.py."""
