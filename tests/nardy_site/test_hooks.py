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
def test_sweep_runs_without_sweeps_modules() -> None:
    assert isinstance(sweep.delay().get(), list)
