"""The words of every error ``code`` of the server's catalogue (``catalogue.py``), in Hungarian
and English: the ``detail`` of a problem answer in the request's language (``languages.py``).

``TEXTS[code]`` is ``(hu, en)``, plain words without placeholders, said whenever the code is
answered. ``DETAILED`` holds richer words for some codes, with ``{placeholders}`` filled from
what the refusal knows (the wait of a limit, the stakes allowed, the field refused): they are
said instead when every placeholder is known (``catalogue.problem_text``). A key
``"code/variant"`` is a second wording that a refusal asks for by name. Each app that hands
its own codes to the catalogue hands their words too (the matches app: the rules' codes).

``tests/test_languages.py`` keeps every code of the catalogue here, in both languages.
"""

from __future__ import annotations

import math

TEXTS: dict[str, tuple[str, str]] = {
    "bad_request": (
        "Hibás kérés.",
        "The request was malformed.",
    ),
    "invalid_input": (
        "Hibás adatok; nézd meg a mezőket.",
        "Some fields are not right; check them.",
    ),
    "parse_error": (
        "Hibás kérés (nem JSON).",
        "The request was not valid JSON.",
    ),
    "invalid_action": (
        "Ez a lépés nem küldhető.",
        "This move cannot be sent.",
    ),
    "invalid_seed": (
        "A keveréshez küldött mag hibás (16–128 kisbetűs hexadecimális számjegy kell).",
        "The shuffle seed sent is malformed (16 to 128 lowercase hexadecimal digits).",
    ),
    "not_authenticated": (
        "Ehhez be kell lépned.",
        "You need to sign in for this.",
    ),
    "invalid_token": (
        "A bejelentkezésed lejárt; lépj be újra.",
        "Your session has ended; sign in again.",
    ),
    "csrf_failed": (
        "A munkamenet lejárt; töltsd újra az oldalt.",
        "Your session went stale; reload the page.",
    ),
    "https_required": (
        "Ez csak biztonságos (https) kapcsolaton megy.",
        "This works over a secure (https) connection only.",
    ),
    "permission_denied": (
        "Ehhez nincs jogod.",
        "You may not do this.",
    ),
    "not_found": (
        "Nem található.",
        "Not found.",
    ),
    "method_not_allowed": (
        "Ez a kérés itt nem használható.",
        "This request is not allowed here.",
    ),
    "not_acceptable": (
        "A szerver csak JSON-t küld.",
        "The server answers in JSON only.",
    ),
    "payload_too_large": (
        "A kérés túl nagy.",
        "The request is too large.",
    ),
    "uri_too_long": (
        "A cím túl hosszú.",
        "The address is too long.",
    ),
    "unsupported_media_type": (
        "A kérés nem JSON.",
        "The request is not JSON.",
    ),
    "throttled": (
        "Túl sok kérés; várj egy kicsit, aztán próbáld újra.",
        "Too many requests; wait a little, then try again.",
    ),
    "server_error": (
        "Hiba történt nálunk; próbáld újra.",
        "Something went wrong on our side; try again.",
    ),
    "service_unavailable": (
        "A szerver most nem elérhető; semmi sem változott, próbáld újra kicsit később.",
        "The service is briefly unavailable; nothing was changed, try again shortly.",
    ),
    "not_ready": (
        "A szerver még nem áll készen: egy szolgáltatás nem válaszol.",
        "The server is not ready: a service it needs does not answer.",
    ),
    "already_authenticated": (
        "Már be vagy jelentkezve.",
        "You are already signed in.",
    ),
    "registration_required": (
        "Ehhez regisztrálnod kell.",
        "You need an account for this.",
    ),
    "password_incorrect": (
        "Nem ez a jelszavad.",
        "That is not your password.",
    ),
    "suspended": (
        "Fel vagy függesztve.",
        "You are suspended.",
    ),
    "banned": (
        "Ki vagy tiltva.",
        "You are banned.",
    ),
    "blocked": (
        "Egyikőtök letiltotta a másikat.",
        "One of you has blocked the other.",
    ),
    "display_name_invisible": (
        "A névben legyen látható betű is.",
        "A name needs something visible.",
    ),
    "display_name_hidden_character": (
        "A név láthatatlan vagy vezérlőkaraktert tartalmaz.",
        "The name holds an invisible or control character.",
    ),
    "display_name_too_many_marks": (
        "Egy betűn legfeljebb két ékezet lehet.",
        "At most two accents on one letter.",
    ),
    "display_name_reserved": (
        "Ez a név foglalt (Kati, a klub vagy a személyzet neve).",
        "This name is reserved (Kati's, the club's or its staff's).",
    ),
    "display_name_taken": (
        "Egy másik játékos neve ugyanez, vagy nagyon hasonlít rá.",
        "Another player's name is the same or looks very much like it.",
    ),
    "unknown_variant": (
        "Nincs ilyen játék.",
        "No such game.",
    ),
    "unknown_strength": (
        "Kati nem játszik ezen az erősségen ebben a játékban.",
        "Kati does not play this game at that strength.",
    ),
    "invalid_target": (
        "Ez a játék nem ennyi pontig megy.",
        "This game is not played to that many points.",
    ),
    "match_not_found": (
        "Nincs ilyen meccs, vagy nem ülsz benne.",
        "No such match, or you do not sit in it.",
    ),
    "hint_not_offered": (
        "Tippet csak Kati elleni játékban kérhetsz.",
        "Hints are given only in games against Kati.",
    ),
    "analysis_not_offered": (
        "Ennek a játéknak a partijait nem elemezzük.",
        "Deals of this game are not analysed.",
    ),
    "analysis_failed": (
        "A parti elemzése nem sikerült.",
        "The deal's analysis could not be made.",
    ),
    "former_guest_not_found": (
        "Nincs vendégként játszott meccs, amit áthozhatnál.",
        "There are no guest matches to bring along.",
    ),
    "deal_not_found": (
        "Nincs ilyen parti ebben a meccsben.",
        "This match has no such deal.",
    ),
    "deal_not_over": (
        "Ez a parti még tart.",
        "This deal is still being played.",
    ),
    "version_conflict": (
        "A meccs közben továbblépett; kérd le újra.",
        "The match has moved on; fetch it again.",
    ),
    "client_move_id_reused": (
        "Ezzel a lépésazonosítóval már egy másik lépést küldtek.",
        "This move id was already used for another move.",
    ),
    "match_not_started": (
        "A szoba még a többi játékosra vár.",
        "The room is still waiting for the players.",
    ),
    "online_only": (
        "Szünet és lapmutatás csak játékosok közötti meccsben van.",
        "Pauses and showing your hand exist only in games between players.",
    ),
    "invite_not_found": (
        "Nincs ilyen kódú szoba.",
        "No room has this code.",
    ),
    "invite_expired": (
        "A meghívó lejárt.",
        "This invitation has expired.",
    ),
    "invite_cancelled": (
        "A szobát bezárták.",
        "This room was closed.",
    ),
    "invite_code_exhausted": (
        "Most nem sikerült kódot adni; próbáld újra.",
        "No invite code was free; try again.",
    ),
    "room_full": (
        "A szoba már megtelt.",
        "This room is full.",
    ),
    "already_in_room": (
        "Már bent vagy ebben a szobában.",
        "You are already in this room.",
    ),
    "room_not_open": (
        "A szoba már nem zárható be.",
        "The room can no longer be closed.",
    ),
    "match_not_finished": (
        "Visszavágó csak befejezett meccs után lehet.",
        "A rematch can only follow a finished match.",
    ),
    "rematch_already_offered": (
        "Már ajánlottál visszavágót.",
        "You already offered a rematch.",
    ),
    "calls_two_players_only": (
        "Hanghívás csak kétszemélyes játékban van.",
        "Voice calls are for two-player games only.",
    ),
    "rematch_already_accepted": (
        "Már elfogadtad a visszavágót; a többiekre várunk.",
        "You accepted the rematch already; waiting for the others.",
    ),
    "rematch_not_offered": (
        "Senki sem ajánlott visszavágót.",
        "Nobody offered a rematch.",
    ),
    "own_offer": (
        "A visszavágót a másik játékosnak kell elfogadnia.",
        "The other player has to accept your rematch.",
    ),
    "rematch_expired": (
        "A visszavágó ajánlata lejárt.",
        "The rematch offer has run out.",
    ),
    "rematch_started": (
        "A visszavágó már elkezdődött.",
        "The rematch has already begun.",
    ),
    "rematch_unavailable": (
        "A visszavágó most nem lehetséges.",
        "A rematch is not possible now.",
    ),
    "not_online_match": (
        "Csevegés és hívás csak játékosok közötti meccsben van.",
        "Chat and calls exist only in matches between players.",
    ),
    "message_empty": (
        "Írj valamit az üzenetbe.",
        "A message needs some text.",
    ),
    "message_too_long": (
        "Az üzenet túl hosszú.",
        "The message is too long.",
    ),
    "chat_rate_limited": (
        "Túl sok üzenet, várj egy kicsit.",
        "Too many messages; wait a little.",
    ),
    "cannot_block_self": (
        "Saját magadat nem tilthatod le.",
        "You cannot block yourself.",
    ),
    "user_not_found": (
        "Nincs ilyen játékos.",
        "No such player.",
    ),
    "block_not_found": (
        "Ezt a játékost nem tiltottad le.",
        "You have not blocked this player.",
    ),
    "unknown_message": (
        "Ismeretlen hívásüzenet.",
        "An unknown call message.",
    ),
    "invalid_message": (
        "Hibás hívásüzenet.",
        "A malformed call message.",
    ),
    "invalid_signal": (
        "Hibás hívásjel.",
        "A malformed call signal.",
    ),
    "signal_too_large": (
        "A hívásjel túl nagy.",
        "The call signal is too large.",
    ),
    "match_not_active": (
        "Hívni csak játék közben lehet.",
        "Calls are possible only while the match is played.",
    ),
    "call_in_progress": (
        "Már van hívás vagy hívásajánlat.",
        "A call is already proposed or running.",
    ),
    "no_call": (
        "Nincs fogadható hívás.",
        "There is no call to answer.",
    ),
    "call_active": (
        "A hívás már folyamatban van.",
        "The call is already running.",
    ),
    "call_not_accepted": (
        "A hívást még nem fogadták.",
        "The call has not been answered yet.",
    ),
    "own_proposal": (
        "A hívásodra a másik játékos válaszol; bontsd, ha visszavonnád.",
        "The other player answers your call; hang up to withdraw it.",
    ),
    "not_in_call": (
        "Nem veszel részt ebben a hívásban.",
        "You are not in this call.",
    ),
    "peer_unreachable": (
        "A másik játékos nem érhető el.",
        "The other player cannot be reached.",
    ),
    "guest_has_no_wallet": (
        "Vendégnek nincs pénztárcája; regisztrálj az érmés játékhoz.",
        "Guests have no wallet; sign up to play for coins.",
    ),
    "insufficient_coins": (
        "Nincs elég érméd.",
        "You do not have enough coins.",
    ),
    "invalid_stake": (
        "Nincs ilyen tét.",
        "There is no such stake.",
    ),
    "ticket_already_open": (
        "Már keresel ellenfelet.",
        "You are already looking for an opponent.",
    ),
    "ticket_not_found": (
        "Nincs ilyen keresésed.",
        "You have no such search.",
    ),
    "already_matched": (
        "Már megvan az ellenfeled: a meccs elkezdődött.",
        "You were already paired: the match has begun.",
    ),
    "player_not_found": (
        "Nincs ilyen játékos.",
        "No such player.",
    ),
    "variant_not_ranked": (
        "Ez a játék nem rangsorolt.",
        "This game is not played ranked.",
    ),
    "leaderboard_not_found": (
        "Ehhez a játékhoz vagy hónaphoz nincs ranglista.",
        "No leaderboard for this game or month.",
    ),
    "month_not_over": (
        "A hónapnak még nincs vége; a tornát csak utána lehet lezárni.",
        "The month is not over yet; its tournament is closed after it ends.",
    ),
    "grant_not_allowed": (
        "Nem írhatsz jóvá érméket.",
        "You may not grant coins.",
    ),
    "invalid_amount": (
        "A jóváírás egész számú érme a megengedett határon belül.",
        "A grant is a whole number of coins within the limit.",
    ),
    "reason_required": (
        "Írd le, mi történt.",
        "Say what happened.",
    ),
    "invalid_players": (
        "A téthez legalább két különböző játékos kell.",
        "A stake needs at least two distinct players.",
    ),
    "stakes_already_held": (
        "Ennek a meccsnek a tétjei már le vannak foglalva.",
        "The stakes of this match are already held.",
    ),
    "invalid_winner": (
        "A nyertes nem tett tétet ebben a meccsben.",
        "The winner did not stake in this match.",
    ),
    "match_already_settled": (
        "Ennek a meccsnek a tétjeit már másként rendezték.",
        "The stakes of this match were settled otherwise.",
    ),
    "unknown_category": (
        "Nincs ilyen kategória.",
        "No such category.",
    ),
    "cannot_report_self": (
        "Saját magadat nem jelentheted.",
        "You cannot report yourself.",
    ),
    "no_shared_match": (
        "Csak olyan játékost jelenthetsz, akivel játszottál.",
        "You can only report players you have played with.",
    ),
    "not_in_match": (
        "A jelentett játékos nem játszott ebben a meccsben.",
        "The reported player did not play in this match.",
    ),
    "message_not_found": (
        "Nincs ilyen üzenet.",
        "No such message.",
    ),
    "message_not_in_match": (
        "Ez az üzenet nem ebből a meccsből való.",
        "This message is not from that match.",
    ),
    "message_not_from_reported": (
        "Ezt az üzenetet nem a jelentett játékos írta.",
        "The reported player did not send this message.",
    ),
    "too_many_reports": (
        "Túl sok jelentés rövid idő alatt; várj egy kicsit.",
        "Too many reports in a short time; wait a little.",
    ),
    "already_reported": (
        "Ezt már jelentetted; a moderátorok vizsgálják.",
        "You reported this already; the moderators are looking at it.",
    ),
    "notice_not_found": (
        "Nincs ilyen értesítésed.",
        "You have no such notice.",
    ),
    "not_a_warning": (
        "Csak figyelmeztetést lehet nyugtázni.",
        "Only warnings are acknowledged.",
    ),
    "not_a_moderator": (
        "Ezt csak moderátor teheti.",
        "Only moderators may do this.",
    ),
    "unknown_action": (
        "Nincs ilyen döntés vagy szankció.",
        "No such decision or sanction.",
    ),
    "own_case": (
        "A rólad szóló ügyekben egy másik moderátor dönt.",
        "Another moderator decides cases about you.",
    ),
    "until_required": (
        "A felfüggesztésnek meg kell adni a végét.",
        "A suspension needs its end.",
    ),
    "until_in_past": (
        "A felfüggesztés vége a jövőben legyen.",
        "A suspension must end in the future.",
    ),
    "until_not_allowed": (
        "Csak a felfüggesztésnek van vége.",
        "Only a suspension has an end.",
    ),
    "report_not_found": (
        "Nincs ilyen bejelentés.",
        "No such report.",
    ),
    "report_already_resolved": (
        "Erről a bejelentésről már döntöttek.",
        "This report was decided already.",
    ),
    "sanction_not_found": (
        "Nincs ilyen szankció.",
        "No such sanction.",
    ),
    "sanction_already_lifted": (
        "Ezt a szankciót már feloldották.",
        "This sanction was lifted already.",
    ),
    "sanction_already_ended": (
        "Ez a felfüggesztés már lejárt.",
        "This suspension has ended already.",
    ),
}

