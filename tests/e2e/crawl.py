"""The site crawl: which pages exist, who visits them, and what is checked on each.

``visits()`` builds the list of pages from the URLconf and the demo data (``manage.py
demo``): one or more addresses per page kind (URL name), each visited as the roles that
can see it. ``NOT_PAGES`` names the URL patterns that are not pages (POST-only actions,
downloads, htmx fragments) and why; ``test_every_page_kind_is_crawled`` fails when a new
URL pattern is in neither, so a new page joins the crawl. ``error_visits()`` adds the
site's error pages (400, 403, 404, 413, 429), each reached as a reader reaches it.

``check()`` loads one address in a Playwright page and reports what is wrong: a 5xx, the
document wider than the window, serious or critical axe-core violations, and (for the
Russian pages) English words left in the visible text.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from django.apps import apps
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import models
from django.db.models import Q
from django.urls import URLPattern, URLResolver, get_resolver, reverse

ANONYMOUS, PLAYER, DIRECTOR = "anonymous", "player", "director"
ROLES = (ANONYMOUS, PLAYER, DIRECTOR)
PHONE = {"width": 390, "height": 844}
# Languages written in another alphabet: Latin words left on their pages are English.
NON_LATIN = {"ru", "uk", "be", "bg", "hy", "ka"}
LAPTOP = {"width": 1280, "height": 800}
AXE = Path(settings.BASE_DIR) / "node_modules" / "axe-core" / "axe.min.js"
# The project's apps whose URL patterns are crawled (admin and the API are not pages here).
NAMESPACES_SKIPPED = {"admin", "api"}

# URL names that are not pages, and why.
NOT_PAGES: dict[str, str] = {
    "health": "JSON health check for load balancers",
    "service_worker": "the service worker's script (JavaScript; tests/nardy_site/test_pwa.py)",
    "manifest": "the web app manifest (JSON; tests/nardy_site/test_pwa.py)",
    "session_state": "JSON for the offline queue: who is signed in, a fresh CSRF token",
    "ladders:join": "POST-only action",
    "ladders:leave": "POST-only action",
    "ladders:challenge": "POST-only action",
    "ladders:reorder": "POST-only action",
    "ladders:pause": "POST-only action",
    "ladders:void": "POST-only action",
    "ladders:extend": "POST-only action",
    "money:add_sale": "POST-only action",
    "money:add_side_pool": "POST-only action",
    "money:csv": "CSV download",
    "games:export_mat": ".mat download (text/plain)",
    "money:delete_sale": "POST-only action",
    "money:save_purse": "POST-only action",
    "money:side_pool_entrant": "POST-only action",
    "leaderboard:rankings_csv": "CSV download",
    "leaderboard:rating_chart": "SVG image (drawn inside the profile page)",
    "tournaments:results_csv": "CSV download",
    "tournaments:standings_csv": "CSV download",
    "tournaments:console_update": "POST action",
    "tournaments:format_settings": "htmx fragment of the tournament form",
    "tournaments:desk_settings": "POST action",
    "tournaments:desk_decide": "POST action",
    "tournaments:desk_entry": "POST action",
    "tournaments:desk_register_members": "POST action",
    "tournaments:desk_entrants": "POST action",
    "tournaments:desk_late_entry": "POST action",
    "tournaments:desk_pairing": "POST action",
    "tournaments:desk_apart": "POST action",
    "tournaments:activity_undo": "POST action",
    "tournaments:register": "POST action",
    "tournaments:leave": "POST action",
    "tournaments:check_in": "POST action",
    "tournaments:present": "POST action",
    "tournaments:console_player_search": "htmx fragment of the console",
    "tournaments:console_add_entry": "POST action",
    "tournaments:console_remove_entry": "POST action",
    "tournaments:console_seeds": "POST action",
    "tournaments:console_status": "POST action",
    "tournaments:console_draw": "POST action",
    "tournaments:console_undo_draw": "POST action",
    "tournaments:console_next_round": "POST action",
    "tournaments:console_result": "POST action",
    "tournaments:console_walkover": "POST action",
    "tournaments:console_conflict": "POST action",
    "tournaments:my_match_score": "POST action",
    "tournaments:my_result_answer": "POST action",
    "chouette:game_form": "htmx fragment of the table",
    "chouette:record_game": "POST action",
    "chouette:join": "POST action",
    "chouette:leave": "POST action",
    "chouette:finish": "POST action",
    "chouette:preview": "htmx fragment of the game form (POST)",
    "chouette:merge": "POST action",
    "disputes:editor_board": "htmx fragment of the dispute form",
    "disputes:status": "htmx fragment of the dispute page",
    "disputes:rule": "POST action",
    "disputes:withdraw": "POST action",
    "games:enter_game": "POST action",
    "games:remove_last_game": "POST action",
    "games:enter_score": "POST action",
    "games:override_result": "POST action",
    "games:confirm_result": "POST action",
    "games:dispute_result": "POST action",
    "games:upload_transcript": "POST action",
    "games:transcripts": "htmx fragment of the match page",
    "notifications:badge": "htmx fragment of the menu",
    "notifications:read": "POST action",
    "notifications:read_all": "POST action",
    "webhooks:action": "POST action",
    "logout": "POST action",
    "source": "a download: the source archive (tests/nardy_site/test_source.py)",
    "set_language": "POST action",
    "account_confirm_email": "needs a key from a verification email (tests/accounts)",
    "account_reset_password_from_key": "needs a token from an email (tests/accounts)",
    "account_confirm_login_code": "login by code is off",
    "account_request_reauthentication_code": "reauthentication is by password only (403)",
    "account_confirm_reauthentication_code": "reauthentication is by password only (403)",
    "account_set_password": "redirects to password change for accounts with a password",
    "account_logout": "the same page as logout",
    "account_login": "the same page as login",
    "account_change_password": "the same page as password_change",
    "account_reset_password": "the same page as password_reset",
    "clubs:join": "needs an invitation token (tests/clubs, tests/e2e/test_club_onboarding.py)",
    "clubs:player_add": "POST action",
    "clubs:mark_distinct": "POST action",
    "clubs:set_role": "POST action",
    "clubs:hand_over": "POST action",
    "clubs:invitation_revoke": "POST action",
    "clubs:join_club": "POST action",
    "clubs:leave_club": "POST action",
    "clubs:accept_addressed": "POST action",
    "my_data": "a JSON download (tests/accounts/test_my_data.py)",
    "club_export": "a .zip download (tests/nardy_site/test_club_archive.py)",
    "club_import_players": "needs an uploaded archive (tests/e2e/test_club_data.py)",
    "clubs:reset_calendar_link": "POST action",
    "clubs:calendar_feed": "iCal download (text/calendar)",
    "clubs:calendar_person": "iCal download (text/calendar)",
    "clubs:calendar_personal_feed": "iCal download (text/calendar)",
    "federations:club_action": "POST action (a club's answer to its federation)",
}


# URL names of the pages the crawl visits (``visits`` gives their addresses).
CRAWLED = {
    "home", "login", "password_change", "password_reset",
    "account_signup", "account_email_verification_sent", "account_email", "account_inactive",
    "account_reauthenticate", "account_reset_password_done",
    "account_reset_password_from_key_done",
    "clubs:club_create", "clubs:club_edit", "clubs:players", "clubs:player_edit",
    "clubs:invitations", "clubs:join_requests", "clubs:import_upload", "clubs:import_preview",
    "clubs:my_clubs", "clubs:profile", "tournaments:my_tournaments",
    "delete_account", "club_delete", "club_import",
    "clubs:embed",
    "clubs:embed_item",
    "leaderboard:rankings", "leaderboard:player", "leaderboard:event_detail",
    "leaderboard:head_to_head", "leaderboard:player_list",
    "leaderboard:external_event_create",
    "clubs:club_list", "clubs:club_detail", "clubs:merge_players",
    "tournaments:tournament_list", "tournaments:tournament_create", "tournaments:my_matches",
    "tournaments:tournament_detail", "tournaments:bracket", "tournaments:crosstable",
    "tournaments:standings", "tournaments:draw_sheet", "tournaments:console",
    "tournaments:score_sheets", "tournaments:bracket_print", "tournaments:tv",
    "tournaments:desk", "tournaments:activity", "tournaments:club_activity",
    "tournaments:console_draw_preview",
    "chouette:session_list", "chouette:club_sessions", "chouette:session_new",
    "chouette:player_record", "chouette:table", "chouette:undo", "chouette:season",
    "chouette:ledger", "chouette:settlement", "chouette:correct_game",
    "disputes:list", "disputes:new", "disputes:new_for_match", "disputes:detail",
    "games:match_list", "games:match_create", "games:match_detail", "games:transcript_replay",
    "analysis:match_analysis", "analysis:my_pr_privacy", "analysis:club_depths",
    "analysis:club_pr_table", "analysis:event_analyses", "analysis:player_pr",
    "notifications:list", "notifications:preferences", "webhooks:endpoints", "money:event",
    "ladders:ladder_list", "ladders:my_challenges", "ladders:ladder_new", "ladders:ladder",
    "ladders:tv", "ladders:log", "ladders:player",
    "federations:list", "federations:detail", "federations:calendar", "federations:ranking",
    "federations:manage", "federations:create",
}


@dataclass(frozen=True)
class Visit:
    kind: str  # the URL name, with a label when one kind is visited at several addresses
    url: str
    roles: tuple[str, ...] = ROLES
    status: int = 200  # the answer expected: the error pages are crawled too
    post_bytes: int = 0  # sent as a POST of this many bytes (the 413 page)
    # Fill these fields of the page's form and send it: the page checked is the answer.
    submit: tuple[tuple[str, str], ...] = ()
    # Called before the visit and after it (``lock_out``: the sign-in lockout and its end).
    around: Callable[[bool], None] | None = None


def url_names() -> set[str]:
    """Every named URL pattern of the site, as ``namespace:name`` (admin and API aside)."""
    names: set[str] = set()

    def walk(patterns: Iterable[URLPattern | URLResolver], namespace: str | None) -> None:
        for pattern in patterns:
            if isinstance(pattern, URLResolver):
                inner = pattern.namespace or namespace
                if inner in NAMESPACES_SKIPPED:
                    continue
                walk(pattern.url_patterns, inner)
            elif pattern.name:
                names.add(f"{namespace}:{pattern.name}" if namespace else pattern.name)

    walk(get_resolver().url_patterns, None)
    return names


def _first(model: str, **filters: object) -> models.Model | None:
    return apps.get_model(model).objects.filter(**filters).order_by("pk").first()


def event_pages(tournament: models.Model, label: str, public: tuple[str, ...],
                managed: tuple[str, ...]) -> list[Visit]:
    """An event's pages: ``public`` ones for every role, ``managed`` ones its director's."""
    return [
        Visit(f"tournaments:{name} {label}", reverse(f"tournaments:{name}", args=[tournament.pk]),
              *([(DIRECTOR,)] if name in managed else []))
        for name in (*public, *managed)
    ]


def visits() -> list[Visit]:
    """The pages of the demo data, each kind at least once (see ``url_names``)."""
    Tournament = apps.get_model("tournaments", "Tournament")
    club = _first("clubs.Club")
    player = _first("clubs.Player", user__username="aram")
    knockout = Tournament.objects.filter(format="knockout").order_by("pk").first()
    round_robin = Tournament.objects.filter(format="round_robin").order_by("pk").first()
    transcript = _first("games.MatchTranscript")
    finished = transcript.match if transcript else None
    playing = _first("games.Match", status="playing", pairing__isnull=True)
    event = _first("leaderboard.RankedEvent")
    met = _first("leaderboard.RatingChange", player=player)
    opponent = met.opponent if met else player
    sessions = apps.get_model("chouette", "ChouetteSession").objects.order_by("pk")
    disputes = apps.get_model("disputes", "Dispute").objects.order_by("pk")
    signed_in = (PLAYER, DIRECTOR)
    out: list[Visit] = [
        Visit("home", reverse("home")),
        Visit("login", reverse("login"), (ANONYMOUS,)),
        Visit("password_change", reverse("password_change"), signed_in),
        Visit("password_reset", reverse("password_reset"), (ANONYMOUS,)),
        Visit("account_signup", reverse("account_signup"), (ANONYMOUS,)),
        Visit("account_email_verification_sent", reverse("account_email_verification_sent"),
              (ANONYMOUS,)),
        Visit("account_email", reverse("account_email"), signed_in),
        Visit("account_inactive", reverse("account_inactive"), (ANONYMOUS,)),
        Visit("account_reauthenticate", reverse("account_reauthenticate"), signed_in),
        Visit("account_reset_password_done", reverse("account_reset_password_done"),
              (ANONYMOUS,)),
        Visit("account_reset_password_from_key_done",
              reverse("account_reset_password_from_key_done"), (ANONYMOUS,)),
        Visit("clubs:club_create", reverse("clubs:club_create"), signed_in),
        Visit("clubs:club_edit", reverse("clubs:club_edit", args=[club.slug]), (DIRECTOR,)),
        Visit("clubs:players", reverse("clubs:players", args=[club.slug]), (DIRECTOR,)),
        Visit("clubs:player_edit", reverse("clubs:player_edit", args=[club.slug, player.pk]),
              (DIRECTOR,)),
        Visit("clubs:invitations", reverse("clubs:invitations", args=[club.slug]), (DIRECTOR,)),
        Visit("clubs:join_requests", reverse("clubs:join_requests", args=[club.slug]),
              (DIRECTOR,)),
        Visit("clubs:import_upload", reverse("clubs:import_upload", args=[club.slug]),
              (DIRECTOR,)),
        Visit("clubs:import_preview", reverse("clubs:import_preview", args=[
            club.slug, _first("clubs.PlayerImport", club=club).pk]), (DIRECTOR,)),
        Visit("clubs:my_clubs", reverse("clubs:my_clubs"), signed_in),
        Visit("clubs:profile", reverse("clubs:profile"), signed_in),
        Visit("delete_account", reverse("delete_account"), signed_in),
        Visit("club_delete", reverse("club_delete", args=[club.slug]), (DIRECTOR,)),
        Visit("club_import", reverse("club_import"), signed_in),
        Visit("clubs:embed", reverse("clubs:embed", args=[club.slug, "events"])),
        Visit("clubs:embed_item", reverse("clubs:embed_item", args=[
            knockout.club.slug, "bracket", knockout.pk])),
        Visit("tournaments:my_tournaments", reverse("tournaments:my_tournaments"), signed_in),
        Visit("leaderboard:rankings", reverse("leaderboard:rankings")),
        Visit("leaderboard:rankings nardy", reverse("leaderboard:rankings") + "?variant=nardy"),
        Visit("leaderboard:player", reverse("leaderboard:player", args=[player.pk])),
        Visit("leaderboard:event_detail", reverse("leaderboard:event_detail", args=[event.pk])),
        Visit("leaderboard:head_to_head", reverse("leaderboard:head_to_head")),
        Visit("leaderboard:player_list", reverse("leaderboard:player_list")),
        Visit("leaderboard:player_list club", reverse("leaderboard:player_list")
              + f"?club={club.slug}&page=2"),
        Visit("leaderboard:head_to_head pair", reverse("leaderboard:head_to_head")
              + f"?first={player.pk}&second={opponent.pk}"),
        Visit("leaderboard:external_event_create",
              reverse("leaderboard:external_event_create", args=[club.slug]), (DIRECTOR,)),
        Visit("clubs:club_list", reverse("clubs:club_list")),
        Visit("clubs:club_detail", reverse("clubs:club_detail", args=[club.slug])),
        Visit("clubs:merge_players",
              reverse("clubs:merge_players", args=[club.slug]), (DIRECTOR,)),
        Visit("tournaments:tournament_list", reverse("tournaments:tournament_list")),
        Visit("tournaments:tournament_create", reverse("tournaments:tournament_create"),
              (DIRECTOR,)),
        Visit("tournaments:my_matches", reverse("tournaments:my_matches"), signed_in),
        Visit("chouette:session_list", reverse("chouette:session_list")),
        Visit("chouette:club_sessions", reverse("chouette:club_sessions", args=[club.slug])),
        Visit("chouette:session_new", reverse("chouette:session_new", args=[club.slug]),
              (DIRECTOR,)),
        Visit("chouette:player_record", reverse("chouette:player_record", args=[player.pk])),
        Visit("disputes:list", reverse("disputes:list")),
        Visit("disputes:new", reverse("disputes:new"), signed_in),
        Visit("games:match_list", reverse("games:match_list")),
        Visit("games:match_create", reverse("games:match_create"), (DIRECTOR,)),
        Visit("tournaments:club_activity", reverse("tournaments:club_activity", args=[club.slug]),
              (DIRECTOR,)),
        Visit("notifications:list", reverse("notifications:list"), signed_in),
        Visit("notifications:preferences", reverse("notifications:preferences"), signed_in),
        Visit("webhooks:endpoints", reverse("webhooks:endpoints", args=[club.slug]), (DIRECTOR,)),
        Visit("money:event", reverse("money:event", args=[knockout.pk]), (DIRECTOR,)),
    ]
    federation = _first("federations.Federation")
    assert federation is not None, "the demo has a federation (federations/demo.py)"
    out += [
        Visit("federations:list", reverse("federations:list")),
        Visit("federations:create", reverse("federations:create"), signed_in),
        Visit("federations:detail", reverse("federations:detail", args=[federation.slug])),
        Visit("federations:calendar", reverse("federations:calendar", args=[federation.slug])),
        Visit("federations:calendar filtered", reverse("federations:calendar", args=[
            federation.slug]) + "?variant=backgammon&month=2026-13", status=400),
        Visit("federations:ranking", reverse("federations:ranking", args=[federation.slug])),
        Visit("federations:ranking nardy", reverse("federations:ranking", args=[
            federation.slug]) + "?variant=nardy"),
        Visit("federations:manage", reverse("federations:manage", args=[federation.slug]),
              (DIRECTOR,)),
    ]
    taking_entries = Tournament.objects.filter(status="registration").order_by("pk").first()
    if taking_entries is not None:
        out.append(Visit("tournaments:console registration",
                         reverse("tournaments:console", args=[taking_entries.pk]), (DIRECTOR,)))
        out.append(Visit("tournaments:tournament_detail registration",
                         reverse("tournaments:tournament_detail", args=[taking_entries.pk])))
        out.append(Visit("tournaments:desk registration",
                         reverse("tournaments:desk", args=[taking_entries.pk]), (DIRECTOR,)))
        out.append(Visit("tournaments:console_draw_preview",
                         reverse("tournaments:console_draw_preview", args=[taking_entries.pk]),
                         (DIRECTOR,)))
    for label, tournament in (("knockout", knockout), ("round robin", round_robin)):
        out += event_pages(tournament, label,
                           ("tournament_detail", "bracket", "crosstable", "standings",
                            "draw_sheet", "score_sheets", "tv"),
                           ("console", "desk", "activity"))
    # An event in divisions after its draw (the event and each division's event), a round
    # robin whose tie for first is played off, a late entrant's penalty points, the money
    # of an event with a purse (tournaments/demo.py, money/demo.py).
    split = Tournament.objects.filter(division_events__isnull=False, parent=None).distinct() \
        .order_by("pk").first()
    playoff = Tournament.objects.filter(pairings__flight="playoff").distinct().order_by("pk").first()
    late = _first("tournaments.Entry", late=True, penalty_points__gt=0)
    assert split and playoff and late and _first("money.EventPurse", tournament=split), \
        "the demo has an event in divisions with a purse, a play-off and a late entrant"
    if split is not None:
        out += event_pages(split, "divisions", ("tournament_detail", "standings"),
                           ("console", "desk"))
        out.append(Visit("money:event purse", reverse("money:event", args=[split.pk]),
                         (DIRECTOR,)))
        for division in split.division_events.order_by("pk"):
            out += event_pages(division, f"division {division.division}",
                               ("tournament_detail", "standings", "crosstable", "draw_sheet"),
                               ("console",))
    if playoff is not None:
        out += event_pages(playoff, "play-off",
                           ("tournament_detail", "standings", "crosstable", "draw_sheet", "tv"),
                           ("console",))
    out.append(Visit("tournaments:bracket_print",
                     reverse("tournaments:bracket_print", args=[knockout.pk])))
    out.append(Visit("tournaments:club_activity",
                     reverse("tournaments:club_activity", args=[club.slug]), (DIRECTOR,)))
    for label, match in (("finished", finished), ("playing", playing)):
        out.append(Visit(f"games:match_detail {label}",
                         reverse("games:match_detail", args=[match.pk])))
    out.append(Visit("games:transcript_replay",
                     reverse("games:transcript_replay", args=[finished.pk, transcript.pk])))
    out.append(Visit("analysis:match_analysis",
                     reverse("analysis:match_analysis", args=[finished.pk])))
    out.append(Visit("analysis:my_pr_privacy", reverse("analysis:my_pr_privacy"), signed_in))
    out.append(Visit("analysis:club_pr_table", reverse("analysis:club_pr_table", args=[club.slug])))
    out.append(Visit("analysis:event_analyses",
                     reverse("analysis:event_analyses", args=[knockout.pk])))
    analysed = _first("analysis.MatchAnalysis", status="done")
    pr_player = analysed.match.player1 if analysed else player
    out.append(Visit("analysis:player_pr", reverse("analysis:player_pr", args=[pr_player.pk])))
    out.append(Visit("analysis:club_depths", reverse("analysis:club_depths", args=[club.slug]),
                     (DIRECTOR,)))
    out.append(Visit("disputes:new_for_match",
                     reverse("disputes:new_for_match", args=[finished.pk]), signed_in))
    for session in sessions:
        out.append(Visit(f"chouette:table {session.status}",
                         reverse("chouette:table", args=[session.pk])))
    finished_session = sessions.filter(status="finished").first() or sessions.first()
    out.append(Visit("chouette:undo", reverse("chouette:undo", args=[finished_session.pk]),
                     (DIRECTOR,)))
    out.append(Visit("chouette:season", reverse("chouette:season", args=[club.slug])))
    out.append(Visit("chouette:ledger", reverse("chouette:ledger", args=[finished_session.pk])))
    out.append(Visit("chouette:settlement",
                     reverse("chouette:settlement", args=[finished_session.pk])))
    running = sessions.filter(status="running").first()
    if running is not None:
        out.append(Visit("chouette:correct_game",
                         reverse("chouette:correct_game", args=[running.pk, 1]), (DIRECTOR,)))
    seen_by_player = set(
        apps.get_model("disputes", "Dispute").objects.filter(
            Q(submitted_by__username="aram") | Q(match__player1__user__username="aram")
            | Q(match__player2__user__username="aram")).values_list("pk", flat=True))
    for dispute in disputes:
        roles = signed_in if dispute.pk in seen_by_player else (DIRECTOR,)
        out.append(Visit(f"disputes:detail {dispute.status}",
                         reverse("disputes:detail", args=[dispute.pk]), roles))
    out += ladder_visits(club)
    return _distinct(out)


def ladder_visits(club: models.Model) -> list[Visit]:
    """The demo ladder's pages: its standings, TV view, a player's chart; the audit trail
    and a new ladder for the director; the challenges to answer for the signed in."""
    ladder = _first("ladders.Ladder", club=club)
    assert ladder is not None, "the demo has a ladder"
    climber = _first("ladders.Move", ladder=ladder, reason="climbed")
    return [
        Visit("ladders:ladder_list", reverse("ladders:ladder_list")),
        Visit("ladders:my_challenges", reverse("ladders:my_challenges"), (PLAYER, DIRECTOR)),
        Visit("ladders:ladder_new", reverse("ladders:ladder_new", args=[club.slug]), (DIRECTOR,)),
        Visit("ladders:ladder", reverse("ladders:ladder", args=[ladder.pk])),
        Visit("ladders:tv", reverse("ladders:tv", args=[ladder.pk])),
        Visit("ladders:log", reverse("ladders:log", args=[ladder.pk]), (DIRECTOR,)),
        Visit("ladders:player", reverse("ladders:player", args=[ladder.pk, climber.player_id])),
    ]


def error_visits() -> list[Visit]:
    """The site's error pages (nardy_site/errors.py), each reached the way a reader does:
    a wrong address, a director's page seen by a player, a query of too many fields, a
    body over the size limit, a sign-in from an address locked out by failed ones."""
    club = _first("clubs.Club")
    fields = "&".join(f"f{index}=1" for index in range(settings.DATA_UPLOAD_MAX_NUMBER_FIELDS + 1))
    return [
        Visit("error 404", "/no-such-page/", status=404),
        Visit("error 403", reverse("tournaments:club_activity", args=[club.slug]), (PLAYER,),
              status=403),
        Visit("error 400", reverse("leaderboard:player_list") + "?" + fields, status=400),
        Visit("error 413", reverse("games:match_create"), status=413,
              post_bytes=(settings.DATA_UPLOAD_MAX_MEMORY_SIZE or 2_621_440) + 1),
        Visit("error 429", reverse("login"), (ANONYMOUS,), status=429,
              submit=(("login", "crawler"), ("password", "wrong")), around=lock_out),
    ]


def lock_out(locked: bool) -> None:
    """Lock this machine's address out of signing in (failed sign-ins up to the limit,
    from the live server's address), or end the lockout."""
    from axes.utils import reset
    from django.test import Client

    if not locked:
        reset()
        return
    client = Client(REMOTE_ADDR="127.0.0.1")
    for number in range(settings.AXES_FAILURE_LIMIT):
        client.post(reverse("login"), {"login": f"crawler{number}", "password": "wrong"})


