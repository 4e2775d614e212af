"""The AGPL's offer of the source (section 13): every page links to the program's source,
which the site serves itself unless NARDY_SOURCE_URL names a public copy; the archive holds
the code it runs and none of what the site stores."""

from __future__ import annotations

import io
import tarfile

import pytest
from django.conf import settings
from django.urls import reverse

from nardy_site import source

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_archive():
    source.source_archive.cache_clear()
    yield
    source.source_archive.cache_clear()


def test_anyone_downloads_the_source_the_site_runs(client) -> None:
    # something the site stores, beside the code: never in the archive
    (settings.BASE_DIR / "var").mkdir(exist_ok=True)
    response = client.get(reverse("source"))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/gzip"
    assert "attachment" in response["Content-Disposition"]
    with tarfile.open(fileobj=io.BytesIO(response.content), mode="r:gz") as archive:
        names = set(archive.getnames())
        settings_py = archive.extractfile("nardy/nardy_site/settings.py").read()
    assert {"nardy/manage.py", "nardy/LICENSE", "nardy/pyproject.toml", "nardy/requirements.lock",
            "nardy/nardy_site/source.py", "nardy/templates/base.html"} <= names
    assert settings_py == (settings.BASE_DIR / "nardy_site" / "settings.py").read_bytes()
    for name in names:
        parts = name.split("/")[1:]
        assert not {"var", ".venv", "node_modules", ".git", "__pycache__"} & set(parts), name
        assert not any(part.startswith(".") and part != ".ci" for part in parts), name
        assert not name.endswith((".sqlite3", ".pyc")), name


def test_every_page_links_to_the_source(client, settings) -> None:
    assert f'href="{reverse("source")}"' in client.get(reverse("home")).text
    settings.NARDY_SOURCE_URL = "https://git.example.org/club/nardy"
    assert 'href="https://git.example.org/club/nardy"' in client.get(reverse("home")).text


def test_only_reading_is_allowed(client) -> None:
    assert client.post(reverse("source")).status_code == 405