DETAILED: dict[str, tuple[str, str]] = {
    "invalid_input": (
        "Hibás adatok ({part}); nézd meg a mezőket.",
        "The {part} is not valid; check the fields.",
    ),
    "invalid_action": ("Ez a lépés nem küldhető: {reason}", "This move cannot be sent: {reason}"),
    "throttled": (
        "Túl sok kérés; próbáld újra {wait} múlva.",
        "Too many requests; try again in {wait}.",
    ),
    "chat_rate_limited": (
        "Túl sok üzenet; a következőt {wait} múlva küldheted.",
        "Too many messages; you can send the next one in {wait}.",
    ),
    "too_many_reports": (
        "Túl sok jelentés rövid idő alatt; próbáld újra {wait} múlva.",
        "Too many reports in a short time; try again in {wait}.",
    ),
    "service_unavailable": (
        "A szerver most nem elérhető; semmi sem változott, próbáld újra {wait} múlva.",
        "The service is briefly unavailable; nothing was changed, try again in {wait}.",
    ),
    "unknown_variant": ("Nincs ilyen játék: {given}.", "No such game: {given}."),
    "unknown_strength": (
        "Kati nem játszik ezen az erősségen ebben a játékban: {given}. Választható: {choices}.",
        "Kati does not play this game at that strength: {given}. Choose one of {choices}.",
    ),
    "invalid_target": (
        "Ez a játék nem ennyi pontig megy; választható: {allowed}.",
        "This game is not played to that many points; choose one of {allowed}.",
    ),
    "invalid_stake": (
        "Nincs ilyen tét; választható: {allowed}.",
        "There is no such stake; choose one of {allowed}.",
    ),
    "variant_not_ranked": (
        "Ez a játék nem rangsorolt; rangsorolt játékok: {choices}.",
        "This game is not played ranked; ranked games: {choices}.",
    ),
    "message_too_long": (
        "Az üzenet túl hosszú: legfeljebb {max_length} karakter lehet.",
        "The message is too long: at most {max_length} characters.",
    ),
    "unknown_category": ("Nincs ilyen kategória: {given}.", "No such category: {given}."),
    "unknown_action": (
        "Nincs ilyen döntés vagy szankció: {given}.",
        "No such decision or sanction: {given}.",
    ),
    "csrf_failed": (
        "A munkamenet lejárt; töltsd újra az oldalt. ({reason})",
        "Your session went stale; reload the page. ({reason})",
    ),
    # a URL under /api/ that lacks only its trailing slash (errors.api_not_found)
    "not_found/slash": (
        "Nincs ilyen cím: az API címei perjellel végződnek, tegyél egyet a végére.",
        "No such URL: API URLs end with a slash, add one.",
    ),
    "not_found/url": ("Nincs ilyen cím.", "No such URL."),
    "not_found/page": ("Nincs ilyen oldal.", "No such page."),
    "not_ready": (
        "A szerver még nem áll készen; nem válaszol: {failed}.",
        "The server is not ready; not answering: {failed}.",
    ),
}

