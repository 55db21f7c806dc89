"""Accounts that recover (docs/api.md, "Accounts"): nobody stays stranded half-way through a
sign-up, a forgotten password is set anew by a mailed code, the address and the password can
be changed, and a member can delete the account. Every test runs as an app and as a browser."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from allauth.account.models import EmailAddress
from django.conf import settings
from django.core import mail

from apps.accounts.models import User
from apps.chat.models import Block
from apps.matches.models import Match
from tests.conftest import Player
from tests.factories import GuestFactory, UserFactory
from tests.matches.helpers import create_computer_match, create_friend_match

from .conftest import PASSWORD, Headless, mailed_code, pending_flows, unique_email

NewClient = Callable[[], Headless]


def _me(client: Headless) -> dict:
    response = client.api("get", "me/")
    assert response.status_code == 200, response.content
    return response.json()  # type: ignore[no-any-return]


def _subjects(to: str) -> list[str]:
    return [m.subject for m in mail.outbox if to in m.to]


def test_a_login_to_an_unfinished_sign_up_asks_for_a_new_code(headless: NewClient) -> None:
    email = unique_email()
    assert headless().sign_up(email).status_code == 401  # the tab is closed before the code
    first_code = mailed_code(email)

    client = headless()  # another day, another tab
    response = client.log_in(email)

    assert response.status_code == 401
    assert pending_flows(response) == {"verify_email"}
    code = mailed_code(email)
    assert code != first_code
    assert client.verify_email(code).status_code == 200
    assert _me(client)["is_guest"] is False


def test_the_code_can_be_sent_again(headless: NewClient) -> None:
    client, email = headless(), unique_email()
    client.sign_up(email)
    first_code = mailed_code(email)

    again = client.auth("post", "auth/email/verify/resend")

    assert again.status_code == 200, again.content
    second_code = mailed_code(email)
    assert second_code != first_code
    assert client.verify_email(first_code).status_code == 400  # only the newest one counts
    assert client.verify_email(second_code).status_code == 200


def test_signing_up_again_with_the_same_password_mails_the_code_again(
    headless: NewClient,
) -> None:
    email = unique_email()
    headless().sign_up(email)
    user = User.objects.get(email=email)
    mail.outbox.clear()

    client = headless()
    response = client.sign_up(email)

    # the answer of any sign-up; the mail is the code, not "this address has an account"
    assert response.status_code == 401
    assert pending_flows(response) == {"verify_email"}
    assert _subjects(email) == ["[Snapszer Klub] Az e-mail címed megerősítése"]
    assert client.verify_email(mailed_code(email)).status_code == 200
    assert _me(client)["id"] == user.pk
    assert User.objects.filter(email=email).count() == 1


def test_signing_up_again_with_another_password_leads_to_a_new_password(
    headless: NewClient,
) -> None:
    email = unique_email()
    headless().sign_up(email)
    mail.outbox.clear()

    client = headless()
    response = client.sign_up(email, "quite another passphrase")

    assert response.status_code == 401  # indistinguishable from the right password's answer
    assert pending_flows(response) == {"verify_email"}
    (sent,) = mail.outbox
    assert sent.subject == "[Snapszer Klub] Már van fiókod ezzel a címmel"
    assert f"{settings.PUBLIC_BASE_URL}/account/password/reset" in sent.body
    assert client.verify_email("BBBB-CCCC").status_code == 400

    # the page it leads to: a code, a new password, and the player is in, address confirmed
    forgot = headless()
    forgot.auth("post", "auth/password/request", {"email": email})
    new_password = "a brand new passphrase"
    reset = forgot.auth(
        "post", "auth/password/reset", {"key": mailed_code(email), "password": new_password}
    )
    assert reset.status_code == 200, reset.content
    assert _me(forgot)["is_guest"] is False
    assert EmailAddress.objects.get(email=email).verified is True


def test_a_member_changes_the_password_and_is_told(
    headless: NewClient, verified_user: User
) -> None:
    client = headless()
    assert client.log_in(verified_user.email).status_code == 200
    new_password = "another fine passphrase"

    wrong = client.auth(
        "post",
        "account/password/change",
        {"current_password": "not it at all", "new_password": new_password},
    )
    assert wrong.status_code == 400
    changed = client.auth(
        "post",
        "account/password/change",
        {"current_password": PASSWORD, "new_password": new_password},
    )

    assert changed.status_code == 200, changed.content
    assert _subjects(verified_user.email) == ["[Snapszer Klub] Megváltozott a jelszavad"]
    assert headless().log_in(verified_user.email).status_code == 400
    assert headless().log_in(verified_user.email, new_password).status_code == 200


def test_a_member_changes_the_address_by_a_code_sent_to_the_new_one(
    headless: NewClient, verified_user: User
) -> None:
    client = headless()
    client.log_in(verified_user.email)
    old, new = verified_user.email, unique_email()

    added = client.auth("post", "account/email", {"email": new})
    assert added.status_code == 200, added.content
    assert EmailAddress.objects.get(email=old).primary  # nothing changes before the code

    confirmed = client.verify_email(mailed_code(new))

    assert confirmed.status_code == 200, confirmed.content
    assert [a.email for a in EmailAddress.objects.filter(user=verified_user)] == [new]
    assert User.objects.get(pk=verified_user.pk).email == new
    assert "[Snapszer Klub] Megváltozott az e-mail címed" in _subjects(old)
    assert headless().log_in(new).status_code == 200


def test_deleting_the_account_takes_the_name_and_address_and_keeps_the_matches(
    headless: NewClient, verified_user: User, django_capture_on_commit_callbacks: Any
) -> None:
    client = headless()
    client.log_in(verified_user.email)
    me = Player(verified_user)
    other = Player(UserFactory())
    kati = create_computer_match(me, variant="klub")
    friendly = create_friend_match(other, me)
    Block.objects.create(blocker=verified_user, blocked=other.user)
    Block.objects.create(blocker=other.user, blocked=verified_user)
    email = verified_user.email
    User.objects.filter(pk=verified_user.pk).update(language="en")

    refused = client.api("post", "me/delete/", {"password": "not my password"})
    assert refused.status_code == 403
    assert refused.json()["code"] == "password_incorrect"
    assert User.objects.get(pk=verified_user.pk).email == email

    with django_capture_on_commit_callbacks(execute=True):
        deleted = client.api("post", "me/delete/", {"password": PASSWORD})

    assert deleted.status_code == 200, deleted.content
    assert deleted.json() == {"deleted": True}
    assert client.api("get", "me/").status_code == 401  # signed out, here and everywhere
    assert me.client.get("/api/v1/me/").status_code == 401
    gone = User.objects.get(pk=verified_user.pk)
    assert (gone.email, gone.display_name, gone.has_usable_password()) == ("", "", False)
    assert not EmailAddress.objects.filter(email=email).exists()
    assert headless().log_in(email).status_code == 400
    # the matches stay, ended: the friend's as the deleted player's technical loss
    assert Match.objects.get(pk=kati["id"]).status == Match.Status.FINISHED
    seen = other.client.get(f"/api/v1/matches/{friendly['id']}/").json()
    assert seen["status"] == "finished"
    assert "Törölt játékos" in [p["name"] for p in seen["players"]]
    assert email not in str(seen)
    assert not Block.objects.filter(blocker=gone).exists()
    assert not Block.objects.filter(blocked=gone).exists()
    # the old address is told, in the player's language; it may sign up anew
    assert _subjects(email)[-1] == "[Snapszer Klub] Your account was deleted"
    assert headless().sign_up(email).status_code == 401
    assert User.objects.filter(email=email).count() == 1


def test_a_guest_has_no_account_to_delete(db: None) -> None:
    guest = Player(GuestFactory())
    response = guest.client.post("/api/v1/me/delete/", {"password": "anything"}, format="json")

    assert response.status_code == 403
    assert response.json()["code"] == "registration_required"
