"""Whole nights through the pages, as the phones post them (htmx): §9's worked example
and the six-player night with a box partner, a split table, a late arrival and the merge
back (chouette_nights.py); then the settlement, running ledger and season pages."""

from __future__ import annotations

import html
import re
from decimal import Decimal

import pytest
from django.urls import reverse

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
from tests.support.clients import page_client

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}
NIGHTS = {"worked_example": WORKED_EXAMPLE, "six_player_night": SIX_PLAYER_NIGHT}
SEAT = re.compile(
    r'data-role="(\w+)">\s*<span class="role">[^<]*</span>\s*<span class="name">([^<]+)</span>'
)


def seats_on(page: str) -> Seats:
    """The line-up as the table page shows it."""
    lineup = page[page.index('id="lineup"') :]
    lineup = lineup[: lineup.index("</section>")]
    by_role: dict[str, list[str]] = {}
    for role, name in SEAT.findall(lineup):
        by_role.setdefault(role, []).append(html.unescape(name))
    partner = by_role.get("partner", [None])[0]
    return Seats(by_role["box"][0], by_role["captain"][0], tuple(by_role.get("crew", [])), partner)


def hidden(page: str, name: str) -> str:
    match = re.search(rf'<input type="hidden" name="{name}" value="([^"]*)"', page)
    return match.group(1) if match else ""


class PageNight:
    """Plays a night's script through the table pages, each step from a fresh page."""

    def __init__(self, night: Night) -> None:
        self.night = night
        t = make_table(len(night.opening_line), names=night.opening_line, **night.settings)
        self.club = t.club
        self.pk = {p.display_name: p.pk for p in t.players}
        for name in night.players:
            if name not in self.pk:
                self.pk[name] = member(t.club, name).pk
        # a participant's phone for T1, the director's for everything
        self.client = page_client(t.director)
        self.tables = {"T1": t.session.pk}

    def page(self, table: str) -> str:
        return self.client.get(reverse("chouette:table", args=[self.tables[table]])).text

    def post(self, table: str, action: str, data: dict) -> str:
        url = reverse(f"chouette:{action}", args=[self.tables[table]])
        response = self.client.post(url, data, headers=HTMX)
        assert response.status_code == 200
        assert "chouette-error" not in response.text, response.text
        return response.text

    def play(self) -> None:
        assert seats_on(self.page("T1")) == self.night.first_seats
        for step in self.night.steps:
            if isinstance(step, Game):
                self.game(step)
            elif isinstance(step, Join):
                self.join(step)
            elif isinstance(step, Leave):
                page = self.post(step.table, "leave", {"player": self.pk[step.player]})
                assert seats_on(page) == step.seats_after
            else:
                assert isinstance(step, MergeTables)
                other = self.tables[step.other]
                page = self.post(step.into, "merge", {"other": other})
                assert seats_on(page) == step.seats_after
                assert ChouetteSession.objects.get(pk=other).status == "merged"

    def game(self, step: Game) -> None:
        page = self.page(step.table)
        data = {name: hidden(page, name) for name in ("box", "team", "partner", "number")}
        data["winner"] = step.winner or "none"
        data["kind"] = step.kind
        data["automatic_doubles"] = "0"
        for turn in (1, 2, 3):
            data[f"turn{turn}_by"] = "box"
        for turn, cube in enumerate(step.cubes, start=1):
            data[f"turn{turn}_by"] = cube.by
            for name, answer in cube.answers.items():
                data[f"turn{turn}_{self.pk[name]}"] = answer
        # The phone's preview shows the amounts before the game is saved.
        preview = self.post(step.table, "preview", data)
        for name, points in step.points.items():
            row = re.search(
                rf'<tr data-player="{name}">.*?<td class="points">([^<]+)</td>', preview, re.DOTALL
            )
            assert row is not None and int(row.group(1)) == points, (name, preview)
        page = self.post(step.table, "record_game", data)
        assert seats_on(page) == step.next_seats
        number = int(data["number"])
        ledger = self.client.get(reverse("chouette:ledger", args=[self.tables[step.table]])).text
        game = ledger[ledger.index(f'data-game="{number}"') :]
        game = game[: game.index("</details>")]
        amounts = dict(
            re.findall(
                r'<li data-player="([^"]+)"><span class="name">[^<]+</span> <strong>([^<]+)</strong>',
                game,
            )
        )
        assert {name: int(points) for name, points in amounts.items()} == step.points

    def join(self, step: Join) -> None:
        data = {"player": self.pk[step.player]}
        if step.during_game:
            data["during_game"] = "on"
        page = self.post(step.table, "join", data)
        if step.split_into:
            assert "it split" in page
            new_table = ChouetteSession.objects.get(split_from_id=self.tables[step.table])
            assert f'href="{new_table.get_absolute_url()}"' in page
            self.tables[step.split_into] = new_table.pk
            assert seats_on(self.page(step.split_into)) == step.new_table_seats
        if step.during_game:
            assert re.search(
                rf'class="waiting">.*<span class="name">{step.player}</span>', page, re.DOTALL
            )
        assert seats_on(page) == step.seats_after


