"""The chouette REST API: sessions, games (record, undo), seats and the ledger."""

from __future__ import annotations

import pytest

from chouette.models import ChouetteEvent, ChouetteLedgerEntry, ChouetteSession
from tests.games.chouette_tables import make_table, member, quick_user
from tests.support.clients import api_client, error_fields, error_of

pytestmark = pytest.mark.django_db


def games_url(session: ChouetteSession) -> str:
    return f"/api/chouette-sessions/{session.pk}/games/"


def test_sessions_are_listed_by_club_and_readable_by_anyone() -> None:
    t = make_table(3, names=("Ann", "Ben", "Cal"))
    make_table(3)
    api = api_client()
    assert api.get("/api/chouette-sessions/").json()["count"] == 2
    listing = api.get("/api/chouette-sessions/", {"club": t.club.slug}).json()
    assert [s["id"] for s in listing["results"]] == [t.session.pk]
    detail = api.get(f"/api/chouette-sessions/{t.session.pk}/").json()
    assert [(s["display_name"], s["role"]) for s in detail["next_lineup"]] == [
        ("Ann", "box"),
        ("Ben", "captain"),
        ("Cal", "crew"),
    ]
    assert detail["status"] == "running" and detail["games"] == 0


def test_a_participant_records_games_and_reads_the_ledger() -> None:
    t = make_table(4)
    a, b, c, d = (p.pk for p in t.players)
    api = api_client(t.user_of(3))
    first = api.post(
        games_url(t.session), {"result": {"winner": "box", "kind": "single"}}, format="json"
    )
    assert first.status_code == 201, first.json()
    assert [s["id"] for s in first.json()["next_lineup"]] == [a, c, d, b]  # Ben to the end
    second = api.post(
        games_url(t.session),
        {
            "box": a,
            "team": [c, d, b],
            "doubles": [
                {"by": "team", "answers": [{"player": c, "answer": "take"}]},
                {"by": "box", "answers": [{"player": d, "answer": "drop"}]},
            ],
            "result": {"winner": "team", "kind": "gammon"},
            "cubes": [{"player": c, "value": 2}],
        },
        format="json",
    )
    assert second.status_code == 201, second.json()
    ledger = api.get(f"/api/chouette-sessions/{t.session.pk}/ledger/").json()
    assert len(ledger["games"]) == 2
    for row in ledger["games"]:
        assert sum(cell["points"] for cell in row["points"]) == 0
    game_two = {cell["player"]: cell["points"] for cell in ledger["games"][1]["points"]}
    assert game_two == {a: -4 + 1 - 1, c: 4, d: -1, b: 1}  # C's turned cube: gammon 2 x 2
    assert sum(total["points"] for total in ledger["totals"]) == 0
    assert ledger["games"][1]["rotation"] == "captain_beat_box"
    assert ledger["games"][1]["result"] == {"winner": "team", "kind": "gammon"}
    cubes = {bet["player"]: bet for bet in ledger["games"][1]["bets"]}
    assert (cubes[c]["cube_value"], cubes[c]["owner"], cubes[c]["turned"]) == (2, "box", True)
    assert (cubes[d]["end"], cubes[d]["points"]) == ("member_dropped", -1)
    assert (cubes[b]["end"], cubes[b]["multiplier"]) == ("played", 1)  # Jacoby: not turned