def add_states() -> None:
    """Pages in states the demo does not reach: a tournament taking entries (the console's
    entry forms, player search and seeds)."""
    from django.utils import timezone

    from clubs.models import Club, Player
    from tournaments import services
    from tournaments.models import Tournament

    club = Club.objects.order_by("pk").first()
    director = club.directors.order_by("pk").first()
    if Tournament.objects.filter(club=club, status="registration").exists():
        return
    tournament = services.create_tournament(
        club=club, actor=director, name="Spring Cup", starts_on=timezone.localdate(),
        variant="backgammon", format=Tournament.Format.KNOCKOUT)
    for player in Player.objects.filter(memberships__club=club).order_by("pk")[:3]:
        services.add_entry(tournament=tournament, player=player, actor=director)
    services.set_status(tournament=tournament, status="registration", actor=director)


def _distinct(out: list[Visit]) -> list[Visit]:
    seen: set[str] = set()
    kept = []
    for visit in out:
        if visit.kind not in seen:
            seen.add(visit.kind)
            kept.append(visit)
    return kept


def kind_name(visit: Visit) -> str:
    return visit.kind.split(" ", 1)[0]


# --- what is left in English on a translated page -------------------------------------

# Proper nouns and abbreviations that stay as they are in every language.
ALLOWED_LATIN = {
    "GNU Backgammon", "eXtreme Gammon", "Jellyfish", "FIBS", "GammonPoints", "Elo",
    "ID", "CSV", "API", "SVG", "JSON", "URL", "HTML", "oEmbed", "Shift", "QR", "HMAC-SHA256", "UTF-8", "UTF-16",
    "Windows-1251", "Telegram", "DailyGammon", "Backgammon Galaxy", "GridGammon", "E-mail",
    "Backgammon Studio", "Galaxy", "Studio",  # online sites, named as players know them
    "EUR", "USD", "AZN", "TRY", "RUB", "GEL", "AMD",  # currency codes
    "AGPL-3.0-or-later", "PR", "mEMG", "EMG", "MWC",  # the licence; GNU Backgammon's units
}
_IDENTIFIER = re.compile(r"^[a-z0-9]+(_[a-z0-9]+)+$")  # codes like entry_added: never allowed


