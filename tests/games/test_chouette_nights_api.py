"""Whole nights through the REST API: §9's worked example and the six-player night with a
box partner, a split table, a late arrival and the merge back (chouette_nights.py); then
who pays whom and the club's season table."""

from __future__ import annotations

from decimal import Decimal

import pytest

from chouette.core import fewest_transfers
from chouette.models import ChouetteSession
from tests.games.chouette_nights import (
    SIX_PLAYER_NIGHT,
    WORKED_EXAMPLE,
    Game,
    Join,
    Leave,
    MergeTables,
    Night,
    Seats,
)
from tests.games.chouette_tables import make_table, member
from tests.support.clients import api_client, error_field, error_fields

pytestmark = pytest.mark.django_db

NIGHTS = {"worked_example": WORKED_EXAMPLE, "six_player_night": SIX_PLAYER_NIGHT}


def seats_of(next_lineup: list[dict]) -> Seats:
    by_role: dict[str, list[str]] = {}
    for seat in next_lineup:
        by_role.setdefault(seat["role"], []).append(seat["display_name"])
    partner = by_role.get("partner", [None])[0]
    return Seats(by_role["box"][0], by_role["captain"][0], tuple(by_role.get("crew", [])), partner)


class ApiNight:
    """Plays a night's script through the API as the club's director."""

    def __init__(self, night: Night) -> None:
        self.night = night
        t = make_table(len(night.opening_line), names=night.opening_line, **night.settings)
        self.club = t.club
        self.pk = {p.display_name: p.pk for p in t.players}
        for name in night.players:
            if name not in self.pk:
                self.pk[name] = member(t.club, name).pk
        self.api = api_client(t.director)
        self.tables = {"T1": t.session.pk}
        self.games = {"T1": 0}

    def url(self, table: str, action: str = "") -> str:
        base = f"/api/chouette-sessions/{self.tables[table]}/"
        return f"{base}{action}/" if action else base

    def play(self) -> None:
        first = self.api.get(self.url("T1")).json()
        assert seats_of(first["next_lineup"]) == self.night.first_seats
        for step in self.night.steps:
            if isinstance(step, Game):
                self.game(step)
            elif isinstance(step, Join):
                self.join(step)
            elif isinstance(step, Leave):
                answer = self.api.post(
                    self.url(step.table, "leave"), {"player": self.pk[step.player]}
                )
                assert answer.status_code == 200, answer.json()
                assert seats_of(answer.json()["next_lineup"]) == step.seats_after
            else:
                assert isinstance(step, MergeTables)
                self.merge(step)

    def game(self, step: Game) -> None:
        number = self.games[step.table] + 1
        payload = {
            "number": number,
            "doubles": [
                {
                    "by": cube.by,
                    "answers": [
                        {"player": self.pk[name], "answer": answer}
                        for name, answer in cube.answers.items()
                    ],
                }
                for cube in step.cubes
            ],
            "result": None if step.winner is None else {"winner": step.winner, "kind": step.kind},
            # the table's own sheet, checked against the settlement
            "points": [{"player": self.pk[n], "points": p} for n, p in step.points.items()],
        }
        answer = self.api.post(self.url(step.table, "games"), payload, format="json")
        assert answer.status_code == 201, answer.json()
        assert seats_of(answer.json()["next_lineup"]) == step.next_seats
        self.games[step.table] = number
        ledger = self.api.get(self.url(step.table, "ledger")).json()
        last = ledger["games"][-1]
        names = {pk: name for name, pk in self.pk.items()}
        assert last["number"] == number
        assert {names[cell["player"]]: cell["points"] for cell in last["points"]} == step.points
        roles = {names[cell["player"]]: cell["role"] for cell in last["points"]}
        partner = last["partner"]
        assert [n for n, role in roles.items() if role == "partner"] == (
            [names[partner]] if partner is not None else []
        )

    def join(self, step: Join) -> None:
        payload = {"player": self.pk[step.player], "during_game": step.during_game}
        answer = self.api.post(self.url(step.table, "join"), payload, format="json")
        assert answer.status_code == 200, answer.json()
        data = answer.json()
        if step.split_into:
            assert data["split_into"] is not None
            self.tables[step.split_into] = data["split_into"]
            self.games[step.split_into] = 0
            new_table = self.api.get(self.url(step.split_into)).json()
            assert seats_of(new_table["next_lineup"]) == step.new_table_seats
            assert new_table["split_from"] == self.tables[step.table]
            assert data["split_tables"] == [data["split_into"]]
        else:
            assert data["split_into"] is None
        if step.during_game:
            assert [p["display_name"] for p in data["waiting"]] == [step.player]
        assert seats_of(data["next_lineup"]) == step.seats_after

    def merge(self, step: MergeTables) -> None:
        other = self.tables[step.other]
        answer = self.api.post(self.url(step.into, "merge"), {"other": other}, format="json")
        assert answer.status_code == 200, answer.json()
        assert seats_of(answer.json()["next_lineup"]) == step.seats_after
        closed = self.api.get(f"/api/chouette-sessions/{other}/").json()
        assert (closed["status"], closed["merged_into"]) == ("merged", self.tables[step.into])


