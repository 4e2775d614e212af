"""Importing a club's archive (``archive.export_club``) into this deployment.

First :func:`read_archive` checks the whole file (a zip, a known format version, every
table readable, every row a row of its model) and :func:`player_matches` puts the
archive's players next to the players already here (same email, legal name or handle);
the importer chooses, for each, one of those to merge with or a new player. Then
:func:`import_club` creates everything in one transaction: new primary keys, every
foreign key and many-to-many link remapped, the club's slug made unique, players without
accounts (people claim their players again). Any error names the file and the row, and
nothing is imported.
"""

from __future__ import annotations

import io
import json
import zipfile
from dataclasses import dataclass, field
from typing import Any

from django.apps import apps
from django.contrib.auth import get_user_model
from django.contrib.auth.base_user import AbstractBaseUser
from django.core import serializers
from django.core.exceptions import ValidationError
from django.core.serializers.base import DeserializationError
from django.db import DatabaseError, models, transaction
from django.db.models import Q, QuerySet
from django.utils.text import slugify

from clubs.archive_links import remaps_of
from clubs.errors import PeopleError
from clubs.models import Club, Player
from clubs.permissions import is_site_admin
from nardy_site.data.archive import FORMAT_VERSION, MANIFEST, data_file, import_order
from nardy_site.data.owned import concrete_foreign_keys, many_to_many

# An archive larger than this is refused before it is read (a club's years fit well in it).
MAX_ARCHIVE_BYTES = 200 * 1024 * 1024


class ArchiveError(PeopleError):
    """An archive cannot be imported (nothing is imported); ``params`` name the file and
    the row at fault when there is one."""


@dataclass
class Archive:
    manifest: dict[str, Any]
    tables: dict[str, list[dict[str, Any]]]  # label -> rows, in the manifest's order

    @property
    def club_name(self) -> str:
        return str(self.manifest.get("club", {}).get("name", ""))

    def rows(self, model: type[models.Model]) -> list[dict[str, Any]]:
        return self.tables.get(model._meta.label_lower, [])


@dataclass
class PlayerMatch:
    """One of the archive's players, and the players already here who may be them."""

    archive_id: int
    fields: dict[str, Any]
    candidates: list[Player] = field(default_factory=list)


def _refuse(code: str, message: str, **params: Any) -> ArchiveError:
    return ArchiveError(code, message, params)


def read_archive(data: bytes) -> Archive:
    """The archive's manifest and tables, checked; :class:`ArchiveError` otherwise."""
    if len(data) > MAX_ARCHIVE_BYTES:
        raise _refuse("archive_too_big", "The archive is too big.")
    try:
        zipped = zipfile.ZipFile(io.BytesIO(data))
        names = set(zipped.namelist())
    except (zipfile.BadZipFile, ValueError):
        raise _refuse("not_a_zip", "The file is not a club archive (.zip).") from None
    if MANIFEST not in names:
        raise _refuse("no_manifest", "The archive has no manifest.json.", file=MANIFEST)
    manifest = _json(zipped, MANIFEST)
    if not isinstance(manifest, dict) or manifest.get("format_version") != FORMAT_VERSION:
        version = manifest.get("format_version") if isinstance(manifest, dict) else None
        raise _refuse("unknown_version", "Unknown archive version.", file=MANIFEST,
                      version=str(version))
    order = manifest.get("order")
    if not isinstance(order, list) or not all(isinstance(label, str) for label in order):
        raise _refuse("bad_manifest", "The manifest is not valid.", file=MANIFEST)
    tables: dict[str, list[dict[str, Any]]] = {}
    for label in order:
        name = data_file(label)
        try:
            model = apps.get_model(label)
        except (LookupError, ValueError):
            raise _refuse("unknown_table", "Unknown table.", file=name) from None
        if name not in names:
            raise _refuse("missing_file", "A file is missing.", file=name)
        rows = _json(zipped, name)
        if not isinstance(rows, list):
            raise _refuse("bad_file", "Not a list of rows.", file=name)
        for number, row in enumerate(rows, start=1):
            if not (isinstance(row, dict) and isinstance(row.get("pk"), int)
                    and isinstance(row.get("fields"), dict)
                    and row.get("model") == model._meta.label_lower):
                raise _refuse("bad_row", "A row is not valid.", file=name, row=number,
                              reason="")
        tables[label] = rows
    if not tables.get(Club._meta.label_lower):
        raise _refuse("no_club", "The archive holds no club.", file=data_file("clubs.club"))
    return Archive(manifest, tables)


