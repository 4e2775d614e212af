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
