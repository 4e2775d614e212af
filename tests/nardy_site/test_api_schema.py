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
