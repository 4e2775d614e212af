"""A person's own data, as one JSON document: their account, their players' profiles,
and every row that points at them or at their players (entries, matches with their games
and results, chouette seats and ledgers, disputes they raised, notification settings,
...), with what hangs on their own rows. Found from the models' relations, so an app added
later is included without a change here."""

from __future__ import annotations

from typing import Any

from django.apps import apps
from django.contrib.auth import get_user_model
from django.contrib.auth.base_user import AbstractBaseUser
from django.utils import timezone

from clubs.models import Player
from nardy_site.data.owned import cascade, concrete_foreign_keys, rows_pointing_at
from nardy_site.data.serialised import exported, serialise, site_version

FORMAT = 1


def personal_data(user: AbstractBaseUser) -> dict[str, Any]:
    """Everything the site keeps about ``user``, for them to download."""
    user_model = get_user_model()
    players = list(Player.objects.filter(user=user))
    targets = {user_model: {user.pk}, Player: {p.pk for p in players}}
    # The person's own rows come with what hangs on them (a match with its games); a row
    # that only names them as who did something (the club they own, the event they
    # created) comes alone: what hangs on it is other people's.
    own = rows_pointing_at(targets)
    rows = cascade(own)
    for obj in rows_pointing_at(targets, only_links=True):
        rows[type(obj)._meta.concrete_model].setdefault(obj.pk, obj)
    # What the person's own rows belong to, alone: the chouette session of their seat,
    # the event of their entry, the club of their membership.
    for obj in own:
        for field in concrete_foreign_keys(type(obj)):
            parent = field.related_model._meta.concrete_model
            key = getattr(obj, field.attname)
            if key is not None and parent not in (user_model, Player) and key not in rows[parent]:
                found = parent._base_manager.filter(pk=key).first()
                if found is not None:
                    rows[parent][key] = found
    rows.pop(user_model, None)
    rows.pop(Player, None)
    tables: dict[str, list[dict[str, Any]]] = {}
    for model in sorted(rows, key=lambda model: model._meta.label_lower):
        if exported(model) and rows[model]:
            tables[model._meta.label_lower] = [
                {"id": row["pk"], **row["fields"]}
                for row in serialise(sorted(rows[model].values(), key=lambda obj: obj.pk))]
    named = {pk: name for pk, name in Player.objects.filter(
        pk__in=_player_ids(tables)).values_list("pk", "display_name")}
    account = serialise([user])[0]["fields"]
    for field in ("groups", "user_permissions", "is_superuser", "is_staff"):
        account.pop(field, None)
    return {
        "format": FORMAT,
        "site_version": site_version(),
        "exported_at": timezone.now().isoformat(),
        "account": {"id": user.pk, **account},
        "players": [{"id": row["pk"], **row["fields"]} for row in serialise(players)],
        "rows": tables,
        # The public names of the players the rows name (opponents, partners).
        "player_names": {str(pk): name for pk, name in sorted(named.items())},
    }


def _player_ids(tables: dict[str, list[dict[str, Any]]]) -> set[int]:
    ids: set[int] = set()
    for label, rows in tables.items():
        model = apps.get_model(label)
        fields = [field.name for field in model._meta.concrete_fields
                  if field.is_relation and field.related_model is Player]
        for row in rows:
            ids.update(row[name] for name in fields if row.get(name) is not None)
    return ids
