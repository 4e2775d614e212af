"""The six-point block regulation of a long-nardy match (rules-long-nardy.md section 7).

Every long-nardy match played so far was judged under the main rule, so that is what
they get; backgammon matches have none ("").
"""

from django.db import migrations, models


def main_rule_for_long_nardy(apps, schema_editor):
    Match = apps.get_model("games", "Match")
    Match.objects.filter(variant="nardy").update(block_rule="ahead")


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0006_event_day'),
    ]

    operations = [
        migrations.AddField(
            model_name='match',
            name='block_rule',
            field=models.CharField(blank=True, choices=[('ahead', 'main rule (an opponent checker ahead of the block)'), ('home', 'home rule (an opponent checker in its home)'), ('off', 'no block rule')], default='', help_text='Long nardy only.', max_length=8, verbose_name='six-point block rule'),
        ),
        migrations.RunPython(main_rule_for_long_nardy, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name='match',
            constraint=models.CheckConstraint(condition=models.Q(models.Q(('block_rule__in', ['ahead', 'home', 'off']), ('variant', 'nardy')), models.Q(models.Q(('variant', 'nardy'), _negated=True), ('block_rule', '')), _connector='OR'), name='match_block_rule_only_in_long_nardy'),
        ),
    ]
