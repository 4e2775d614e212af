"""No 5xx for anything a client can send: bad numbers, ids, texts and bodies, everywhere.

The surface is found, not listed: the pages by crawling the demo site as its director
(one page per address pattern, and the forms on them), the API from its OpenAPI schema.
Each probe sends one kind of bad input; every answer must be below 500. Writes are
rolled back after each request, so one probe does not change what the next one sees.
"""

from __future__ import annotations

import os
import random
import re
from collections.abc import Callable
from typing import Any
from urllib.parse import urlencode, urljoin, urlsplit

import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import transaction
from django.test import Client
from drf_spectacular.generators import SchemaGenerator

from tests.support.clients import api_client, page_client
from tests.support.probes import BAD_IDS, BAD_NUMBERS, demo_world, forms_of, plain_addresses

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures(demo_world.__name__)]

SKIP_PREFIXES = ("/static", "/admin", "/api", "/i18n", "/accounts/logout")
QUERY_NAMES = [
    "page", "club", "player", "match", "tournament", "search", "q", "status", "variant",
    "year", "start", "end", "step", "side", "game", "position_id", "preset", "kind", "flight",
    "round", "group", "limit", "offset", "season", "format",
]  # fmt: skip
SHORT_BAD_NUMBERS = ["9" * 30, "²", "-1", "1e999"]
BAD_DATES = ["2026-02-30", "10000-01-01", "0000-01-01", "0"]
DATE_NAME = re.compile(r"date|_on$|_at$|^(start|end|day|when|from|to|since|until)")
# What a list could be asked for on top of its own filters (paging, sorting, formats).
LIST_NAMES = {"page", "page_size", "ordering", "limit", "offset", "format", "cursor"}
BAD_FILES = [
    b"x" * 3_000_000,  # too large
    b"",  # empty
    b"\x00\x01binary\xff",  # binary
    "1 point match".encode("utf-16-le"),  # UTF-16 without its byte-order mark
    b"garbage line\n\xc3\x28 not utf-8\n",  # broken UTF-8
]
LONG_TEXT = "x" * 20_000
RUN_ALL = bool(os.environ.get("NARDY_RUNSLOW"))
SAMPLE = 150  # probes per test in a normal run


def user(name: str) -> Any:
    return get_user_model().objects.get(username=name)


def pattern(path: str) -> str:
    return re.sub(r"\d+", "N", path)


def crawl(client: Client, start: str = "/") -> dict[str, Any]:
    """One answered page per address pattern (path with numbers as N, query names)."""
    pages: dict[str, Any] = {}
    seen_patterns: set[str] = set()
    queue = [start]
    while queue:
        url = queue.pop(0)
        parts = urlsplit(url)
        key = pattern(parts.path) + "?" + ",".join(sorted(re.findall(r"([^&=]+)=", parts.query)))
        if key in seen_patterns:
            continue
        seen_patterns.add(key)
        response = client.get(url)
        pages[url] = response
        if response.status_code != 200 or "html" not in response.get("Content-Type", ""):
            continue
        for href in re.findall(r'(?:href|hx-get|action)="([^"#]*)"', response.content.decode()):
            target = urljoin(url, href.replace("&amp;", "&"))
            if urlsplit(target).netloc or target.startswith(SKIP_PREFIXES):
                continue
            queue.append(target)
    return pages


@pytest.fixture(scope="module")
def site(demo_world: None, django_db_blocker: Any) -> dict[str, Any]:
    """The director's crawl, made once for the module (it reads; what it writes, such as
    the session, is rolled back)."""
    with django_db_blocker.unblock(), transaction.atomic():
        pages = crawl(page_client(user("director")))
        transaction.set_rollback(True)
    return pages


def answer(send: Callable[[], Any]) -> Any:
    """Send a request whose writes are rolled back afterwards."""
    with transaction.atomic():
        response = send()
        transaction.set_rollback(True)
    return response


