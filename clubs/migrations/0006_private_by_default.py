"""Private by default: players keep what they show only where a person chose it.

Chosen: a display name that differs from the legal name (somebody wrote it), a legal name
made public, or a display name edited by a person (the player log says so). Everyone
else is shown as their clubs now say: the most private of their clubs' styles, the new
default being a first name and initial ("Ivan P."). Going back changes nothing.
"""

from __future__ import annotations

from collections import defaultdict

from django.db import migrations

from clubs.names import most_private, public_form


def forward(apps, schema_editor) -> None:
    Player = apps.get_model("clubs", "Player")
    Membership = apps.get_model("clubs", "Membership")
    PlayerLog = apps.get_model("clubs", "PlayerLog")
    edited = set()
    for player_id, details in PlayerLog.objects.filter(action="edited").values_list(
            "player_id", "details"):
        if "display_name" in ((details or {}).get("fields") or ()):
            edited.add(player_id)
    styles = defaultdict(list)
    for player_id, style in Membership.objects.values_list("player_id", "club__public_names"):
        styles[player_id].append(style)
    changed = []
    for player in Player.objects.all().iterator():
        if player.display_name != player.name or player.pk in edited:
            player.shown_as = "nickname"
        elif player.name_is_public:
            player.shown_as = "full"
        else:
            player.shown_as = ""
            player.display_name = public_form(player.name, most_private(styles[player.pk])) \
                or player.display_name
        changed.append(player)
    Player.objects.bulk_update(changed, ["shown_as", "display_name"], batch_size=500)


class Migration(migrations.Migration):
    dependencies = [("clubs", "0005_public_name_styles")]
    operations = [migrations.RunPython(forward, migrations.RunPython.noop)]
