"""One error contract: every API error in one JSON shape, styled error pages elsewhere."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from rest_framework.test import APIClient

from chouette.core.errors import ChouetteError
from common.errors import DomainError, sentence_of, tidy
from engine.errors import EngineError
from games.services.errors import NotAllowed, ServiceError
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory
from tests.games.match_factories import match_with_logins
from tests.support.clients import api_client, error_of, page_client
from tournaments.errors import TournamentError

pytestmark = [pytest.mark.django_db]


def test_every_domain_error_is_a_domain_error() -> None:
    errors = [
        EngineError("bad_dice", "Two dice are rolled, not 3."),
        ServiceError("impossible_score", "Only one player can reach 5.", "score1"),
        NotAllowed(),
        ChouetteError("no_box"),
        TournamentError("too_few_entrants", "Too few.", {"minimum": 2, "entrants": 1}),
    ]
    for error in errors:
        assert isinstance(error, DomainError)
        assert error.code and sentence_of(error).endswith(".")
    assert NotAllowed().status == 403 and ServiceError("code", "Sentence.").status == 409
    assert isinstance(EngineError("x", "y"), ValueError)  # callers of the engine alone


def test_sentences_are_tidy() -> None:
    assert tidy(" The cube goes 1, 2, 4, ... ") == "The cube goes 1, 2, 4, ..."
    assert tidy("Unknown player 'Ann.'..") == "Unknown player 'Ann.'."
    assert tidy("A score cannot be negative..") == "A score cannot be negative."


def test_a_tournament_error_is_translated_by_code() -> None:
    error = TournamentError("too_few_entrants", "English.", {"minimum": 2, "entrants": 1})
    assert sentence_of(error) == "A draw needs at least 2 entrants; this tournament has 1."


@pytest.mark.parametrize(
    ("method", "url", "body", "status", "code"),
    [
        ("get", "/api/nothing-here/", None, 404, "not_found"),
        ("get", "/api/matches/999999/", None, 404, "not_found"),
        ("get", "/api/matches/%C2%B2/", None, 404, "not_found"),
        ("post", "/api/matches/", {}, 401, "not_authenticated"),
        ("get", "/api/games/?match=%C2%B2", None, 400, "invalid"),
        ("get", f"/api/pairings/?tournament={'9' * 30}", None, 400, "invalid"),
        ("get", f"/api/matches/?player={'9' * 30}", None, 400, "invalid"),
    ],
)
def test_api_errors_have_one_shape(
    method: str, url: str, body: Any, status: int, code: str
) -> None:
    response = getattr(api_client(), method)(url, body, format="json")
    assert response.status_code == status
    assert response["Content-Type"].startswith("application/json")
    error = error_of(response)
    assert error["code"] == code
    assert error["message"].endswith(".") and ".." not in error["message"].replace("...", "")


def test_a_method_the_operation_does_not_take_is_405() -> None:
    response = api_client(UserFactory()).put("/api/matches/", {}, format="json")
    assert response.status_code == 405 and error_of(response)["code"] == "method_not_allowed"


@pytest.mark.parametrize("url", ["/api/docs/", "/api/redoc/", "/api/schema/"])
@pytest.mark.parametrize("method", ["options", "post", "put", "patch", "delete"])
def test_the_schema_and_its_viewers_refuse_other_methods_in_json(url: str, method: str) -> None:
    response = getattr(api_client(), method)(url)
    assert response.status_code == 405 and error_of(response)["code"] == "method_not_allowed"
    assert "GET" in response["Allow"]
    assert api_client().get(url).status_code == 200


@pytest.mark.parametrize("url", ["/api/docs/", "/api/redoc/", "/api/schema/"])
def test_the_schema_and_its_viewers_answer_errors_in_json(url: str) -> None:
    refused = api_client().get(url, HTTP_ACCEPT="application/xml")
    assert refused.status_code == 406 and error_of(refused)["code"] == "not_acceptable"


@pytest.mark.parametrize(
    ("body", "says"),
    [
        (b"[" * 5000 + b"]" * 5000, "nested too deeply"),
        (b'{"length": 5,\n "x": }', "line 2, column 7"),
        (b"\xff\xfe{", "cannot be read"),
        (b'{"length": NaN}', "not valid JSON"),
    ],
)
@pytest.mark.parametrize("url", ["/api/matches/", "/api/token/"])
def test_an_unreadable_body_is_400_with_a_sentence(url: str, body: bytes, says: str) -> None:
    """Not a 500 (a body nested past Python's recursion limit was), and not Python's
    English message: the reader's language, and where the JSON broke."""
    client = api_client(UserFactory())
    response = client.generic("POST", url, body, content_type="application/json")
    assert response.status_code == 400
    error = error_of(response)
    assert error["code"] == "parse_error" and says in error["message"]
    assert "JSON parse error" not in error["message"]


def test_an_unreadable_form_is_400_with_a_sentence() -> None:
    response = api_client().generic(
        "POST", "/api/token/", b"no boundary", content_type="multipart/form-data"
    )
    assert response.status_code == 400
    assert error_of(response)["message"] == "The body is not a valid multipart form."


@pytest.mark.postgres  # PostgreSQL refuses NUL in text: these answered 500 there
@pytest.mark.parametrize(
    "url",
    [
        "/api/players/?search=a%00b",
        "/api/matches/?club=%00",
        "/api/tournaments/?club=x%00",
        "/api/chouette-sessions/season/?club=%00",
        "/clubs/?q=%00",
        "/players/?name=a%00",
        "/join/ab%00cd/",
        "/api/clubs/x%00/",
        "/api/matches/?%00=1",
    ],
)
def test_a_nul_character_in_an_address_is_400(url: str) -> None:
    director = UserFactory()
    ClubFactory(slug="x", directors=[director])
    for client in (api_client(director), page_client(director)):
        response = client.get(url, HTTP_ACCEPT_LANGUAGE="en")
        assert response.status_code == 400
        if url.startswith("/api/"):
            assert error_of(response)["message"] == "Null characters are not allowed."
        else:
            assert "Null characters are not allowed." in response.content.decode()


@pytest.mark.postgres  # a club's slug with NUL was looked up: 500 on PostgreSQL
def test_a_nul_character_in_a_slug_is_400_naming_the_field() -> None:
    director = UserFactory()
    ClubFactory(slug="x", directors=[director])
    response = api_client(director).post(
        "/api/tournaments/", {"club": "x\x00", "name": "Cup"}, format="json"
    )
    assert response.status_code == 400 and "club" in error_of(response)["fields"]


def test_a_validation_error_names_the_fields() -> None:
    match, user1, _ = match_with_logins(length=5)
    response = api_client(user1).post(
        f"/api/matches/{match.pk}/score/", {"score1": "1e999", "score2": -1}, format="json"
    )
    error = error_of(response)
    assert response.status_code == 400 and error["code"] == "invalid"
    assert set(error["fields"]) == {"score1", "score2"}
    assert all(isinstance(text, str) for texts in error["fields"].values() for text in texts)


def test_a_domain_error_keeps_its_code_and_field() -> None:
    match, user1, _ = match_with_logins(length=5)
    response = api_client(user1).post(
        f"/api/matches/{match.pk}/score/", {"score1": 1000, "score2": 0}, format="json"
    )
    error = error_of(response)
    assert error["code"] == "score_too_high" and list(error["fields"]) == ["score1"]
    assert "196" in error["message"]


def test_a_refusal_of_who_asks_is_403_with_its_sentence() -> None:
    match, _, _ = match_with_logins(length=5)
    outsider = UserFactory()
    response = api_client(outsider).post(
        f"/api/matches/{match.pk}/score/", {"score1": 5, "score2": 0}, format="json"
    )
    assert response.status_code == 403
    assert error_of(response)["code"] == "not_allowed"


def test_api_messages_follow_the_request_language() -> None:
    client = APIClient(HTTP_ACCEPT_LANGUAGE="ru")
    response = client.get("/api/nothing-here/")
    assert response.status_code == 404
    assert response.json()["error"]["code"] == "not_found"
    assert response["Content-Language"] == "ru"


def test_a_crash_under_api_is_json(monkeypatch: pytest.MonkeyPatch) -> None:
    from games.api import MatchViewSet

    def crash(*args: object, **kwargs: object) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(MatchViewSet, "list", crash)
    client = APIClient(raise_request_exception=False)
    response = client.get("/api/matches/")
    assert response.status_code == 500
    assert error_of(response)["code"] == "server_error"
    assert "boom" not in response.content.decode() and "Traceback" not in response.content.decode()


def test_a_crash_on_a_page_is_the_styled_500(monkeypatch: pytest.MonkeyPatch) -> None:
    from nardy_site import urls

    def crash(request: object) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(urls.views, "home", crash)
    pattern = urls.urlpatterns[0]
    monkeypatch.setattr(pattern, "callback", crash)
    response = Client(raise_request_exception=False).get("/")
    html = response.content.decode()
    assert response.status_code == 500
    assert "site-header" in html and "Something went wrong" in html
    assert "boom" not in html and "Traceback" not in html


def page(html: str) -> dict[str, str]:
    title = re.search(r"<h1>(.*?)</h1>", html, re.DOTALL)
    lang = re.search(r'<html lang="([^"]+)"', html)
    return {"title": title.group(1).strip() if title else "", "lang": lang.group(1) if lang else ""}


def test_pages_get_styled_404_and_403_in_the_site_layout() -> None:
    missing = page_client().get("/matches/999999/")
    assert missing.status_code == 404
    assert "site-header" in missing.content.decode()
    assert page(missing.content.decode())["title"] == "Page not found"
    director = UserFactory()
    club = ClubFactory(directors=[director])
    outsider = UserFactory()
    forbidden = page_client(outsider).get(f"/clubs/{club.slug}/merge-players/")
    assert forbidden.status_code == 403
    html = forbidden.content.decode()
    assert "site-header" in html and page(html)["title"] == "Not allowed"


def test_error_pages_are_in_the_readers_language() -> None:
    client = Client(HTTP_ACCEPT_LANGUAGE="ru")
    response = client.get("/matches/999999/")
    assert response.status_code == 404 and page(response.content.decode())["lang"] == "ru"


def test_an_expired_form_gets_the_styled_403() -> None:
    user = UserFactory()
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    response = client.post("/matches/new/", {})
    assert response.status_code == 403
    html = response.content.decode()
    assert "site-header" in html and "Reload the page" in html


@pytest.mark.parametrize("path", ["/api/matches/", "/matches/new/"])
def test_oversized_bodies_are_refused_with_413(path: str, settings: Any) -> None:
    user = UserFactory()
    ClubFactory(directors=[user])
    client = api_client(user) if path.startswith("/api/") else page_client(user)
    body = "x" * (settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 1)
    response = client.generic("POST", path, body, content_type="application/json")
    assert response.status_code == 413
    if path.startswith("/api/"):
        assert error_of(response)["code"] == "request_too_large"
    else:
        assert "site-header" in response.content.decode()


def test_the_413_page_is_in_the_readers_language(settings: Any) -> None:
    """The size limit answers before the locale middleware: it reads the language cookie."""
    client = Client()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "ru"
    body = "x" * (settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 1)
    response = client.generic("POST", "/matches/new/", body, content_type="application/json")
    assert response.status_code == 413
    html = response.content.decode()
    assert 'lang="ru"' in html and "Too large" not in html


@pytest.mark.parametrize(
    ("method", "url", "status"),
    [
        ("get", "/api/matches/?format=api", 404),  # no browsable HTML API
        ("get", "/api/schema/?format=xml", 404),  # the schema's errors are JSON, not YAML
        ("patch", "/api/schema/", 405),
        ("get", "/api/matches/?player=1%00", 400),  # a NUL in a query string
        ("get", "/api/clubs/?x%00=1", 400),
    ],
)
def test_every_answer_under_api_is_json(method: str, url: str, status: int) -> None:
    response = getattr(api_client(UserFactory()), method)(url)
    assert response.status_code == status
    assert response["Content-Type"] == "application/json"
    assert error_of(response)["code"]


def test_the_api_answers_json_to_a_browser_and_406_to_html_only() -> None:
    client = api_client()
    browser = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"
    assert client.get("/api/matches/", HTTP_ACCEPT=browser)["Content-Type"] == "application/json"
    html_only = client.get("/api/matches/", HTTP_ACCEPT="text/html")
    assert html_only.status_code == 406 and error_of(html_only)["code"] == "not_acceptable"


@pytest.mark.parametrize(
    ("method", "url", "status", "location"),
    [
        ("get", "/api", 301, "/api/"),
        ("get", "/api/matches", 301, "/api/matches/"),
        ("post", "/api/matches/1/score", 308, "/api/matches/1/score/"),  # keeps the body
    ],
)
def test_a_missing_final_slash_redirects_with_json(
    method: str, url: str, status: int, location: str
) -> None:
    response = getattr(api_client(), method)(url)
    assert response.status_code == status and response["Location"] == location
    assert response["Content-Type"] == "application/json"
    assert response.json() == {"location": location}


def test_an_id_in_the_body_that_names_nothing_is_409_and_404_is_for_the_address() -> None:
    """404 says the address is gone: after creating a player, Schemathesis' stateful run
    merged a deleted duplicate into it, got 404 and reported the new player missing
    (seed 606, ensure_resource_availability). An id of nothing in the body is refused
    by the state (409, not_found, naming the field); the address's own id stays 404."""
    director = UserFactory()
    club = ClubFactory(directors=[director])
    keep = PlayerFactory()
    MembershipFactory(club=club, player=keep)
    client = api_client(director)
    response = client.post(f"/api/players/{keep.pk}/merge/", {"duplicate": 999_999}, format="json")
    assert response.status_code == 409, response.content
    assert error_of(response)["code"] == "not_found"
    assert set(error_of(response)["fields"]) == {"duplicate"}
    assert error_of(response)["message"][0].isupper()
    gone = client.post("/api/players/999999/merge/", {"duplicate": keep.pk}, format="json")
    assert gone.status_code == 404 and error_of(gone)["code"] == "not_found"
