"""Background work now goes through the outbox: give every transcript still waiting for
its check an outbox row (the periodic requeueing of the games app is gone)."""

from django.db import migrations


def forward(apps, schema_editor):
    MatchTranscript = apps.get_model("games", "MatchTranscript")
    Message = apps.get_model("outbox", "Message")
    waiting = MatchTranscript.objects.filter(status__in=["pending", "checking"])
    for transcript_id in waiting.values_list("pk", flat=True).iterator():
        Message.objects.get_or_create(
            key=f"transcript-check:{transcript_id}",
            defaults={"task": "games.tasks.check_transcript", "args": [transcript_id]},
        )


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0007_match_block_rule"),
        ("outbox", "0001_initial"),
    ]

    operations = [migrations.RunPython(forward, migrations.RunPython.noop)]
