"""The progressive web app: the manifest, the service worker at /sw.js (built by Workbox in
the Makefile's node step), what it precaches, the CSP that allows it, and the session
state the offline queue asks for before it sends."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.contrib.staticfiles import finders

from tests.factories import UserFactory
from tests.support.clients import page_client
from tests.support.requirements import missing

pytestmark = pytest.mark.django_db

WORKER = settings.PWA_BUILD_DIR / "sw.js"


@pytest.fixture
def built() -> None:
    if not WORKER.exists():
        missing("build/pwa/sw.js (the service worker: make node-deps)")


needs_build = pytest.mark.usefixtures(built.__name__)


def static_path(url: str) -> str | None:
    assert url.startswith("/" + settings.STATIC_URL.lstrip("/")), url
    return finders.find(url.split(settings.STATIC_URL, 1)[1])


@needs_build
def test_the_worker_is_served_at_the_root_for_the_whole_site_and_never_cached() -> None:
    response = page_client().get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Service-Worker-Allowed"] == "/"
    assert response["Cache-Control"] == "no-cache"
    assert "worker-src 'self'" in response["Content-Security-Policy"]


@needs_build
def test_the_worker_loads_workbox_and_precaches_static_files_of_this_site_only() -> None:
    script = WORKER.read_text()
    imported = re.findall(r'importScripts\("([^"]+)"\)', script)
    assert imported and all(url.startswith("/static/pwa/workbox-v") for url in imported)
    assert all(static_path(url) for url in imported)  # served by whitenoise, no CDN
    assert "https://" not in script and "http://" not in script
    precached = re.findall(r'"url":"([^"]+)"', script)
    for page_file in ("nardy/site.js", "nardy/offline.js", "nardy/site.css",
                      "vendor/htmx/htmx.min.js", "vendor/pico/pico.min.css"):
        assert f"/static/{page_file}" in precached
    missing = [url for url in precached if static_path(url) is None]
    assert missing == []


def test_without_a_build_the_worker_address_answers_404(settings: Any, tmp_path: Path) -> None:
    settings.PWA_BUILD_DIR = tmp_path
    assert page_client().get("/sw.js").status_code == 404
    assert page_client().post("/sw.js").status_code == 405


def test_the_manifest_names_the_site_in_the_readers_language_with_icons() -> None:
    response = page_client().get("/manifest.webmanifest", HTTP_ACCEPT_LANGUAGE="ru")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    manifest = json.loads(response.content)
    assert manifest["name"] == "Нарды" and manifest["lang"] == "ru"
    assert manifest["start_url"] == "/" and manifest["display"] == "standalone"
    assert manifest["theme_color"].startswith("#")
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    assert any(icon.get("purpose") == "maskable" for icon in manifest["icons"])
    assert all(static_path(icon["src"]) for icon in manifest["icons"])


def test_every_page_links_the_manifest_and_stamps_who_and_when() -> None:
    user = UserFactory()
    html = page_client(user).get("/", HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert 'rel="manifest" href="/manifest.webmanifest"' in html
    assert f'data-user="{user.pk}"' in html
    assert re.search(r'data-rendered-at="\d{4}-\d\d-\d\dT', html)
    assert "Нет сети — показано по состоянию на %(time)s" in html  # offline.js fills it in
    anonymous = page_client().get("/").content.decode()
    assert 'data-user=""' in anonymous


def test_the_session_state_says_who_is_signed_in_with_a_fresh_token() -> None:
    anonymous = page_client().get("/session-state/")
    assert anonymous.json()["user"] is None and anonymous.json()["csrf"]
    assert "no-cache" in anonymous["Cache-Control"]
    user = UserFactory()
    assert page_client(user).get("/session-state/").json()["user"] == user.pk
