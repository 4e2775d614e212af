"""The pure rules around the draw (tournaments/event_rules.py): table-driven."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments import event_rules as rules
from tournaments.event_rules import CheckIn, Placement, RegistrationError

NOW = datetime(2026, 11, 21, 10, 0, tzinfo=UTC)
HOUR = timedelta(hours=1)


@pytest.mark.parametrize(("status", "deadline", "code"), [
    ("registration", None, None),
    ("registration", NOW + HOUR, None),
    ("registration", NOW, "registration_deadline_passed"),
    ("registration", NOW - HOUR, "registration_deadline_passed"),
    ("draft", None, "registration_closed"),
    ("running", None, "registration_closed"),
])
def test_registration_is_open_in_its_stage_before_the_deadline(status, deadline, code) -> None:
    if code is None:
        rules.check_registration_open(status=status, deadline=deadline, now=NOW)
    else:
        with pytest.raises(RegistrationError) as caught:
            rules.check_registration_open(status=status, deadline=deadline, now=NOW)
        assert caught.value.code == code


@pytest.mark.parametrize(("capacity", "entered", "approval", "expected"), [
    (None, 100, False, Placement.ENTERED),
    (24, 23, False, Placement.ENTERED),
    (24, 24, False, Placement.WAITLISTED),
    (24, 30, False, Placement.WAITLISTED),
    (24, 0, True, Placement.PENDING),
    (None, 0, True, Placement.PENDING),
])
def test_placement_of_a_new_registration(capacity, entered, approval, expected) -> None:
    assert rules.placement(capacity=capacity, entered=entered, approval_required=approval) is expected


@pytest.mark.parametrize(("capacity", "entered", "waiting", "moved"), [
    (24, 23, 3, 1), (24, 24, 3, 0), (24, 20, 3, 3), (None, 50, 4, 4), (10, 12, 2, 0),
])
def test_places_to_fill_from_the_waiting_list(capacity, entered, waiting, moved) -> None:
    assert rules.places_to_fill(capacity=capacity, entered=entered, waiting=waiting) == moved


@pytest.mark.parametrize("capacity", [0, -1, 2.5, True, "8"])
def test_capacity_must_be_a_whole_number_from_one(capacity) -> None:
    with pytest.raises(RegistrationError) as caught:
        rules.check_capacity(capacity)
    assert caught.value.code == "bad_capacity"


def test_a_deadline_being_set_lies_ahead() -> None:
    rules.check_deadline(NOW + HOUR, NOW)
    rules.check_deadline(None, NOW)
    for past in (NOW, NOW - HOUR):
        with pytest.raises(RegistrationError) as caught:
            rules.check_deadline(past, NOW)
        assert caught.value.code == "deadline_in_past"


DIVISIONS = rules.parse_divisions([
    {"code": "open", "name": "Open"},
    {"code": "inter", "name": "Intermediate", "max_rating": 1650},
    {"code": "novice", "name": "Novice", "max_rating": 1500, "self_declared": True},
])


@pytest.mark.parametrize(("code", "rating", "expected"), [
    ("open", 1900, "open"),
    ("inter", 1650, "inter"),
    ("inter", None, "inter"),        # unrated counts as 1500
    ("novice", 1800, "novice"),      # self-declared: the player's word is taken
    ("inter", 1651, "division_rating_limit"),
    ("expert", 1500, "unknown_division"),
    ("", 1500, "division_required"),  # three divisions allow a 1500 player: choose
])
def test_division_choice(code, rating, expected) -> None:
    if expected in ("open", "inter", "novice"):
        assert rules.choose_division(DIVISIONS, code, rating) == expected
    else:
        with pytest.raises(RegistrationError) as caught:
            rules.choose_division(DIVISIONS, code, rating)
        assert caught.value.code == expected


def test_no_divisions_means_no_division_and_one_possible_is_chosen() -> None:
    assert rules.choose_division([], "", 1700) == ""
    only_open = rules.parse_divisions([{"code": "open", "name": "Open"},
                                       {"code": "low", "name": "Low", "max_rating": 1400}])
    assert rules.choose_division(only_open, "", 1700) == "open"


@pytest.mark.parametrize("raw", [
    "open", [{"code": "", "name": "X"}], [{"code": "a", "name": ""}],
    [{"code": "a", "name": "A"}, {"code": "a", "name": "B"}],
    [{"code": "a", "name": "A", "max_rating": -5}], [{"code": "a b", "name": "A"}],
    [{"code": f"d{i}", "name": "D"} for i in range(9)],
])
def test_bad_divisions_are_refused(raw) -> None:
    with pytest.raises(RegistrationError) as caught:
        rules.parse_divisions(raw)
    assert caught.value.code == "bad_divisions"


def test_divisions_round_trip_through_the_console_text() -> None:
    text = "open: Open; inter: Intermediate <1650; nov: Novice *"
    raw = rules.divisions_from_text(text)
    assert [d.code for d in rules.parse_divisions(raw)] == ["open", "inter", "nov"]
    assert raw[1]["max_rating"] == 1650 and raw[2]["self_declared"] is True
    assert rules.divisions_from_text(rules.divisions_to_text(raw)) == raw


@pytest.mark.parametrize(("opens", "closes", "now", "state"), [
    (None, None, NOW, CheckIn.NOT_REQUIRED),
    (NOW + HOUR, None, NOW, CheckIn.NOT_OPEN),
    (NOW - HOUR, None, NOW, CheckIn.OPEN),
    (NOW - HOUR, NOW + HOUR, NOW, CheckIn.OPEN),
    (NOW - 2 * HOUR, NOW, NOW, CheckIn.CLOSED),
    (NOW, NOW + HOUR, NOW, CheckIn.OPEN),
])
def test_check_in_window(opens, closes, now, state) -> None:
    assert rules.check_in_state(opens, closes, now) is state


def test_check_in_window_must_close_after_it_opens() -> None:
    for opens, closes in ((NOW, NOW), (NOW, NOW - HOUR), (None, NOW)):
        with pytest.raises(RegistrationError):
            rules.check_check_in_window(opens, closes)


CONTROLS = rules.parse_time_controls([
    {"from_round": 1, "text": "2 min per point + 12 s delay", "forfeit_minutes": 15},
    {"from_round": 4, "text": "2 min per point + 12 s delay, clocks", "clocks_required": True},
])


@pytest.mark.parametrize(("round_number", "text", "clocks", "forfeit"), [
    (1, "2 min per point + 12 s delay", False, 15),
    (3, "2 min per point + 12 s delay", False, 15),
    (4, "2 min per point + 12 s delay, clocks", True, 10),
    (9, "2 min per point + 12 s delay, clocks", True, 10),
])
def test_time_control_of_a_round(round_number, text, clocks, forfeit) -> None:
    control = rules.time_control_for(CONTROLS, round_number)
    assert control is not None and (control.text, control.clocks_required) == (text, clocks)
    assert rules.forfeit_minutes_for(CONTROLS, round_number, 10) == forfeit


def test_no_time_control_before_the_first_one() -> None:
    late = rules.parse_time_controls([{"from_round": 3, "text": "clocks"}])
    assert rules.time_control_for(late, 2) is None
    assert rules.forfeit_minutes_for(late, 2, None) is None


def test_time_controls_from_the_console_text() -> None:
    raw = rules.time_controls_from_text("1: 2 min/point + 12 s delay +15; 4: same with clocks")
    assert raw == [
        {"from_round": 1, "text": "2 min/point + 12 s delay", "clocks_required": False,
         "forfeit_minutes": 15},
        {"from_round": 4, "text": "same with clocks", "clocks_required": True, "forfeit_minutes": None},
    ]
    assert rules.time_controls_from_text(rules.time_controls_to_text(raw)) == raw
    for bad in ("round one: x", "1: a; 1: b", "0: x", "1: x +999"):
        with pytest.raises(RegistrationError):
            rules.time_controls_from_text(bad)


@given(st.sets(st.integers(min_value=1, max_value=40)))
def test_the_lowest_free_table_is_free_and_lowest(used: set[int]) -> None:
    table = int(rules.lowest_free_table(str(n) for n in used))
    assert table not in used
    assert all(n in used for n in range(1, table))
