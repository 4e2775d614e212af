"""The settings of a tournament a director may set, each declared once: whether it shapes
the draw (fixed once the draw is made) and whether the events of its divisions copy it.

The service that creates and edits an event (``services.entries``: what may be set, what
is fixed after the draw), the split into divisions (``services.divisions``: what each
division's event inherits) and the API's input serializer (its fields, in this order) read
this one table. The bounds of the numbers are ``tournaments.limits.NUMBER_BOUNDS``; which
format uses which setting, each format's ``settings`` (``tournaments.formats``). Plain
Python.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Setting:
    name: str  # the Tournament field
    fixed_at_draw: bool = False  # shapes the draw: cannot change once it is made
    copied_to_divisions: bool = True  # each division's event starts with the same value


SETTINGS: tuple[Setting, ...] = (
    Setting("name", copied_to_divisions=False),  # a division's event is named for it
    Setting("starts_on"),
    Setting("ends_on"),
    Setting("variant", fixed_at_draw=True),
    Setting("format", fixed_at_draw=True),
    Setting("is_public"),
    Setting("rules"),  # the six-point block rule inside is checked on its own
    Setting("rules_text"),
    Setting("match_lengths"),
    Setting("seeding", fixed_at_draw=True),
    Setting("seeded_top", fixed_at_draw=True),
    Setting("consolation", fixed_at_draw=True),
    Setting("last_chance"),
    Setting("cycles", fixed_at_draw=True),
    Setting("group_count", fixed_at_draw=True),
    Setting("qualifiers_per_group", fixed_at_draw=True),
    Setting("group_format", fixed_at_draw=True),
    Setting("swiss_rounds"),
    Setting("tiebreaks"),
    Setting("grand_final_reset", fixed_at_draw=True),
    Setting("losses_limit", fixed_at_draw=True),
    Setting("round_limit"),
    Setting("random_seed", fixed_at_draw=True),
    Setting("playoff_places", fixed_at_draw=True),
    # registration, check-in and the day (tournaments.event_rules)
    Setting("registration_deadline", copied_to_divisions=False),
    Setting("approval_required", copied_to_divisions=False),
    Setting("capacity", copied_to_divisions=False),
    Setting("entry_fee"),
    Setting("divisions", fixed_at_draw=True, copied_to_divisions=False),
    Setting("late_entry_rule"),
    Setting("late_entry_penalty"),
    Setting("check_in_opens_at", copied_to_divisions=False),
    Setting("check_in_closes_at", copied_to_divisions=False),
    Setting("forfeit_minutes"),
    Setting("time_controls"),
    Setting("clock_rule"),  # the clock each match gets (event_rules.match_clock)
    Setting("clock_minutes_per_point"),
    Setting("clock_delay_seconds"),
    Setting("clock_bank_minutes"),
    Setting("time_zone"),  # empty: the club's
    Setting("start_time"),
    Setting("avoid_same_club"),
    Setting("avoided_pairs"),
)

EDITABLE: tuple[str, ...] = tuple(setting.name for setting in SETTINGS)
DRAW_OPTIONS: frozenset[str] = frozenset(s.name for s in SETTINGS if s.fixed_at_draw)
COPIED: tuple[str, ...] = tuple(s.name for s in SETTINGS if s.copied_to_divisions)
