"""The one table of a tournament's settings (tournaments.event_settings) fits the model
and the formats, and drives the form, the serializers and the edit rules."""

import datetime

import pytest
from django.db import IntegrityError, transaction

from tests.factories import ClubFactory
from tournaments.event_settings import (
    COPIED,
    DRAW_OPTIONS,
    EDITABLE,
    FORMAT_SETTINGS,
    NUMBER_BOUNDS,
    SETTING,
    SETTINGS,
)
from tournaments.format_registry import FORMATS, format_of
from tournaments.forms.tournament import TournamentForm
from tournaments.models import Tournament
from tournaments.serializers import TournamentInputSerializer, TournamentSerializer


def test_each_setting_is_a_field_of_the_tournament_declared_once():
    fields = {field.name for field in Tournament._meta.get_fields()}
    assert len(EDITABLE) == len(set(EDITABLE)) == len(SETTINGS)
    assert set(EDITABLE) <= fields
    assert DRAW_OPTIONS <= set(EDITABLE) and set(COPIED) <= set(EDITABLE)
    assert set(NUMBER_BOUNDS) <= set(EDITABLE)


def test_every_setting_a_format_uses_can_be_set_and_each_format_setting_is_used():
    used = set()
    for event_format in FORMATS.values():
        assert set(event_format.settings) <= set(EDITABLE), event_format.key
        used |= set(event_format.settings)
    assert set(FORMAT_SETTINGS) <= used  # no format's setting that no format uses


def test_the_draw_fixes_the_format_and_divisions_keep_their_own_registration():
    assert {"format", "seeding", "variant", "divisions"} <= DRAW_OPTIONS
    assert not {"name", "capacity", "registration_deadline", "divisions"} & set(COPIED)


def test_the_serializers_take_their_fields_bounds_and_help_from_the_table():
    accepted = TournamentInputSerializer().fields
    assert list(accepted) == ["club", *EDITABLE]
    for name, (lowest, highest) in NUMBER_BOUNDS.items():
        assert (accepted[name].min_value, accepted[name].max_value) == (lowest, highest), name
    shown = TournamentSerializer().fields
    assert {s.name for s in SETTINGS if s.shown} <= set(shown)
    assert not {s.name for s in SETTINGS if not s.shown} & set(shown)
    for setting in SETTINGS:
        if setting.help and setting.name != "tiebreaks":  # declared by the input with its choices
            assert accepted[setting.name].help_text.startswith(setting.help)
            assert shown[setting.name].help_text.startswith(setting.help)


@pytest.mark.django_db
@pytest.mark.parametrize("key", sorted(Tournament.Format.values))
def test_the_form_shows_the_formats_settings_with_the_tables_bounds(key):
    form = TournamentForm(format_key=key)
    used = set(format_of(key).settings)
    for name in FORMAT_SETTINGS:
        shown = (name if name != "tiebreaks" else "tiebreak_order") in form.fields
        assert shown == (name in used), (key, name)
    for name, (lowest, highest) in NUMBER_BOUNDS.items():
        if name in form.fields:
            assert (form.fields[name].min_value, form.fields[name].max_value) == (lowest, highest)


@pytest.mark.django_db
@pytest.mark.parametrize("outside", [-1, 1])
def test_the_database_refuses_the_cycles_the_table_refuses(outside):
    lowest, highest = SETTING["cycles"].bounds
    fields = {"club": ClubFactory(), "name": "T", "starts_on": datetime.date(2026, 1, 1),
              "variant": "backgammon", "format": "round_robin"}
    for cycles in (lowest, highest):
        Tournament.objects.create(**fields, cycles=cycles)
    with pytest.raises(IntegrityError), transaction.atomic():
        Tournament.objects.create(**fields, cycles=lowest - 1 if outside < 0 else highest + 1)