@pytest.mark.parametrize(
    ("payload", "code"),
    [
        (
            {"result": {"winner": "team"}, "cubes": [{"player": "C", "value": 3}]},
            "cube_not_power_of_two",
        ),
        (
            {
                "doubles": [{"by": "box", "answers": [{"player": 987654, "answer": "take"}]}],
                "result": {"winner": "team"},
            },
            "player_not_in_game",
        ),
        (
            {
                "doubles": [
                    {
                        "by": "box",
                        "answers": [
                            {"player": "C", "answer": "take"},
                            {"player": "C", "answer": "drop"},
                        ],
                    }
                ],
                "result": {"winner": "box"},
            },
            "duplicate_cube",
        ),
        (
            {
                "doubles": [
                    {
                        "by": "box",
                        "answers": [
                            {"player": "B", "answer": "drop"},
                            {"player": "C", "answer": "drop"},
                        ],
                    }
                ],
                "result": {"winner": "team"},
            },
            "result_without_live_bet",
        ),
        ({"result": None}, "result_missing"),
        ({"box": "B", "team": ["A", "C"], "result": {"winner": "box"}}, "lineup_mismatch"),
    ],
)
def test_bad_games_answer_400_with_the_code_and_nothing_is_saved(payload, code: str) -> None:
    t = make_table(3)
    seats = {"A": t.players[0].pk, "B": t.players[1].pk, "C": t.players[2].pk}

    def resolve(value):
        if isinstance(value, dict):
            return {k: resolve(v) for k, v in value.items()}
        if isinstance(value, list):
            return [resolve(v) for v in value]
        return seats.get(value, value) if isinstance(value, str) else value

    response = api_client(t.director).post(games_url(t.session), resolve(payload), format="json")
    assert response.status_code == 409
    assert response.json()["error"]["code"] == code
    assert error_of(response)["message"]
    assert ChouetteEvent.objects.count() == 0 and ChouetteLedgerEntry.objects.count() == 0


def test_malformed_input_is_a_field_error() -> None:
    t = make_table(3)
    response = api_client(t.director).post(
        games_url(t.session), {"result": {"winner": "nobody"}}, format="json"
    )
    assert response.status_code == 400 and "result" in error_fields(response)
    assert ChouetteEvent.objects.count() == 0


def test_undo_join_leave_and_finish() -> None:
    t = make_table(3)
    api = api_client(t.director)
    base = f"/api/chouette-sessions/{t.session.pk}"
    api.post(games_url(t.session), {"result": {"winner": "team"}}, format="json")
    undone = api.post(f"{base}/undo/")
    assert undone.status_code == 200 and undone.json()["games"] == 0
    assert api.post(f"{base}/undo/").json()["error"]["code"] == "no_game_to_undo"
    newcomer = member(t.club, "Dee")
    joined = api.post(f"{base}/join/", {"player": newcomer.pk}, format="json")
    assert [p["id"] for p in joined.json()["line"]][-1] == newcomer.pk
    left = api.post(f"{base}/leave/", {"player": t.players[0].pk}, format="json")
    assert t.players[0].pk not in [p["id"] for p in left.json()["line"]]
    assert api.post(f"{base}/finish/").json()["status"] == "finished"
    closed = api.post(games_url(t.session), {"result": {"winner": "team"}}, format="json")
    assert closed.status_code == 409 and closed.json()["error"]["code"] == "session_finished"


def test_a_director_opens_a_session() -> None:
    t = make_table(3)
    api = api_client(t.director)
    payload = {
        "club": t.club.slug,
        "stake_per_point": "0.25",
        "cube_mode": "single",
        "opening_line": [p.pk for p in t.players],
    }
    response = api.post("/api/chouette-sessions/", payload, format="json")
    assert response.status_code == 201, response.json()
    assert response.json()["cube_mode"] == "single"
    nardy = api.post("/api/chouette-sessions/", {**payload, "variant": "nardy"}, format="json")
    assert nardy.status_code == 201, nardy.json()
    assert (nardy.json()["variant"], nardy.json()["koks"]) == ("nardy", False)
    koks = api.post("/api/chouette-sessions/", {**payload, "koks": True}, format="json")
    assert koks.status_code == 409 and koks.json()["error"]["code"] == "koks_needs_nardy"
    unknown = api.post("/api/chouette-sessions/", {**payload, "variant": "shesh"}, format="json")
    assert unknown.status_code == 400 and "variant" in error_fields(unknown)
    assert ChouetteSession.objects.count() == 3


def test_the_old_spelling_of_long_nardy_is_refused_with_the_new_one() -> None:
    t = make_table(3)
    api = api_client(t.director)
    payload = {"club": t.club.slug, "opening_line": [p.pk for p in t.players]}
    old = api.post("/api/chouette-sessions/", {**payload, "variant": "long_nardy"}, format="json")
    assert old.status_code == 400 and "variant" in error_fields(old)
    assert '"nardy"' in error_of(old)["fields"]["variant"][0]
    assert ChouetteSession.objects.count() == 1