def api_answers_json(name: str, response: Any) -> str | None:
    """Every answer under /api/ with a body is JSON (the documentation pages' own HTML and
    the schema's YAML on GET aside)."""
    path = name.split()[1] if " " in name else ""
    if not path.startswith("/api/") or not response.content:
        return None
    if response.status_code < 400 and name.startswith(("GET", "HEAD")):
        return None
    if "json" not in response.get("Content-Type", ""):
        return f"answered {response.status_code} {response.get('Content-Type')}"
    return None


def failures_of(
    probes: list[tuple[str, Callable[[], Any]]],
    check: Callable[[str, Any], str | None] | None = None,
) -> list[str]:
    """The probes that answered 5xx, raised, or failed ``check``. Without --runslow (or
    NARDY_RUNSLOW=1) a random sample of SAMPLE probes is sent; its seed is in every
    failure's name (set NARDY_PROBE_SEED to send the same sample again)."""
    seed = int(os.environ.get("NARDY_PROBE_SEED") or random.randrange(10**6))
    if not RUN_ALL and len(probes) > SAMPLE:
        probes = random.Random(seed).sample(probes, SAMPLE)
    print(f"{len(probes)} probes, NARDY_PROBE_SEED={seed}")
    failures = []
    for name, send in probes:
        try:
            response = answer(send)
        except Exception as error:  # noqa: BLE001 - a crash is what the probe looks for
            failures.append(
                f"{name}: raised {type(error).__name__}: {error}"[:300] + f" seed={seed}"
            )
            continue
        if response.status_code >= 500:
            failures.append(f"{name}: {response.status_code} seed={seed}")
        elif check is not None and (problem := check(name, response)):
            failures.append(f"{name}: {problem} seed={seed}")
    return failures


def assert_no_failures(
    probes: list[tuple[str, Callable[[], Any]]],
    check: Callable[[str, Any], str | None] | None = None,
) -> None:
    failures = failures_of(probes, check)
    assert not failures, f"{len(failures)} probes failed:\n" + "\n".join(failures)


def clients() -> list[tuple[str, Client]]:
    return [
        ("anonymous", page_client()),
        ("player", page_client(user("aram"))),
        ("director", page_client(user("director"))),
    ]


def test_the_crawl_finds_the_site(site: dict[str, Any]) -> None:
    paths = {pattern(urlsplit(url).path) for url in site}
    assert {"/matches/N/", "/tournaments/N/console/", "/chouettes/N/", "/disputes/N/"} <= paths
    assert [url for url, response in site.items() if response.status_code >= 500] == []


def test_page_path_ids(site: dict[str, Any]) -> None:
    probes = []
    for url in site:
        path = urlsplit(url).path
        for match in re.finditer(r"\d+", path):
            for bad in BAD_IDS:
                bad_path = path[: match.start()] + bad + path[match.end() :]
                for who, client in clients():
                    probes.append(
                        (f"GET {bad_path} as {who}", lambda c=client, p=bad_path: c.get(p))
                    )
    assert_no_failures(probes)


def query_names(site: dict[str, Any]) -> dict[str, set[str]]:
    """For each page, the query names its links use, and the usual ones."""
    names: dict[str, set[str]] = {}
    for url in site:
        parts = urlsplit(url)
        names.setdefault(parts.path, {"q", "club", "variant", *LIST_NAMES}).update(
            re.findall(r"([^&=]+)=", parts.query)
        )
    for url, response in site.items():  # the filter forms (django-filter's are GET forms)
        if response.status_code != 200 or "html" not in response.get("Content-Type", ""):
            continue
        for form in forms_of(response.content.decode(), url):
            action = urlsplit(urljoin(url, form.action)).path
            if form.method == "get" and not action.startswith(SKIP_PREFIXES):
                names.setdefault(action, set(LIST_NAMES)).update(form.fields)
    return names