def _has_letter(value: str) -> bool:
    return any(character.isalpha() for character in value)


def user_texts() -> set[str]:
    """Every text a user typed that the pages show (names, notes, statements...).

    The free-text values of the project's models: CharField/TextField without choices.
    Identifier-like values (``entry_added``) are left out, so a raw code on a page is
    still caught; so are values without a letter (a table "12", a score "3"): they are
    no English words, and taking them out of the text would cut dates and numbers apart
    ("05.12.2026" without "12" and "20" reads as a doubled full stop).
    """
    texts: set[str] = set()
    for model in apps.get_models():
        label = model._meta.app_label
        if label not in {"tournaments", "games", "leaderboard", "chouette", "disputes",
                         "clubs", "auth", "notifications", "money", "webhooks", "account",
                         "ladders", "federations"}:
            continue
        fields = [
            f.name for f in model._meta.get_fields()
            if isinstance(f, (models.CharField, models.TextField, models.FileField))
            and not f.choices
            and f.name not in {"password"}
        ]
        if not fields:
            continue
        for row in model.objects.values_list(*fields):
            for value in row:
                if value and not _IDENTIFIER.match(str(value)):
                    texts.update(text for text in (str(value), Path(str(value)).name)
                                 if _has_letter(text))
    for user in get_user_model().objects.all():
        texts.add(user.get_username())
    # The division names a director typed (kept in a JSON list on the event).
    for divisions in apps.get_model("tournaments", "Tournament").objects.values_list(
            "divisions", flat=True):
        for division in divisions or ():
            if isinstance(division, dict) and division.get("name"):
                texts.add(str(division["name"]))
    return texts


_LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z'’]+")
# Move notation is the same in every language: bar/22, 6/off.
_NOTATION = re.compile(r"\bbar(?=/)|(?<=/)off\b")
_URL = re.compile(r"https?://\S+|\bX(?:-[A-Za-z0-9]+)+")  # addresses, HTTP header names
_FILE_EXTENSION = re.compile(r"(?<![A-Za-z])\.[A-Za-z]{2,4}\b")


def english_left(text: str, strip: Iterable[str]) -> list[str]:
    """The Latin-alphabet words of ``text`` once user texts and allowed names are removed."""
    text = _URL.sub(" ", text)
    autonyms = {name for _code, name in settings.LANGUAGES}  # each language in its own name
    for value in sorted(set(strip) | ALLOWED_LATIN | autonyms, key=len, reverse=True):
        text = text.replace(value, " ")
    text = _NOTATION.sub(" ", text)
    text = _FILE_EXTENSION.sub(" ", text)
    return _LATIN_WORD.findall(text)


_DOUBLED_STOP = re.compile(r"[^.\s]\s?\.\s?\.(?!\.)")
_RAW_CODE = re.compile(r"\b[a-z]+(?:_[a-z]+)+\b")


def messages_that_read_badly(text: str, strip: Iterable[str] = ()) -> list[str]:
    """Doubled full stops ("saved.." or "saved. .") and raw codes (``entry_added``)."""
    text = _URL.sub(" ", text)
    for value in sorted(set(strip), key=len, reverse=True):
        text = text.replace(value, " ")
    out = []
    for match in _DOUBLED_STOP.finditer(text):
        out.append(f"doubled full stop: {text[max(0, match.start() - 40):match.end() + 5]!r}")
    codes = sorted(set(_RAW_CODE.findall(text)))
    if codes:
        out.append(f"raw codes shown: {' '.join(codes)}")
    return out


