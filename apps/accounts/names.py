"""Display names: how a chosen name is normalised, which names are refused, and when two names
look alike (docs/api.md section 10, "Display names").

Opponents see a display name at the table, in the chat and on the leaderboards, so a name must
show what it is and must not pass its player off as somebody else:

- **Normalised**: NFKC (fullwidth ``Ｐｉｓｔａ`` is ``Pista``, a letter and its combining accent
  one character), surrounding whitespace stripped, each inner run of whitespace one space.
- **Refused**, each with a code of its own (``DisplayNameRefused``, 400):
  ``display_name_invisible`` (nothing visible: only spaces, zero-width or other invisible
  characters), ``display_name_hidden_character`` (a visible name with a control, format or
  bidi-override character, a line separator, a filler or an unassigned character in it),
  ``display_name_too_many_marks`` (more than ``MAX_MARKS`` combining marks on one character:
  "Zalgo" text that spills over the lines around it), ``display_name_reserved`` (the
  computer's name, Kati, or the club's name or a staff role: ``reserved``) and
  ``display_name_taken`` (another player's name looks the same: ``services``, by the
  skeleton below).
- **Skeleton** (``display_name_skeleton``): what a name looks like, for comparing names. Case,
  accents and other marks, spaces and punctuation are dropped, and letters of other scripts
  that look like Latin ones (Cyrillic ``а``, Greek ``Ο``…) are read as those, as are the
  characters that common fonts draw alike: ``0`` and ``o``; ``1``, ``I``, ``i``, ``l`` and
  ``|``. The table is small and written out here (``_SCRIPT_LOOKALIKES``): the usual
  impersonations, not the whole of Unicode's confusables list, which would need a dependency
  for little more.

Stripping accents is the conservative choice: ``Odon`` is refused while a player is called
``Ödön``, and ``Eva`` while one is ``Éva``. Telling such names apart at a glance is exactly what
an impersonator counts on the others not doing. ``Éva``, ``Győző`` and ``Ödön`` stay valid,
and distinct from one another.

Pure functions (no database): ``services.display_name_clean`` applies all of it, with the
look-up of the players' skeletons.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from rest_framework import status

from apps.common.errors import Problem

#: The model's length (``User.display_name``), after normalising.
MAX_LENGTH = 40
#: Combining marks allowed on one character (a letter with two accents is real writing).
MAX_MARKS = 2

# Categories of characters that are never part of a name: control (Cc) and format (Cf: the
# zero-width characters, soft hyphen, the bidi embeddings, overrides and isolates U+202A–202E
# and U+2066–2069, tags), line and paragraph separators (Zl, Zp), surrogates, private use and
# unassigned code points (Cs, Co, Cn).
_HIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Zl", "Zp", "Cs", "Co", "Cn"})
# Letters and symbols that draw nothing (the blank names' favourites): the Hangul fillers, the
# blank Braille pattern, the combining grapheme joiner and the Khmer inherent vowels.
_FILLERS = frozenset("\u115f\u1160\u3164\uffa0\u2800\u034f\u17b4\u17b5")

# Letters of other scripts (and a few Latin ones) read as the Latin letter they look like.
# Case by case, before case is folded: Greek capital Ν looks like N, its small ν like v.
_SCRIPT_LOOKALIKES = str.maketrans(
    {
        # Cyrillic
        **dict(zip("АВЕЅІЈКМНОРСТХУҮԚԜӀ", "ABESIJKMHOPCTXYYQWI", strict=True)),
        **dict(zip("аеіјоресуүхѕԁԛԝһӏк", "aeijopecyyxsdqwhlk", strict=True)),
        # Greek
        **dict(zip("ΑΒΕΖΗΙΚΜΝΟΡΤΥΧ", "ABEZHIKMNOPTYX", strict=True)),
        **dict(zip("αικνορυχ", "aikvopux", strict=True)),
        # Latin letters without a decomposition to their base letter
        **dict(zip("øØłŁđĐıɩǀ", "oOlLdDiil", strict=True)),
    }
)
# After case folding: characters that common fonts draw alike, each class read as one.
_GLYPH_LOOKALIKES = str.maketrans({"0": "o", "1": "l", "i": "l", "|": "l"})

#: The computer opponent: every table shows it as "Kati" (apps/matches/selectors.py).
COMPUTER_NAME = "Kati"
#: The club's own name (the web client's title and brand).
CLUB_NAME = "Snapszer Klub"
#: Words that present a player as the club's staff (apps/moderation/roles.py: moderators and
#: administrators), in English and Hungarian. Refused as a word of a name ("Admin Pista").
STAFF_WORDS = (
    "admin",
    "administrator",
    "adminisztrátor",
    "moderator",
    "moderátor",
    "mod",
    "staff",
    "személyzet",
    "support",
    "ügyfélszolgálat",
    "system",
    "rendszer",
    "official",
    "hivatalos",
)


class DisplayNameRefused(Problem):
    """A display name the club does not accept; ``errors`` names the field, as
    ``invalid_input`` does, so a form can show the message next to it."""

    status = status.HTTP_400_BAD_REQUEST
    code = "invalid_input"
    title = "Invalid display name"

    def __init__(self, detail: str, *, code: str, **extra: Any) -> None:
        super().__init__(detail, code=code, errors={"display_name": [detail]}, **extra)

    def members(self, language: str | None) -> dict[str, Any]:
        # the field's message is the refusal's words, in the request's language
        return {**self.extra, "errors": {"display_name": [self.text(language)]}}


def _hidden(char: str) -> bool:
    return unicodedata.category(char) in _HIDDEN_CATEGORIES or char in _FILLERS


def _visible(char: str) -> bool:
    return unicodedata.category(char)[0] not in "ZCM" and char not in _FILLERS


def _too_many_marks(name: str) -> bool:
    """Counted decomposed: ``ő`` is ``o`` and one mark, and a mark NFKC composed into a letter
    still counts (``ó`` with two more accents is three)."""
    run = 0
    for char in unicodedata.normalize("NFD", name):
        run = run + 1 if unicodedata.category(char).startswith("M") else 0
        if run > MAX_MARKS:
            return True
    return False


def display_name_normalise(raw: str) -> str:
    """``raw`` in NFKC, stripped, each inner run of whitespace one space. Refuses a name that
    shows nothing or holds a hidden character (checked before whitespace is collapsed: a tab
    or line break inside a name is refused, not turned into a space)."""
    name = unicodedata.normalize("NFKC", raw).strip()
    if not any(_visible(char) for char in name):
        raise DisplayNameRefused(
            "a display name needs something visible, not only spaces or invisible characters",
            code="display_name_invisible",
        )
    hidden = next((char for char in name if _hidden(char)), None)
    if hidden is not None:
        raise DisplayNameRefused(
            f"a display name may not contain U+{ord(hidden):04X} (a control, formatting, "
            f"direction-changing or invisible character)",
            code="display_name_hidden_character",
        )
    name = " ".join(name.split())
    if _too_many_marks(name):
        raise DisplayNameRefused(
            f"at most {MAX_MARKS} accents or other combining marks on one character",
            code="display_name_too_many_marks",
        )
    if len(name) > MAX_LENGTH:
        raise DisplayNameRefused(
            f"a display name has at most {MAX_LENGTH} characters", code="invalid_input"
        )
    return name


def _folded(name: str) -> str:
    """``name`` as it looks: look-alike letters read as Latin, case folded, marks dropped,
    look-alike glyphs merged; spaces, punctuation and symbols still there."""
    text = unicodedata.normalize("NFKD", name).translate(_SCRIPT_LOOKALIKES).casefold()
    text = unicodedata.normalize("NFKD", text)  # case folding may bring marks (İ is i + dot)
    text = "".join(char for char in text if not unicodedata.category(char).startswith("M"))
    return text.translate(_GLYPH_LOOKALIKES)


def display_name_skeleton(name: str) -> str:
    """What ``name`` looks like, for comparing: ``Éva``, ``eva``, ``E.V.A`` and ``Еvа`` (with
    Cyrillic letters) have one skeleton. Only letters and digits count; a name of symbols
    alone keeps them (without its spaces)."""
    folded = _folded(name)
    letters = "".join(char for char in folded if char.isalnum())
    return letters or "".join(folded.split())


def _words(name: str) -> list[str]:
    folded = _folded(name)
    return "".join(char if char.isalnum() else " " for char in folded).split()


_COMPUTER = display_name_skeleton(COMPUTER_NAME)
_CLUB = display_name_skeleton(CLUB_NAME)
_STAFF = frozenset(display_name_skeleton(word) for word in STAFF_WORDS)


def reserved(name: str, *, staff: bool = False) -> bool:
    """Whether ``name`` is the computer's (as a whole: ``Kati néni`` is a player's name), or
    holds the club's name or a staff word. Staff accounts may use the club's words."""
    skeleton = display_name_skeleton(name)
    if skeleton == _COMPUTER:
        return True
    if staff:
        return False
    return _CLUB in skeleton or skeleton in _STAFF or any(w in _STAFF for w in _words(name))


def display_name_check(raw: str, *, staff: bool = False) -> str:
    """``raw`` normalised, if it is a name the club accepts by itself (``services`` then looks
    for players with a name that looks the same); ``DisplayNameRefused`` otherwise."""
    name = display_name_normalise(raw)
    if reserved(name, staff=staff):
        raise DisplayNameRefused(
            "this name belongs to the computer opponent (Kati), the club or its staff, or looks "
            "like it",
            code="display_name_reserved",
        )
    return name
