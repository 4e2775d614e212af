from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0015_result_played_on'),
    ]

    operations = [
        migrations.AddField(
            model_name='match',
            name='ratings_due',
            field=models.BooleanField(default=False, verbose_name='ratings due'),
        ),
        # the sweep looks for the few matches left due
        migrations.AddIndex(
            model_name='match',
            index=models.Index(condition=models.Q(('ratings_due', True)), fields=['played_at', 'id'], name='match_ratings_due'),
        ),
    ]
