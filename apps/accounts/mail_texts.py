"""The words of allauth's account mails, in Hungarian and English (``apps/common/mails.py``
draws them). Keyed by allauth's template prefix; each one that the club's settings can send is
here (``tests/accounts/test_mails.py``). The codes are typed in the web client; the links lead
to its pages: ``/account/password/reset`` (forgotten password) and ``/account/signup``.
"""

from __future__ import annotations

from apps.common.mails import Letter

# After a change to the account: where it came from (allauth's notification context).
_ORIGIN = {
    "hu": "A változtatás innen érkezett: {ip}, {user_agent}, {timestamp}. Ha nem te voltál, "
    "azonnal állíts be új jelszót:",
    "en": "The change came from: {ip}, {user_agent}, {timestamp}. If it was not you, set a new "
    "password at once:",
}
RESET_PAGE = "/account/password/reset"  # forgotten password: a code by mail, a new password
SIGNUP_PAGE = "/account/signup"
_RESET = {"hu": "Új jelszó beállítása", "en": "Set a new password"}

_VERIFY = {
    "hu": Letter(
        subject="Az e-mail címed megerősítése",
        paragraphs=(
            "Erősítsd meg, hogy a(z) {email} cím a tiéd: írd be az alábbi kódot a Snapszer "
            "Klub oldalán, ahol kérted.",
        ),
        ignorable=True,
    ),
    "en": Letter(
        subject="Confirm your e-mail address",
        paragraphs=(
            "Confirm that {email} is yours: type the code below on the Snapszer Klub page "
            "where you asked for it.",
        ),
        ignorable=True,
    ),
}


def _notice(hu: tuple[str, str], en: tuple[str, str]) -> dict[str, Letter]:
    """A notice after a change: its subject and what changed, then where the change came from,
    with a link to set a new password."""
    return {
        "hu": Letter(hu[0], (hu[1], _ORIGIN["hu"]), link_text=_RESET["hu"], link=RESET_PAGE),
        "en": Letter(en[0], (en[1], _ORIGIN["en"]), link_text=_RESET["en"], link=RESET_PAGE),
    }


LETTERS: dict[str, dict[str, Letter]] = {
    "account/email/email_confirmation_signup": _VERIFY,
    "account/email/email_confirmation": _VERIFY,
    "account/email/account_already_exists": {
        "hu": Letter(
            subject="Már van fiókod ezzel a címmel",
            paragraphs=(
                "Valaki (talán te) regisztrálni próbált a(z) {email} címmel, de ehhez a címhez "
                "már tartozik fiók a Snapszer Klubban.",
                "Ha te voltál: lépj be a jelszavaddal. Ha elfelejtetted, vagy a regisztrációt "
                "nem fejezted be, itt új jelszót állíthatsz be egy e-mailben küldött kóddal:",
            ),
            link_text=_RESET["hu"],
            link=RESET_PAGE,
            ignorable=True,
        ),
        "en": Letter(
            subject="You already have an account with this address",
            paragraphs=(
                "Someone (perhaps you) tried to sign up with {email}, but the Snapszer Klub "
                "already has an account with this address.",
                "If it was you: log in with your password. If you forgot it, or never "
                "finished signing up, set a new password here with a code we mail you:",
            ),
            link_text=_RESET["en"],
            link=RESET_PAGE,
            ignorable=True,
        ),
    },
    "account/email/unknown_account": {
        "hu": Letter(
            subject="Nincs fiók ezzel a címmel",
            paragraphs=(
                "Valaki (talán te) jelszót kért a(z) {email} címre, de ehhez a címhez nem "
                "tartozik fiók a Snapszer Klubban.",
                "Ha te voltál, itt regisztrálhatsz:",
            ),
            link_text="Regisztráció",
            link=SIGNUP_PAGE,
            ignorable=True,
        ),
        "en": Letter(
            subject="No account with this address",
            paragraphs=(
                "Someone (perhaps you) asked for a password for {email}, but the Snapszer "
                "Klub has no account with this address.",
                "If it was you, you can sign up here:",
            ),
            link_text="Sign up",
            link=SIGNUP_PAGE,
            ignorable=True,
        ),
    },
    "account/email/password_reset_code": {
        "hu": Letter(
            subject="Kód az új jelszóhoz",
            paragraphs=(
                "Új jelszót kértél a Snapszer Klubban. Írd be az alábbi kódot az oldalon, ahol "
                "kérted, és válassz új jelszót.",
            ),
            ignorable=True,
        ),
        "en": Letter(
            subject="Your code for a new password",
            paragraphs=(
                "You asked for a new password at the Snapszer Klub. Type the code below on the "
                "page where you asked for it, and choose a new password.",
            ),
            ignorable=True,
        ),
    },
    "account/email/password_changed": _notice(
        ("Megváltozott a jelszavad", "A Snapszer Klub-fiókod jelszava megváltozott."),
        ("Your password was changed", "The password of your Snapszer Klub account was changed."),
    ),
    "account/email/password_set": _notice(
        ("Jelszót állítottál be", "A Snapszer Klub-fiókodhoz jelszót állítottál be."),
        ("A password was set", "A password was set for your Snapszer Klub account."),
    ),
    "account/email/password_reset": _notice(
        (
            "Új jelszót állítottál be",
            "A Snapszer Klub-fiókod jelszavát egy kóddal újra beállították.",
        ),
        (
            "Your password was reset",
            "The password of your Snapszer Klub account was reset with a code.",
        ),
    ),
    "account/email/email_changed": _notice(
        (
            "Megváltozott az e-mail címed",
            "A Snapszer Klub-fiókod e-mail címe mostantól {to_email} (eddig: {from_email}).",
        ),
        (
            "Your e-mail address was changed",
            "Your Snapszer Klub account's address is now {to_email} (was: {from_email}).",
        ),
    ),
    "account/email/email_confirm": _notice(
        ("Megerősítetted az e-mail címed", "Megerősítetted, hogy a(z) {email} cím a tiéd."),
        ("Your e-mail address is confirmed", "You confirmed that {email} is yours."),
    ),
    "account/email/email_deleted": _notice(
        ("Töröltél egy e-mail címet", "A(z) {deleted_email} címet törölted a fiókodból."),
        ("An e-mail address was removed", "{deleted_email} was removed from your account."),
    ),
    # the club's own, after ``services.account_delete``
    "account/email/account_deleted": {
        "hu": Letter(
            subject="Töröltük a fiókodat",
            paragraphs=(
                "Kérésedre töröltük a Snapszer Klub-fiókodat: a neved és az e-mail címed nálunk "
                "nem maradt meg. A lejátszott partik megmaradnak, név nélkül, hogy ellenfeleid "
                "eredményei is megmaradjanak.",
                "Ha újra játszanál, bármikor regisztrálhatsz:",
            ),
            link_text="Regisztráció",
            link=SIGNUP_PAGE,
        ),
        "en": Letter(
            subject="Your account was deleted",
            paragraphs=(
                "As you asked, your Snapszer Klub account was deleted: we keep neither your "
                "name nor your e-mail address. The matches you played stay, without your name, "
                "so that your opponents' results stay too.",
                "If you want to play again, you can sign up at any time:",
            ),
            link_text="Sign up",
            link=SIGNUP_PAGE,
        ),
    },
}

ACCOUNT_DELETED = LETTERS["account/email/account_deleted"]
