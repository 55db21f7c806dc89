"""Display names (apps/accounts/names.py): normalised, and refused when they hide something,
pass their player off as the computer, the club or its staff, or look like another player's.
Through the API (``PATCH /api/v1/me/``, ``POST /api/v1/guests/``) and the admin's form."""

from __future__ import annotations

import contextlib
import importlib
import threading
from collections.abc import Callable

import pytest
from django.contrib import admin
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.test import RequestFactory
from rest_framework.test import APIClient

from apps.accounts import services
from apps.accounts.models import User
from apps.accounts.services import profile_update
from apps.common.errors import Problem
from tests.conftest import Player
from tests.factories import UserFactory
from tests.matches.test_concurrency import run_together

from .conftest import unique_ip

pytestmark = pytest.mark.django_db

ORIGINAL = "Eredeti Név"


def _rename(player: Player, name: str) -> tuple[int, dict]:
    response = player.client.patch("/api/v1/me/", {"display_name": name}, format="json")
    return response.status_code, response.json()


def _refused(player: Player, name: str) -> str:
    """The code of the refusal of ``name``; the player's name is unchanged."""
    status, body = _rename(player, name)
    assert status == 400, body
    assert body["status"] == 400 and body["type"].endswith("/" + body["code"])
    assert list(body["errors"]) == ["display_name"]
    assert User.objects.get(pk=player.user.pk).display_name == ORIGINAL
    return str(body["code"])


def _guest(name: str) -> tuple[int, dict]:
    client = APIClient(REMOTE_ADDR=unique_ip())
    response = client.post("/api/v1/guests/", {"display_name": name}, format="json")
    return response.status_code, response.json()


@pytest.fixture
def player(make_player: Callable[..., Player]) -> Player:
    return make_player(display_name=ORIGINAL)


# --- normalised ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("sent", "kept"),
    [
        ("  Kis \u3000  Pista ", "Kis Pista"),  # an ideographic space is a space
        ("Ｐｉｓｔａ", "Pista"),  # fullwidth letters (NFKC)
        ("Gyo\u030bzo\u030b", "Győző"),  # letters with combining accents, composed
        ("Éva", "Éva"),
        ("Ödön", "Ödön"),
    ],
)
def test_a_name_is_normalised(player: Player, sent: str, kept: str) -> None:
    status, body = _rename(player, sent)

    assert (status, body["display_name"]) == (200, kept)
    assert User.objects.get(pk=player.user.pk).display_name == kept


def test_a_guests_name_is_normalised_too() -> None:
    status, body = _guest("Ｂöske\u3000\u3000Néni")

    assert (status, body["player"]["display_name"]) == (201, "Böske Néni")


# --- invisible, hidden characters, marks -------------------------------------------------------


@pytest.mark.parametrize(
    "name",
    [
        "\u200b\u200d\u2060",  # zero-width space, joiner, word joiner
        "\u202e",  # right-to-left override
        "\u3164\u3164",  # Hangul fillers: letters that draw nothing
        "\u2800",  # the blank Braille pattern
        "\u0301\u0301",  # accents on nothing
    ],
)
def test_a_name_that_shows_nothing_is_refused(player: Player, name: str) -> None:
    assert _refused(player, name) == "display_name_invisible"


@pytest.mark.parametrize(
    "name",
    [
        "Pista\u202egnp",  # right-to-left override: shows "Pistapng"
        "\u202bPista\u202c",  # right-to-left embedding
        "\u2066Pista\u2069",  # left-to-right isolate
        "Pis\u200bta",  # zero-width space inside
        "Pis\u200dta",  # zero-width joiner
        "Pista\u00ad",  # soft hyphen
        "Kis\tPista",  # control characters
        "Kis\nPista",
        "Kis\u2028Pista",  # line separator
        "Pista\u3164",  # a filler after the name
        "Pista\ue000",  # private use
    ],
)
def test_a_name_with_a_hidden_character_is_refused(player: Player, name: str) -> None:
    assert _refused(player, name) == "display_name_hidden_character"