# --- one page --------------------------------------------------------------------------

# The visible text of the page, without what is marked as another language
# (lang="..."), not to be translated (translate="no") or code (code, kbd, samp).
VISIBLE_TEXT_JS = """
(pageLang) => {
  const skip = 'script, style, noscript, template, code, kbd, samp, [translate="no"], [aria-hidden="true"]';
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const element = node.parentElement;
    if (!element || element.closest(skip)) continue;
    const lang = element.closest('[lang]');
    if (lang && !lang.lang.startsWith(pageLang)) continue;
    if (element.tagName !== 'OPTION' && element.getClientRects().length === 0) continue;
    out.push(node.textContent);
  }
  for (const el of document.querySelectorAll('[placeholder], [aria-label], [title], img[alt]')) {
    if (el.closest(skip)) continue;
    for (const attr of ['placeholder', 'aria-label', 'title', 'alt']) {
      if (el.getAttribute(attr)) out.push(el.getAttribute(attr));
    }
  }
  out.push(document.title);
  return out.join('\\n');
}
"""

AXE_JS = """
async () => {
  const result = await axe.run(document, {resultTypes: ['violations']});
  return result.violations
    .filter(v => v.impact === 'serious' || v.impact === 'critical')
    .map(v => ({id: v.id, impact: v.impact, help: v.help,
                nodes: v.nodes.slice(0, 3).map(n => n.target.join(' ') + ' ' + (n.failureSummary || '').split('\\n').slice(1, 2).join(''))}));
}
"""

