"""The foreign keys to Club and Player point at the clubs app now: the state changes,
the tables and their columns stay as they are (the referenced tables kept their names).
"""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('clubs', '0001_initial'),
        ('games', '0003_repair_impossible_scores'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name='match',
                    name='club',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='matches', to='clubs.club', verbose_name='club'),
                ),
                migrations.AlterField(
                    model_name='match',
                    name='player1',
                    field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='matches_as_player1', to='clubs.player', verbose_name='player 1'),
                ),
                migrations.AlterField(
                    model_name='match',
                    name='player2',
                    field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='matches_as_player2', to='clubs.player', verbose_name='player 2'),
                ),
                migrations.AlterField(
                    model_name='match',
                    name='winner',
                    field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='matches_won', to='clubs.player', verbose_name='winner'),
                ),
            ],
            database_operations=[],
        ),
    ]
