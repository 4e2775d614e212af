"""The foreign keys to Club and Player point at the clubs app now: the state changes,
the tables and their columns stay as they are (the referenced tables kept their names).
"""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('clubs', '0001_initial'),
        ('leaderboard', '0002_ranked_event_tournament'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name='eventplacing',
                    name='player',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='event_placings', to='clubs.player', verbose_name='player'),
                ),
                migrations.AlterField(
                    model_name='externalevent',
                    name='club',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='external_events', to='clubs.club', verbose_name='club'),
                ),
                migrations.AlterField(
                    model_name='externalplace',
                    name='player',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to='clubs.player', verbose_name='player'),
                ),
                migrations.AlterField(
                    model_name='playerrating',
                    name='player',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='ratings', to='clubs.player', verbose_name='player'),
                ),
                migrations.AlterField(
                    model_name='rankedevent',
                    name='club',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='ranked_events', to='clubs.club', verbose_name='club'),
                ),
                migrations.AlterField(
                    model_name='ratingchange',
                    name='opponent',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='clubs.player', verbose_name='opponent'),
                ),
                migrations.AlterField(
                    model_name='ratingchange',
                    name='player',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='rating_changes', to='clubs.player', verbose_name='player'),
                ),
            ],
            database_operations=[],
        ),
    ]
