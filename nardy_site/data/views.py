"""Pages of a person's and a club's data: downloading it, deleting it, moving a club.
Thin: the services in this package do the work, errors are shown where they happened."""

from __future__ import annotations

import json

from django.contrib import messages
from django.contrib.auth import logout
from django.contrib.auth.decorators import login_required
from django.core.serializers.json import DjangoJSONEncoder
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from clubs.errors import DomainError
from clubs.leaving import clubs_left_without_a_director, delete_account
from clubs.messages import error_text
from nardy_site.data.forms import DeleteAccountForm
from nardy_site.data.personal import personal_data


def json_download(data: object, filename: str) -> HttpResponse:
    response = HttpResponse(json.dumps(data, cls=DjangoJSONEncoder, ensure_ascii=False,
                                       indent=1), content_type="application/json")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@login_required
@require_GET
def my_data(request: HttpRequest) -> HttpResponse:
    """The signed-in person's data, as a JSON file."""
    day = timezone.localdate().isoformat()
    return json_download(personal_data(request.user), f"nardy-my-data-{day}.json")


@login_required
def delete_my_account(request: HttpRequest) -> HttpResponse:
    form = DeleteAccountForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            delete_account(user=request.user, password=form.cleaned_data["password"])
        except DomainError as error:
            form.add_error("password" if error.field == "password" else None, error_text(error))
        else:
            logout(request)
            messages.success(request, _("Your account has been deleted."))
            return redirect("home")
    return render(request, "data/delete_account.html", {
        "form": form, "blocking_clubs": clubs_left_without_a_director(request.user)})
