// The rules of klub (two players, 20 cards, to 7) for a player, in Hungarian and English: the
// same sections in both (tests/js/rules.test.mjs). Written from docs/rules.md and the rules
// reference; the numbers are the engine's, in `facts` (checked against the engine's own in
// tests/js/fixtures/rules.json): the text says {win}, {targets.0}, … and the scoring tables name
// the fact of each row, so no number is written twice.
//
// Text: **bold**, [PA] a card (its suit's sign and its name in the page's language), {fact}.

import { cardValueTable } from "./text.js";

export const facts = {
  seats: 2,
  deck: 20,
  hand: 5,
  talon: 9,
  targets: [7],
  brink: 6,
  exchange: "U",
  win: 66,
  half: 33,
  marriage: 20,
  trump_marriage: 40,
  card_points: { U: 2, O: 3, K: 4, X: 10, A: 11 },
  points: {
    win_no_trick: 3,
    win_under_half: 2,
    win_half: 1,
    last_trick: 1,
    close_won_no_trick: 3,
    close_won_under_half: 2,
    close_won_half: 1,
    close_failed_no_trick: 3,
    close_failed_trick: 2,
    surrender_no_trick: 3,
    surrender_under_half: 2,
    surrender_half: 1,
  },
};

const SUIT = ["PA", "PX", "PK", "PO", "PU"];