@pytest.mark.parametrize("name", sorted(NIGHTS))
def test_the_night_through_the_pages(name: str) -> None:
    night = NIGHTS[name]
    played = PageNight(night)
    played.play()

    settlement = played.client.get(reverse("chouette:settlement", args=[played.tables["T1"]]))
    assert settlement.status_code == 200
    payments = re.findall(
        r'data-payer="([^"]+)" data-payee="([^"]+)" data-amount="([^"]+)"', settlement.text
    )
    left = dict(night.totals)
    for payer, payee, amount in payments:
        left[payer] += int(Decimal(amount))
        left[payee] -= int(Decimal(amount))
    assert set(left.values()) == {0}
    assert len(payments) == len(fewest_transfers(night.totals))
    assert "pays" in settlement.text and 'id="share-text"' in settlement.text

    season = played.client.get(reverse("chouette:season", args=[played.club.slug])).text
    rows = dict(
        re.findall(
            r'<tr data-player="([^"]+)">.*?<td class="points">([^<]+)</td>', season, re.DOTALL
        )
    )
    assert {player: int(points) for player, points in rows.items()} == {
        player: points for player, points in night.totals.items() if player in rows
    }
    assert sum(int(points) for points in rows.values()) == 0
    assert re.search(r"Total</th><td>\+0</td>", season)


def test_correcting_an_earlier_game_from_the_page() -> None:
    played = PageNight(WORKED_EXAMPLE)
    played.play()
    pk = played.pk
    url = reverse("chouette:correct_game", args=[played.tables["T1"], 2])
    form = played.client.get(url)
    assert form.status_code == 200
    # Game 2 as stored: the box doubled all four; Cal took.
    assert re.search(rf'name="turn1_{pk["Cal"]}" value="take"[^>]*checked', form.text)
    data = {name: hidden(form.text, name) for name in ("box", "team", "partner", "number")}
    data.update({"winner": "box", "kind": "single", "automatic_doubles": "0", "correcting": "2"})
    for turn in (1, 2, 3):
        data[f"turn{turn}_by"] = "box"
    data.update(
        {
            f"turn1_{pk[n]}": a
            for n, a in {"Cal": "take", "Dee": "drop", "Eve": "take", "Ann": "drop"}.items()
        }
    )
    response = played.client.post(url, data)  # a single, not a gammon
    assert response.status_code == 302
    ledger = played.client.get(reverse("chouette:ledger", args=[played.tables["T1"]])).text
    totals = dict(
        re.findall(
            r'<li data-player="([^"]+)"><span class="name">[^<]+</span> <strong class="points">([^<]+)</strong>',
            ledger,
        )
    )
    # Ben's gammon against Cal and Eve counted 4 each; as a single, 2 each.
    assert int(totals["Ben"]) == WORKED_EXAMPLE.totals["Ben"] - 4
    assert int(totals["Cal"]) == WORKED_EXAMPLE.totals["Cal"] + 2
    assert sum(int(points) for points in totals.values()) == 0


def test_a_correction_that_breaks_a_later_game_is_shown_and_saves_nothing() -> None:
    played = PageNight(WORKED_EXAMPLE)
    played.play()
    url = reverse("chouette:correct_game", args=[played.tables["T1"], 1])
    form = played.client.get(url).text
    data = {name: hidden(form, name) for name in ("box", "team", "partner", "number")}
    data.update({"winner": "box", "kind": "single", "automatic_doubles": "0"})
    for turn in (1, 2, 3):
        data[f"turn{turn}_by"] = "box"
    response = played.client.post(url, data)
    assert response.status_code == 400
    assert "game 2 no longer follows" in response.text
    session = ChouetteSession.objects.get(pk=played.tables["T1"])
    assert session.ledger_entries.filter(game_number=1, points=-4).count() == 1


def test_a_full_table_without_splits_says_why_on_the_page() -> None:
    t = make_table(4, names=("Ann", "Ben", "Cal", "Dee"), max_players=4)
    newcomer = member(t.club, "Zed")
    client = page_client(t.director)
    response = client.post(
        reverse("chouette:join", args=[t.session.pk]), {"player": newcomer.pk}, headers=HTMX
    )
    assert "This table is full (4 players) and does not split; Zed cannot join." in response.text
    assert t.session.events.count() == 0


