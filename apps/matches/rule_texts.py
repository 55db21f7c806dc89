"""The words of the rules' refusal codes (``engine.rule_codes()``) in Hungarian and English, for
the problem answers' ``detail`` in the request's language (``apps/common/problem_texts.py`` has
the server's own; the app hands these to the catalogue with the codes, ``apps.py``).

Codes the API answers itself before the rules are asked (``unknown_variant``,
``invalid_target``, ``match_not_started``) keep the server's words.
"""

from __future__ import annotations

TEXTS: dict[str, tuple[str, str]] = {
    "all_cards_played": (
        "Minden lap elfogyott: az utolsó ütés nyertese mondhat elég-et, vagy kérheti a számolást.",
        "Every card is played: the last trick's winner says enough or lets the count decide.",
    ),
    "already_away": (
        "Ez a hely már le van kapcsolódva.",
        "This seat is already disconnected.",
    ),
    "already_doubled": (
        "Ezt a kontrát már bemondták.",
        "That doubling has been said already.",
    ),
    "already_paused": (
        "Már szünetet tartasz.",
        "You are already pausing.",
    ),
    "already_shown": (
        "A lapjaid már látszanak.",
        "Your hand is being shown already.",
    ),
    "bid_too_low": (
        "Ez a licit nem magasabb az állónál.",
        "This bid is not above the standing one.",
    ),
    "bidding_in_progress": (
        "Még tart a licit.",
        "The bidding is not over yet.",
    ),
    "bidding_over": (
        "A licit már véget ért.",
        "The bidding is over.",
    ),
    "card_not_in_hand": (
        "Ez a lap nincs a kezedben.",
        "That card is not in your hand.",
    ),
    "cards_shown": (
        "Egy játékos felfedte a lapjait: a leosztás véget ér.",
        "A hand has been shown: the deal is ending.",
    ),
    "claim_not_offered": (
        "A lapok felfedéséhez minden hátralevő ütésnek biztosnak kell lennie.",
        "Showing your cards needs every remaining trick to be sure.",
    ),
    "confirmation_required": (
        "A feladást meg kell erősíteni.",
        "Giving up needs a confirmation.",
    ),
    "count_not_allowed": (
        "Számolni csak akkor lehet, ha minden lap elfogyott.",
        "The count decides only once every card is played.",
    ),
    "deal_in_progress": (
        "Ehhez a partinak véget kell érnie.",
        "This needs the deal to be over.",
    ),
    "deal_over": (
        "Most nem folyik parti.",
        "No deal is being played right now.",
    ),
    "declare_not_allowed": (
        "Most nem mondhatod, hogy elég.",
        "You cannot say enough now.",
    ),
    "doubling_closed": (
        "A kontraablak bezárult.",
        "The doubling window has closed.",
    ),
    "doubling_declined": (
        "Erről a kontráról már lemondtál.",
        "You let this doubling go.",
    ),
    "doubling_in_progress": (
        "Még nyitva a kontraablak.",
        "The doubling window is still open.",
    ),
    "doubling_out_of_order": (
        "Előbb Kontra, aztán Rekontra, aztán Szubkontra.",
        "Kontra first, then Rekontra, then Subkontra.",
    ),
    "empty_hand": (
        "Nincs megmutatható lapod.",
        "You have no cards to show.",
    ),
    "enough_not_allowed": (
        "Elég-et csak a hívó vagy a partnere mondhat, Durchmarschban senki.",
        "Only the caller or its partner says enough, and never in a Durchmarsch.",
    ),
    "enough_not_now": (
        "Elég-et egy ütés után, a következő hívás előtt lehet mondani.",
        "Enough is said after a trick, before the next lead.",
    ),
    "exchange_needs_trick": (
        "Az adu kilencest csak ütés után cserélheted.",
        "The trump nine is exchanged only after you won a trick.",
    ),
    "exchange_not_allowed": (
        "Most nem cserélheted az adut.",
        "You cannot exchange the trump card now.",
    ),
    "hand_not_shown_here": (
        "Ennél az asztalnál nem mutathatod meg a lapjaidat.",
        "Hands are not shown at this table.",
    ),
    "invalid_deck": (
        "A pakli nem a játék lapjainak egy sorrendje.",
        "The deck is not an order of the game's cards.",
    ),
    "invalid_salt": (
        "A só 16–128 kisbetűs hexadecimális számjegy.",
        "The salt must be 16 to 128 lowercase hexadecimal digits.",
    ),
    "invalid_seed": (
        "A keveréshez adott mag 16–128 kisbetűs hexadecimális számjegy.",
        "A shuffle seed is 16 to 128 lowercase hexadecimal digits.",
    ),
    "seed_not_due": (
        "Keverési magot csak a következő partihoz lehet küldeni, egyszer, a mostani parti alatt.",
        "A shuffle seed is only for the next deal, sent once, while this deal is played.",
    ),
    "secret_not_committed": (
        "A parti titka nem az, amelyet a szerver előre közzétett.",
        "The deal's secret is not the one the server committed to.",
    ),
    "invalid_seat": (
        "Nincs ilyen hely ennél az asztalnál.",
        "No such seat at this table.",
    ),
    "marriage_not_allowed": (
        "Most nem mondhatsz be.",
        "You cannot announce a marriage now.",
    ),
    "match_already_started": (
        "A meccs már elkezdődött.",
        "The match has already been started.",
    ),
    "match_over": (
        "A meccs véget ért.",
        "The match has ended.",
    ),
    "may_not_double": (
        "Ezt a kontrát nem te mondhatod.",
        "This doubling is not yours to say.",
    ),
    "must_beat": (
        "Üss, ha tudsz.",
        "Beat the card led if you can.",
    ),
    "must_follow_suit": (
        "Színt kell adnod.",
        "You must follow suit.",
    ),
    "must_trump": (
        "Színed nincs: aduval kell ütnöd.",
        "With no card of the suit led, you must trump.",
    ),
    "not_away": (
        "Ez a hely kapcsolódva van.",
        "This seat is connected.",
    ),
    "not_due": (
        "A határidő még nem járt le.",
        "The deadline has not run out yet.",
    ),
    "not_leading": (
        "Ezt csak az ütést kezdő játékos teheti, még a kijátszás előtt.",
        "Only the leader may do this, before playing a card.",
    ),
    "not_offered": (
        "A kontraablak most nem rád vár.",
        "The doubling choice is not yours now.",
    ),
    "not_paused": (
        "Nem tartasz szünetet.",
        "You are not pausing.",
    ),
    "not_standing_in": (
        "Ezen a helyen nem a gép játszik.",
        "The computer is not standing in for this seat.",
    ),
    "not_your_turn": (
        "Nem te jössz.",
        "It is not your turn.",
    ),
    "pause_limit": (
        "Nincs több szüneted: partinként egy, meccsenként három.",
        "No pause left: one per deal, three per match.",
    ),
    "seat_taken_over": (
        "A helyeden már végleg a gép játszik.",
        "The computer plays your seat for good.",
    ),
    "talon_closed": (
        "A talon le van zárva.",
        "The talon is closed.",
    ),
    "talon_exhausted": (
        "A talonban nincs több lefordított lap.",
        "No face-down card is left in the talon.",
    ),
    "unknown_command": (
        "A játék nem ismeri ezt a parancsot.",
        "The engine does not know this command.",
    ),
}
