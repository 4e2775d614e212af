"""The OpenAPI schema is generated without warnings (every enum and view described)."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.core.management import call_command


@pytest.mark.django_db
def test_schema_generates_without_warnings(tmp_path: Path) -> None:
    target = tmp_path / "schema.yml"
    call_command("spectacular", "--fail-on-warn", "--file", str(target))
    text = target.read_text()
    assert "openapi:" in text
    assert "VariantEnum" in text and "ChouetteVariantEnum" not in text and "DisputeStatusEnum" in text


def test_strict_decimals_are_documented_as_they_are_read() -> None:
    """The schema of a StrictDecimalField is the project's (digits, or a whole number), not
    drf-spectacular's default, which allowed "", "-" or "." that the API refuses."""
    import re

    from rest_framework.test import APIClient

    schema = APIClient().get("/api/schema/", {"format": "json"}).json()
    score = schema["components"]["schemas"]["PairingScoreInputRequest"]["properties"]["score1"]
    text, whole = score["oneOf"]
    assert whole == {"type": "integer", "minimum": 0, "maximum": 9999}
    for value in ("", "-", ".", "-1", "1e3", " 7", "12345"):
        assert re.fullmatch(text["pattern"], value) is None, value
    for value in ("7", "4.5", ".5", "9999.9"):
        assert re.fullmatch(text["pattern"], value), value
