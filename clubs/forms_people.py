"""Forms of the people pages: they parse and bound input; the services do the work."""

from __future__ import annotations

from typing import Any

from django import forms
from django.conf import settings
from django.utils import translation
from django.utils.html import format_html
from django.utils.safestring import mark_safe
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from clubs.embeds import MAX_ORIGINS, OriginError, parse_origins
from clubs.invitations import DEFAULT_DAYS, MAX_DAYS
from clubs.models import Club, NameStyle, Player, Role, ShownAs
from clubs.profiles import supported_language
from common.time_zones import time_zone_choices


class ClubForm(forms.ModelForm):
    language = forms.ChoiceField(
        label=_("The club's language"), choices=settings.LANGUAGES, required=False,
        help_text=_("The language of the club's pages for visitors who have not chosen one, "
                    "and of its messages to players who have not chosen one."))

    time_zone = forms.ChoiceField(
        label=_("Time zone"), initial=settings.TIME_ZONE, required=False,
        help_text=_("Where the club plays: its events' times are in this zone unless an event "
                    "names another."))
    embed_origins = forms.CharField(
        label=_("Sites that may show the club's pages"), required=False, max_length=2000,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text=_("The addresses of your own website, one per line, e.g. "
                    "https://club.example.org: only these may show the club's public bracket, "
                    "standings and next events in a frame."))

    public_names = forms.ChoiceField(
        label=_("Names shown to the public"), choices=NameStyle.choices, required=False,
        help_text=Club._meta.get_field("public_names").help_text)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["time_zone"].choices = time_zone_choices()
        self.fields["time_zone"].widget.attrs["translate"] = "no"  # IANA names, as they are
        if self.instance.pk:
            self.initial["embed_origins"] = "\n".join(self.instance.embed_origins or [])

    def clean_time_zone(self) -> str:
        """Left out: the club's zone stays; a new club takes the site's."""
        return (self.cleaned_data.get("time_zone")
                or (self.instance.time_zone if self.instance.pk else settings.TIME_ZONE))

    def clean_embed_origins(self) -> list[str]:
        try:
            return parse_origins(self.cleaned_data.get("embed_origins") or "")
        except OriginError as error:
            if error.args[0].isdigit():
                raise forms.ValidationError(
                    _("List at most %(limit)s sites.") % {"limit": MAX_ORIGINS}) from error
            raise forms.ValidationError(
                _("“%(site)s” is not a site's address: write it as https://club.example.org.")
                % {"site": error.args[0][:80]}) from error

    def clean_public_names(self) -> str:
        """Left out: the club's style stays; a new club's is the default."""
        return (self.cleaned_data.get("public_names") or self.instance.public_names
                or NameStyle.FIRST_INITIAL)

    def clean_language(self) -> str:
        """Left out: the club's language stays; a new club takes its creator's."""
        if self.cleaned_data.get("language"):
            return self.cleaned_data["language"]
        if self.instance.pk:
            return self.instance.language
        return supported_language(translation.get_language()) or settings.LANGUAGE_CODE

    class Meta:
        model = Club
        fields = ["name", "description", "venue", "schedule", "city", "language", "time_zone",
                  "embed_origins", "public_names"]
        widgets = {"description": forms.Textarea(attrs={"rows": 4})}
        labels = {"name": _("Club name"), "description": _("About the club")}
        help_texts = {"schedule": _("When the club meets, e.g. \"Tuesdays from 19:00\".")}


