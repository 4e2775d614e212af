"""A dispute entered in a real browser: the position clicked in on the board editor,
submitted, checked by the real worker, the verdict appearing in place (htmx polling)."""

from __future__ import annotations

import numpy as np
import pytest

from disputes.models import Dispute
from engine.ids import encode_position_id
from tests.games.match_factories import match_with_logins

pytestmark = [pytest.mark.e2e]


def log_in(page, live_server, username: str) -> None:  # type: ignore[no-untyped-def]
    page.goto(live_server.url + "/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill("password")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(live_server.url + "/")


def click_point(page, point: int, **options) -> None:  # type: ignore[no-untyped-def]
    page.locator(f'#board-editor rect[data-target="point"][data-point="{point}"]').click(**options)


def test_a_position_clicked_in_on_the_board_gets_its_verdict(
    celery_worker, live_server, page
) -> None:
    match, alice, _bob = match_with_logins()
    log_in(page, live_server, alice.username)
    page.goto(f"{live_server.url}/matches/{match.pk}/disputes/new/")

    # The side on roll: one checker on its 8-point and one on its 2-point (and a slip
    # on the 3-point, taken off again with a shift-click).
    click_point(page, 8)
    click_point(page, 2)
    click_point(page, 3)
    click_point(page, 3, modifiers=["Shift"])
    # The opponent: one checker on the on-roll side's 19-point (the opponent's 6-point).
    page.get_by_label("the opponent (top)").check()
    click_point(page, 19)
    page.locator('[data-count="other-off"]').filter(has_text="14").wait_for()

    board = np.zeros((2, 25), dtype=np.int8)
    board[1, 7] = board[1, 1] = 1  # side on roll: points 8 and 2
    board[0, 5] = 1  # opponent: its own 6-point
    expected = encode_position_id(board)
    assert page.get_by_label("Position ID").input_value() == expected
    # The board drawn by the server follows the clicks.
    page.locator('#board-editor g.point[data-point="19"][data-seat="1"][data-count="1"]').wait_for()

    page.get_by_label("First die").fill("6")
    page.get_by_label("Second die").fill("1")
    # The play made, clicked on the board: from the 8-point to the 7-point.
    page.get_by_label("Play mode", exact=False).check()
    click_point(page, 8)
    click_point(page, 7)
    assert page.get_by_label("Play made").input_value() == "8/7"
    assert page.get_by_label("Position ID").input_value() == expected  # unchanged
    page.get_by_label("Statement").fill("Only one die was played.")
    page.get_by_role("button", name="Submit the dispute").click()

    verdict = page.get_by_test_id("verdict")
    verdict.wait_for(timeout=60_000)  # arrives in place while the page polls
    assert verdict.get_attribute("data-code") == "must_use_both_dice"
    assert "both dice can be played, so both must be" in verdict.inner_text()
    assert "8/1" in page.get_by_test_id("alternatives").inner_text()
    assert page.locator("#dispute-status").get_attribute("data-status") == "checked"
    assert page.locator("#dispute-status").get_attribute("hx-trigger") is None  # polling stopped
    assert page.get_by_test_id("board").locator("line.arrow").count() == 1

    dispute = Dispute.objects.get()
    assert (dispute.position_id, dispute.dice, dispute.notation) == (expected, (6, 1), "8/7")


def test_the_form_refuses_bad_dice_in_the_browser(live_server, page, transactional_db) -> None:
    match, alice, _bob = match_with_logins()
    log_in(page, live_server, alice.username)
    page.goto(f"{live_server.url}/matches/{match.pk}/disputes/new/")
    page.get_by_role("button", name="Starting position").click()
    page.locator('[data-count="own-off"]').filter(has_text="0").wait_for()
    assert page.get_by_label("Position ID").input_value() == "4HPwATDgc/ABMA"
    page.get_by_label("First die").fill("7")
    page.get_by_label("Second die").fill("1")
    page.get_by_label("Play made").fill("8/5 6/5")
    page.get_by_role("button", name="Submit the dispute").click()
    assert page.get_by_test_id("error-dice1").is_visible()
    assert Dispute.objects.count() == 0
