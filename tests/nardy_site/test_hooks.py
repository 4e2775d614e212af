from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from clubs.models import Club
from nardy_site.hooks import app_modules
from nardy_site.tasks import sweep


def test_demo_modules_are_found_in_app_order() -> None:
    names = [module.__name__ for module in app_modules("demo")]
    # Clubs and players first: the other apps' demo content builds on them.
    assert names[:3] == ["clubs.demo", "tournaments.demo", "games.demo"]
    assert len(names) == len(set(names))


def test_missing_hook_modules_are_skipped() -> None:
    assert list(app_modules("no_such_hook_module")) == []


@pytest.mark.django_db
def test_demo_command_is_idempotent() -> None:
    out = StringIO()
    call_command("demo", stdout=out)
    call_command("demo", stdout=out)
    club = Club.objects.get(slug="nardy-club")
    assert club.memberships.count() == 24
    director = get_user_model().objects.get(username="director")
    assert director.check_password("director")
    assert club.directors.filter(pk=director.pk).exists()
    assert "director / director" in out.getvalue()


@pytest.mark.django_db
def test_the_demo_shows_divisions_play_offs_late_entries_and_money() -> None:
    """The states the site crawl and people trying the demo need, made once."""
    from money.models import CalcuttaSale, EventPurse, SidePoolEntry
    from tournaments.models import Entry, Pairing, Tournament

    call_command("demo", stdout=StringIO())
    counts = (Tournament.objects.count(), Pairing.objects.count(), EventPurse.objects.count(),
              SidePoolEntry.objects.count(), CalcuttaSale.objects.count())
    call_command("demo", stdout=StringIO())
    assert counts == (Tournament.objects.count(), Pairing.objects.count(),
                      EventPurse.objects.count(), SidePoolEntry.objects.count(),
                      CalcuttaSale.objects.count())
    event = Tournament.objects.get(name="Winter Swiss", parent=None)
    assert sorted(event.division_events.values_list("division", flat=True)) == ["novice", "open"]
    late = Entry.objects.get(late=True)
    assert late.tournament.parent == event and late.penalty_points == 1
    purse = EventPurse.objects.get(tournament=event)
    assert purse.division_fees == {"open": "30", "novice": "15"}
    assert purse.side_pools.get().entrants.count() == 3 and purse.sales.count() == 1
    playoff = Pairing.objects.filter(flight="playoff")
    assert playoff.count() == 3 and playoff.values("tournament").distinct().count() == 1
    assert playoff.first().tournament.status == "running"  # waiting for its play-off


@pytest.mark.django_db
def test_sweep_runs_without_sweeps_modules() -> None:
    assert isinstance(sweep.delay().get(), list)