class ProfileForm(forms.Form):
    shown_as = forms.ChoiceField(
        label=_("Show my name to the public as"), choices=ShownAs.choices, required=False,
        help_text=_("Members of your clubs see your full name. As your clubs choose: the most "
                    "private of their choices."))
    display_name = forms.CharField(label=_("Display name"), max_length=60,
                                   help_text=_("Shown on public pages, brackets and rankings. "
                                               "Writing a new one shows it as written."))
    name = forms.CharField(label=_("Legal name"), max_length=120, required=False,
                           help_text=_("Your full name as on official lists."))
    name_is_public = forms.BooleanField(label=_("Show my legal name publicly"), required=False)
    preferred_language = forms.ChoiceField(
        label=_("Preferred language"), required=False,
        choices=[("", _("As the browser says"))] + list(settings.LANGUAGES),
        help_text=_("Pages after you log in, and the emails you get."))
    time_zone = forms.ChoiceField(
        label=_("Time zone"), required=False,
        help_text=_("Times are shown in it. Empty: your club's time zone."))
    city = forms.CharField(label=_("City"), max_length=80, required=False)
    country = forms.CharField(label=_("Country"), max_length=80, required=False)
    fibs = forms.CharField(label=_("FIBS user name"), max_length=40, required=False)
    dailygammon = forms.CharField(label=_("DailyGammon user name"), max_length=40, required=False)
    galaxy = forms.CharField(label=_("Backgammon Galaxy user name"), max_length=40, required=False)
    gridgammon = forms.CharField(label=_("GridGammon user name"), max_length=40, required=False)
    studio = forms.CharField(
        label=_("Backgammon Studio user name"), max_length=40, required=False,
        help_text=_("With your FIBS and Galaxy names, this is how the site knows you in a match "
                    "file you upload."))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["time_zone"].choices = [("", _("My club's time zone")), *time_zone_choices()]
        self.fields["time_zone"].widget.attrs["translate"] = "no"  # IANA names, as they are


class AddPlayerForm(forms.Form):
    name = forms.CharField(label=_("Legal name"), max_length=120)
    display_name = forms.CharField(label=_("Display name"), max_length=60, required=False,
                                   help_text=_("Leave empty to name the player as the "
                                               "club's setting says."))
    email = forms.EmailField(label=_("Email"), required=False,
                             help_text=_("For an invitation later; seen by directors only."))
    # the second step, after similar players were shown
    existing = forms.IntegerField(required=False, widget=forms.HiddenInput)
    confirm_new = forms.BooleanField(required=False, widget=forms.HiddenInput)


class EditPlayerForm(forms.ModelForm):
    class Meta:
        model = Player
        fields = ["name", "display_name", "name_is_public", "email", "city", "country",
                  "declared_rating", *Player.HANDLES]


class RoleForm(forms.Form):
    user = forms.IntegerField(widget=forms.HiddenInput)
    role = forms.ChoiceField(label=_("Role"), choices=[
        (Role.DIRECTOR, Role.DIRECTOR.label), (Role.SCORER, Role.SCORER.label),
        (Role.MEMBER, Role.MEMBER.label)])


class EmailInvitationForm(forms.Form):
    email = forms.EmailField(label=_("Email"))
    player = forms.ModelChoiceField(
        label=_("Their player record"), queryset=Player.objects.none(), required=False,
        empty_label=_("None: a new member"),
        help_text=_("If the club already keeps this person's results, they become theirs."))
    days = forms.IntegerField(label=_("Valid for (days)"), min_value=1, max_value=MAX_DAYS,
                              initial=DEFAULT_DAYS)

    def __init__(self, *args, club: Club, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["player"].queryset = Player.objects.filter(
            memberships__club=club, user__isnull=True).order_by("display_name", "pk")


class LinkInvitationForm(forms.Form):
    player = forms.ModelChoiceField(
        label=_("For one person's record"), queryset=Player.objects.none(), required=False,
        empty_label=_("Anyone with the link"))
    single_use = forms.BooleanField(label=_("Single use"), required=False, initial=False,
                                    help_text=_("A link for one person's record is always single-use."))
    days = forms.IntegerField(label=_("Valid for (days)"), min_value=1, max_value=MAX_DAYS,
                              initial=DEFAULT_DAYS)

    def __init__(self, *args, club: Club, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["player"].queryset = Player.objects.filter(
            memberships__club=club, user__isnull=True).order_by("display_name", "pk")


class JoinRequestForm(forms.Form):
    message = forms.CharField(label=_("A word to the directors"), max_length=500, required=False,
                              widget=forms.Textarea(attrs={"rows": 2}))


class ImportForm(forms.Form):
    file = forms.FileField(label=_("CSV file"))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # HTML on purpose (the column names as code), in the language of the request
        self.fields["file"].help_text = format_html(
            gettext("First line: {columns} (only {name} is required)."),
            columns=mark_safe("<code>name, email, role, rating, fibs, dailygammon, galaxy, "
                              "gridgammon</code>"),
            name=mark_safe("<code>name</code>"))