# The two parts of a request whose validation fails (``invalid_input``'s ``{part}``).
PARTS: dict[str, tuple[str, str]] = {
    "body": ("a kérés törzse", "request body"),
    "query": ("a lekérdezés", "query"),
}

# A problem's ``title``, by the English one the server names it with (HTTP's reason phrases
# and the few titles of its own); a title not listed stays English.
TITLES: dict[str, tuple[str, str]] = {
    "Bad Request": ("Hibás kérés", "Bad Request"),
    "Unauthorized": ("Nincs bejelentkezve", "Unauthorized"),
    "Forbidden": ("Nem engedélyezett", "Forbidden"),
    "Not Found": ("Nem található", "Not Found"),
    "Method Not Allowed": ("A kérés módja nem engedélyezett", "Method Not Allowed"),
    "Not Acceptable": ("Nem elfogadható", "Not Acceptable"),
    "Conflict": ("Ütközés", "Conflict"),
    "Gone": ("Már nem elérhető", "Gone"),
    "Request Entity Too Large": ("Túl nagy kérés", "Request Entity Too Large"),
    "Content Too Large": ("Túl nagy kérés", "Content Too Large"),
    "Request-URI Too Long": ("Túl hosszú cím", "Request-URI Too Long"),
    "URI Too Long": ("Túl hosszú cím", "URI Too Long"),
    "Unsupported Media Type": ("Nem támogatott formátum", "Unsupported Media Type"),
    "Too Many Requests": ("Túl sok kérés", "Too Many Requests"),
    "Internal Server Error": ("Szerverhiba", "Internal Server Error"),
    "Service Unavailable": ("A szolgáltatás nem elérhető", "Service Unavailable"),
    "Invalid input": ("Hibás adatok", "Invalid input"),
    "Invalid display name": ("Nem megfelelő név", "Invalid display name"),
    "CSRF check failed": ("Sikertelen CSRF-ellenőrzés", "CSRF check failed"),
    "Move not allowed": ("Szabálytalan lépés", "Move not allowed"),
}


def wait_words(seconds: float, language: str) -> str:
    """A wait in words, rounded up to whole minutes from a minute on: "2 perc", "45 seconds"."""
    whole = max(1, math.ceil(seconds))
    if whole >= 60:
        minutes = math.ceil(whole / 60)
        if language == "hu":
            return f"{minutes} perc"
        return f"{minutes} minute" if minutes == 1 else f"{minutes} minutes"
    if language == "hu":
        return f"{whole} másodperc"
    return f"{whole} second" if whole == 1 else f"{whole} seconds"
