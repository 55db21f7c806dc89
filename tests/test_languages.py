"""One language everywhere (issue 38): a refusal's ``title`` and ``detail`` are in the request's
language, from the error catalogue's words: the signed-in player's setting, else
``Accept-Language``, else Hungarian. Django's, DRF's and allauth's own messages follow (the
password validators' included), and every code of the catalogue has its words in both."""

from __future__ import annotations

import re
import uuid
from typing import Any

import pytest
from rest_framework.test import APIClient

from apps.accounts.api import GuestThrottle
from apps.common import problem_texts
from apps.common.catalogue import CATALOGUE, TEXTS, problem_text
from tests.conftest import MakePlayer
from tests.test_errors import _client_ip, assert_problem

pytestmark = pytest.mark.django_db

PLACEHOLDER = re.compile(r"\{(\w+)\}")
# Letters only Hungarian has: a Hungarian text that says something nearly always has one.
HUNGARIAN = re.compile(r"[áéíóöőúüű]", re.IGNORECASE)


# --- the words ---------------------------------------------------------------------------


def test_every_code_of_the_catalogue_has_words_in_hungarian_and_english() -> None:
    """A code added to the catalogue (or handed in by a game) without its words fails here."""
    missing = sorted(code for code in CATALOGUE if code not in TEXTS)
    assert not missing, f"codes without words (apps/common/problem_texts.py): {missing}"
    for code in CATALOGUE:
        hungarian, english = TEXTS[code]
        assert hungarian.strip() and english.strip(), code
        assert hungarian != english, code
        # the plain words are said whatever the refusal knows: nothing left to fill
        assert not PLACEHOLDER.search(hungarian + english), code
    assert not sorted(set(TEXTS) - set(CATALOGUE)), "words for a code the catalogue lacks"


def test_the_detailed_wordings_are_for_known_codes_with_the_same_placeholders() -> None:
    for key, (hungarian, english) in problem_texts.DETAILED.items():
        assert key.split("/")[0] in CATALOGUE, key
        assert set(PLACEHOLDER.findall(hungarian)) == set(PLACEHOLDER.findall(english)), key


def test_a_wait_is_said_in_minutes_or_seconds_in_each_language() -> None:
    hu = problem_text("throttled", "hu", {"wait": 2155})
    en = problem_text("throttled", "en-GB", {"wait": 2155})
    assert hu == "Túl sok kérés; próbáld újra 36 perc múlva."
    assert en == "Too many requests; try again in 36 minutes."
    assert (
        problem_text("throttled", "en", {"wait": 1}) == "Too many requests; try again in 1 second."
    )
    # without the wait: the plain words, never a placeholder
    assert problem_text("throttled", "hu") == TEXTS["throttled"][0]
    # a language the club does not speak: Hungarian
    assert problem_text("not_your_turn", "de") == TEXTS["not_your_turn"][0]


# --- the API's answers -------------------------------------------------------------------


def _no_such_match(client: APIClient, **headers: str) -> dict:
    response = client.get(f"/api/v1/matches/{uuid.uuid4()}/", **headers)
    return assert_problem(response, 404, "match_not_found")


def test_a_refusal_is_hungarian_by_default_and_english_when_asked(make_player: MakePlayer) -> None:
    player = make_player()

    hungarian = _no_such_match(player.client)
    english = _no_such_match(player.client, HTTP_ACCEPT_LANGUAGE="en-US,en;q=0.9")
    preferred = _no_such_match(player.client, HTTP_ACCEPT_LANGUAGE="de, en;q=0.5, hu;q=0.8")

    assert hungarian["detail"] == "Nincs ilyen meccs, vagy nem ülsz benne."
    assert hungarian["title"] == "Nem található"
    assert english["detail"] == "No such match, or you do not sit in it."
    assert english["title"] == "Not Found"
    assert preferred["detail"] == hungarian["detail"]  # hu weighs more than en


def test_the_players_own_setting_wins_over_accept_language(make_player: MakePlayer) -> None:
    english_player = make_player(language="en")
    hungarian_player = make_player(language="hu")

    english = _no_such_match(english_player.client)
    hungarian = _no_such_match(hungarian_player.client, HTTP_ACCEPT_LANGUAGE="en")

    assert english["detail"] == "No such match, or you do not sit in it."
    assert hungarian["detail"] == "Nincs ilyen meccs, vagy nem ülsz benne."


def test_the_language_picker_keeps_a_signed_in_players_choice(make_player: MakePlayer) -> None:
    player = make_player()
    browser = APIClient()
    browser.force_login(player.user)

    browser.post("/i18n/setlang/", {"language": "en", "next": "/"})
    player.user.refresh_from_db()

    assert player.user.language == "en"
    # on another device, whose browser asks for Hungarian, the API answers in English
    assert _no_such_match(player.client, HTTP_ACCEPT_LANGUAGE="hu")["detail"].startswith("No such")


