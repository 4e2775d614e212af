"""The email-verification step of allauth's login, for accounts that have an address."""

from __future__ import annotations

from allauth.account import stages
from allauth.account.models import EmailAddress


class EmailVerificationStage(stages.EmailVerificationStage):
    """allauth's step, skipped for an account with no address on record.

    Every sign-up records its address (unverified until the link is followed), so a
    person who signed up always passes this step. An account with no recorded address
    was made by an administrator (createsuperuser, the admin, `manage.py demo`) and is
    let in as before.
    """

    def handle(self):
        user = self.login.user
        if user is not None and not EmailAddress.objects.filter(user_id=user.pk).exists():
            return None, True
        return super().handle()
