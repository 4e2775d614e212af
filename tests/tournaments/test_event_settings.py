"""The one table of a tournament's settings (tournaments.event_settings) fits the model
and the formats."""

from tournaments.event_settings import COPIED, DRAW_OPTIONS, EDITABLE, SETTINGS
from tournaments.format_registry import FORMATS
from tournaments.limits import NUMBER_BOUNDS
from tournaments.models import Tournament


def test_each_setting_is_a_field_of_the_tournament_declared_once():
    fields = {field.name for field in Tournament._meta.get_fields()}
    assert len(EDITABLE) == len(set(EDITABLE)) == len(SETTINGS)
    assert set(EDITABLE) <= fields
    assert DRAW_OPTIONS <= set(EDITABLE) and set(COPIED) <= set(EDITABLE)
    assert set(NUMBER_BOUNDS) <= set(EDITABLE)


def test_every_setting_a_format_uses_can_be_set():
    for event_format in FORMATS.values():
        assert set(event_format.settings) <= set(EDITABLE), event_format.key


def test_the_draw_fixes_the_format_and_divisions_keep_their_own_registration():
    assert {"format", "seeding", "variant", "divisions"} <= DRAW_OPTIONS
    assert not {"name", "capacity", "registration_deadline", "divisions"} & set(COPIED)
