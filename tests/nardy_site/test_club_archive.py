"""A club's archive: exported with everything it owns, imported on another deployment
with every row and link intact (new keys), players mapped to the players there first;
bad archives are refused with the file and row at fault, and nothing is imported."""

from __future__ import annotations

import io
import json
import zipfile
from collections import defaultdict
from typing import Any

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.db import models

from chouette.models import ChouetteLedgerEntry, ChouetteSession
from clubs.archive_links import remaps_of
from clubs.models import Club, Membership, Player
from games.models import Game, Match, MatchTranscript
from nardy_site.data.archive import FORMAT_VERSION, export_club, travelling_rows
from nardy_site.data.deletion import delete_club
from nardy_site.data.importer import (
    ArchiveError,
    automatic_choices,
    import_club,
    player_matches,
    read_archive,
)
from nardy_site.data.owned import club_rows, concrete_foreign_keys, many_to_many
from tests.support.probes import demo_world
from tournaments.models import Tournament

# PostgreSQL too: times to the microsecond, a savepoint per row, new keys from sequences.
pytestmark = [pytest.mark.django_db, pytest.mark.postgres,
              pytest.mark.usefixtures(demo_world.__name__)]

# The demo club (``tests.support.probes.demo_world``), built by the apps' own demo services:
# a knockout and a round robin with results, matches with games and a checked transcript,
# chouette nights with their ledgers, fees and purses.
DEMO_SLUG = "nardy-club"


def canonical(club: Club) -> dict[str, list[tuple]]:
    """The club's rows that travel, without keys: each row's fields, its foreign keys told
    as the rank (by key) of the row they point at within its model, accounts and rows
    outside the club (a federation) left out: they do not travel. Two copies of a club
    compare equal when every row and link is the same."""
    rows = travelling_rows(club_rows(club))
    rank: dict[tuple[type, Any], int] = {}
    for model, objects in rows.items():
        for position, pk in enumerate(sorted(objects)):
            rank[(model, pk)] = position
    user_model = get_user_model()
    out: dict[str, list[tuple]] = defaultdict(list)
    for model, objects in rows.items():
        for obj in objects.values():
            values = []
            for field in model._meta.concrete_fields:
                if field.primary_key:
                    continue
                value = getattr(obj, field.attname)
                if isinstance(field, models.ForeignKey):
                    target = field.related_model._meta.concrete_model
                    value = None if target is user_model or value is None else (
                        rank.get((target, value)))
                values.append((field.name, value))
            for name, remap in remaps_of(model).items():  # ids inside JSON, as ranks too
                value = getattr(obj, name)
                if value is not None:
                    values = [(key, remap(value, lambda target, pk: rank[
                        (target._meta.concrete_model, pk)]) if key == name else item)
                        for key, item in values]
            for m2m in many_to_many(model):
                if m2m.related_model is not user_model:
                    linked = getattr(obj, m2m.name).values_list("pk", flat=True)
                    values.append((m2m.name, sorted(rank[(m2m.related_model, pk)]
                                                    for pk in linked)))
            out[model._meta.label_lower].append(tuple(values))
    return {label: sorted(values, key=repr) for label, values in out.items()}


def _players_here_for(archive: Any) -> dict[int, int | None]:
    return automatic_choices(player_matches(archive))


