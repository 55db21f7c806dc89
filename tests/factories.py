"""factory-boy factories for the service tests."""

from __future__ import annotations

import factory

from apps.accounts.models import User


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = User
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"player{n}")
    email = factory.LazyAttribute(lambda u: f"{u.username}@example.com")
    display_name = factory.LazyAttribute(lambda u: u.username.title())
    password = factory.PostGenerationMethodCall("set_password", "correct horse battery")

    @classmethod
    def _after_postgeneration(cls, instance, create, results=None):  # type: ignore[no-untyped-def]
        if create:
            instance.save()


class GuestFactory(UserFactory):
    username = factory.Sequence(lambda n: f"guest-{n:010x}")
    email = ""
    is_guest = True