def test_a_name_with_a_flood_of_marks_is_refused(player: Player) -> None:
    assert _refused(player, "Za\u0301\u0302\u0303lgo") == "display_name_too_many_marks"
    assert _refused(player, "Zalgo" + "\u0336" * 30) == "display_name_too_many_marks"


def test_two_marks_on_a_letter_are_writing(player: Player) -> None:
    status, body = _rename(player, "Nguyễn Thị Ánh")  # ễ: e with a circumflex and a tilde

    assert (status, body["display_name"]) == (200, "Nguyễn Thị Ánh")


def test_a_guest_is_refused_a_hidden_name_too() -> None:
    status, body = _guest("\u200b\u200d\u2060")

    assert (status, body["code"]) == (400, "display_name_invisible")
    assert not User.objects.exists()


def test_the_length_counts_the_normalised_name(player: Player) -> None:
    # 40 characters typed, one of them a ligature NFKC writes as 18 letters
    status, body = _rename(player, "x" * 39 + "\ufdfa")

    assert (status, body["code"]) == (400, "invalid_input")
    assert list(body["errors"]) == ["display_name"]


# --- reserved ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "name",
    [
        "Kati",
        "KATI",
        "kati",
        "K a t i",
        "K.A.T.I.",
        "Kаti",  # Cyrillic а
        "КАТІ",  # all Cyrillic
        "ΚΑΤΙ",  # all Greek
        "KatI",  # capital I for i
        "Kat1",
        "Kátí",
        "Admin",
        "admin pista",
        "Moderátor Béla",
        "MODERATOR",
        "Snapszer Klub",
        "SnapszerKlub csapat",
        "Ügyfélszolgálat",
        "Staff",
    ],
)
def test_the_computers_name_and_the_clubs_roles_are_reserved(player: Player, name: str) -> None:
    assert _refused(player, name) == "display_name_reserved"


@pytest.mark.parametrize("name", ["Kati néni", "Kovács Kati", "Katinka", "Adminka", "Snapszer Ász"])
def test_names_that_only_hold_a_reserved_word_within_are_free(player: Player, name: str) -> None:
    assert _rename(player, name)[0] == 200


def test_staff_may_use_the_staff_words_but_not_the_computers_name(
    make_player: Callable[..., Player],
) -> None:
    staff = make_player(display_name=ORIGINAL, is_staff=True)

    assert _rename(staff, "Moderátor Béla")[0] == 200
    status, body = _rename(staff, "Kati")
    assert (status, body["code"]) == (400, "display_name_reserved")


def test_a_guest_cannot_be_called_kati() -> None:
    status, body = _guest("Kati")

    assert (status, body["code"]) == (400, "display_name_reserved")


# --- look-alikes of other players --------------------------------------------------------------


@pytest.mark.parametrize(
    ("taken", "name"),
    [
        ("Ödön", "Ödön"),
        ("Ödön", "ÖDÖN"),
        ("Ödön", "Odon"),  # accents stripped: the conservative choice (names.py)
        ("Ödön", "0dön"),  # zero for O
        ("Pál", "PáI"),  # capital I for l
        ("Pál", "Pa1"),
        ("Anna", "Аnna"),  # Cyrillic А
        ("Anna", "Αnnα"),  # Greek
        ("Kis Pista", "KisPista"),  # spaces and punctuation do not count
        ("Kis Pista", "kis-pista"),
        ("Éva", "Eva"),
    ],
)
def test_a_look_alike_of_another_players_name_is_refused(
    player: Player, make_player: Callable[..., Player], taken: str, name: str
) -> None:
    make_player(display_name=taken)

    assert _refused(player, name) == "display_name_taken"


def test_hungarian_names_stay_distinct(make_player: Callable[..., Player]) -> None:
    names = ["Éva", "Győző", "Ödön", "Ágnes", "Ügyes Ürge"]
    players = [make_player(display_name=ORIGINAL) for _ in names]

    answers = [_rename(p, name) for p, name in zip(players, names, strict=True)]

    assert [(status, body["display_name"]) for status, body in answers] == [
        (200, name) for name in names
    ]