def test_the_archive_holds_a_bit_of_everything():
    club = Club.objects.get(slug=DEMO_SLUG)
    data = export_club(club)
    zipped = zipfile.ZipFile(io.BytesIO(data))
    manifest = json.loads(zipped.read("manifest.json"))
    assert manifest["format_version"] == FORMAT_VERSION
    assert manifest["club"]["slug"] == DEMO_SLUG
    counts = manifest["counts"]
    assert counts["tournaments.tournament"] == Tournament.objects.filter(club=club).count() >= 2
    assert len({t.format for t in Tournament.objects.filter(club=club)}) >= 2
    assert counts["games.match"] == Match.objects.filter(club=club).count()
    assert counts["games.game"] == Game.objects.filter(match__club=club).count() > 0
    assert counts["chouette.chouettesession"] == ChouetteSession.objects.filter(
        club=club).count() > 0
    assert counts["chouette.chouetteledgerentry"] == ChouetteLedgerEntry.objects.filter(
        session__club=club).count() > 0
    assert counts["clubs.membership"] == Membership.objects.filter(club=club).count()
    assert any(label.startswith("money.") for label in counts)
    assert counts["games.matchtranscript"] == MatchTranscript.objects.filter(
        match__club=club).count() > 0
    mats = [name for name in zipped.namelist() if name.startswith("transcripts/")]
    assert mats and zipped.read(mats[0]).decode().strip()
    for label, count in counts.items():  # the counts are the files' rows
        assert len(json.loads(zipped.read(f"data/{label}.json"))) == count
    players = json.loads(zipped.read("data/clubs.player.json"))
    assert all(row["fields"]["user"] is None for row in players)  # accounts do not travel
    assert "password" not in zipped.read("data/clubs.player.json").decode()


def test_a_round_trip_after_deleting_the_club_keeps_every_row_and_link():
    club = Club.objects.get(slug=DEMO_SLUG)
    before = canonical(club)
    data = export_club(club)
    delete_club(club=club)
    assert not Club.objects.filter(slug=DEMO_SLUG).exists()
    assert not Match.objects.filter(club_id=club.pk).exists()

    archive = read_archive(data)
    matches = player_matches(archive)
    assert matches and all(len(match.candidates) == 1 for match in matches)
    imported = import_club(archive, choices=automatic_choices(matches))

    assert imported.slug == DEMO_SLUG
    assert imported.pk != club.pk
    assert canonical(imported) == before


def test_a_round_trip_into_a_deployment_without_those_players():
    club = Club.objects.get(slug=DEMO_SLUG)
    data = export_club(club)
    archive = read_archive(data)
    players_before = Player.objects.count()
    # "another deployment": nobody is merged, every player comes new, without a login
    imported = import_club(archive, choices={})
    assert imported.slug != DEMO_SLUG  # the slug was taken here
    assert Player.objects.count() == players_before + len(archive.tables["clubs.player"])
    new_players = Player.objects.filter(memberships__club=imported)
    assert new_players.exists() and not new_players.filter(user__isnull=False).exists()
    original, copy = canonical(club), canonical(imported)
    assert {k: v for k, v in original.items() if k != "clubs.club"} == {
        k: v for k, v in copy.items() if k != "clubs.club"}
    no_slug = {"slug": None}
    assert [dict(row) | no_slug for row in original["clubs.club"]] == [
        dict(row) | no_slug for row in copy["clubs.club"]]