@pytest.mark.postgres  # PostgreSQL refuses NUL in any text
def test_page_query_strings(site: dict[str, Any]) -> None:
    director = page_client(user("director"))
    probes = []
    for path, names in query_names(site).items():
        for name in sorted(names):
            dates = BAD_DATES if DATE_NAME.search(name) else ["0"]
            for bad in [*SHORT_BAD_NUMBERS, "٣", LONG_TEXT, "\x00", *dates]:
                target = f"{path}?{urlencode({name: bad})}"
                probes.append((f"GET {path}?{name}={bad[:20]!r}", lambda t=target: director.get(t)))
    assert_no_failures(probes)


def form_probes(site: dict[str, Any], client: Client) -> list[tuple[str, Callable[[], Any]]]:
    probes = []
    seen: set[str] = set()
    for url, response in site.items():
        if response.status_code != 200 or "html" not in response.get("Content-Type", ""):
            continue
        for form in forms_of(response.content.decode(), url):
            action = urljoin(url, form.action)
            if form.method != "post" or action.startswith(SKIP_PREFIXES):
                continue
            if pattern(action) in seen:
                continue
            seen.add(pattern(action))
            names = [name for name in form.fields if name != "csrfmiddlewaretoken"]
            for bad in [*BAD_NUMBERS, LONG_TEXT, "   "]:  # every field bad at once
                data = {**form.fields, **dict.fromkeys(names, bad)}
                probes.append((f"POST {action} all={bad[:20]!r}", post(client, action, data)))
            for name in dict.fromkeys(names):  # one field bad, the others as the page sent them
                dates = BAD_DATES if DATE_NAME.search(name) else []
                for bad in [*SHORT_BAD_NUMBERS, LONG_TEXT, *dates]:
                    data = {**form.fields, name: bad}
                    probes.append(
                        (f"POST {action} {name}={bad[:20]!r}", post(client, action, data))
                    )
            for name in form.files:
                for content in BAD_FILES:
                    data = {**form.fields, name: content}
                    probes.append(
                        (f"POST {action} {name}={content[:12]!r} ({len(content)} bytes)",
                         post(client, action, data))
                    )  # fmt: skip
    return probes


def post(client: Client, action: str, data: dict[str, Any]) -> Callable[[], Any]:
    def send() -> Any:
        fields = {
            name: SimpleUploadedFile("big.mat", value) if isinstance(value, bytes) else value
            for name, value in data.items()
        }
        return client.post(action, fields)

    return send


def test_page_forms_as_director(site: dict[str, Any]) -> None:
    probes = form_probes(site, page_client(user("director")))
    assert len(probes) > 100
    assert_no_failures(probes)


def test_page_forms_as_player() -> None:
    player_site = crawl(page_client(user("aram")), "/my-matches/")
    assert_no_failures(form_probes(player_site, page_client(user("aram"))))


METHODS = ("post", "put", "patch", "delete", "options", "head")


def test_every_method_on_every_address(site: dict[str, Any]) -> None:
    """Every method on every address (the pages the crawl found, the API's operations,
    the URLconf's addresses without parameters), as anonymous, a player and the
    director: nothing answers 5xx, and nothing under /api/ answers HTML."""
    ids = real_ids()
    paths = {urlsplit(url).path for url in site if not url.startswith(SKIP_PREFIXES)}
    paths |= {fill(path, ids) for _method, path, _op, _c in api_operations()}
    paths |= set(plain_addresses())
    paths -= {"/accounts/logout/"}
    probes = []
    for path in sorted(paths):
        for method in METHODS:
            for who, client in api_clients() if path.startswith("/api/") else clients():
                probes.append(
                    (f"{method.upper()} {path} as {who}",
                     lambda c=client, m=method, p=path: getattr(c, m)(p))
                )  # fmt: skip
    assert len(probes) > 1000
    assert_no_failures(probes, api_answers_json)


