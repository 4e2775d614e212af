"""Long nardy spelled as the engine, the matches and the API spell it: a chouette table's
variant "long_nardy" becomes "nardy" (issue 17, one spelling of the variant). The stored
rows are rewritten and the block-rule check constraint follows; going back rewrites them
the other way.
"""

from django.db import migrations, models


def spell_nardy(apps, schema_editor):
    Session = apps.get_model("chouette", "ChouetteSession")
    Session.objects.filter(variant="long_nardy").update(variant="nardy")


def spell_long_nardy(apps, schema_editor):
    Session = apps.get_model("chouette", "ChouetteSession")
    Session.objects.filter(variant="nardy").update(variant="long_nardy")


class Migration(migrations.Migration):

    dependencies = [
        ('chouette', '0005_session_block_rule'),
    ]

    operations = [
        migrations.RemoveConstraint(
            model_name='chouettesession',
            name='chouette_block_rule_only_in_long_nardy',
        ),
        migrations.RunPython(spell_nardy, spell_long_nardy),
        migrations.AlterField(
            model_name='chouettesession',
            name='variant',
            field=models.CharField(choices=[('backgammon', 'Short backgammon'), ('nardy', 'Long nardy')], default='backgammon', max_length=20, verbose_name='variant'),
        ),
        migrations.AddConstraint(
            model_name='chouettesession',
            constraint=models.CheckConstraint(condition=models.Q(models.Q(('block_rule__in', ['ahead', 'home', 'off']), ('variant', 'nardy')), models.Q(models.Q(('variant', 'nardy'), _negated=True), ('block_rule', '')), _connector='OR'), name='chouette_block_rule_only_in_nardy'),
        ),
    ]
