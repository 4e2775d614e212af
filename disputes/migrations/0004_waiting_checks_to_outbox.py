"""Background work now goes through the outbox: give every dispute still waiting for its
check an outbox row (the disputes' own periodic requeueing is gone)."""

from django.db import migrations


def forward(apps, schema_editor):
    Dispute = apps.get_model("disputes", "Dispute")
    Message = apps.get_model("outbox", "Message")
    waiting = Dispute.objects.filter(status__in=["submitted", "checking"])
    for dispute_id in waiting.values_list("pk", flat=True).iterator():
        Message.objects.get_or_create(
            key=f"dispute-check:{dispute_id}",
            defaults={"task": "disputes.tasks.check_dispute", "args": [dispute_id]},
        )


class Migration(migrations.Migration):
    dependencies = [
        ("disputes", "0003_dispute_block_rule"),
        ("outbox", "0001_initial"),
    ]

    operations = [migrations.RunPython(forward, migrations.RunPython.noop)]
