"""Forms of the data pages: deleting an account, deleting a club, importing a club."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _


class DeleteAccountForm(forms.Form):
    password = forms.CharField(
        label=_("Your password"), max_length=128, strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
        help_text=_("Give your password again to confirm that you want your account deleted."))
    understood = forms.BooleanField(
        label=_("I understand that my account cannot be brought back."), required=True)


class DeleteClubForm(forms.Form):
    confirmation = forms.CharField(
        label=_("The club's name"), max_length=200,
        help_text=_("Type the club's name to confirm that it goes, with everything it owns."))


class ImportArchiveForm(forms.Form):
    archive = forms.FileField(label=_("Club archive (.zip)"),
                              help_text=_("The file exported from a club's page on this site "
                                          "or another one."))
