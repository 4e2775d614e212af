"""Club, Player and Membership now live in the clubs app: forget them here (state only).

Their tables keep their names (``db_table`` on the clubs models), so no row moves; the
foreign keys of Tournament and Entry now point at clubs.X in the state only.
"""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('chouette', '0003_people_in_clubs'),
        ('clubs', '0001_initial'),
        ('disputes', '0002_people_in_clubs'),
        ('games', '0004_people_in_clubs'),
        ('leaderboard', '0003_people_in_clubs'),
        ('tournaments', '0002_tournaments_entries_pairings'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.RemoveField(
                    model_name='membership',
                    name='club',
                ),
                migrations.AlterField(
                    model_name='tournament',
                    name='club',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='tournaments', to='clubs.club', verbose_name='club'),
                ),
                migrations.RemoveField(
                    model_name='membership',
                    name='player',
                ),
                migrations.RemoveField(
                    model_name='player',
                    name='user',
                ),
                migrations.AlterField(
                    model_name='entry',
                    name='player',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='entries', to='clubs.player', verbose_name='player'),
                ),
                migrations.DeleteModel(
                    name='Club',
                ),
                migrations.DeleteModel(
                    name='Membership',
                ),
                migrations.DeleteModel(
                    name='Player',
                ),
            ],
            database_operations=[],
        ),
    ]
