"""The foreign keys to Club and Player point at the clubs app now: the state changes,
the tables and their columns stay as they are (the referenced tables kept their names).
"""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('clubs', '0001_initial'),
        ('disputes', '0001_initial'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name='dispute',
                    name='club',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='disputes', to='clubs.club', verbose_name='club'),
                ),
            ],
            database_operations=[],
        ),
    ]
