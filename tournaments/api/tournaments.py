"""REST API of tournaments and their pairings (clubs and players: ``clubs.api``). ``register(router)`` is called by
nardy_site/api_urls.py.

Same rules as the pages: anyone reads public data; players act on their own matches
(the games services check that); directors manage their own clubs' tournaments.
"""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from django.http import Http404
from django.utils import timezone
from drf_spectacular.utils import extend_schema
from rest_framework import status, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import PermissionDenied
from rest_framework.generics import get_object_or_404
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.routers import BaseRouter

from clubs.models import Club
from clubs.permissions import ReadOnlyOrClubDirector, can_manage_club, player_for
from common.api import answer, query_id, referenced
from common.idempotency import idempotent_action
from common.schema import IDEMPOTENCY_KEY
from games import services as games_services
from games.models import MatchResult, ResultStatus
from tournaments import page_cache, services
from tournaments import serializers as s
from tournaments.api import day
from tournaments.api.day import PairingDayActions
from tournaments.models import Pairing, Tournament
from tournaments.selectors import tournaments as selectors
from tournaments.services import ActionError


class TournamentViewSet(viewsets.ModelViewSet):
    """Tournaments: public ones for everybody, private ones for their club's directors."""

    serializer_class = s.TournamentSerializer
    permission_classes = [ReadOnlyOrClubDirector]
    http_method_names = ["get", "post", "patch", "head", "options"]

    def get_queryset(self) -> QuerySet[Tournament]:
        tournaments = selectors.visible_tournaments(self.request.user)
        club = self.request.query_params.get("club")
        if club:
            tournaments = tournaments.filter(club__slug=club)
        return tournaments.prefetch_related("division_events").order_by("-starts_on", "name", "pk")

    @extend_schema(request=s.TournamentCreateSerializer, responses=s.TournamentSerializer)
    def create(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        data = s.TournamentCreateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        fields = dict(data.validated_data)
        club: Club | None = fields.pop("club", None)
        if club is None or not can_manage_club(request.user, club):
            raise PermissionDenied("Directors create tournaments for their own clubs.")
        return answer(lambda: s.TournamentSerializer(
            services.create_tournament(club=club, actor=request.user, **fields)).data,
            status.HTTP_201_CREATED)

    @extend_schema(request=s.TournamentInputSerializer, responses=s.TournamentSerializer)
    def partial_update(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        tournament = self.get_object()
        data = s.TournamentInputSerializer(tournament, data=request.data, partial=True)
        data.is_valid(raise_exception=True)
        fields = dict(data.validated_data)
        fields.pop("club", None)
        return answer(lambda: s.TournamentSerializer(
            services.update_tournament(tournament=tournament, actor=request.user, **fields)).data)

    def update(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return self.partial_update(request, *args, **kwargs)

    @extend_schema(methods=["GET"], request=None, responses=s.EntrySerializer(many=True))
    @extend_schema(
        methods=["POST"], request=s.EntryInputSerializer, responses={201: s.EntrySerializer}
    )
    @action(detail=True, methods=["get", "post"], pagination_class=None)
    def entries(self, request: Request, pk: str | None = None) -> Response:
        tournament = self.get_object()
        if request.method == "GET":
            return Response(s.EntrySerializer(selectors.entries_of(tournament), many=True).data)
        data = s.EntryInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        return answer(lambda: s.EntrySerializer(services.add_entry(
            tournament=tournament, actor=request.user, **data.validated_data)).data,
            status.HTTP_201_CREATED)

    @extend_schema(request=s.SeedsInputSerializer, responses=s.DoneSerializer)
    @action(detail=True, methods=["post"])
    def seeds(self, request: Request, pk: str | None = None) -> Response:
        tournament = self.get_object()
        data = s.SeedsInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        seeds = data.validated_data["seeds"]
        return answer(lambda: services.set_seeds(tournament=tournament, seeds=seeds,
                                                actor=request.user) or {"ok": True})

    @extend_schema(request=s.StatusInputSerializer, responses=s.TournamentSerializer)
    @action(detail=True, methods=["post"], url_path="status")
    def change_status(self, request: Request, pk: str | None = None) -> Response:
        tournament = self.get_object()
        data = s.StatusInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        return answer(lambda: s.TournamentSerializer(services.set_status(
            tournament=tournament, status=data.validated_data["status"], actor=request.user)).data)

    @extend_schema(request=s.DrawInputSerializer, responses={201: s.PairingSerializer(many=True)})
    @action(detail=True, methods=["post"], pagination_class=None)
    def draw(self, request: Request, pk: str | None = None) -> Response:
        """Make the draw and publish it (the players are told their matches). With the
        ``random_seed`` of a preview, the draw is the one the preview showed."""
        tournament = self.get_object()
        data = s.DrawInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)

        def run() -> Any:
            services.make_draw(tournament=tournament, actor=request.user,
                               random_seed=data.validated_data.get("random_seed"))
            return s.PairingSerializer(selectors.event_pairings(tournament), many=True).data

        return answer(run, status.HTTP_201_CREATED)

    @extend_schema(request=s.DrawInputSerializer, responses=s.DrawPreviewSerializer)
    @action(detail=True, methods=["post"], url_path="draw/preview")
    def draw_preview(self, request: Request, pk: str | None = None) -> Response:
        """The draw as it would be made now: nothing is saved or announced. Publish it with
        its ``random_seed`` (POST .../draw/); refused as the draw itself would be."""
        tournament = self.get_object()
        data = s.DrawInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        return answer(lambda: s.DrawPreviewSerializer(services.preview_draw(
            tournament=tournament, actor=request.user,
            random_seed=data.validated_data.get("random_seed"))).data)

    @extend_schema(request=None, responses=s.TournamentSerializer)
    @action(detail=True, methods=["post"], url_path="draw/undo")
    def draw_undo(self, request: Request, pk: str | None = None) -> Response:
        """Take the draw back while nothing is played: the event is as it was before the
        draw (its status, seeds and groups; divisions merged back, no-shows back in), and the players
        told of a match are told it is withdrawn. 409 once a result, game, walkover, later
        round or late entry is in (draw_in_play, draw_moved_on)."""
        tournament = self.get_object()
        return answer(lambda: s.TournamentSerializer(
            services.undo_draw(tournament=tournament, by=request.user)).data)

    @extend_schema(request=s.NextRoundInputSerializer, responses=s.NextStageSerializer)
    @action(detail=True, methods=["post"], url_path="next-round")
    def next_round(self, request: Request, pk: str | None = None) -> Response:
        tournament = self.get_object()
        data = s.NextRoundInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)

        return answer(lambda: services.next_stage(
            tournament=tournament, actor=request.user, stage=data.validated_data["stage"],
            through=data.validated_data.get("through"),
            allow_repeats=data.validated_data["allow_repeats"]))

    @extend_schema(request=None, responses=s.PairingSerializer(many=True))
    @action(detail=True, methods=["get"], pagination_class=None)
    def pairings(self, request: Request, pk: str | None = None) -> Response:
        """Every pairing of the event (the bracket of all flights, or the round-robin rounds);
        for an event drawn in divisions, those of every division (``tournament`` says whose)."""
        tournament = self.get_object()
        return Response(s.PairingSerializer(selectors.event_pairings(tournament), many=True).data)

    @extend_schema(request=None, responses=s.StandingsSerializer)
    @action(detail=True, methods=["get"])
    def standings(self, request: Request, pk: str | None = None) -> Response:
        """Standings of every group or Swiss table, and the places decided so far."""
        tournament = self.get_object()  # only then the cache: it never answers for an event
        # this user may not see; the answer shows display names only, the same for everyone
        return Response(page_cache.fragment(tournament, "api:standings", lambda: dict(
            s.StandingsSerializer(selectors.standings_data(tournament)).data), results_only=True))

    @extend_schema(request=None, responses=s.FormatsSerializer)
    @action(detail=False, methods=["get"])
    def formats(self, request: Request) -> Response:
        """The event formats, the settings each one uses, and the tiebreaks to choose from."""
        return Response(s.FormatsSerializer(selectors.formats_data()).data)

    @extend_schema(methods=["GET"], request=None, responses=s.ConflictSerializer(many=True))
    @extend_schema(methods=["POST"], request=s.ConflictInputSerializer, responses=s.ConflictSerializer)
    @action(detail=True, methods=["get", "post"], pagination_class=None)
    def conflicts(self, request: Request, pk: str | None = None) -> Response:
        """Late corrections waiting for the director (GET); decide one (POST)."""
        tournament = self.get_object()
        if request.method == "GET":
            if not can_manage_club(request.user, tournament.club):
                raise PermissionDenied("Only the club's directors see corrections.")
            return Response(s.ConflictSerializer(tournament.conflicts.all(), many=True).data)
        data = s.ConflictInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        conflict = referenced(tournament.conflicts, "conflict", pk=data.validated_data["conflict"])
        return answer(lambda: s.ConflictSerializer(services.resolve_conflict(
            conflict=conflict, apply=data.validated_data["decision"] == "apply",
            actor=request.user)).data)


class PairingViewSet(PairingDayActions, viewsets.ReadOnlyModelViewSet):
    """Pairings of visible tournaments; players enter, confirm or dispute their own results."""

    serializer_class = s.PairingSerializer

    def get_queryset(self) -> QuerySet[Pairing]:
        visible = selectors.visible_tournaments(self.request.user).values("pk")
        pairings = Pairing.objects.filter(tournament__in=visible).select_related(
            "tournament", "top__player", "bottom__player", "match"
        ).order_by("tournament", "flight", "group", "round", "number")
        tournament = query_id(self.request, "tournament")
        if tournament is not None:
            pairings = pairings.filter(tournament_id=tournament)
        return pairings

    def get_object(self) -> Pairing:
        """One pairing, read by its id with what the action needs, then the event checked
        as ``get_queryset`` would (a public one needs no query; compiling that filter cost
        more than the rest of a confirmation's reads)."""
        if self.action in ("result", "confirm", "dispute"):  # these go through the match's id
            related: tuple[str, ...] = ("tournament__club",)
        else:  # the pairing's answer: its sides and match; its club's directors act
            related = ("tournament__club", "top__player", "bottom__player", "match")
        pairing = get_object_or_404(Pairing.objects.select_related(*related), pk=self.kwargs["pk"])
        if not selectors.sees_tournament(self.request.user, pairing.tournament):
            raise Http404
        self.check_object_permissions(self.request, pairing)
        return pairing

    @extend_schema(request=None, responses=s.PairingSerializer(many=True))
    @action(detail=False, methods=["get"], permission_classes=[IsAuthenticated],
            pagination_class=None)
    def mine(self, request: Request) -> Response:
        """The signed-in player's tournament matches."""
        player = player_for(request.user)
        if player is None:
            return Response([])
        # Kept per player until something it shows changes: a result of theirs, a pairing
        # drawn, a name changed; the others' results in the event do not (page_cache).
        return Response(page_cache.for_player(
            "api:pairings-mine", player.pk, f"player:{player.pk}",
            lambda: selectors.my_tournament_ids(player),
            extra=[timezone.get_current_timezone_name()],  # of the times it gives
            render=lambda: list(s.PairingSerializer(selectors.my_pairings(player), many=True).data)))

    @extend_schema(parameters=[IDEMPOTENCY_KEY], request=s.PairingScoreInputSerializer, responses={201: s.ResultRefSerializer})
    @action(detail=True, methods=["post"], permission_classes=[IsAuthenticated])
    @idempotent_action
    def result(self, request: Request, pk: str | None = None) -> Response:
        """A player proposes the final score; a director (with a reason) sets it."""
        pairing = self.get_object()
        data = s.PairingScoreInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        if pairing.match_id is None:
            raise ActionError("match_not_ready", "This pairing has no match yet.")
        scores = {"score1": data.validated_data["score1"], "score2": data.validated_data["score2"],
                  "played_on": data.validated_data.get("played_on")}
        reason = data.validated_data.get("reason", "")
        if reason and can_manage_club(request.user, pairing.tournament.club):
            return answer(lambda: {"result": services.director_result(
                pairing=pairing, by=request.user, reason=reason, **scores).pk},
                status.HTTP_201_CREATED)
        return answer(lambda: {"result": games_services.enter_final_score(
            match=pairing.match_id, by=request.user,
            seen_result=data.validated_data.get("seen_result"), **scores).pk},
            status.HTTP_201_CREATED)

    @extend_schema(request=s.WalkoverInputSerializer, responses=s.PairingSerializer)
    @action(detail=True, methods=["post"], permission_classes=[IsAuthenticated])
    def walkover(self, request: Request, pk: str | None = None) -> Response:
        """A director gives the match to one player without play (the other is absent)."""
        pairing = self.get_object()
        if not can_manage_club(request.user, pairing.tournament.club):
            raise PermissionDenied("Only the club's directors give walkovers.")
        data = s.WalkoverInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        winner = referenced(pairing.tournament.entries, "winner", pk=data.validated_data["winner"])
        return answer(lambda: s.PairingSerializer(services.award_walkover(
            pairing=pairing, winner=winner, actor=request.user)).data)

    @extend_schema(parameters=[IDEMPOTENCY_KEY], request=None, responses=s.ResultRefSerializer)
    @action(detail=True, methods=["post"], permission_classes=[IsAuthenticated])
    @idempotent_action
    def confirm(self, request: Request, pk: str | None = None) -> Response:
        return self._answer(request, confirm=True)

    @extend_schema(parameters=[IDEMPOTENCY_KEY], request=s.AnswerInputSerializer, responses=s.ResultRefSerializer)
    @action(detail=True, methods=["post"], permission_classes=[IsAuthenticated])
    @idempotent_action
    def dispute(self, request: Request, pk: str | None = None) -> Response:
        return self._answer(request, confirm=False)

    def _answer(self, request: Request, *, confirm: bool) -> Response:
        pairing = self.get_object()
        open_result = MatchResult.objects.filter(
            match_id=pairing.match_id, status__in=[ResultStatus.PROPOSED, ResultStatus.DISPUTED]
        ).first() if pairing.match_id else None
        if open_result is None:
            raise ActionError("no_result", "No result is waiting for an answer.")
        if confirm:
            return answer(lambda: {"result": games_services.confirm_result(
                result=open_result, by=request.user).pk})
        reason = s.AnswerInputSerializer(data=request.data)
        reason.is_valid(raise_exception=True)
        return answer(lambda: {"result": games_services.dispute_result(
            result=open_result, by=request.user, reason=reason.validated_data["reason"]).pk})


def register(router: BaseRouter) -> None:
    router.register("tournaments", TournamentViewSet, basename="tournament")
    router.register("pairings", PairingViewSet, basename="pairing")
    day.register(router)
