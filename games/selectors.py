"""Reads for the match pages and the API: what a page shows, never a write."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import Q, QuerySet

from clubs.models import Club
from clubs.permissions import AnyUser, managed_clubs, visible_q
from engine.errors import EngineError
from engine.export import export_mat
from engine.match import GameState, game_state
from engine.transcript import read_transcript
from games.models import (
    Match,
    MatchResult,
    MatchStatus,
    MatchTranscript,
    ResultStatus,
    TranscriptStatus,
)
from games.services import access
from games.services.scoring import to_points
from games.services.transcripts import (
    describe,
    file_start_score,
    official_or_open_result,
    seats_in_file,
)


def directed_clubs(user: AnyUser | None) -> QuerySet[Club]:
    """The clubs a user may create matches in (all of them for site admins)."""
    return managed_clubs(user)


def matches(
    user: AnyUser | None, club_slug: str = "", player_id: int | None = None
) -> QuerySet[Match]:
    """The matches ``user`` may see: public ones, and those of private events of the
    clubs they belong to (clubs.permissions.visible_q)."""
    queryset = Match.objects.select_related("club", "player1", "player2", "winner").filter(
        visible_q(user)
    )
    if club_slug:
        queryset = queryset.filter(club__slug=club_slug)
    if player_id:
        queryset = queryset.filter(Q(player1_id=player_id) | Q(player2_id=player_id))
    return queryset


@dataclass(frozen=True)
class ResultView:
    """The result state of a match as the current user sees it."""

    result: MatchResult | None
    can_confirm: bool
    can_dispute: bool


@dataclass(frozen=True)
class MatchView:
    match: Match
    games: list[Any]
    next_game: GameState | None
    result: ResultView
    can_enter: bool
    can_override: bool

    @property
    def accepts_games(self) -> bool:
        return (
            self.can_enter
            and self.next_game is not None
            and self.result.result is None
            and self.match.status in (MatchStatus.READY, MatchStatus.PLAYING)
        )


def next_game_state(match: Match, games: list[Any]) -> GameState | None:
    """The next game's state (is it the Crawford game?), or None when the match is over."""
    if match.status == MatchStatus.FINISHED or match.player1_id is None or match.player2_id is None:
        return None
    crawford_played = any(game.crawford for game in games)
    score = (to_points(match.score1), to_points(match.score2))
    state = game_state(len(games) + 1, score, crawford_played, match.rules())
    return None if state.match_over else state


def _may_confirm(user: AnyUser | None, result: MatchResult) -> bool:
    if result.status == ResultStatus.DISPUTED:
        return access.is_director(user, result.match)
    return access.can_confirm(user, result)


def match_view(match: Match, user: AnyUser | None) -> MatchView:
    games = list(match.games.order_by("number"))
    result = official_or_open_result(match)
    open_result = result is not None and result.status in (
        ResultStatus.PROPOSED,
        ResultStatus.DISPUTED,
    )
    return MatchView(
        match=match,
        games=games,
        next_game=next_game_state(match, games),
        result=ResultView(
            result=result,
            can_confirm=open_result and _may_confirm(user, result),  # type: ignore[arg-type]
            can_dispute=bool(
                result is not None
                and result.status == ResultStatus.PROPOSED
                and access.can_dispute(user, result)
            ),
        ),
        can_enter=access.can_enter(user, match),
        can_override=access.can_override(user, match),
    )


def transcripts_of(match: Match) -> list[MatchTranscript]:
    return list(match.transcripts.select_related("uploaded_by__player"))


def disagreement_sentences(transcript: MatchTranscript) -> list[str]:
    return [describe(item) for item in transcript.disagreements or []]


@dataclass(frozen=True)
class MatFile:
    """A match as a GNU Backgammon `.mat` file, and the transcript it was written from."""

    transcript: MatchTranscript
    file_name: str
    text: str


def _export_order(transcript: MatchTranscript) -> int:
    """Checked and valid first, then checked, then not yet checked; failed checks last."""
    if transcript.status == TranscriptStatus.CHECKED:
        return 0 if (transcript.verdict or {}).get("valid") else 1
    return 2 if transcript.status != TranscriptStatus.FAILED else 3


def exported_mat(match: Match) -> MatFile | None:
    """The match in the `.mat` layout GNU Backgammon writes (``engine.export``), from the
    moves the site holds: the newest transcript the engine found valid, else the newest
    one it can read; None when the match has no readable transcript."""
    candidates = sorted(match.transcripts.all(), key=_export_order)  # newest first within
    for transcript in candidates:
        try:
            record = read_transcript(transcript.text)
            seats = seats_in_file(match, record.players, transcript)
            text = export_mat(record, file_start_score(match, seats))
        except EngineError:
            continue
        return MatFile(transcript, f"match-{match.pk}.mat", text)
    return None