ODD_HEADERS: list[dict[str, str]] = [
    {"HTTP_ACCEPT_LANGUAGE": "x" * 5000},
    {"HTTP_ACCEPT_LANGUAGE": "zz-ZZ;q=abc,*;q=-1,;;,"},
    {"HTTP_ACCEPT": "application/xml"},
    {"HTTP_ACCEPT": "*/*;q=abc"},
    {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "x" * 200,
     "HTTP_HX_CURRENT_URL": "javascript:alert(1)"},
    {"HTTP_X_FORWARDED_FOR": "not-an-ip, ::zz"},
    {"HTTP_REFERER": "\x00"},
]  # fmt: skip
LANGUAGE_COOKIES = ["x" * 300, "../../etc", "zz", ""]


def test_odd_headers_and_language_cookies(site: dict[str, Any]) -> None:
    """Garbage in Accept-Language, Accept, htmx's and proxies' headers, and the language
    cookie, on every page the crawl found and the API's lists."""
    from django.conf import settings

    paths = {urlsplit(url).path for url in site if not url.startswith(SKIP_PREFIXES)}
    paths |= {path for path in plain_addresses() if path.startswith("/api/")}
    paths -= {"/accounts/logout/"}
    probes = []
    for path in sorted(paths):
        for who, client in (api_clients() if path.startswith("/api/") else clients())[::2]:
            for headers in ODD_HEADERS:
                probes.append(
                    (f"GET {path} {str(headers)[:40]} as {who}",
                     lambda c=client, p=path, h=headers: c.get(p, **h))
                )  # fmt: skip
            for cookie in LANGUAGE_COOKIES:

                def send(c: Any = client, p: str = path, v: str = cookie) -> Any:
                    c.cookies[settings.LANGUAGE_COOKIE_NAME] = v
                    try:
                        return c.get(p)
                    finally:
                        del c.cookies[settings.LANGUAGE_COOKIE_NAME]

                probes.append((f"GET {path} language cookie {cookie[:20]!r} as {who}", send))
    assert_no_failures(probes, api_answers_json)


# --- the API, from its schema ----------------------------------------------------------


def api_operations() -> list[tuple[str, str, dict[str, Any], dict[str, Any]]]:
    """(method, path, operation, components) for every operation of the schema."""
    schema = SchemaGenerator().get_schema(request=None, public=True)
    operations = []
    for path, item in schema["paths"].items():
        for method, operation in item.items():
            operations.append((method, path, operation, schema["components"]["schemas"]))
    return operations


def real_ids() -> dict[str, str]:
    """A real id or slug for each kind of path parameter, from the demo."""
    from chouette.models import ChouetteSession
    from clubs.models import Player
    from disputes.models import Dispute
    from games.models import Game, Match, MatchResult, MatchTranscript
    from tournaments.models import Pairing, Tournament

    def first(model: Any) -> str:
        obj = model.objects.order_by("pk").first()
        return str(obj.pk) if obj else "1"

    return {
        "chouette-sessions": first(ChouetteSession),
        "disputes": first(Dispute),
        "games": first(Game),
        "matches": first(Match),
        "results": first(MatchResult),
        "transcripts": first(MatchTranscript),
        "pairings": first(Pairing),
        "players": first(Player),
        "tournaments": first(Tournament),
        "clubs": "nardy-club",
    }


def fill(path: str, ids: dict[str, str], bad: str | None = None) -> str:
    resource = path.strip("/").split("/")[1]
    return re.sub(r"\{[^}]+\}", lambda _: bad if bad is not None else ids.get(resource, "1"), path)


def body_fields(operation: dict[str, Any], components: dict[str, Any]) -> dict[str, Any]:
    content = operation.get("requestBody", {}).get("content", {})
    for schema in content.values():
        ref = schema["schema"].get("$ref", "")
        if ref:
            return components[ref.split("/")[-1]].get("properties", {})
    return {}


BAD_JSON_VALUES: list[Any] = [
    10**30,
    -(10**19),
    1e308,
    -1,
    "9" * 30,
    "²",
    "1e999",
    "",
    None,
    [],
    {"1": 10**30},
    [1] * 300,
    LONG_TEXT,
    "a\x00b",
    ["a\x00b"],
]


