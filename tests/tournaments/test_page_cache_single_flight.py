"""A missing fragment is rendered by one request: the others asking for it meanwhile wait
for its value (a result on a busy event makes every open page poll within seconds)."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from tournaments import page_cache
from tournaments.models import Tournament


def _ask(owner: str, render: Any) -> Any:
    """The fragment of an event (not saved: no query) named after ``owner``."""
    return page_cache.fragment(Tournament(pk=987_654), f"single-flight:{owner}", render)


def test_a_fragment_being_rendered_is_waited_for_not_rendered_again(monkeypatch: pytest.MonkeyPatch) -> None:
    first_inside, release_first, second_waiting = threading.Event(), threading.Event(), threading.Event()
    renders: list[str] = []
    real_sleep = page_cache.time.sleep

    def first_render() -> str:
        renders.append("first")
        first_inside.set()
        assert release_first.wait(60)
        return "the first's page"

    def second_render() -> str:
        renders.append("second")
        return "the second's page"

    def sleep(seconds: float) -> None:  # the second request, waiting for the first's value
        second_waiting.set()
        real_sleep(seconds)

    monkeypatch.setattr(page_cache, "RENDER_WAIT", 60.0)
    monkeypatch.setattr(page_cache.time, "sleep", sleep)
    answers: dict[str, str] = {}
    first = threading.Thread(target=lambda: answers.update(first=_ask("o", first_render)))
    second = threading.Thread(target=lambda: answers.update(second=_ask("o", second_render)))
    first.start()
    assert first_inside.wait(60)
    second.start()
    assert second_waiting.wait(60)  # it missed the value and waits
    release_first.set()
    first.join(60)
    second.join(60)
    assert renders == ["first"]
    assert answers == {"first": "the first's page", "second": "the first's page"}


def test_a_renderer_that_fails_leaves_the_next_request_to_render() -> None:
    def failing() -> str:
        raise RuntimeError("the database went away")

    with pytest.raises(RuntimeError):
        _ask("p", failing)
    assert _ask("p", lambda: "rendered") == "rendered"  # not held back by the failed one


def test_someone_else_s_fragment_is_not_waited_for(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(page_cache.time, "sleep", lambda _: pytest.fail("waited"))
    assert _ask("q", lambda: "q's") == "q's"
    assert _ask("r", lambda: "r's") == "r's"