WIDTH_JS = """
() => {
  const doc = document.documentElement;
  const wide = [];
  if (doc.scrollWidth > window.innerWidth) {
    for (const el of document.body.querySelectorAll('*')) {
      const r = el.getBoundingClientRect();
      if (r.right > window.innerWidth + 1 && !el.closest('.scroll-x, [data-scroll]')) {
        wide.push(el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') +
                  (el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\\s+/).join('.') : '') +
                  ' ' + Math.round(r.right));
        if (wide.length >= 4) break;
      }
    }
  }
  return {scroll: doc.scrollWidth, inner: window.innerWidth, wide};
}
"""



def axe_problems(page: Any) -> list[str]:
    """The page's serious and critical axe-core violations, and whether it is wider than
    its window (and what sticks out). axe is evaluated through the devtools protocol, so
    the page's Content-Security-Policy stays on."""
    page.evaluate(AXE.read_text())
    problems = [f"axe {v['id']}: {v['nodes']}" for v in page.evaluate(AXE_JS)]
    width = page.evaluate(WIDTH_JS)
    if width["scroll"] > width["inner"]:
        problems.append(f"{width['scroll']} px wide: {width['wide']}")
    return problems

@dataclass
class Problems:
    items: list[str] = field(default_factory=list)

    def add(self, where: str, what: str) -> None:
        self.items.append(f"{where}: {what}")

    def __bool__(self) -> bool:
        return bool(self.items)

    def report(self) -> str:
        return f"{len(self.items)} problems:\n" + "\n".join(self.items)


