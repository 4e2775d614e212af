"""Federation pages. Thin: forms parse, selectors read, services write.

Public: the list, a federation's page, its calendar and its national ranking (the two
lists filter in place with htmx). Anyone signed in starts a federation (and becomes its
admin). Its admins: the manage page (about, affiliations and their dates, admins). A
club's directors answer for their club on the federation's page.
"""

from __future__ import annotations

import math

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.core.paginator import Page, Paginator
from django.db.models import Count, Q, QuerySet
from django.http import HttpRequest, HttpResponse, QueryDict
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from clubs.models import Club
from clubs.permissions import managed_clubs
from common.bounds import parse_id
from federations import selectors, services
from federations.errors import FederationError
from federations.forms import (
    AdminForm,
    CalendarFilterForm,
    ClubChoiceForm,
    FederationForm,
    MembershipDatesForm,
    NationalRankingForm,
)
from federations.messages import error_message
from federations.models import Affiliation, Federation
from federations.permissions import is_federation_admin, visible_federations
from games.models import Variant
from leaderboard.selectors import RankingQuery, RankingSlice, season_for

PAGE_SIZE = 100
TOP = 10


def _federation(request: HttpRequest, slug: str) -> Federation:
    return get_object_or_404(visible_federations(request.user), slug=slug)


def _query(request: HttpRequest) -> QueryDict:
    return request.GET if request.GET else QueryDict("")


def _without_page(request: HttpRequest) -> str:
    params = request.GET.copy()
    params.pop("page", None)
    return params.urlencode()


def federation_list(request: HttpRequest) -> HttpResponse:
    federations = visible_federations(request.user).annotate(
        clubs=Count("affiliations", filter=Q(affiliations__status=Affiliation.Status.ACTIVE),
                    distinct=True)
    ).order_by("name", "pk")
    return render(request, "federations/list.html", {"federations": federations})


@login_required
def federation_create(request: HttpRequest) -> HttpResponse:
    """Start a federation: whoever starts it is its first admin."""
    form = FederationForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            federation = services.start_federation(actor=request.user, **form.cleaned_data)
        except FederationError as error:
            _form_error(form, error)
        else:
            messages.success(request, _("The federation %(name)s is started: invite its clubs "
                                        "next.") % {"name": federation.name})
            return redirect("federations:manage", slug=federation.slug)
    return render(request, "federations/form.html", {"form": form},
                  status=400 if form.errors else 200)


def _form_error(form: forms.Form, error: FederationError) -> None:
    form.add_error(error.field if error.field in form.fields else None, error_message(error))


def federation_detail(request: HttpRequest, slug: str) -> HttpResponse:
    federation = _federation(request, slug)
    return render(request, "federations/detail.html", _detail_context(request, federation))


def _detail_context(request: HttpRequest, federation: Federation,
                    ask_form: ClubChoiceForm | None = None) -> dict[str, object]:
    """About, member clubs, the next events, the top of this season's ranking, and what
    the signed-in person may do here."""
    today = timezone.localdate()
    season = season_for(None, None, None, today)
    rows = selectors.national_ranking_slice(federation, season, None, 0, TOP).rows
    events = selectors.calendar(federation, selectors.CalendarQuery())
    return {
        "federation": federation,
        "members": selectors.member_list(federation),
        "next_events": selectors.upcoming(events)[:5],
        "season": season,
        "top": _with_ratings(rows, None),
        "is_admin": is_federation_admin(request.user, federation),
        **_club_side(request, federation, ask_form),
    }


def _with_ratings(rows: list, variant: str | None) -> list[tuple[object, float | None]]:
    ratings = selectors.current_ratings(rows, variant)
    return [(row, ratings.get(row.player)) for row in rows]


def _club_side(request: HttpRequest, federation: Federation,
               ask_form: ClubChoiceForm | None = None) -> dict[str, object]:
    """What the signed-in person's clubs can do here: ask to join, answer an
    invitation, withdraw a request, leave."""
    clubs = managed_clubs(request.user)
    if not request.user.is_authenticated or not clubs.exists():
        return {}
    mine = federation.affiliations.filter(club__in=clubs, status__in=Affiliation.OPEN
                                          ).select_related("club").order_by("club__name")
    free = clubs.exclude(pk__in=mine.values("club_id")).order_by("name")
    return {
        "my_affiliations": mine,
        "ask_form": ask_form or (ClubChoiceForm(clubs=free) if free.exists() else None),
    }


