"""The site's allauth adapter: its mails go through the background path."""

from __future__ import annotations

from dataclasses import dataclass

from allauth.account.adapter import DefaultAccountAdapter
from allauth.core import context as allauth_context
from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext

from clubs.profiles import language_for_recipient
from nardy_site.mail import send_message_later

ALLAUTH_EMAIL_STAGE = "allauth.account.stages.EmailVerificationStage"
EMAIL_STAGE = "accounts.stages.EmailVerificationStage"


@dataclass(frozen=True)
class Site:
    """What allauth's mails call the site: its name (``site_name``; the confirmation
    mail names the site by it: templates/account/email/) and its address as people reach
    it (NARDY_SITE_URL), never the host a request happened to use."""

    name: str
    domain: str


def site_name() -> str:
    """NARDY_SITE_NAME, else the site's own name in the current language."""
    return settings.NARDY_SITE_NAME or gettext("Nardy")


def this_site() -> Site:
    return Site(name=site_name(), domain=settings.NARDY_SITE_URL)


class AccountAdapter(DefaultAccountAdapter):
    def send_mail(self, template_prefix: str, email: str, context: dict) -> None:
        """Write the mail in the recipient's language and queue it (never sent in the
        request: nardy_site.mail)."""
        request = allauth_context.request
        language = language_for_recipient(user=context.get("user"), email=email)
        with translation.override(language):
            message = self.render_mail(
                template_prefix,
                email,
                {"request": request, "email": email,
                 "current_site": this_site(), **context},
            )
        send_message_later(message)

    def get_login_redirect_url(self, request) -> str:
        """Back to a club's join page when one was opened before logging in."""
        from clubs.views_invitations import PENDING_INVITATION

        token = request.session.get(PENDING_INVITATION)
        if token:
            from clubs.invitations import join_path

            return join_path(token)
        return super().get_login_redirect_url(request)

    def format_email_subject(self, subject: str) -> str:
        return f"[{site_name()}] {subject}"

    def get_login_stages(self) -> list[str]:
        return [EMAIL_STAGE if path == ALLAUTH_EMAIL_STAGE else path
                for path in super().get_login_stages()]
