"""factory-boy factories for tests. Add one per model as features land."""

from __future__ import annotations

import factory
from django.contrib.auth import get_user_model
from django.utils.text import slugify

from clubs.models import Club, Membership, Player


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"user{n}")
    email = factory.LazyAttribute(lambda user: f"{user.username}@example.org")
    password = factory.PostGenerationMethodCall("set_password", "password")

    @factory.post_generation
    def save_password(obj, create: bool, extracted: object, **kwargs: object) -> None:
        if create:
            obj.save()


class ClubFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Club
        skip_postgeneration_save = True

    name = factory.Sequence(lambda n: f"Club {n}")
    slug = factory.LazyAttribute(lambda club: slugify(club.name))

    @factory.post_generation
    def directors(obj, create: bool, extracted: list | None, **kwargs: object) -> None:
        if create and extracted:
            obj.directors.add(*extracted)


class PlayerFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Player

    name = factory.Sequence(lambda n: f"Player Number{n}")
    display_name = factory.Sequence(lambda n: f"Player {n}")
    shown_as = "nickname"  # the display name above is written, not made from the name


class MembershipFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Membership

    club = factory.SubFactory(ClubFactory)
    player = factory.SubFactory(PlayerFactory)
