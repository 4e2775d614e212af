"""A club's archive: everything it owns as one .zip, for another deployment to import.

Layout (``FORMAT_VERSION`` 1)::

    manifest.json            format version, site version, the club, counts per model,
                             the order the tables import in
    data/<app.model>.json    the rows of one model, as Django's JSON serializer writes
                             them (their own primary keys; the import gives new ones)
    transcripts/match-<id>.mat   each match's moves as GNU Backgammon writes a .mat file

What the club owns is found from the models' relations (``owned.club_rows``). Accounts
do not travel: a foreign key to an account is emptied, a row that cannot be without one
(a person's notification, join request) stays behind, and so does a row that holds a
secret valid only here (an invitation's token, a webhook's signing secret), with the rows
that cannot be without it.
"""

from __future__ import annotations

import datetime
import io
import json
import zipfile
from collections import defaultdict
from typing import Any

from django.contrib.auth import get_user_model
from django.core import serializers
from django.core.serializers.json import DjangoJSONEncoder
from django.db import models
from django.utils import timezone

from clubs.models import Club
from games.models import Match
from games.selectors import exported_mat
from nardy_site.data.owned import Rows, club_rows, concrete_foreign_keys, many_to_many
from nardy_site.data.serialised import NEVER_EXPORTED, SECRET_FIELDS, site_version

FORMAT_VERSION = 1
MANIFEST = "manifest.json"


def data_file(label: str) -> str:
    return f"data/{label}.json"


def travels(model: type[models.Model]) -> bool:
    """Rows of this model can go to another deployment at all."""
    user_model = get_user_model()
    if model is user_model or model._meta.label_lower in NEVER_EXPORTED:
        return False
    if (SECRET_FIELDS | {"secret"}) & {field.name for field in model._meta.concrete_fields}:
        return False
    return not any(field.related_model is user_model and not field.null
                   for field in concrete_foreign_keys(model))


def travelling_rows(rows: Rows) -> Rows:
    """``rows`` less the ones that stay behind, and the rows that cannot be without them:
    a row whose required key points outside the club (at a federation, say: the other
    deployment has not got it) stays behind too."""
    kept: Rows = {model: dict(objects) for model, objects in rows.items()
                  if objects and travels(model)}
    changed = True
    while changed:
        changed = False
        for model, objects in kept.items():
            required = [field for field in concrete_foreign_keys(model)
                        if not field.null and field.related_model is not get_user_model()]
            for pk, obj in list(objects.items()):
                for field in required:
                    target = field.related_model._meta.concrete_model
                    if getattr(obj, field.attname) not in kept.get(target, {}):
                        del objects[pk]
                        changed = True
                        break
    return {model: objects for model, objects in kept.items() if objects}


def import_order(models_: list[type[models.Model]]) -> list[type[models.Model]]:
    """The models so that each comes after the models its foreign keys point at (a
    cycle, which only nullable keys can make, is broken where it is found)."""
    remaining = sorted(models_, key=lambda model: model._meta.label_lower)
    ordered: list[type[models.Model]] = []
    while remaining:
        for model in remaining:
            needs = {field.related_model._meta.concrete_model
                     for field in concrete_foreign_keys(model)
                     if field.related_model is not model}
            if not (needs & set(remaining)):
                break
        else:
            model = remaining[0]
        ordered.append(model)
        remaining.remove(model)
    return ordered


def _rows_of(model: type[models.Model], objects: list[models.Model],
             travelling: Rows) -> list[dict[str, Any]]:
    """One model's rows as the JSON serializer writes them, accounts taken out, and the
    optional keys to rows outside the club emptied."""
    user_model = get_user_model()
    rows = serializers.serialize("python", objects)
    user_fields = [field.name for field in concrete_foreign_keys(model)
                   if field.related_model is user_model]
    outside = [field for field in concrete_foreign_keys(model)
               if field.null and field.related_model is not user_model]
    user_m2m = [field.name for field in many_to_many(model) if field.related_model is user_model]
    for row in rows:
        for name in user_fields:
            row["fields"][name] = None
        for name in user_m2m:
            row["fields"][name] = []
        for field in outside:
            target = field.related_model._meta.concrete_model
            if row["fields"].get(field.name) not in travelling.get(target, {}):
                row["fields"][field.name] = None
    return rows


class ExactJSONEncoder(DjangoJSONEncoder):
    """Django's encoder, with times to the microsecond (Django's keeps milliseconds:
    a copy would not be exact)."""

    def default(self, o: Any) -> Any:
        if isinstance(o, datetime.datetime | datetime.time):
            return o.isoformat()
        return super().default(o)


def export_club(club: Club) -> bytes:
    """The club's archive (a .zip file's bytes)."""
    rows = travelling_rows(club_rows(club))
    order = import_order(list(rows))
    buffer = io.BytesIO()
    counts: dict[str, int] = {}
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for model in order:
            label = model._meta.label_lower
            objects = sorted(rows[model].values(), key=lambda obj: obj.pk)
            counts[label] = len(objects)
            archive.writestr(data_file(label), json.dumps(
                _rows_of(model, objects, rows), cls=ExactJSONEncoder, ensure_ascii=False, indent=1))
        transcripts = 0
        for match in Match.objects.filter(pk__in=rows.get(Match, {}).keys(),
                                          transcripts__isnull=False).distinct():
            mat = exported_mat(match)
            if mat is not None:
                archive.writestr(f"transcripts/{mat.file_name}", mat.text)
                transcripts += 1
        manifest = {
            "format_version": FORMAT_VERSION,
            "site_version": site_version(),
            "exported_at": timezone.now().isoformat(),
            "club": {"id": club.pk, "name": club.name, "slug": club.slug},
            "order": [model._meta.label_lower for model in order],
            "counts": counts,
            "transcript_files": transcripts,
        }
        archive.writestr(MANIFEST, json.dumps(manifest, ensure_ascii=False, indent=1))
    return buffer.getvalue()


def archive_name(club: Club) -> str:
    return f"{club.slug}-{timezone.localdate().isoformat()}.zip"


def counts_of(rows: Rows) -> dict[str, int]:
    counted: dict[str, int] = defaultdict(int)
    for model, objects in rows.items():
        counted[model._meta.label_lower] += len(objects)
    return dict(counted)
