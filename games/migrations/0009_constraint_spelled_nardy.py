"""The block-rule check constraint named with the one spelling of long nardy ("nardy",
issue 17); the condition is unchanged.
"""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0008_waiting_checks_to_outbox'),
    ]

    operations = [
        migrations.RemoveConstraint(
            model_name='match',
            name='match_block_rule_only_in_long_nardy',
        ),
        migrations.AddConstraint(
            model_name='match',
            constraint=models.CheckConstraint(condition=models.Q(models.Q(('block_rule__in', ['ahead', 'home', 'off']), ('variant', 'nardy')), models.Q(models.Q(('variant', 'nardy'), _negated=True), ('block_rule', '')), _connector='OR'), name='match_block_rule_only_in_nardy'),
        ),
    ]