def _json(zipped: zipfile.ZipFile, name: str) -> Any:
    try:
        return json.loads(zipped.read(name).decode("utf-8"))
    except (ValueError, UnicodeDecodeError, zipfile.BadZipFile, OSError):
        raise _refuse("bad_file", "Not readable JSON.", file=name) from None


def player_matches(archive: Archive, among: QuerySet[Player] | None = None
                   ) -> list[PlayerMatch]:
    """The archive's players, each with the players here (``among`` them: by default
    all) of the same email, legal name or handle on an online site."""
    among = Player.objects.all() if among is None else among
    found = []
    for row in archive.rows(Player):
        values = row["fields"]
        query = Q()
        if values.get("email"):
            query |= Q(email__iexact=values["email"])
        if values.get("name"):
            query |= Q(name__iexact=values["name"])
        for handle in Player.HANDLES:
            if values.get(handle):
                query |= Q(**{f"{handle}__iexact": values[handle]})
        candidates = list(among.filter(query).distinct().order_by("pk")[:10]) if query else []
        found.append(PlayerMatch(row["pk"], values, candidates))
    return found


def players_seen_by(user: AbstractBaseUser) -> QuerySet[Player]:
    """The players a person importing on the site may merge with: those of the clubs they
    direct (all of them for a site administrator). Merging makes a player a member of
    the imported club, whose directors then see their details."""
    if is_site_admin(user):
        return Player.objects.all()
    return Player.objects.filter(memberships__club__directors=user)


def automatic_choices(matches: list[PlayerMatch]) -> dict[int, int | None]:
    """Merge each player with the one player here who matches; new otherwise."""
    return {match.archive_id: match.candidates[0].pk if len(match.candidates) == 1 else None
            for match in matches}


@transaction.atomic
def import_club(archive: Archive, *, choices: dict[int, int | None],
                owner: AbstractBaseUser | None = None) -> Club:
    """Create the archive's club and all it owns. ``choices`` maps each archive player's
    id to the player here it is (merge), or None (a new player); ``owner`` (the person
    importing) becomes the club's owner and director."""
    importer = _Importer(archive, choices)
    club = importer.run()
    if owner is not None:
        club.owner = owner
        club.save(update_fields=["owner"])
        club.directors.add(owner)
    return club


