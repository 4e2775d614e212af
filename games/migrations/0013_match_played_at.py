"""When a match was played (``Match.played_at``): the order the ratings take matches in.

Finished matches get the time their first result became official (what the ratings
ordered them by until now), else their finish time, so no rating moves.
"""

from django.db import migrations, models
from django.db.models import F, OuterRef, Subquery
from django.db.models.functions import Coalesce


def fill_played_at(apps, schema_editor):
    Match = apps.get_model("games", "Match")
    MatchResult = apps.get_model("games", "MatchResult")
    first_official = (
        MatchResult.objects.filter(match=OuterRef("pk"), status__in=["confirmed", "overridden"],
                                   confirmed_at__isnull=False)
        .order_by("confirmed_at").values("confirmed_at")[:1]
    )
    Match.objects.filter(played_at__isnull=True, finished_at__isnull=False).update(
        played_at=Coalesce(Subquery(first_official), F("finished_at"))
    )


class Migration(migrations.Migration):
    dependencies = [("games", "0012_match_clock")]

    operations = [
        migrations.AddField(
            model_name="match",
            name="played_at",
            field=models.DateTimeField(blank=True, null=True, verbose_name="played at"),
        ),
        migrations.RunPython(fill_played_at, migrations.RunPython.noop),
    ]