# Bodies no JSON encoder would write: nested past Python's recursion limit, broken,
# in another encoding, or of another content type altogether.
RAW_BODIES: list[tuple[str, bytes]] = [
    ("application/json", b"[" * 5000 + b"]" * 5000),
    ("application/json", b'{"a":' * 3000 + b"1" + b"}" * 3000),
    ("application/json", b"{"),
    ("application/json", b'{"x": NaN, "y": Infinity}'),
    ("application/json", b"\xff\xfe{"),
    ("application/json; charset=utf-16", '{"a": 1}'.encode("utf-16-le")),
    ("application/json; charset=no-such-charset", b'{"a": 1}'),
    ("text/plain", b"hello"),
    ("application/x-www-form-urlencoded", b"a=1&a=2&%zz=%"),
    ("multipart/form-data", b"no boundary"),
    ("multipart/form-data; boundary=xx", b"--xx\r\ngarbage"),
]


def api_clients() -> list[tuple[str, Any]]:
    return [
        ("anonymous", api_client()),
        ("player", api_client(user("aram"))),
        ("director", api_client(user("director"))),
    ]


def test_api_path_ids() -> None:
    ids = real_ids()
    probes = []
    for method, path, _op, _c in api_operations():
        if "{" not in path:
            continue
        for bad in [*BAD_IDS, "²"]:
            url = fill(path, ids, bad)
            for who, client in api_clients()[::2]:
                probes.append(
                    (f"{method.upper()} {url} as {who}",
                     lambda c=client, m=method, u=url: getattr(c, m)(u, {}, format="json"))
                )  # fmt: skip
    assert_no_failures(probes)


@pytest.mark.postgres  # PostgreSQL refuses NUL in any text
def test_api_query_strings() -> None:
    ids = real_ids()
    director = api_client(user("director"))
    probes = []
    for method, path, operation, _c in api_operations():
        if method != "get":
            continue
        url = fill(path, ids)
        names = {p["name"] for p in operation.get("parameters", []) if p["in"] == "query"}
        extra = {"match", "player", "club", "tournament", "search", *LIST_NAMES}
        for name in sorted(names | extra):
            dates = BAD_DATES if DATE_NAME.search(name) else ["0"]
            for bad in [*SHORT_BAD_NUMBERS, "٣", LONG_TEXT, "a\x00b", *dates]:
                target = f"{url}?{urlencode({name: bad})}"
                probes.append((f"GET {url}?{name}={bad[:20]!r}", lambda t=target: director.get(t)))
    assert_no_failures(probes)


@pytest.mark.postgres  # PostgreSQL refuses NUL in any text
def test_api_bodies() -> None:
    ids = real_ids()
    probes = []
    for method, path, operation, components in api_operations():
        if method == "get":
            continue
        url = fill(path, ids)
        fields = body_fields(operation, components)
        for who, client in api_clients()[2:]:
            send = getattr(client, method)
            for name in fields:
                for bad in BAD_JSON_VALUES:
                    probes.append(
                        (f"{method.upper()} {url} {name}={str(bad)[:20]!r} as {who}",
                         lambda s=send, u=url, b={name: bad}: s(u, b, format="json"))
                    )  # fmt: skip
            for body in ([], "x", 10**30):
                probes.append(
                    (f"{method.upper()} {url} body={str(body)[:20]!r} as {who}",
                     lambda s=send, u=url, b=body: s(u, b, format="json"))
                )  # fmt: skip
            for content_type, raw in RAW_BODIES:
                probes.append(
                    (f"{method.upper()} {url} {content_type} {raw[:20]!r} as {who}",
                     lambda c=client, m=method, u=url, t=content_type, r=raw:
                         c.generic(m.upper(), u, r, content_type=t))
                )  # fmt: skip
    assert_no_failures(probes, api_answers_json)
