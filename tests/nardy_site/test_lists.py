"""Lists with filters and pages (matches, tournaments, disputes), the scroll boxes of wide
tables, and the sentences shown for audit codes."""

from __future__ import annotations

import datetime

import pytest
from django.template import Context, Template
from django.test import RequestFactory
from django.urls import reverse
from django.utils import timezone, translation

from common.listing import PER_PAGE
from disputes.models import DisputeEvent
from disputes.presentation import event_text
from games.board_svg import BoardPicture, describe
from games.models import MatchStatus
from nardy_site.templatetags.site import page_window
from tests.factories import ClubFactory, PlayerFactory, UserFactory
from tests.games.match_factories import MatchFactory
from tests.support.clients import page_client
from tournaments.changes import describe as describe_change
from tournaments.forms.tournament import TiebreakOrderWidget
from tournaments.models import Tournament


@pytest.mark.django_db
def test_the_match_list_filters_by_player_club_game_and_status_and_pages() -> None:
    river, hill = ClubFactory(name="River"), ClubFactory(name="Hill")
    ivan = PlayerFactory(display_name="Иван П.", name="Иван Петров")
    MatchFactory(club=river, player1=ivan, status=MatchStatus.PLAYING)
    MatchFactory(club=hill, variant="nardy", status=MatchStatus.FINISHED, crawford=False)
    for _ in range(PER_PAGE + 3):
        MatchFactory(club=hill)
    client = page_client()

    def shown(query: str) -> str:
        response = client.get(reverse("games:match_list") + query)
        assert response.status_code == 200
        return response.content.decode()

    assert "Иван П." in shown("?player=иван")  # any alphabet, any case
    assert "Иван П." not in shown("?player=nobody")
    assert "No match fits these filters." in shown("?player=nobody")
    assert f"{PER_PAGE + 5} matches" in shown("")
    assert "1 match" in shown("?club=river")
    assert "1 match" in shown("?variant=nardy&status=finished")
    first, second = shown("?club=hill"), shown("?club=hill&page=2")
    assert 'rel="next"' in first and "club=hill&amp;page=2" in first  # pages keep the filters
    assert 'rel="prev"' in second
    assert shown("?page=999").count("<tr>") > 1  # past the end: the last page, no error
    assert "Select a valid choice" in shown("?status=exploded")  # the field says what is wrong


@pytest.mark.django_db
def test_the_tournament_list_filters_and_hides_private_events() -> None:
    club = ClubFactory()
    today = timezone.localdate()
    for name, fmt, public in (("Spring Open", "knockout", True), ("Winter League", "round_robin", True),
                              ("Members Only", "knockout", False)):
        Tournament.objects.create(club=club, name=name, starts_on=today, variant="backgammon",
                                  format=fmt, is_public=public)
    html = page_client().get(reverse("tournaments:tournament_list") + "?format=knockout").content.decode()
    assert "Spring Open" in html and "Winter League" not in html and "Members Only" not in html
    html = page_client().get(reverse("tournaments:tournament_list") + "?name=LEAGUE").content.decode()
    assert "Winter League" in html and "Spring Open" not in html


@pytest.mark.django_db
def test_the_dispute_list_offers_only_the_clubs_of_visible_disputes() -> None:
    user = UserFactory()
    ClubFactory(name="Someone Else's Club")
    response = page_client(user).get(reverse("disputes:list") + "?status=checked&page=x")
    assert response.status_code == 200
    assert "Someone Else&#x27;s Club" not in response.content.decode()


def test_page_window_shows_the_ends_and_the_pages_around() -> None:
    class Paginator:
        num_pages = 20

    assert page_window(Paginator, 1) == [1, 2, 3, None, 20]
    assert page_window(Paginator, 10) == [1, None, 8, 9, 10, 11, 12, None, 20]
    assert page_window(Paginator, 20) == [1, None, 18, 19, 20]


def test_a_scroll_box_is_a_named_keyboard_reachable_region_with_a_hint() -> None:
    request = RequestFactory().get("/")
    html = Template('{% load site %}{% scrollbox "Results" %}<table></table>{% endscrollbox %}').render(
        Context({"request": request}))
    assert 'role="region"' in html and 'tabindex="0"' in html and 'aria-label="Results"' in html
    assert "scroll-hint" in html and "<table></table>" in html