def calendar(request: HttpRequest, slug: str) -> HttpResponse:
    federation = _federation(request, slug)
    form = CalendarFilterForm(_query(request))
    context: dict[str, object] = {"federation": federation, "form": form}
    if form.is_valid():
        events = selectors.calendar(federation, form.query())
        context.update(upcoming=list(selectors.upcoming(events)[:PAGE_SIZE]),
                       past=list(selectors.past(events)[:PAGE_SIZE]))
    if request.htmx:
        return render(request, "federations/_calendar.html", context)
    return render(request, "federations/calendar.html", context,
                  status=200 if form.is_valid() else 400)


def ranking(request: HttpRequest, slug: str) -> HttpResponse:
    federation = _federation(request, slug)
    form = NationalRankingForm(_query(request))
    context: dict[str, object] = {"federation": federation, "form": form}
    if form.is_valid():
        query = form.query()
        page = _ranking_page(federation, query, request.GET.get("page"))
        context.update(
            query=query, page=page, total=page.paginator.count,
            rows=_with_ratings(list(page), query.variant),
            querystring=_without_page(request),
            rating_list=selectors.rating_list(federation, query.variant or Variant.BACKGAMMON),
            rating_variant=Variant(query.variant or Variant.BACKGAMMON).label,
        )
    if request.htmx:
        return render(request, "federations/_ranking.html", context)
    return render(request, "federations/ranking.html", context,
                  status=200 if form.is_valid() else 400)


def _ranking_page(federation: Federation, query: RankingQuery, asked: str | None
                  ) -> Page:
    """The page of the national ranking asked for, as ``Paginator.get_page`` gives it (the
    first for a page that is not a number, the last for one beyond it), read as one slice:
    the database ranks the season's thousands of players, a page has a hundred."""
    try:
        number = max(int(asked or 1), 1)
    except ValueError:
        number = 1

    def read(number: int) -> RankingSlice:
        return selectors.national_ranking_slice(federation, query.season, query.variant,
                                                (number - 1) * PAGE_SIZE, number * PAGE_SIZE)

    found = read(number)
    if not found.rows and found.ranked:  # beyond the last page: the last one
        number = math.ceil(found.ranked / PAGE_SIZE)
        found = read(number)
    return Page(found.rows, number if found.ranked else 1,
                Paginator(range(found.ranked), PAGE_SIZE))


@login_required
def manage(request: HttpRequest, slug: str) -> HttpResponse:
    federation = _federation(request, slug)
    if not is_federation_admin(request.user, federation):
        raise PermissionDenied(_("Only the federation's admins manage it."))
    bound: dict[str, object] = {}  # the form posted, shown again with its errors
    status = 200
    if request.method == "POST":
        action = request.POST.get("action", "")
        form: forms.Form | None = None
        try:
            if action == "edit":
                form = bound["about_form"] = FederationForm(
                    request.POST, instance=Federation.objects.get(pk=federation.pk))
                if form.is_valid():
                    services.update_federation(federation=federation, actor=request.user,
                                               **form.cleaned_data)
                    messages.success(request, _("Saved."))
                    return redirect("federations:manage", slug=slug)
            elif action == "dates":
                affiliation = get_object_or_404(selectors.memberships(federation),
                                                 pk=_post_id(request, "affiliation"))
                form = bound[f"dates-{affiliation.pk}"] = MembershipDatesForm(
                    request.POST, affiliation=affiliation)
                if form.is_valid():
                    services.correct_membership_dates(
                        affiliation=affiliation, actor=request.user,
                        joined_on=form.cleaned_data["joined_on"],
                        left_on=form.cleaned_data.get("left_on"))
                    messages.success(request, _("The membership's dates of %(club)s are "
                                                "corrected.") % {"club": affiliation.club.name})
                    return redirect("federations:manage", slug=slug)
            elif action == "invite":
                form = bound["invite_form"] = ClubChoiceForm(
                    request.POST, clubs=_invitable(federation))
                if form.is_valid():
                    services.ask_to_affiliate(federation=federation, actor=request.user,
                                              club=form.cleaned_data["club"],
                                              side=Affiliation.Side.FEDERATION)
                    messages.success(request, _("The club is invited; its directors answer."))
                    return redirect("federations:manage", slug=slug)
            elif action == "add_admin":
                form = bound["admin_form"] = AdminForm(request.POST)
                if form.is_valid():
                    services.add_admin(federation=federation, actor=request.user,
                                       username=form.cleaned_data["username"])
                    messages.success(request, _("The admin is added."))
                    return redirect("federations:manage", slug=slug)
            elif action == "remove_admin":
                user = get_object_or_404(federation.admins, pk=_post_id(request, "user"))
                services.remove_admin(federation=federation, user=user, actor=request.user)
                messages.success(request, _("The admin is removed."))
                return redirect("federations:manage", slug=slug)
            elif _affiliation_action(request, federation, action):
                return redirect("federations:manage", slug=slug)
            else:
                messages.error(request, _("Unknown action."))
        except FederationError as error:
            if form is not None:
                _form_error(form, error)
            else:
                messages.error(request, error_message(error))
        status = 400
    return render(request, "federations/manage.html", _manage_context(federation, bound),
                  status=status)