class _Importer:
    def __init__(self, archive: Archive, choices: dict[int, int | None]) -> None:
        self.archive = archive
        self.choices = choices
        self.new_keys: dict[tuple[type[models.Model], Any], Any] = {}
        self.user_model = get_user_model()
        self.deferred: list[tuple[models.Model, models.ForeignKey, Any, str, int]] = []
        self.json_ids: list[tuple[models.Model, str, Any, str, int]] = []

    def run(self) -> Club:
        models_ = [apps.get_model(label) for label in self.archive.tables]
        for model in import_order(models_):
            for number, row in enumerate(self.archive.rows(model), start=1):
                if model is Player and self.choices.get(row["pk"]) is not None:
                    self._merge_player(row, number)
                else:
                    self._create(model, row, number)
        # Queryset updates: the rows are as the archive has them, no signal is due.
        for obj, fk, old, name, number in self.deferred:
            type(obj)._base_manager.filter(pk=obj.pk).update(
                **{fk.attname: self._target(fk, old, name, number, late=True)})
        for obj, field_name, remap, name, number in self.json_ids:
            value = remap(getattr(obj, field_name), lambda target, old, name=name,
                          number=number, field_name=field_name: self._followed(
                              target, old, name, number, field_name))
            type(obj)._base_manager.filter(pk=obj.pk).update(**{field_name: value})
        club_row = self.archive.rows(Club)[0]
        return Club.objects.get(pk=self.new_keys[(Club, club_row["pk"])])

    def _target(self, fk: models.ForeignKey, old: Any, name: str, number: int,
                late: bool = False) -> Any:
        target = fk.related_model._meta.concrete_model
        key = self.new_keys.get((target, old))
        if key is None and (late or target._meta.label_lower not in self.archive.tables):
            raise _refuse("broken_link", "A row points at a row the archive does not hold.",
                          file=name, row=number, reason=fk.name)
        return key

    def _followed(self, target: type[models.Model], old: Any, name: str, number: int,
                  field_name: str) -> Any:
        """The new key of a row an id in a JSON field names."""
        key = self.new_keys.get((target._meta.concrete_model, old))
        if key is None:
            raise _refuse("broken_link", "A row names a row the archive does not hold.",
                          file=name, row=number, reason=field_name)
        return key

    def _merge_player(self, row: dict[str, Any], number: int) -> None:
        existing = Player.objects.filter(pk=self.choices[row["pk"]]).first()
        if existing is None:
            raise _refuse("bad_player_choice", "The player chosen to merge with is not here.",
                          file=data_file("clubs.player"), row=number, reason="")
        self.new_keys[(Player, row["pk"])] = existing.pk

    def _create(self, model: type[models.Model], row: dict[str, Any], number: int) -> None:
        name = data_file(model._meta.label_lower)
        values = dict(row["fields"])
        later: list[tuple[models.ForeignKey, Any]] = []
        for fk in concrete_foreign_keys(model):
            old = values.get(fk.name)
            if old is None:
                continue
            if fk.related_model is self.user_model:
                values[fk.name] = None
                continue
            key = self._target(fk, old, name, number)
            if key is None:  # a row of the archive that comes later (a cycle)
                if not fk.null:
                    raise _refuse("broken_link", "A row points at a missing row.", file=name,
                                  row=number, reason=fk.name)
                later.append((fk, old))
            values[fk.name] = key
        for m2m in many_to_many(model):
            olds = values.get(m2m.name) or []
            if m2m.related_model is self.user_model:
                values[m2m.name] = []
                continue
            values[m2m.name] = [self._target(m2m, old, name, number, late=True) for old in olds]
        if model is Club:
            values["slug"] = _free_slug(str(values.get("slug") or values.get("name") or "club"))
        try:
            deserialized = next(serializers.deserialize(
                "python", [{"model": model._meta.label_lower, "pk": None, "fields": values}]))
            with transaction.atomic():  # a savepoint: the database's refusal is told, not
                deserialized.save()      # left to break the transaction (PostgreSQL)
        except (DeserializationError, ValidationError, DatabaseError, ValueError,
                TypeError) as error:
            raise _refuse("bad_row", "A row cannot be imported.", file=name, row=number,
                          reason=_reason(error)) from None
        obj = deserialized.object
        self.new_keys[(model._meta.concrete_model, row["pk"])] = obj.pk
        for fk, old in later:
            self.deferred.append((obj, fk, old, name, number))
        for field_name, remap in remaps_of(model).items():
            if values.get(field_name) is not None:  # once every row has its new key
                self.json_ids.append((obj, field_name, remap, name, number))


def _reason(error: Exception) -> str:
    if isinstance(error, ValidationError):
        if hasattr(error, "error_dict"):
            return "; ".join(f"{key}: {' '.join(str(m) for m in messages)}"
                             for key, messages in error.message_dict.items())
        return " ".join(str(message) for message in error.messages)
    return str(error).split("\n")[0][:200]


def _free_slug(wanted: str) -> str:
    base = slugify(wanted)[:70] or "club"
    slug, number = base, 1
    while Club.objects.filter(slug=slug).exists():
        number += 1
        slug = f"{base}-{number}"
    return slug