const hu = {
  title: "A klub snapszer szabályai",
  intro:
    "Kétszemélyes snapszer magyar kártyával, {deck} lappal. Aki egy partiban először gyűjt **{win} pontot**, az nyeri a partit; a meccset az nyeri, aki előbb szerez **{targets.0} meccspontot**.",
  sections: [
    {
      id: "cards",
      title: "A lapok és az értékük",
      blocks: [
        "Négy szín van: **piros**, **tök**, **zöld** és **makk**. Minden színből öt lap: alsó, felső, király, tízes és ász. Az egész pakli {deck} lap, összesen 120 pont.",
        { cards: SUIT, values: true },
        cardValueTable("hu", facts),
        "Az erősorrend ugyanez: ász, tízes, király, felső, alsó. Figyelj, **a tízes erősebb a királynál**! Az ütést az viszi, aki a legerősebb **adut** tette bele; ha nincs benne adu, akkor a hívott szín legerősebb lapja.",
      ],
    },
    {
      id: "deal",
      title: "Osztás, adu, talon",
      blocks: [
        "Az osztó partiról partira váltakozik. Mindketten **{hand} lapot** kaptok. A következő lapot felfordítva leteszik: ez az **adu lap**, a színe az **adu** erre a partira. A maradék {talon} lap lefordítva a **talon**; az adu lap keresztben alatta fekszik, és a talonból utolsóként húzzák fel.",
        "Az első ütést nem az osztó, hanem az ellenfele hívja (ő az előkéz).",
      ],
    },
    {
      id: "play",
      title: "Hívás és ráadás",
      blocks: [
        "Aki soron van és üres az asztal, az **hív**: kijátszik egy lapot. A másik **rátesz** egy lapot. Az ütést a nyertese viszi el, és ő hív a következőre.",
        "**Amíg a talon nyitva van és van benne lap, szabadon játszol:** nem kell színt adnod, és ütnöd sem kell. Minden ütés után húztok a talonból: előbb az ütés nyertese, aztán a másik. A talon utolsó lapja az adu lap: az utolsó húzáskor az ütés vesztese kapja.",
        "**Ha a talon elfogyott vagy betakarták, szigorú a szabály:**",
        {
          list: [
            "színt kell adnod, és ütnöd kell, ha tudsz;",
            "ha nincs a hívott színből, aduval kell ütnöd;",
            "ha adud sincs, bármit tehetsz.",
          ],
        },
        "Az asztalnál a nem kijátszható lapok halványak: a kliens csak azt engedi, amit a szabály.",
      ],
    },
    {
      id: "exchange",
      title: "Aducsere",
      blocks: [
        "Ha nálad van az **adu alsó**, és te hívsz, a kijátszás előtt kicserélheted a felfordított adu lapra (gomb: „Adu cseréje”). Ehhez a talonnak nyitva kell lennie, és legalább egy lefordított lapnak kell benne lennie. Szabad az első hívásnál is, és akkor is, ha már csak egy lefordított lap maradt.",
      ],
    },
    {
      id: "closing",
      title: "Betakarás",
      blocks: [
        "Hívás előtt **betakarhatod** (lezárhatod) a talont (gomb: „Betakarás”), amíg nyitva van és van benne lefordított lap. Ettől kezdve senki sem húz, és a szigorú szabály érvényes: színt kell adni, ütni kell.",
        "Aki betakar, az vállalja, hogy **maga éri el a {win} pontot**. Sikerül: ő kap pontot, annyit, amennyi az ellenfélnek **a betakarás pillanatában** járt volna. Nem sikerül (az ellenfél éri el előbb a {win} pontot, vagy elfogynak a lapok): az ellenfél kap 2 vagy 3 meccspontot (lásd a pontozást).",
        "Betakarás után már nem lehet adut cserélni.",
      ],
    },
    {
      id: "marriages",
      title: "Bemondás: 20 és 40",
      blocks: [
        "Ha ugyanabból a színből nálad van a **király és a felső**, és az egyiket hívod, bemondod a párt: **{marriage}**, adu színben **{trump_marriage}**. A klubban ez magától történik, amikor kihívod a lapot; a kezedben a király és a felső sarkán ott a jel (20 vagy 40).",
        { cards: ["ZK", "ZO"], caption: "zöld király és felső: 20 (ha a zöld az adu: 40)" },
        "Csak hívó mondhat be, színenként egyszer, akkor is, ha a talon elfogyott vagy betakarták. A bemondás pontja azonnal a tiéd, de **csak akkor számít, ha már van ütésed**: addig a pontjaid mellett külön látod.",
        "**Gyors 40:** ha van már ütésed, és a bemondással eléred a {win} pontot, a parti azonnal véget ér, a lapot ki sem kell játszani.",
      ],
    },
    {
      id: "end",
      title: "{win} pont: a parti vége",
      blocks: [
        "A pontjaid: az elvitt ütéseid lapjainak értéke, plusz a bemondásaid. **Aki legalább egy ütéssel eléri a {win} pontot, azonnal megnyeri a partit**; a kliens számol helyetted.",
        "Ha minden lap elfogyott, a talont nem takarták be, és senki sem érte el a {win} pontot, az **utolsó ütés** nyertese kap {points.last_trick} meccspontot.",
      ],
    },
    {
      id: "surrender",
      title: "Bedobás",
      blocks: [
        "Ha látod, hogy a parti elveszett, **bedobhatod** (gomb: „Feladom a partit”), akkor is, ha nem te jössz; a kliens előbb megkérdezi. A parti azonnal véget ér, az ellenfél látja a megmaradt lapjaidat, és annyi pontot kap, amennyit a **te helyzeted** ér: 3, ha nincs ütésed, 2, ha {half} pont alatt vagy, különben 1. Ez betakarás után is így van.",
        "A bedobás csak a partit adja fel. Az egész meccset a „Feladom a meccset” gomb adja fel (a „Továbbiak” alatt is lehet).",
      ],
    },
    {
      id: "scoring",
      title: "Pontozás",
      blocks: [
        "A parti nyertese **1, 2 vagy 3 meccspontot** kap. A „pontok” itt a vesztes lappontjai és bemondásai együtt.",
        {
          table: {
            head: ["Hogyan ért véget a parti", "Meccspont"],
            rows: [
              { group: "Valaki elérte a {win} pontot" },
              { cells: ["a vesztesnek nincs ütése"], fact: "points.win_no_trick" },
              { cells: ["a vesztesnek van ütése, de {half} pont alatt van"], fact: "points.win_under_half" },
              { cells: ["a vesztesnek {half} vagy több pontja van"], fact: "points.win_half" },
              { group: "Elfogytak a lapok, nem volt betakarás, senki sem érte el a {win} pontot" },
              { cells: ["az utolsó ütés nyertese kapja"], fact: "points.last_trick" },
              { group: "Sikeres betakarás: a betakaró kapja" },
              { cells: ["az ellenfélnek a betakaráskor nem volt ütése"], fact: "points.close_won_no_trick" },
              { cells: ["volt ütése, de {half} pont alatt volt"], fact: "points.close_won_under_half" },
              { cells: ["{half} vagy több pontja volt"], fact: "points.close_won_half" },
              { group: "Sikertelen betakarás: az ellenfél kapja" },
              { cells: ["az ellenfélnek a betakaráskor nem volt ütése"], fact: "points.close_failed_no_trick" },
              { cells: ["az ellenfélnek a betakaráskor volt ütése"], fact: "points.close_failed_trick" },
              { group: "Bedobás: az ellenfél kapja, a bedobó helyzete szerint" },
              { cells: ["a bedobónak nincs ütése"], fact: "points.surrender_no_trick" },
              { cells: ["van ütése, de {half} pont alatt van"], fact: "points.surrender_under_half" },
              { cells: ["{half} vagy több pontja van"], fact: "points.surrender_half" },
            ],
          },
        },
      ],
    },
    {
      id: "match",
      title: "A meccs, rádli, Schneider",
      blocks: [
        "A meccs addig tart, amíg valaki el nem éri a **{targets.0} meccspontot**. A végeredmény a valódi összeg, lehet például 9 : 4 is. Az asztalnál látod, kinek mennyi hiányzik még („Te: még 4”), ahogy a rádlit visszafelé számolják.",
        {
          terms: [
            ["Rádli", "a meccs vesztese „rádlit kap”; a profilod számolja, hány rádlid van."],
            ["Schneider", "0 meccsponttal elveszített meccs (például 7 : 0)."],
            ["Rückschneider", "megnyert meccs 0 : {brink} állásról fordítva."],
          ],
        },
        "Két parti között (vagy egy új parti első lapja előtt) **távozhatsz**, a meccset bármikor **feladhatod**; mindkettővel a másik nyeri a meccset.",
      ],
    },
    {
      id: "examples",
      title: "Példák",
      blocks: [
        {
          example: {
            title: "Szoros végjáték",
            lines: [
              "Elfogyott a talon, senki sem érte el a {win} pontot, az utolsó ütést te viszed el.",
              "A partit te nyered: **{points.last_trick} meccspont**.",
            ],
          },
        },
        {
          example: {
            title: "Merész betakarás",
            lines: [
              "Betakarsz, amikor az ellenfelednek még nincs ütése, de nem éred el a {win} pontot.",
              "Sikertelen betakarás: az ellenfél kap **{points.close_failed_no_trick} meccspontot**.",
            ],
          },
        },
        {
          example: {
            title: "Bedobás ütéssel",
            lines: [
              "Van egy ütésed és 40 pontod, és bedobod a partit.",
              "{half} pont fölött vagy, ezért az ellenfél csak **{points.surrender_half} meccspontot** kap.",
            ],
          },
        },
        {
          example: {
            title: "Bemondással a {win} fölé",
            lines: [
              "Az adu piros. Két ütést vittél el: [ZA] + [ZK] (15) és [TX] + [TU] (12), ez 27 pont.",
              "Kihívod a piros királyt, és nálad a piros felső is: bemondod a {trump_marriage}-et. 27 + {trump_marriage} = 67, és van ütésed: a parti azonnal a tiéd, a királyt ki sem kell játszani (gyors 40).",
              "Az ellenfélnek egy ütése van 14 ponttal: ez {half} alatt van, tehát **{points.win_under_half} meccspontot** kapsz.",
            ],
          },
        },
      ],
    },
    {
      id: "terms",
      title: "Szavak az asztalnál",
      blocks: [
        {
          terms: [
            ["adu", "az a szín, amely minden más színt üt; a felfordított adu lap mutatja."],
            ["aducsere", "az adu alsót a felfordított adu lapra cseréled, hívás előtt."],
            ["talon", "a lefordított lapok kupaca, amelyből ütés után húztok."],
            ["betakarás", "a talon lezárása: nincs több húzás, szigorú a ráadás."],
            ["hív, hívó", "aki az ütést kezdi, az hív; ő a hívó."],
            ["ütés", "a két kijátszott lap, amelyet a nyertese elvisz."],
            ["bemondás (20, 40)", "király és felső ugyanabból a színből; adu színben 40."],
            ["bedobás", "a parti feladása („Feladom a partit”)."],
            ["parti", "egy osztás, a {win} pontig."],
            ["meccs", "partik sora {targets.0} meccspontig."],
            ["rádli, Schneider", "lásd fent, a meccsnél."],
          ],
        },
      ],
    },
  ],
};

