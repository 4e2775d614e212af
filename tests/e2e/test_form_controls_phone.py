"""Radio buttons and checkboxes keep their shape on a 390 px phone (issue 27 part 3): a
long label beside one in a flex row squeezed the dispute form's play-mode radio to a
sliver. Every one on the dispute form is as wide as it is high, and none is under the
touch-friendly size the site sets."""

from __future__ import annotations

from typing import Any

import pytest

from tests.games.match_factories import match_with_logins
from tests.support.browser import signed_in

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SHAPES_JS = """
() => Array.from(document.querySelectorAll('input[type=radio], input[type=checkbox]'))
  .filter((el) => el.offsetParent !== null)
  .map((el) => { const r = el.getBoundingClientRect();
                 return [el.name + ':' + el.value, Math.round(r.width), Math.round(r.height)]; })
"""


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_dispute_forms_choices_keep_their_shape_on_a_phone(live_server: Any, browser: Any,
                                                              language: str) -> None:
    match, alice, _bob = match_with_logins()
    context, page = signed_in(browser, live_server.url, alice, {"width": 390, "height": 844},
                              language)
    page.goto(f"{live_server.url}/matches/{match.pk}/disputes/new/")
    shapes = page.evaluate(SHAPES_JS)
    assert len(shapes) >= 3
    for name, width, height in shapes:
        assert abs(width - height) <= 1 and width >= 20, (name, width, height)
    context.close()