def test_a_player_may_respell_their_own_name(player: Player) -> None:
    assert _rename(player, "Ödön")[0] == 200
    assert _rename(player, "ÖDÖN")[0] == 200


def test_a_guests_name_holds_nothing_but_a_guest_cannot_take_a_players(
    make_player: Callable[..., Player], player: Player
) -> None:
    make_player(guest=True, display_name="Pista")
    assert _rename(player, "Pista")[0] == 200  # guests play the computer: nobody sees them

    status, body = _guest("P1sta")
    assert (status, body["code"]) == (400, "display_name_taken")


@pytest.mark.django_db(transaction=True)
def test_two_players_choosing_look_alike_names_at_once_get_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    first, second = UserFactory(), UserFactory()
    # Each choice, once it found the name free, waits (a second at most) for the other to find
    # it free as well: without the lock on the name both would, and both would save it.
    both_checked = threading.Barrier(2)
    look_up = services.display_name_taken

    def taken_then_wait(name: str, *, user: User | None = None) -> bool:
        answer = look_up(name, user=user)
        with contextlib.suppress(threading.BrokenBarrierError):
            both_checked.wait(timeout=1)
        return answer

    monkeypatch.setattr(services, "display_name_taken", taken_then_wait)

    def choose(user_id: int, name: str) -> str:
        try:
            profile_update(user=User.objects.get(pk=user_id), display_name=name, avatar_url=None)
        except Problem as problem:
            return problem.code
        return "ok"

    outcomes = run_together([lambda: choose(first.pk, "Ödön"), lambda: choose(second.pk, "Odon")])

    assert sorted(outcomes) == ["display_name_taken", "ok"]


def test_a_new_players_generated_name_is_one_nobody_has(monkeypatch: pytest.MonkeyPatch) -> None:
    UserFactory(display_name="Játékos 1000")
    UserFactory(display_name="Játékos 1001")
    draws = iter([0, 1, 2])
    monkeypatch.setattr(services.secrets, "randbelow", lambda _: next(draws))

    assert services.default_display_name() == "Játékos 1002"


# --- the admin and the stored skeletons --------------------------------------------------------


def test_the_admins_form_applies_the_same_rules() -> None:
    superuser = UserFactory(is_staff=True, is_superuser=True)
    UserFactory(display_name="Ödön")
    player = UserFactory(display_name=ORIGINAL)
    request = RequestFactory().get("/admin/")
    request.user = superuser
    page = admin.site._registry[User]
    form_class = page.get_form(request, player, fields=["display_name"])

    for name, code in [
        ("Kati", "display_name_reserved"),
        ("Odon", "display_name_taken"),
        ("Pis\u200bta", "display_name_hidden_character"),
    ]:
        form = form_class(data={"display_name": name}, instance=player)
        assert not form.is_valid()
        assert form.errors.as_data()["display_name"][0].code == code
    form = form_class(data={"display_name": "  Kis   Pista "}, instance=player)
    assert form.is_valid(), form.errors
    assert form.cleaned_data["display_name"] == "Kis Pista"


def test_the_migration_fills_in_the_skeletons_of_existing_names() -> None:
    UserFactory(display_name="Ödön")
    UserFactory(display_name="")
    User.objects.update(display_name_skeleton="")  # as the rows were before the migration
    target = ("accounts", "0002_display_name_skeleton")
    state = MigrationExecutor(connection).loader.project_state(target)
    migration = importlib.import_module("apps.accounts.migrations.0002_display_name_skeleton")

    with connection.schema_editor() as editor:
        migration.skeletons_fill(state.apps, editor)

    skeletons = dict(User.objects.values_list("display_name", "display_name_skeleton"))
    assert skeletons == {"Ödön": "odon", "": ""}
