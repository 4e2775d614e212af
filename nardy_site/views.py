"""Project-wide pages."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from games.models import Variant
from nardy_site import home as selectors
from nardy_site.dashboard import people_todo
from tournaments import page_cache

# The home page's rating chart: each game's latest matches (the player's page has them all).
HOME_CHART_MATCHES = 50


def home(request: HttpRequest) -> HttpResponse:
    """The front page: what this is, what is on now and next, the latest results and the
    leaders; a signed-in person's own matches, results to confirm and disputes first."""
    context: dict[str, object] = {"public": public_sections()}
    if request.user.is_authenticated:
        mine = selectors.my_home(request.user)
        context["mine"] = mine
        context["todo"] = people_todo(  # the people side: home_signed_in.html
            request.user, player=mine.player, directs=bool(mine.directed),
            plays=bool(mine.to_play or mine.to_confirm or mine.waiting or mine.ratings))
        if mine.player is not None and mine.ratings:
            from leaderboard import selectors as ratings
            from leaderboard.charts import Series, history_chart_svg

            series, cut = [], False
            for value, label in Variant.choices:
                changes, earlier = ratings.latest_rating_changes(
                    mine.player, value, request.user, HOME_CHART_MATCHES)
                series.append(Series(str(label), ratings.chart_points(changes, not earlier)))
                cut = cut or earlier
            context["my_chart"] = history_chart_svg(
                series, title=_("Your rating history"), y_label=_("Rating"), chart_id="my-rating")
            context["my_chart_latest"] = HOME_CHART_MATCHES if cut else None
    return render(request, "home.html", context)


def public_sections() -> SafeString:
    """The home page's sections that are the same for everyone (what is live, coming up,
    the latest results, the leaders, the clubs): kept under the site's version
    (``page_cache.site_fragment``), dropped by any write to what they show."""
    def render() -> str:
        leaders = []
        for value, label in Variant.choices:
            rows = list(selectors.leaders(value))
            if rows:
                top = max(row.rating for row in rows)
                floor = min(min(row.rating for row in rows), 1500) - 50
                leaders.append((value, label, [
                    (row, round(100 * (row.rating - floor) / max(top - floor, 1))) for row in rows]))
        return render_to_string("home_public.html", {
            "upcoming": selectors.upcoming_events(),
            "running": selectors.running_events(),
            "live": selectors.live_matches(),
            "results": selectors.recent_results(),
            "leaders": leaders,
            "clubs": selectors.clubs(),
        })

    # "coming up" starts today, in the zone of the request
    today = [timezone.get_current_timezone_name(), timezone.localdate().isoformat()]
    return mark_safe(page_cache.site_fragment("home:public", render, extra=today))