def test_a_long_nardy_session_through_the_api() -> None:
    t = make_table(4)
    api = api_client(t.director)
    created = api.post(
        "/api/chouette-sessions/",
        {"club": t.club.slug, "variant": "nardy", "opening_line": [p.pk for p in t.players]},
        format="json",
    )
    assert created.status_code == 201, created.json()
    session = ChouetteSession.objects.get(pk=created.json()["id"])
    a, b, c, d = (p.pk for p in t.players)
    mars = api.post(
        games_url(session),
        {
            "doubles": [{"by": "box", "answers": [{"player": c, "answer": "take"}]}],
            "result": {"winner": "box", "kind": "mars"},
        },
        format="json",
    )
    assert mars.status_code == 201, mars.json()
    ledger = api.get(f"/api/chouette-sessions/{session.pk}/ledger/").json()
    game = ledger["games"][0]
    assert game["result"] == {"winner": "box", "kind": "mars"}
    assert {p["player"]: p["points"] for p in game["points"]} == {a: 6, b: -1, c: -4, d: -1}
    assert sum(p["points"] for p in game["points"]) == 0
    before = (ChouetteEvent.objects.count(), ChouetteLedgerEntry.objects.count())
    for kind, code in [("gammon", "result_not_in_variant"), ("koks", "koks_not_allowed")]:
        refused = api.post(
            games_url(session), {"result": {"winner": "team", "kind": kind}}, format="json"
        )
        assert refused.status_code == 409
        assert refused.json()["error"]["code"] == code, refused.json()
    assert (ChouetteEvent.objects.count(), ChouetteLedgerEntry.objects.count()) == before
    # Without a kind, a long nardy game is an oin (a backgammon game a single).
    oin = api.post(games_url(session), {"result": {"winner": "team"}}, format="json")
    assert oin.status_code == 201, oin.json()
    ledger = api.get(f"/api/chouette-sessions/{session.pk}/ledger/").json()
    assert ledger["games"][1]["result"]["kind"] == "oin"
    backgammon = make_table(3)
    refused = api_client(backgammon.director).post(
        games_url(backgammon.session), {"result": {"winner": "box", "kind": "mars"}}, format="json"
    )
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "result_not_in_variant"


@pytest.mark.parametrize("who", ["anonymous", "stranger", "other_director", "other_player"])
def test_only_participants_and_directors_write(who: str) -> None:
    t = make_table(3)
    other = make_table(3)
    user = {
        "anonymous": None,
        "stranger": quick_user("stranger"),
        "other_director": other.director,
        "other_player": other.user_of(0),
    }[who]
    api = api_client(user)
    base = f"/api/chouette-sessions/{t.session.pk}"
    expected = {401, 403}
    assert api.get(f"{base}/").status_code == 200
    assert api.get(f"{base}/ledger/").status_code == 200
    posted = api.post(games_url(t.session), {"result": {"winner": "team"}}, format="json")
    assert posted.status_code in expected
    assert api.post(f"{base}/undo/").status_code in expected
    assert api.post(f"{base}/finish/").status_code in expected
    left = api.post(f"{base}/leave/", {"player": t.players[0].pk}, format="json")
    assert left.status_code in expected
    opened = api.post(
        "/api/chouette-sessions/",
        {"club": t.club.slug, "opening_line": [p.pk for p in t.players]},
        format="json",
    )
    assert opened.status_code in expected
    assert ChouetteEvent.objects.count() == 0
    assert ChouetteSession.objects.filter(status="running").count() == 2


def test_a_players_all_time_record() -> None:
    t = make_table(3)
    api = api_client(t.director)
    api.post(games_url(t.session), {"result": {"winner": "box"}}, format="json")
    box = t.players[0]
    data = api_client().get(f"/api/chouette-sessions/players/{box.pk}/").json()
    assert data["player"]["id"] == box.pk
    assert (data["record"]["games"], data["record"]["games_as_box"]) == (1, 1)
    assert (data["record"]["points"], data["record"]["money"]) == (2, "2.00")
    assert [s["id"] for s in data["sessions"]] == [t.session.pk]
    assert api_client().get("/api/chouette-sessions/players/987654/").status_code == 404