def test_a_rule_refusal_and_a_validation_error_speak_the_language(
    make_player: MakePlayer,
) -> None:
    player = make_player(guest=True)
    match = player.client.post("/api/v1/matches/computer/", {}, format="json").json()
    url = f"/api/v1/matches/{match['id']}/actions/"

    def send(body: Any, language: str) -> dict:
        response = player.client.post(url, body, format="json", HTTP_ACCEPT_LANGUAGE=language)
        return response.json()  # type: ignore[no-any-return]

    missing = {"action": {"type": "resign"}}
    hungarian = send(missing, "hu")
    english = send(missing, "en")

    assert hungarian["code"] == english["code"] == "invalid_input"
    assert hungarian["detail"] == "Hibás adatok (a kérés törzse); nézd meg a mezőket."
    assert english["detail"] == "The request body is not valid; check the fields."
    # DRF's own field messages too
    assert english["errors"]["expected_version"] == ["This field is required."]
    assert HUNGARIAN.search(hungarian["errors"]["expected_version"][0])


def test_an_unknown_variant_names_it_in_the_language(make_player: MakePlayer) -> None:
    player = make_player()

    response = player.client.post("/api/v1/rooms/", {"variant": "tarokk"}, format="json")

    assert (
        assert_problem(response, 400, "unknown_variant")["detail"] == "Nincs ilyen játék: 'tarokk'."
    )


def test_too_many_guests_says_when_to_try_again(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(GuestThrottle, "rate", "1/hour", raising=False)
    client = APIClient(REMOTE_ADDR=_client_ip())
    assert client.post("/api/v1/guests/", {}, format="json").status_code == 201
    client.cookies.clear()

    refused = client.post("/api/v1/guests/", {}, format="json")

    body = assert_problem(refused, 429, "throttled")
    minutes = -(-int(refused["Retry-After"]) // 60)
    assert body["detail"] == f"Túl sok kérés; próbáld újra {minutes} perc múlva."
    assert body["title"] == "Túl sok kérés"
    assert refused["Content-Language"] == "hu"


def test_an_unknown_url_speaks_english_when_asked(anon: APIClient) -> None:
    english = anon.get("/api/v1/nope", HTTP_ACCEPT_LANGUAGE="en")
    hungarian = anon.get("/api/v1/nope")

    assert assert_problem(english, 404, "not_found")["detail"] == "No such URL."
    assert assert_problem(hungarian, 404, "not_found")["detail"] == "Nincs ilyen cím."
    assert english["Content-Language"] == "en"


# --- allauth and Django's password validators ----------------------------------------------


@pytest.mark.parametrize(
    ("language", "expected"),
    [("hu", "Ez a jelszó túlságosan gyakori."), ("en", "This password is too common.")],
)
def test_a_common_password_is_refused_in_the_language(
    anon: APIClient, language: str, expected: str
) -> None:
    response = anon.post(
        "/_allauth/app/v1/auth/signup",
        {"email": f"{uuid.uuid4().hex[:8]}@example.com", "password": "password"},
        format="json",
        HTTP_ACCEPT_LANGUAGE=language,
    )

    assert response.status_code == 400, response.content
    messages = [error["message"] for error in response.json()["errors"]]
    assert expected in messages


def test_a_refused_display_name_says_why_next_to_the_field_in_the_language(
    make_player: MakePlayer,
) -> None:
    player = make_player()

    hungarian = player.client.patch("/api/v1/me/", {"display_name": "Kati"}, format="json")
    english = player.client.patch(
        "/api/v1/me/", {"display_name": "Kati"}, format="json", HTTP_ACCEPT_LANGUAGE="en"
    )

    said = assert_problem(hungarian, 400, "display_name_reserved")
    assert said["errors"] == {"display_name": [said["detail"]]}
    assert said["detail"] == "Ez a név foglalt (Kati, a klub vagy a személyzet neve)."
    assert assert_problem(english, 400, "display_name_reserved")["errors"] == {
        "display_name": ["This name is reserved (Kati's, the club's or its staff's)."]
    }


def test_the_clubs_own_field_messages_speak_the_language(make_player: MakePlayer) -> None:
    player = make_player()

    hungarian = player.client.post("/api/v1/rooms/", {"variant": 7, "x": 1}, format="json")
    english = player.client.get("/api/v1/matches/?limit=0", HTTP_ACCEPT_LANGUAGE="en")

    errors = assert_problem(hungarian, 400, "invalid_input")["errors"]
    assert errors == {"variant": ["szöveg kell"], "x": ["ismeretlen mező"]}
    assert assert_problem(english, 400, "invalid_input")["errors"] == {
        "limit": ["expected a whole number, 1 or more"]
    }
