"""What a club, or a person, owns: found from the models' relations, not from a list.

An app added later is included without a change here: its rows are found because they
point at the club (or at a row of the club's) the way Django's deletion does, with the
admin's ``NestedObjects`` collector (every row deleting the club would delete, plus the
rows its PROTECT relations guard, which are the club's too: the club cannot go without
them), then the players those rows name.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

from django.apps import apps
from django.contrib.admin.utils import NestedObjects
from django.contrib.auth import get_user_model
from django.db import models

from clubs.models import Club, Player

Rows = dict[type[models.Model], dict[int, models.Model]]


def concrete_foreign_keys(model: type[models.Model]) -> list[models.ForeignKey]:
    """The model's own foreign keys and one-to-one fields (not its reverse relations)."""
    return [field for field in model._meta.concrete_fields
            if isinstance(field, models.ForeignKey)]


def many_to_many(model: type[models.Model]) -> list[models.ManyToManyField]:
    """The model's many-to-many fields kept in an automatic table (Django's serializers
    write those with the row; a declared ``through`` model is a model of its own)."""
    return [field for field in model._meta.local_many_to_many
            if field.remote_field.through._meta.auto_created]


def _add(rows: Rows, objects: Iterable[models.Model]) -> list[models.Model]:
    """Add ``objects`` to ``rows``; the ones that were not there yet."""
    new = []
    for obj in objects:
        model = type(obj)._meta.concrete_model
        if model._meta.auto_created:  # an automatic many-to-many table: the row carries it
            continue
        if obj.pk not in rows[model]:
            rows[model][obj.pk] = obj
            new.append(obj)
    return new


def cascade(roots: Iterable[models.Model]) -> Rows:
    """``roots`` and every row that hangs on them: what deleting them would delete, and
    what their PROTECT relations guard (and what hangs on that), until nothing is new."""
    rows: Rows = defaultdict(dict)
    pending = _add(rows, roots)
    while pending:
        by_model: dict[type[models.Model], list[models.Model]] = defaultdict(list)
        for obj in pending:
            by_model[type(obj)].append(obj)
        found: list[models.Model] = []
        for objects in by_model.values():
            collector = NestedObjects(using=objects[0]._state.db or "default")
            collector.collect(objects)
            for model_objects in collector.model_objs.values():
                found.extend(model_objects)
            found.extend(collector.protected)
        found.extend(_nulled_references(rows, found))
        pending = _add(rows, found)
    return rows


def _nulled_references(rows: Rows, found: list[models.Model]) -> list[models.Model]:
    """Rows that point at ``found`` (or at rows already owned) through a relation that
    deleting would empty (SET_NULL): a club's log of its players is the club's, though it
    outlives it. Accounts are never owned (they do not travel)."""
    targets: dict[type[models.Model], set] = defaultdict(set)
    for obj in found:
        targets[type(obj)._meta.concrete_model].add(obj.pk)
    user_model = get_user_model()
    referencing = []
    for model in apps.get_models():
        if model is user_model or model is Player:
            continue
        for field in concrete_foreign_keys(model):
            keys = targets.get(field.related_model)
            if not keys or field.remote_field.on_delete is not models.SET_NULL:
                continue
            referencing.extend(model._base_manager.filter(**{f"{field.name}__in": keys})
                               .exclude(pk__in=rows[model].keys()))
    return referencing


def referenced_players(rows: Rows) -> set[int]:
    """The ids of the players the rows point at (foreign keys and many-to-many)."""
    ids: set[int] = set()
    for model, objects in rows.items():
        player_fields = [field for field in concrete_foreign_keys(model)
                         if field.related_model is Player]
        m2m_fields = [field for field in many_to_many(model) if field.related_model is Player]
        for obj in objects.values():
            ids.update(getattr(obj, field.attname) for field in player_fields)
            for field in m2m_fields:
                ids.update(getattr(obj, field.name).values_list("pk", flat=True))
    ids.discard(None)
    return ids


def club_rows(club: Club) -> Rows:
    """Everything the club owns, and the players its rows name."""
    rows = cascade([club])
    player_ids = referenced_players(rows) - set(rows[Player])
    rows[Player].update(Player.objects.in_bulk(player_ids))
    return rows


def rows_pointing_at(targets: dict[type[models.Model], set], *, only_links: bool = False
                     ) -> list[models.Model]:
    """Every row with a foreign key to one of ``targets`` ({model: ids}). With
    ``only_links``, the rows whose key would be emptied if the target went (SET_NULL:
    "created by", "entered by", "owner"), else the others (the rows that are the target's:
    its entries, its matches, its settings)."""
    found: list[models.Model] = []
    for model in apps.get_models():
        if model._meta.auto_created:
            continue
        for field in concrete_foreign_keys(model):
            keys = targets.get(field.related_model)
            nulled = field.remote_field.on_delete is models.SET_NULL
            if keys and nulled == only_links:
                found.extend(model._base_manager.filter(**{f"{field.name}__in": keys}))
    return found