def check(
    page,
    url: str,
    where: str,
    problems: Problems,
    *,
    viewports: Iterable[dict[str, int]] = (PHONE, LAPTOP),
    axe: bool = True,
    language: str = "en",
    strip: Iterable[str] = (),
    status: int = 200,
    post_bytes: int = 0,
    submit: Iterable[tuple[str, str]] = (),
) -> None:
    """Load ``url`` in ``page`` and add what is wrong with it to ``problems``.

    ``status``: the answer expected (an error page); ``post_bytes``: load it by a POST of
    that many bytes instead of a GET; ``submit``: fill these fields of its form and send
    it, then check the answer."""
    viewports = list(viewports)
    page.set_viewport_size(viewports[0])
    if post_bytes:
        def as_post(route) -> None:
            route.continue_(method="POST", post_data=b"x" * post_bytes,
                            headers={**route.request.headers,
                                     "content-type": "application/octet-stream"})
        page.route(url, as_post)
    try:
        response = page.goto(url, wait_until="load")
    finally:
        if post_bytes:
            page.unroute(url)
    submit = list(submit)
    if submit and response is not None and response.ok:
        for name, value in submit:
            page.fill(f"form [name='{name}']", value)
        with page.expect_navigation(wait_until="load") as navigation:
            page.locator(f"form:has([name='{submit[0][0]}']) [type=submit]").click()
        response = navigation.value
    if response is None or response.status >= 500 and response.status != status:
        problems.add(where, f"HTTP {response.status if response else 'no response'}")
        return
    if response.status != status:
        problems.add(where, f"HTTP {response.status}, {status} expected")
        return
    for viewport in viewports:
        page.set_viewport_size(viewport)
        width = page.evaluate(WIDTH_JS)
        if width["scroll"] > width["inner"]:
            problems.add(f"{where} @{viewport['width']}",
                         f"page {width['scroll']} px wide: {', '.join(width['wide'])}")
        if axe:
            if not page.evaluate("typeof window.axe !== 'undefined'"):
                page.add_script_tag(path=str(AXE))
            for violation in page.evaluate(AXE_JS):
                problems.add(f"{where} @{viewport['width']}",
                             f"axe {violation['impact']} {violation['id']} ({violation['help']}): "
                             + json.dumps(violation["nodes"], ensure_ascii=False))
    text = page.evaluate(VISIBLE_TEXT_JS, language)
    for sentence in messages_that_read_badly(text, strip):
        problems.add(where, sentence)
    if language in NON_LATIN:
        words = english_left(text, strip)
        if words:
            problems.add(where, f"English on a {language} page: {' '.join(sorted(set(words)))}")


Login = Callable[[str], dict[str, str] | None]