def test_undo_from_a_stale_page_undoes_nothing() -> None:
    t = make_table(3, names=("Ann", "Ben", "Cal"))
    client = page_client(t.director)
    page = client.get(t.session.get_absolute_url()).text
    for _ in range(2):
        page = client.get(t.session.get_absolute_url()).text
        data = {name: hidden(page, name) for name in ("box", "team", "partner", "number")}
        data.update({"winner": "team", "kind": "single", "automatic_doubles": "0"})
        data.update({f"turn{turn}_by": "box" for turn in (1, 2, 3)})
        client.post(reverse("chouette:record_game", args=[t.session.pk]), data, headers=HTMX)
    stale = client.post(
        reverse("chouette:undo", args=[t.session.pk]), {"number": "1"}, headers=HTMX
    )
    assert "Game 1 is no longer the last game" in stale.text
    assert t.session.ledger_entries.values("game_number").distinct().count() == 2


def test_the_same_game_posted_twice_is_booked_once() -> None:
    t = make_table(3, names=("Ann", "Ben", "Cal"))
    client = page_client(t.director)
    page = client.get(t.session.get_absolute_url()).text
    data = {name: hidden(page, name) for name in ("box", "team", "partner", "number")}
    data.update({"winner": "team", "kind": "single", "automatic_doubles": "0"})
    data.update({f"turn{turn}_by": "box" for turn in (1, 2, 3)})
    url = reverse("chouette:record_game", args=[t.session.pk])
    client.post(url, data, headers=HTMX)
    again = client.post(url, data, headers=HTMX)  # a second phone, or a retry
    assert "chouette-error" in again.text
    assert t.session.events.count() == 1


def test_the_running_ledger_refreshes_while_the_table_runs() -> None:
    t = make_table(3, names=("Ann", "Ben", "Cal"))
    client = page_client()
    page = client.get(reverse("chouette:ledger", args=[t.session.pk])).text
    assert 'hx-trigger="every 15s, page-visible from:body"' in page
    partial = client.get(reverse("chouette:ledger", args=[t.session.pk]), headers=HTMX).text
    assert "<html" not in partial and 'id="running-ledger"' in partial


def test_a_season_year_out_of_range_is_a_clear_error() -> None:
    t = make_table(3)
    response = page_client().get(reverse("chouette:season", args=[t.club.slug]), {"year": "0"})
    assert response.status_code == 400
    assert "form-error" in response.text


def test_the_settlement_page_in_russian() -> None:
    played = PageNight(WORKED_EXAMPLE)
    played.play()
    url = reverse("chouette:settlement", args=[played.tables["T1"]])
    page = played.client.get(url, HTTP_ACCEPT_LANGUAGE="ru").text
    assert "Кто кому платит" in page
    assert "Cal платит Ann 4.00" in page or "Cal платит Ann 4,00" in page


def test_the_club_page_links_to_the_chouette_season() -> None:
    t = make_table(3)
    page = page_client().get(reverse("clubs:club_detail", args=[t.club.slug])).text
    assert f'href="{reverse("chouette:season", args=[t.club.slug])}"' in page


def test_the_house_rules_are_set_when_a_table_is_opened() -> None:
    t = make_table(6, names=("Ann", "Ben", "Cal", "Dee", "Eve", "Fay"))
    client = page_client(t.director)
    url = reverse("chouette:session_new", args=[t.club.slug])
    form = client.get(url).text
    for field in ("box_partner", "partner_share", "split_when_full", "initial_cubes_rule"):
        assert f'name="{field}"' in form
    data = {
        "date": "2026-11-21",
        "variant": "backgammon",
        "stake_per_point": "1",
        "cube_mode": "multiple",
        "jacoby": "on",
        "consulting": "live_cube",
        "max_players": "7",
        "max_automatic_doubles": "2",
        "box_partner": "on",
        "partner_share": "40",
        "split_when_full": "on",
        "box_must_take_captain": "on",
        **{f"seat_{i}": str(p.pk) for i, p in enumerate(t.players)},
    }
    response = client.post(url, data)
    assert response.status_code == 302
    session = ChouetteSession.objects.exclude(pk=t.session.pk).get()
    rules = session.table_settings()
    assert (rules.box_partner, rules.partner_share, rules.split_when_full) == (True, 40, True)
    assert (rules.box_must_take_captain, rules.max_automatic_doubles) == (True, 2)
    page = client.get(session.get_absolute_url()).text
    assert seats_on(page) == Seats("Ann", "Ben", ("Dee", "Eve", "Fay"), partner="Cal")
    assert "box partner from six players (40 %)" in page
    refused = client.post(url, {**data, "max_players": "5"})  # a partner needs six seats
    assert refused.status_code == 400
    assert "A box partner joins with 6 or more players" in refused.text