@pytest.mark.parametrize("name", sorted(NIGHTS))
def test_the_night_through_the_api(name: str) -> None:
    night = NIGHTS[name]
    played = ApiNight(night)
    played.play()

    # Who pays whom: one settlement for the whole night, from any of its tables.
    for table in played.tables:
        settlement = played.api.get(played.url(table, "settlement")).json()
        assert sorted(settlement["tables"]) == sorted(played.tables.values())
    balances = {b["player"]["display_name"]: b["points"] for b in settlement["balances"]}
    assert balances == {n: p for n, p in night.totals.items()}
    money = {b["player"]["display_name"]: Decimal(b["money"]) for b in settlement["balances"]}
    assert money == {n: Decimal(p) for n, p in night.totals.items()}  # stake 1
    left = dict(night.totals)
    for payment in settlement["payments"]:
        amount = Decimal(payment["amount"])
        assert amount == int(amount) and amount > 0
        left[payment["payer"]["display_name"]] += int(amount)
        left[payment["payee"]["display_name"]] -= int(amount)
    assert set(left.values()) == {0}
    assert len(settlement["payments"]) == len(fewest_transfers(night.totals))
    assert settlement["exact"] is True

    # The club's season: every table of the night, adding up to zero.
    season = played.api.get("/api/chouette-sessions/season/", {"club": played.club.slug}).json()
    assert season["sessions"] == len(played.tables)
    rows = {row["player"]["display_name"]: row for row in season["rows"]}
    assert sum(row["points"] for row in season["rows"]) == 0
    assert sum(row["points_won"] for row in season["rows"]) == sum(
        row["points_lost"] for row in season["rows"]
    )
    assert {n: row["points"] for n, row in rows.items()} == {
        n: p for n, p in night.totals.items() if n in rows
    }
    assert set(night.totals) - set(rows) <= {"Hal"}  # Hal never played a game


def test_a_six_player_night_history_on_a_player_record() -> None:
    played = ApiNight(SIX_PLAYER_NIGHT)
    played.play()
    cal = played.api.get(f"/api/chouette-sessions/players/{played.pk['Cal']}/").json()
    assert cal["record"]["points"] == SIX_PLAYER_NIGHT.totals["Cal"]
    assert cal["record"]["games_as_partner"] == 2  # games 1 and 2, beside Ann
    assert cal["record"]["sessions"] == 2  # both tables of the night
    assert sum(line["points"] for line in cal["sessions"]) == SIX_PLAYER_NIGHT.totals["Cal"]
    assert sum(Decimal(line["money"]) for line in cal["sessions"]) == SIX_PLAYER_NIGHT.totals["Cal"]


def test_a_correction_through_the_api_settles_the_later_games_again() -> None:
    played = ApiNight(WORKED_EXAMPLE)
    played.play()
    pk = played.pk
    url = played.url("T1", "games") + "1/"
    # Game 1 was a gammon for the team with no cube; say Ben had doubled and Ann taken.
    corrected = {
        "doubles": [{"by": "team", "answers": [{"player": pk["Ben"], "answer": "take"}]}],
        "result": {"winner": "team", "kind": "gammon"},
    }
    answer = played.api.put(url, corrected, format="json")
    assert answer.status_code == 200, answer.json()
    ledger = played.api.get(played.url("T1", "ledger")).json()
    first = {cell["player"]: cell["points"] for cell in ledger["games"][0]["points"]}
    assert first[pk["Ben"]] == 4 and first[pk["Ann"]] == -7
    totals = {t["player"]: t["points"] for t in ledger["totals"]}
    assert totals[pk["Ann"]] == WORKED_EXAMPLE.totals["Ann"] - 3
    assert totals[pk["Ben"]] == WORKED_EXAMPLE.totals["Ben"] + 3
    assert sum(totals.values()) == 0
    # Turning game 1 into a win for the box changes who is box in game 2: refused.
    refused = played.api.put(url, {"result": {"winner": "box"}}, format="json")
    assert refused.status_code == 409
    assert (refused.json()["error"]["code"], error_field(refused)) == (
        "correction_breaks_later_game",
        "number",
    )
    assert (
        played.api.put(played.url("T1", "games") + "9/", corrected, format="json").json()["error"][
            "code"
        ]
        == "no_such_game"
    )


