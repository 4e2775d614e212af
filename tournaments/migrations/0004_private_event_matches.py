"""Matches of private events become private (games.Match.is_public, added by games 0005)."""

from django.db import migrations


def hide_private_event_matches(apps, schema_editor):
    Match = apps.get_model("games", "Match")
    Match.objects.filter(pairing__tournament__is_public=False).update(is_public=False)


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0003_people_moved_to_clubs"),
        ("games", "0005_match_is_public"),
    ]

    operations = [
        migrations.RunPython(hide_private_event_matches, migrations.RunPython.noop),
    ]
