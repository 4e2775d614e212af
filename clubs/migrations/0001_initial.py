"""Club, Player and Membership move here from the tournaments app.

State only: the models are created in the migration state with ``db_table`` set to the
tables the tournaments app made (``tournaments_club``, ``tournaments_player``,
``tournaments_membership``, and ``tournaments_club_directors`` for the directors), so
not one row is copied or changed. ``tournaments.0003`` forgets the models there, after
every other app's foreign keys point here.

The content types of the three models are renamed from ``tournaments`` to ``clubs``, so
their permissions (``clubs.change_player``, ...) and the admin log keep their rows.
"""

import django.db.models.deletion
import django.utils.timezone
from django.conf import settings
from django.db import migrations, models

MOVED_MODELS = ("club", "player", "membership")


def _relabel(apps, schema_editor, old: str, new: str) -> None:
    content_types = apps.get_model("contenttypes", "ContentType")
    db = schema_editor.connection.alias
    for model in MOVED_MODELS:
        if content_types.objects.using(db).filter(app_label=new, model=model).exists():
            continue  # already there (made by a migrate run in between): keep it
        content_types.objects.using(db).filter(app_label=old, model=model).update(app_label=new)


def content_types_to_clubs(apps, schema_editor) -> None:
    _relabel(apps, schema_editor, "tournaments", "clubs")


def content_types_to_tournaments(apps, schema_editor) -> None:
    _relabel(apps, schema_editor, "clubs", "tournaments")


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
        ("contenttypes", "0002_remove_content_type_name"),
        # the tables were made there; this is the schema just before the move
        ("tournaments", "0002_tournaments_entries_pairings"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='Club',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('name', models.CharField(max_length=120, verbose_name='name')),
                        ('slug', models.SlugField(max_length=80, unique=True, verbose_name='slug')),
                        ('description', models.TextField(blank=True, verbose_name='description')),
                        ('created_at', models.DateTimeField(auto_now_add=True, verbose_name='created at')),
                        ('directors', models.ManyToManyField(blank=True, related_name='directed_clubs', to=settings.AUTH_USER_MODEL, verbose_name='directors')),
                    ],
                    options={
                        'verbose_name': 'club',
                        'verbose_name_plural': 'clubs',
                        'db_table': 'tournaments_club',
                        'ordering': ['name'],
                    },
                ),
                migrations.CreateModel(
                    name='Player',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('name', models.CharField(max_length=120, verbose_name='full name')),
                        ('display_name', models.CharField(max_length=60, verbose_name='display name')),
                        ('created_at', models.DateTimeField(auto_now_add=True, verbose_name='created at')),
                        ('user', models.OneToOneField(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='player', to=settings.AUTH_USER_MODEL, verbose_name='login')),
                    ],
                    options={
                        'verbose_name': 'player',
                        'verbose_name_plural': 'players',
                        'db_table': 'tournaments_player',
                        'ordering': ['display_name', 'pk'],
                    },
                ),
                migrations.CreateModel(
                    name='Membership',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('joined_on', models.DateField(default=django.utils.timezone.localdate, verbose_name='joined on')),
                        ('club', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='memberships', to='clubs.club', verbose_name='club')),
                        ('player', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='memberships', to='clubs.player', verbose_name='player')),
                    ],
                    options={
                        'verbose_name': 'membership',
                        'verbose_name_plural': 'memberships',
                        'db_table': 'tournaments_membership',
                        'ordering': ['club', 'player'],
                    },
                ),
                migrations.AddField(
                    model_name='club',
                    name='members',
                    field=models.ManyToManyField(blank=True, related_name='clubs', through='clubs.Membership', to='clubs.player', verbose_name='members'),
                ),
                migrations.AddConstraint(
                    model_name='membership',
                    constraint=models.UniqueConstraint(fields=('club', 'player'), name='unique_club_membership'),
                ),
            ],
            database_operations=[],
        ),
        migrations.RunPython(content_types_to_clubs, content_types_to_tournaments),
    ]