@pytest.mark.parametrize(
    ("payload", "code", "field"),
    [
        (
            {"result": {"winner": "team"}, "cubes": [{"player": "Ben", "value": 3}]},
            "cube_not_power_of_two",
            "cubes",
        ),
        (
            {
                "result": {"winner": "team"},
                "points": [
                    {"player": "Ann", "points": -2},
                    {"player": "Ben", "points": 1},
                    {"player": "Cal", "points": 2},
                ],
            },
            "points_not_zero_sum",
            "points",
        ),
        ({"result": {"winner": "team"}, "number": 2}, "wrong_game_number", "number"),
        (
            {"box": "Ann", "team": ["Ben", "Ben"], "result": {"winner": "box"}},
            "duplicate_player",
            "team",
        ),
    ],
)
def test_bad_games_name_the_field_and_save_nothing(payload, code, field) -> None:
    t = make_table(3, names=("Ann", "Ben", "Cal"))
    pk = {p.display_name: p.pk for p in t.players}

    def resolve(value):
        if isinstance(value, dict):
            return {k: resolve(v) for k, v in value.items()}
        if isinstance(value, list):
            return [resolve(v) for v in value]
        return pk.get(value, value) if isinstance(value, str) else value

    answer = api_client(t.director).post(
        f"/api/chouette-sessions/{t.session.pk}/games/", resolve(payload), format="json"
    )
    assert answer.status_code == 409
    assert (answer.json()["error"]["code"], error_field(answer)) == (code, field)
    assert answer.json()["error"]["message"]
    assert t.session.events.count() == 0 and t.session.ledger_entries.count() == 0


def test_joining_a_full_table_without_splits_is_refused_and_saves_nothing() -> None:
    t = make_table(4, max_players=4)
    newcomer = member(t.club, "Zed")
    answer = api_client(t.director).post(
        f"/api/chouette-sessions/{t.session.pk}/join/", {"player": newcomer.pk}, format="json"
    )
    assert answer.status_code == 409
    assert (answer.json()["error"]["code"], error_field(answer)) == ("table_full", "player")
    assert "Zed" in answer.json()["error"]["message"]
    assert t.session.events.count() == 0
    assert ChouetteSession.objects.count() == 1


def test_a_full_table_splitting_during_a_game_is_refused() -> None:
    t = make_table(5, max_players=5, split_when_full=True)
    newcomer = member(t.club, "Zed")
    answer = api_client(t.director).post(
        f"/api/chouette-sessions/{t.session.pk}/join/",
        {"player": newcomer.pk, "during_game": True},
        format="json",
    )
    assert (answer.status_code, answer.json()["error"]["code"]) == (409, "split_after_the_game")
    assert ChouetteSession.objects.count() == 1


def test_undo_names_the_game_through_the_api() -> None:
    t = make_table(3)
    api = api_client(t.director)
    base = f"/api/chouette-sessions/{t.session.pk}"
    for _ in range(2):
        api.post(f"{base}/games/", {"result": {"winner": "team"}}, format="json")
    stale = api.post(f"{base}/undo/", {"game": 1}, format="json")
    assert (stale.status_code, stale.json()["error"]["code"], error_field(stale)) == (
        409,
        "not_the_last_game",
        "game",
    )
    assert api.post(f"{base}/undo/", {"game": 2}, format="json").json()["games"] == 1


def test_settings_are_bounded() -> None:
    t = make_table(3)
    api = api_client(t.director)
    base = {"club": t.club.slug, "opening_line": [p.pk for p in t.players]}
    for bad in ({"max_players": 40000}, {"partner_share": 0}, {"max_automatic_doubles": 99}):
        answer = api.post("/api/chouette-sessions/", {**base, **bad}, format="json")
        assert answer.status_code == 400
        assert error_fields(answer) == set(bad)
    partner = api.post(
        "/api/chouette-sessions/", {**base, "box_partner": True, "max_players": 5}, format="json"
    )
    assert (partner.json()["error"]["code"], error_field(partner)) == ("partner_needs_six", "box_partner")


def test_refusals_are_in_the_readers_language() -> None:
    t = make_table(4, names=("Ann", "Ben", "Cal", "Dee"), max_players=4)
    newcomer = member(t.club, "Zed")
    answer = api_client(t.director).post(
        f"/api/chouette-sessions/{t.session.pk}/join/",
        {"player": newcomer.pk},
        format="json",
        HTTP_ACCEPT_LANGUAGE="ru",
    )
    assert answer.json()["error"]["message"] == "Стол полон (4 игроков) и не делится; Zed не может сесть."
    assert error_field(answer) == "player"
