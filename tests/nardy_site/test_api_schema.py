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


@pytest.mark.django_db
def test_time_zones_are_listed_where_they_are_written() -> None:
    """Every time zone a client writes (an event's, a person's) is one of the names the API
    takes, listed in the schema: a schema-valid request is never refused for its zone, and a
    name outside the list is refused with the sentence that says which names are meant."""
    from rest_framework.test import APIClient

    from common.time_zones import time_zone_names
    from tests.factories import ClubFactory, UserFactory

    schema = APIClient().get("/api/schema/", {"format": "json"}).json()
    schemas = schema["components"]["schemas"]
    assert set(schemas["TimeZoneEnum"]["enum"]) == set(time_zone_names())
    written = {
        name: component["properties"]["time_zone"]
        for name, component in schemas.items()
        if "time_zone" in component.get("properties", {}) and name.endswith("Request")
    }
    assert {"TournamentCreateRequest", "PatchedTournamentInputRequest", "PatchedProfileRequest"} <= set(written)
    for name, field in written.items():
        refs = {option.get("$ref", "").rsplit("/", 1)[-1] for option in field.get("oneOf", [])}
        assert "TimeZoneEnum" in refs, name

    director = UserFactory()
    club = ClubFactory(directors=[director])
    client = APIClient()
    client.force_authenticate(director)
    refused = client.post("/api/tournaments/", {"club": club.slug, "name": "Cup", "starts_on": "2026-12-05", "variant": "backgammon", "format": "swiss",
                                                "time_zone": "Mars/Olympus"}, format="json")
    assert refused.status_code == 400
    assert "Mars/Olympus" in str(refused.json()) and "Europe/Berlin" in str(refused.json())
    taken = client.post("/api/tournaments/", {"club": club.slug, "name": "Cup", "starts_on": "2026-12-05", "variant": "backgammon", "format": "swiss",
                                              "time_zone": "Asia/Baku"}, format="json")
    assert taken.status_code == 201, taken.json()
    assert taken.json()["time_zone"] == "Asia/Baku"


@pytest.mark.django_db
def test_a_new_event_names_what_it_lacks() -> None:
    """Creating an event without its game or format is refused (400) naming the fields; the
    schema says they are needed on creation and not on a change."""
    from rest_framework.test import APIClient

    from tests.factories import ClubFactory, UserFactory

    schemas = APIClient().get("/api/schema/", {"format": "json"}).json()["components"]["schemas"]
    assert {"club", "variant", "format"} <= set(schemas["TournamentCreateRequest"]["required"])
    assert not {"variant", "format"} & set(schemas["PatchedTournamentInputRequest"].get("required", []))
    director = UserFactory()
    club = ClubFactory(directors=[director])
    client = APIClient()
    client.force_authenticate(director)
    refused = client.post("/api/tournaments/", {"club": club.slug, "name": "Cup",
                                                "starts_on": "2026-12-05"}, format="json")
    assert refused.status_code == 400
    assert {"variant", "format"} <= set(refused.json()["error"]["fields"])
