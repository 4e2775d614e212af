"""The six-point block rule a long-nardy dispute is judged under (rules-long-nardy.md
section 7). Every dispute so far was judged under the main rule, so that is what the
long-nardy ones get; backgammon disputes have none.
"""

from django.db import migrations, models


def main_rule_for_long_nardy(apps, schema_editor):
    Dispute = apps.get_model("disputes", "Dispute")
    Dispute.objects.filter(variant="nardy").update(block_rule="ahead")


class Migration(migrations.Migration):

    dependencies = [
        ('disputes', '0002_people_in_clubs'),
    ]

    operations = [
        migrations.AddField(
            model_name='dispute',
            name='block_rule',
            field=models.CharField(blank=True, choices=[('ahead', 'main rule (an opponent checker ahead of the block)'), ('home', 'home rule (an opponent checker in its home)'), ('off', 'no block rule')], default='', max_length=8, verbose_name='six-point block rule'),
        ),
        migrations.RunPython(main_rule_for_long_nardy, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name='dispute',
            constraint=models.CheckConstraint(condition=models.Q(models.Q(('block_rule__in', ['ahead', 'home', 'off']), ('variant', 'nardy')), models.Q(models.Q(('variant', 'nardy'), _negated=True), ('block_rule', '')), _connector='OR'), name='dispute_block_rule_only_in_long_nardy'),
        ),
    ]
