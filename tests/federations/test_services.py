"""Affiliations: who may ask, invite, answer and end them; what is told to whom."""

from __future__ import annotations

import pytest

from federations import services
from federations.errors import FederationError
from federations.models import Affiliation
from notifications.models import Notification
from tests.factories import ClubFactory, UserFactory
from tests.federations.support import federation, member

pytestmark = pytest.mark.django_db

CLUB, FEDERATION = Affiliation.Side.CLUB, Affiliation.Side.FEDERATION


@pytest.fixture
def setting():
    admin, director, stranger = UserFactory(), UserFactory(), UserFactory()
    other_director = UserFactory()
    return {
        "fed": federation(admins=[admin]), "admin": admin, "director": director,
        "stranger": stranger, "club": ClubFactory(directors=[director]),
        "other_club": ClubFactory(directors=[other_director]), "other_director": other_director,
    }


def _refused(code, run):
    with pytest.raises(FederationError) as caught:
        run()
    assert caught.value.code == code
    return caught.value


def test_a_director_asks_and_an_admin_accepts(setting):
    asked = services.ask_to_affiliate(federation=setting["fed"], club=setting["club"],
                                      actor=setting["director"], side=CLUB)
    assert asked.status == Affiliation.Status.PENDING and asked.joined_on is None
    accepted = services.decide_affiliation(affiliation=asked, actor=setting["admin"], accept=True)
    assert accepted.status == Affiliation.Status.ACTIVE and accepted.joined_on is not None
    assert accepted.decided_by == setting["admin"]


def test_a_director_asks_only_for_their_own_club(setting):
    error = _refused("not_the_club_director", lambda: services.ask_to_affiliate(
        federation=setting["fed"], club=setting["other_club"], actor=setting["director"],
        side=CLUB))
    assert error.status == 403
    assert not Affiliation.objects.exists()


def test_only_admins_invite_and_accept(setting):
    _refused("not_allowed", lambda: services.ask_to_affiliate(
        federation=setting["fed"], club=setting["club"], actor=setting["director"],
        side=FEDERATION))
    asked = services.ask_to_affiliate(federation=setting["fed"], club=setting["club"],
                                      actor=setting["director"], side=CLUB)
    for outsider in (setting["stranger"], setting["other_director"]):
        error = _refused("not_allowed", lambda u=outsider: services.decide_affiliation(
            affiliation=asked, actor=u, accept=True))
        assert error.status == 403
    # The asking director cannot accept their own request, only withdraw it.
    _refused("own_request", lambda: services.decide_affiliation(
        affiliation=asked, actor=setting["director"], accept=True))
    assert Affiliation.objects.get().status == Affiliation.Status.PENDING
    withdrawn = services.decide_affiliation(affiliation=asked, actor=setting["director"],
                                            accept=False)
    assert withdrawn.status == Affiliation.Status.DECLINED


def test_an_invitation_is_answered_by_the_club_s_director_only(setting):
    invited = services.ask_to_affiliate(federation=setting["fed"], club=setting["club"],
                                        actor=setting["admin"], side=FEDERATION)
    _refused("own_request", lambda: services.decide_affiliation(
        affiliation=invited, actor=setting["admin"], accept=True))
    _refused("not_the_club_director", lambda: services.decide_affiliation(
        affiliation=invited, actor=setting["other_director"], accept=True))
    services.decide_affiliation(affiliation=invited, actor=setting["director"], accept=True)
    assert Affiliation.objects.get().status == Affiliation.Status.ACTIVE


def test_one_open_affiliation_at_a_time_and_answers_once(setting):
    asked = services.ask_to_affiliate(federation=setting["fed"], club=setting["club"],
                                      actor=setting["director"], side=CLUB)
    error = _refused("already_open", lambda: services.ask_to_affiliate(
        federation=setting["fed"], club=setting["club"], actor=setting["admin"],
        side=FEDERATION))
    assert error.status == 409
    services.decide_affiliation(affiliation=asked, actor=setting["admin"], accept=False)
    _refused("not_waiting", lambda: services.decide_affiliation(
        affiliation=asked, actor=setting["admin"], accept=True))
    again = services.ask_to_affiliate(federation=setting["fed"], club=setting["club"],
                                      actor=setting["director"], side=CLUB)
    assert again.pk != asked.pk


def test_either_side_ends_a_membership_and_the_dates_stay(setting):
    club = member(setting["fed"], setting["club"])
    affiliation = Affiliation.objects.get(club=club)
    _refused("not_allowed", lambda: services.end_affiliation(
        affiliation=affiliation, actor=setting["other_director"]))
    ended = services.end_affiliation(affiliation=affiliation, actor=setting["director"])
    assert ended.status == Affiliation.Status.ENDED
    assert ended.joined_on is not None and ended.left_on is not None
    _refused("not_active", lambda: services.end_affiliation(
        affiliation=affiliation, actor=setting["admin"]))


def test_admins_manage_admins_and_keep_one(setting):
    fed, admin = setting["fed"], setting["admin"]
    _refused("not_allowed", lambda: services.add_admin(
        federation=fed, username=setting["director"].username, actor=setting["director"]))
    error = _refused("no_such_user", lambda: services.add_admin(
        federation=fed, username="nobody-here", actor=admin))
    assert error.field == "username"
    services.add_admin(federation=fed, username=setting["director"].username, actor=admin)
    _refused("already_admin", lambda: services.add_admin(
        federation=fed, username=setting["director"].username, actor=admin))
    services.remove_admin(federation=fed, user=admin, actor=setting["director"])
    _refused("last_admin", lambda: services.remove_admin(
        federation=fed, user=setting["director"], actor=setting["director"]))
    assert list(fed.admins.all()) == [setting["director"]]


def test_the_other_side_is_notified(setting, django_capture_on_commit_callbacks):
    second_admin = UserFactory()
    setting["fed"].admins.add(second_admin)
    with django_capture_on_commit_callbacks(execute=True):
        asked = services.ask_to_affiliate(federation=setting["fed"], club=setting["club"],
                                          actor=setting["director"], side=CLUB)
    told = Notification.objects.filter(message="affiliation_asked")
    assert set(told.values_list("user", flat=True)) == {setting["admin"].pk, second_admin.pk}
    assert told.first().kind == "affiliation"
    assert setting["club"].name in told.first().params["club"]
    with django_capture_on_commit_callbacks(execute=True):
        services.decide_affiliation(affiliation=asked, actor=setting["admin"], accept=True)
    accepted = Notification.objects.filter(message="affiliation_accepted")
    # Everybody on both sides but the admin who answered.
    assert set(accepted.values_list("user", flat=True)) == {setting["director"].pk,
                                                            second_admin.pk}

    with django_capture_on_commit_callbacks(execute=True):
        services.ask_to_affiliate(federation=setting["fed"], club=setting["other_club"],
                                  actor=setting["admin"], side=FEDERATION)
    invited = Notification.objects.filter(message="affiliation_invited")
    assert list(invited.values_list("user", flat=True)) == [setting["other_director"].pk]
