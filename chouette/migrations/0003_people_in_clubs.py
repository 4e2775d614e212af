"""The foreign keys to Club and Player point at the clubs app now: the state changes,
the tables and their columns stay as they are (the referenced tables kept their names).
"""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('chouette', '0002_session_koks_option'),
        ('clubs', '0001_initial'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name='chouetteledgerentry',
                    name='player',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='chouette_ledger', to='clubs.player', verbose_name='player'),
                ),
                migrations.AlterField(
                    model_name='chouetteparticipant',
                    name='player',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='chouette_seats', to='clubs.player', verbose_name='player'),
                ),
                migrations.AlterField(
                    model_name='chouettesession',
                    name='club',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='chouette_sessions', to='clubs.club', verbose_name='club'),
                ),
                migrations.AlterField(
                    model_name='chouettesession',
                    name='players',
                    field=models.ManyToManyField(blank=True, related_name='chouette_sessions', through='chouette.ChouetteParticipant', to='clubs.player'),
                ),
            ],
            database_operations=[],
        ),
    ]
