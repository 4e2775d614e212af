"""The one helper that runs a service for the API and answers (common.api.answer), and the
errors it lets the exception handler answer."""

import pytest
from django.core.exceptions import ValidationError

from clubs.errors import ClubError, InvitationError, PlayerImportError
from common.api import answer
from common.errors import DomainError


def test_it_answers_what_the_service_gives_with_the_status_asked():
    response = answer(lambda: {"ok": True}, 201)
    assert (response.status_code, response.data) == (201, {"ok": True})


def test_a_services_validation_error_is_a_domain_error_naming_the_field():
    def refuse() -> None:
        raise ValidationError({"house_share": [ValidationError("At most 100.", code="too_much")]})

    with pytest.raises(DomainError) as refused:
        answer(refuse)
    assert (refused.value.code, refused.value.field, refused.value.status) == (
        "too_much", "house_share", 409)
    assert str(refused.value) == "At most 100."


def test_a_validation_error_of_no_field_is_one_of_the_whole_input():
    def refuse() -> None:
        raise ValidationError("Nothing fits.")

    with pytest.raises(DomainError) as refused:
        answer(refuse)
    assert (refused.value.code, refused.value.field) == ("invalid", None)


@pytest.mark.parametrize(("error", "status"), [
    (ClubError("not_a_director", "Only directors."), 403),
    (ClubError("not_the_owner", "Only the owner."), 403),
    (PlayerImportError("not_a_director", "Only directors."), 403),
    (InvitationError("revoked", "Revoked."), 409),
    (ClubError("bad_role", "No such role."), 409),
])
def test_the_people_sides_refusals_of_who_asks_are_403(error, status):
    assert error.status == status