def _manage_context(federation: Federation, bound: dict[str, object]) -> dict[str, object]:
    """The manage page: each form as posted (with its errors) or fresh."""
    rows = [
        (affiliation, bound.get(f"dates-{affiliation.pk}")
         or MembershipDatesForm(affiliation=affiliation)
         if affiliation.status in (Affiliation.Status.ACTIVE, Affiliation.Status.ENDED)
         and affiliation.joined_on is not None else None)
        for affiliation in selectors.affiliations(federation)
    ]
    return {
        "federation": federation,
        "about_form": bound.get("about_form") or FederationForm(instance=federation),
        "affiliations": rows,
        "admins": federation.admins.order_by("username"),
        "invite_form": bound.get("invite_form") or ClubChoiceForm(clubs=_invitable(federation)),
        "admin_form": bound.get("admin_form") or AdminForm(),
    }


def _invitable(federation: Federation) -> QuerySet[Club]:
    open_ones = federation.affiliations.filter(status__in=Affiliation.OPEN).values("club_id")
    return Club.objects.exclude(pk__in=open_ones).order_by("name")


def _post_id(request: HttpRequest, name: str) -> int:
    value = request.POST.get(name, "")
    return parse_id(value) or 0


def _affiliation_action(request: HttpRequest, federation: Federation, action: str) -> bool:
    """Accept, decline or end an affiliation (either side's page); False: not one of these."""
    if action not in ("accept", "decline", "end"):
        return False
    affiliation = get_object_or_404(federation.affiliations, pk=_post_id(request, "affiliation"))
    if action == "end":
        services.end_affiliation(affiliation=affiliation, actor=request.user)
        messages.success(request, _("%(club)s is no longer a member.") % {
            "club": affiliation.club.name})
    else:
        services.decide_affiliation(affiliation=affiliation, actor=request.user,
                                    accept=action == "accept")
        messages.success(request, _("The answer is recorded."))
    return True


@login_required
@require_POST
def club_action(request: HttpRequest, slug: str) -> HttpResponse:
    """A club's director asks to join, answers an invitation, withdraws or leaves."""
    federation = _federation(request, slug)
    action = request.POST.get("action", "")
    ask_form = None
    try:
        if action == "ask":
            clubs = managed_clubs(request.user)
            ask_form = ClubChoiceForm(request.POST, clubs=clubs)
            if ask_form.is_valid():
                services.ask_to_affiliate(federation=federation, actor=request.user,
                                          club=ask_form.cleaned_data["club"],
                                          side=Affiliation.Side.CLUB)
                messages.success(request, _("Your request is sent; the federation's admins "
                                            "answer."))
                return redirect(federation.get_absolute_url())
        elif _affiliation_action(request, federation, action):
            return redirect(federation.get_absolute_url())
        else:
            messages.error(request, _("Unknown action."))
            return redirect(federation.get_absolute_url())
    except FederationError as error:
        if ask_form is None:
            messages.error(request, error_message(error))
            return redirect(federation.get_absolute_url())
        ask_form.add_error(None, error_message(error))
    return render(request, "federations/detail.html",
                  _detail_context(request, federation, ask_form), status=400)