def test_audit_codes_are_told_as_sentences_in_the_reader_language() -> None:
    assert describe_change("round_started", {"round": 3}) == "Round 3 started."
    assert describe_change("entry_added", {"player": 4}) == "A player was entered."
    assert describe_change("something_new") == "Change recorded."
    checked = DisputeEvent(action="checked", note="larger_die")
    assert "only one die can be played" in event_text(checked)
    assert event_text(DisputeEvent(action="checking", note="attempt 2")) == (
        "The engine started checking (attempt 2).")
    ruled = DisputeEvent(action="ruled", note="overturned: The play was legal.")
    assert event_text(ruled) == "Ruled: complaint rejected: the play or result stands as entered. The play was legal."
    with translation.override("ru"):
        assert describe_change("round_started", {"round": 3}) == "Начался 3-й тур."
        assert "larger_die" not in event_text(checked) and "кубик" in event_text(checked)


def test_a_board_diagram_is_described_in_words() -> None:
    start = (0,) * 5 + (5,) + (0,) + (3,) + (0,) * 4 + (5,) + (0,) * 10 + (2,) + (0,)
    text = describe(BoardPicture(variant="backgammon", checkers=(start, start),
                                 names=("Ann", "Bob"), dice=(6, 2), title="4HPwATDgc/ABMA"))
    assert text.startswith("Backgammon board. Position ID 4HPwATDgc/ABMA.")
    assert "Ann: 15 on the board, 0 borne off, pip count 167." in text
    assert "Dice 6 and 2." in text


def test_the_tiebreak_order_is_chosen_by_name_and_read_back_as_keys() -> None:
    widget = TiebreakOrderWidget()
    html = widget.render("tiebreak_order", "wins, buchholz")
    assert "Match wins" in html and 'aria-label="Tiebreak 1"' in html
    data = {"tiebreak_order_0": "buchholz", "tiebreak_order_1": "", "tiebreak_order_2": "wins"}
    assert widget.value_from_datadict(data, {}, "tiebreak_order") == "buchholz, wins"
    assert widget.value_from_datadict({"tiebreak_order": "wins"}, {}, "tiebreak_order") == "wins"
    assert not widget.value_omitted_from_data(data, {}, "tiebreak_order")


def test_dates_are_written_the_russian_way_on_russian_pages() -> None:
    from django.utils.formats import date_format

    with translation.override("ru"):
        assert date_format(datetime.date(2026, 3, 1), "SHORT_DATE_FORMAT") == "01.03.2026"


@pytest.mark.django_db
def test_the_player_list_filters_by_name_and_club_with_ratings_and_pages() -> None:
    from leaderboard.models import PlayerRating
    from tests.factories import MembershipFactory

    club = ClubFactory(name="Riverside", slug="riverside")
    anna = PlayerFactory(display_name="Анна К.")
    MembershipFactory(club=club, player=anna)
    PlayerRating.objects.create(player=anna, variant="nardy", rating=1612.4, experience=40,
                                matches=12)
    for n in range(PER_PAGE + 1):
        PlayerFactory(display_name=f"Zed {n:02d}")
    client = page_client()
    url = reverse("leaderboard:player_list")
    html = client.get(url, {"name": "анна"}).content.decode()
    assert "Анна К." in html and "1612" in html and "Riverside" in html and "Zed" not in html
    assert "1 player" in html
    html = client.get(url, {"club": "riverside"}).content.decode()
    assert "Анна К." in html and "Zed 00" not in html
    first = client.get(url).content.decode()
    assert 'rel="next"' in first and f"{PER_PAGE + 2} players" in first


def test_transcript_errors_are_told_by_their_code_in_the_reader_language() -> None:
    from games.services.errors import transcript_error_text

    larger = {"code": "larger_die", "reason": "Illegal: with 6-2 ...", "game": 2}
    assert transcript_error_text(larger, "en").startswith("Illegal: only one die")
    crawford = {"code": "cube_in_crawford", "game": 3, "reason": "x"}
    assert "(game 3)" in transcript_error_text(crawford, "en")
    unknown = {"code": "brand_new", "reason": "Something new happened."}
    assert transcript_error_text(unknown, "en") == "Something new happened."
    with translation.override("ru"):
        assert "кубик" in transcript_error_text(larger, "ru")
        assert transcript_error_text(unknown, "ru") == "Этот ход нарушает правило игры."