const en = {
  title: "The rules of klub snapszer",
  intro:
    "Two-player snapszer with the Hungarian pack of {deck} cards. The first to collect **{win} points** in a deal wins the deal; the first to **{targets.0} game points** wins the match.",
  sections: [
    {
      id: "cards",
      title: "The cards and what they are worth",
      blocks: [
        "There are four suits: **piros** (Hearts), **tök** (Bells), **zöld** (Leaves) and **makk** (Acorns). Each has five cards: Under (alsó), Over (felső), King (király), Ten (tízes) and Ace (ász). The pack is {deck} cards, 120 points in all.",
        { cards: SUIT, values: true },
        cardValueTable("en", facts),
        "They rank in the same order: Ace, Ten, King, Over, Under. Mind that **the Ten beats the King**! A trick goes to the highest **trump** in it; with no trump in it, to the highest card of the suit led.",
      ],
    },
    {
      id: "deal",
      title: "Dealing, trump, talon",
      blocks: [
        "The dealer changes every deal. You each get **{hand} cards**. The next card is turned face up: it is the **trump card**, and its suit is **trump** for this deal. The other {talon} cards are the **talon**, face down; the trump card lies across under it and is drawn last.",
        "The dealer's opponent (the forehand) leads the first trick.",
      ],
    },
    {
      id: "play",
      title: "Leading and following",
      blocks: [
        "The player on turn with an empty table **leads** a card; the other **follows** with one. The trick's winner takes it and leads the next.",
        "**While the talon is open and has cards, play is free:** you need not follow suit or beat. After each trick you both draw from the talon, the winner first. The talon's last card is the trump card: at the last draw the trick's loser takes it.",
        "**Once the talon is exhausted or closed, the rule is strict:**",
        {
          list: [
            "follow suit, and beat the card if you can;",
            "with none of the suit led, you must trump;",
            "with no trump either, play anything.",
          ],
        },
        "At the table the cards you may not play are greyed out: the client allows only what the rules do.",
      ],
    },
    {
      id: "exchange",
      title: "Exchanging the trump",
      blocks: [
        "Holding the **trump Under** when you lead, you may swap it for the face-up trump card before you play (button: “Exchange the trump”). The talon must be open with at least one face-down card. It is allowed on your very first lead, and with a single face-down card left.",
      ],
    },
    {
      id: "closing",
      title: "Closing the talon (betakarás)",
      blocks: [
        "Before you lead you may **close** the talon (button: “Close the talon”) while it is open and has a face-down card. From then on nobody draws and the strict rule applies: follow suit, beat.",
        "The closer undertakes to **reach {win} themselves**. If they do, they score what the opponent's position was worth **at the moment of closing**. If not (the opponent reaches {win} first, or the cards run out), the opponent scores 2 or 3 game points (see scoring).",
        "After a close the trump can no longer be exchanged.",
      ],
    },
    {
      id: "marriages",
      title: "Marriages: 20 and 40",
      blocks: [
        "Holding the **King and Over** of a suit, lead one of them to announce the marriage: **{marriage}**, in trump **{trump_marriage}**. In the club it happens by itself when you lead the card; in your hand the King and Over carry the mark (20 or 40).",
        { cards: ["ZK", "ZO"], caption: "King and Over of Leaves: 20 (40 if Leaves are trump)" },
        "Only the leader announces, once per suit, also with the talon exhausted or closed. The points are yours at once, but **they count only once you have a trick**: until then they are shown apart.",
        "**Quick 40 (gyors 40):** if you already have a trick and the marriage takes you to {win}, the deal ends at once; the card is not even played.",
      ],
    },
    {
      id: "end",
      title: "{win} points: the end of a deal",
      blocks: [
        "Your points: the cards in the tricks you took, plus your marriages. **Whoever reaches {win} with at least one trick wins the deal at once**; the client counts for you.",
        "If every card is played, the talon was never closed and nobody reached {win}, the winner of the **last trick** scores {points.last_trick} game point.",
      ],
    },
    {
      id: "surrender",
      title: "Giving up a deal (bedobás)",
      blocks: [
        "When the deal is lost you may **give it up** (button: “Give up this deal”), even when it is not your turn; the client asks first. The deal ends, the opponent sees your remaining cards and scores what **your own position** is worth: 3 with no trick, 2 under {half} points, else 1. This holds after a close too.",
        "This gives up the deal only. “Resign the match” gives up the whole match (also under “More”).",
      ],
    },
    {
      id: "scoring",
      title: "Scoring",
      blocks: [
        "The winner of a deal scores **1, 2 or 3 game points**. “Points” here are the loser's card points and marriages together.",
        {
          table: {
            head: ["How the deal ended", "Game points"],
            rows: [
              { group: "Someone reached {win}" },
              { cells: ["the loser has no trick"], fact: "points.win_no_trick" },
              { cells: ["the loser has a trick but under {half} points"], fact: "points.win_under_half" },
              { cells: ["the loser has {half} points or more"], fact: "points.win_half" },
              { group: "Every card played, talon never closed, nobody at {win}" },
              { cells: ["to the winner of the last trick"], fact: "points.last_trick" },
              { group: "Successful close: to the closer" },
              { cells: ["the opponent had no trick when the talon was closed"], fact: "points.close_won_no_trick" },
              { cells: ["had a trick but under {half} points"], fact: "points.close_won_under_half" },
              { cells: ["had {half} points or more"], fact: "points.close_won_half" },
              { group: "Failed close: to the opponent" },
              { cells: ["the opponent had no trick when the talon was closed"], fact: "points.close_failed_no_trick" },
              { cells: ["the opponent had a trick when it was closed"], fact: "points.close_failed_trick" },
              { group: "Giving up: to the opponent, by the giver's own position" },
              { cells: ["the giver has no trick"], fact: "points.surrender_no_trick" },
              { cells: ["has a trick but under {half} points"], fact: "points.surrender_under_half" },
              { cells: ["has {half} points or more"], fact: "points.surrender_half" },
            ],
          },
        },
      ],
    },
    {
      id: "match",
      title: "The match, rádli, Schneider",
      blocks: [
        "The match goes on until someone has **{targets.0} game points**. The final score is the real sum, 9 : 4 for instance. The table shows what each still needs (“You: 4 to go”), as the rádli is counted down.",
        {
          terms: [
            ["Rádli", "the loser of a match “gets a rádli” (a bummerl); your profile counts them."],
            ["Schneider", "a match lost with 0 game points (7 : 0, say)."],
            ["Rückschneider", "a match won after trailing 0 : {brink}."],
          ],
        },
        "You may **leave** between deals (or before a new deal's first card) and **resign** at any time; either way the other player wins the match.",
      ],
    },
    {
      id: "examples",
      title: "Examples",
      blocks: [
        {
          example: {
            title: "A close endgame",
            lines: [
              "The talon is exhausted, nobody has reached {win}, and you take the last trick.",
              "You win the deal: **{points.last_trick} game point**.",
            ],
          },
        },
        {
          example: {
            title: "A bold close",
            lines: [
              "You close the talon while your opponent has no trick yet, and you miss {win}.",
              "A failed close: your opponent scores **{points.close_failed_no_trick} game points**.",
            ],
          },
        },
        {
          example: {
            title: "Giving up with a trick",
            lines: [
              "You have a trick and 40 points, and give the deal up.",
              "You are over {half}, so your opponent scores only **{points.surrender_half} game point**.",
            ],
          },
        },
        {
          example: {
            title: "A marriage past {win}",
            lines: [
              "Hearts are trump. You took [ZA] + [ZK] (15) and [TX] + [TU] (12): 27 points.",
              "You lead [PK] holding [PO]: the {trump_marriage} is announced. 27 + {trump_marriage} = 67 with a trick: the deal is yours at once, the King is not even played (quick 40).",
              "Your opponent has one trick with 14 points, under {half}: you score **{points.win_under_half} game points**.",
            ],
          },
        },
      ],
    },
    {
      id: "terms",
      title: "Words at the table",
      blocks: [
        {
          terms: [
            ["adu", "trump: the suit that beats every other; the face-up trump card shows it."],
            ["aducsere", "exchanging the trump Under for the face-up trump card, before you lead."],
            ["talon", "the face-down stock you draw from after each trick."],
            ["betakarás", "closing the talon: no more drawing, strict following."],
            ["hív, hívó", "to lead a trick; the leader."],
            ["ütés", "a trick: the two cards played, taken by its winner."],
            ["bemondás (20, 40)", "a marriage: King and Over of one suit; 40 in trump."],
            ["bedobás", "giving up the deal (“Feladom a partit”)."],
            ["parti", "one deal, played to {win}."],
            ["meccs", "the match: deals until {targets.0} game points."],
            ["rádli, Schneider", "see the match, above."],
          ],
        },
      ],
    },
  ],
};

export default { variant: "klub", facts, hu, en };