def _zip(files: dict[str, Any]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, content in files.items():
            archive.writestr(name, content if isinstance(content, str) else json.dumps(content))
    return buffer.getvalue()


def _files_of(data: bytes) -> dict[str, str]:
    zipped = zipfile.ZipFile(io.BytesIO(data))
    return {name: zipped.read(name).decode() for name in zipped.namelist()}


def _refusal(data: bytes) -> ArchiveError:
    clubs, matches = Club.objects.count(), Match.objects.count()
    with pytest.raises(ArchiveError) as refused:
        archive = read_archive(data)
        import_club(archive, choices={})
    assert (Club.objects.count(), Match.objects.count()) == (clubs, matches)  # nothing
    return refused.value


def test_not_a_zip():
    assert _refusal(b"hello, not a zip").code == "not_a_zip"


def test_an_unknown_version():
    files = _files_of(export_club(Club.objects.get(slug=DEMO_SLUG)))
    manifest = json.loads(files["manifest.json"])
    manifest["format_version"] = 99
    files["manifest.json"] = json.dumps(manifest)
    error = _refusal(_zip(files))
    assert error.code == "unknown_version"
    assert error.params["file"] == "manifest.json" and error.params["version"] == "99"


def test_a_broken_row_is_named_and_nothing_is_imported():
    files = _files_of(export_club(Club.objects.get(slug=DEMO_SLUG)))
    games = json.loads(files["data/games.game.json"])
    games[1]["fields"]["number"] = "not a number"
    files["data/games.game.json"] = json.dumps(games)
    error = _refusal(_zip(files))
    assert error.code == "bad_row"
    assert (error.params["file"], error.params["row"]) == ("data/games.game.json", 2)


def test_a_row_pointing_nowhere_is_named():
    files = _files_of(export_club(Club.objects.get(slug=DEMO_SLUG)))
    matches = json.loads(files["data/games.match.json"])
    matches[0]["fields"]["player1"] = 10**9
    files["data/games.match.json"] = json.dumps(matches)
    error = _refusal(_zip(files))
    assert error.code == "broken_link"
    assert (error.params["file"], error.params["row"]) == ("data/games.match.json", 1)


def test_a_table_of_no_model_is_refused():
    files = _files_of(export_club(Club.objects.get(slug=DEMO_SLUG)))
    manifest = json.loads(files["manifest.json"])
    manifest["order"].append("nowhere.nothing")
    files["manifest.json"] = json.dumps(manifest)
    error = _refusal(_zip(files))
    assert error.code == "unknown_table" and error.params["file"] == "data/nowhere.nothing.json"


def test_every_row_that_points_at_the_club_is_found_without_a_list():
    """What a club owns is found by the models' relations: every row of every model with
    a foreign key to the club (whatever its on_delete), and the rows that hang on those."""
    club = Club.objects.get(slug=DEMO_SLUG)
    rows = club_rows(club)
    pointing = [(model, field) for model in apps.get_models()
                for field in concrete_foreign_keys(model) if field.related_model is Club]
    assert len({model for model, _ in pointing}) >= 8
    for model, field in pointing:
        keys = set(model._base_manager.filter(**{field.name: club}).values_list("pk", flat=True))
        assert keys <= set(rows.get(model, {})), model._meta.label_lower
    assert set(Game.objects.filter(match__club=club).values_list("pk", flat=True)) == set(
        rows[Game])
    assert set(Player.objects.filter(memberships__club=club).values_list("pk", flat=True)) <= set(
        rows[Player])


def test_ids_inside_json_follow_the_new_keys():
    """A chouette's events and an event's pairs kept apart name players by key: in the
    copy they name the copies of those players (a pair naming a player the archive does
    not hold is dropped)."""
    club = Club.objects.get(slug=DEMO_SLUG)
    tournament = Tournament.objects.filter(club=club).order_by("pk").first()
    entrants = list(tournament.entries.order_by("pk").values_list("player_id", flat=True)[:2])
    tournament.avoided_pairs = [entrants, [entrants[0], 10**9]]
    tournament.save(update_fields=["avoided_pairs"])
    imported = import_club(read_archive(export_club(club)), choices={})

    copies = dict(Player.objects.filter(memberships__club=imported).values_list("name", "pk"))
    copy_of = {pk: copies[name] for pk, name in Player.objects.filter(
        memberships__club=club).values_list("pk", "name")}
    copied = Tournament.objects.get(club=imported, name=tournament.name)
    assert copied.avoided_pairs == [[copy_of[entrants[0]], copy_of[entrants[1]]]]
    session = ChouetteSession.objects.filter(club=club).order_by("pk").first()
    copied_session = ChouetteSession.objects.filter(club=imported).order_by("pk").first()
    first, copy = session.events.order_by("seq").first(), copied_session.events.order_by(
        "seq").first()
    assert copy.data["box"] == copy_of[first.data["box"]]
    assert copy.data["team"] == [copy_of[pk] for pk in first.data["team"]]
