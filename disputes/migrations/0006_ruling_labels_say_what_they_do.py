# The rulings name the complaint and what becomes of the play or result (labels only).

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('disputes', '0005_constraint_spelled_nardy'),
    ]

    operations = [
        migrations.AlterField(
            model_name='dispute',
            name='ruling',
            field=models.CharField(blank=True, choices=[('upheld', 'complaint upheld: the play or result is corrected'), ('overturned', 'complaint rejected: the play or result stands as entered'), ('replay', 'replay from a given position')], max_length=12, verbose_name='ruling'),
        ),
    ]
