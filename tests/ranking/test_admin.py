"""The ranking in the admin: an administrator reads each game's ladder, tickets, standings and
medals apart (a filter per game), and cannot edit them (ratings move only by rated matches)."""

from __future__ import annotations

import pytest
from django.test import Client

from apps.ranking.models import Rating
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def test_an_admin_reads_each_games_ladder_apart_and_cannot_edit_it() -> None:
    root = UserFactory(username="root", is_staff=True, is_superuser=True)
    anna, bela = UserFactory(display_name="Anna"), UserFactory(display_name="Bela")
    Rating.objects.create(user=anna, variant="klub", rating=1611, matches=3)
    Rating.objects.create(user=bela, variant="sixty-six", rating=1433, matches=2)
    browser = Client()
    browser.force_login(root)

    six = browser.get("/admin/ranking/rating/?variant=sixty-six")
    assert six.status_code == 200
    html = six.content.decode()
    assert "1433" in html and "1611" not in html
    assert "sixty-six" in html  # the game is a column and a filter
    for page in ("ticket", "standing", "medal"):
        assert browser.get(f"/admin/ranking/{page}/?variant=klub").status_code == 200
    row = Rating.objects.get(user=anna)
    assert browser.get(f"/admin/ranking/rating/{row.pk}/change/").status_code == 200
    edit = browser.post(f"/admin/ranking/rating/{row.pk}/change/", {"rating": 2000})
    assert edit.status_code == 403
    assert Rating.objects.get(user=anna).rating == 1611
