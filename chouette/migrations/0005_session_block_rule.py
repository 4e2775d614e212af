"""The six-point block rule a long-nardy chouette table plays under (rules-long-nardy.md
section 7): the tables opened so far get the main rule; backgammon tables have none.
"""

from django.db import migrations, models


def main_rule_for_long_nardy(apps, schema_editor):
    Session = apps.get_model("chouette", "ChouetteSession")
    Session.objects.filter(variant="long_nardy").update(block_rule="ahead")


class Migration(migrations.Migration):

    dependencies = [
        ('chouette', '0004_house_rules_split_merge'),
    ]

    operations = [
        migrations.AddField(
            model_name='chouettesession',
            name='block_rule',
            field=models.CharField(blank=True, choices=[('ahead', 'main rule (an opponent checker ahead of the block)'), ('home', 'home rule (an opponent checker in its home)'), ('off', 'no block rule')], default='', max_length=8, verbose_name='six-point block rule'),
        ),
        migrations.RunPython(main_rule_for_long_nardy, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name='chouettesession',
            constraint=models.CheckConstraint(condition=models.Q(models.Q(('block_rule__in', ['ahead', 'home', 'off']), ('variant', 'long_nardy')), models.Q(models.Q(('variant', 'long_nardy'), _negated=True), ('block_rule', '')), _connector='OR'), name='chouette_block_rule_only_in_long_nardy'),
        ),
    ]
