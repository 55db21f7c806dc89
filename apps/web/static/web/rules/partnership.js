// The rules of partnership (four players, 24 cards, bidding, a secret partner, chips) for a
// player, in Hungarian and English (see klub.js for the format). The numbers are the engine's,
// in `facts`, checked against tests/js/fixtures/rules.json.

import { cardValueTable } from "./text.js";

export const facts = {
  seats: 4,
  deck: 24,
  hand: 6,
  win: 66,
  marriage: 20,
  trump_marriage: 40,
  card_points: { "9": 0, U: 2, O: 3, K: 4, X: 10, A: 11 },
  values: { snapszer: 50, snapszer_hearts: 100, durchmarsch: 150, durchmarsch_hearts: 300 },
  chips: 3000,
  all_pass: 50,
  solo: 3,
  doubling: 2,
  claim_seconds: 5,
};

const SUIT = ["ZA", "ZX", "ZK", "ZO", "ZU", "Z9"];

const hu = {
  title: "A partnerkereső szabályai",
  intro:
    "Négy játékos, {deck} lap, állandó párok nélkül. Licittel dől el, ki játszik: a hívó megnevez egy lapot, és **aki azt tartja, az a titkos partnere**. Zsetonra megy: mindenki {chips} zsetonnal kezd.",
  sections: [
    {
      id: "cards",
      title: "A lapok és az értékük",
      blocks: [
        "Magyar kártya kilencesekkel: négy szín (**piros**, **tök**, **zöld**, **makk**), színenként hat lap. Összesen 120 pont.",
        { cards: SUIT, values: true },
        cardValueTable("hu", facts),
        "Az erősorrend ugyanez: a tízes erősebb a királynál. Az ütést a legerősebb adu viszi, ha nincs benne adu, a hívott szín legerősebb lapja.",
      ],
    },
    {
      id: "deal",
      title: "Osztás",
      blocks: [
        "Hármasával osztanak, kétszer körbe, az osztó bal kezétől: mindenki **{hand} lapot** kap, az egész pakli kiosztva, talon nincs. Az osztó minden leosztás után egy hellyel odébb kerül, a licitet az osztó bal keze kezdi. Az asztalnál a következő játékos mindig tőled balra ül.",
      ],
    },
    {
      id: "bidding",
      title: "Licit",
      blocks: [
        "Sorban mindenki vagy **licitál**, vagy azt mondja: **„Passz”**. A licit egy **lap** és egy **szint**: Snapszer vagy Durchmarsch. A megnevezett lap a **hívott lap**: a színe lesz az adu, és aki tartja, az a hívó titkos partnere.",
        {
          table: {
            head: ["Licit", "Hívott lap színe", "Érték"],
            rows: [
              { cells: ["Snapszer", "tök, zöld, makk"], fact: "values.snapszer" },
              { cells: ["Snapszer", "piros"], fact: "values.snapszer_hearts" },
              { cells: ["Durchmarsch", "tök, zöld, makk"], fact: "values.durchmarsch" },
              { cells: ["Durchmarsch", "piros"], fact: "values.durchmarsch_hearts" },
            ],
          },
        },
        {
          list: [
            "Csak **nagyobb értékű** licit jöhet; a lapok egymás közt nem számítanak, csak az érték.",
            "Aki passzolt, később újra licitálhat.",
            "A licit akkor ér véget, ha egy licit után a másik három sorban passzol: a hívó az, aki utoljára licitált.",
            "**Snapszer**: a hívó oldala legalább {win} pontot gyűjt. **Durchmarsch**: a hívó oldala mind a {hand} ütést elviszi.",
          ],
        },
        "Az asztalnál a licitdobozban választod ki a szintet és a lapot; csak a szabályos licitek választhatók.",
      ],
    },
    {
      id: "partner",
      title: "A titkos partner és a szóló",
      blocks: [
        "A hívott lap tartója a hívó partnere, de ezt eleinte csak ő tudja. **Akkor derül ki**, amikor a tartója kijátssza a hívott lapot, rekontrát mond, elvisz egy ütést (amely nem zárja le a leosztást), bemondja azt a párt, amelyben a hívott lap van, vagy felfedi a lapjait. Addig az asztal semmivel sem árulja el, ki az.",
        "Ha a hívó **a saját lapját hívja**, egyedül játszik három ellen: ez a **szóló**, és háromszoros értékben fizet vagy kap. Hogy szóló, azt senki sem tudja, amíg ki nem derül.",
      ],
    },
    {
      id: "all-pass",
      title: "Ha mindenki passzol: a kassza",
      blocks: [
        "Ha licit nélkül mind a négyen passzolnak, mindenki **{all_pass} zsetont** tesz a **kasszába**, és újraosztanak (az osztó odébb lép). A kassza gyűlik; a következő lejátszott leosztás nyertesei egyenlően elosztják (egész zsetonokban, a maradék bent marad). Szólóban a nyertes hívó viszi az egészet.",
      ],
    },
    {
      id: "doubling",
      title: "Kontra, rekontra, szubkontra",
      blocks: [
        "A licit vége és a hívó első lapja között néhány másodpercig nyitva a **kontraablak**. Mindegyik szót egyszer lehet mondani, és mindegyik **megduplázza** az értéket:",
        {
          list: [
            "**Kontra**: aki nem a hívó, és nem nála van a hívott lap;",
            "**Rekontra**: a hívó vagy a partnere, kontra után (a partner ezzel felfedi magát);",
            "**Szubkontra**: a kontrázó oldal, rekontra után.",
          ],
        },
        "A hívón kívül mindenki ugyanazt a választást kapja ugyanakkor („Kontra” vagy „Nem kontrázok”), akárkinél van a lap: ebből sem derül ki a partner. Az ablak bezárul, ha mindenki lemondott róla, szubkontra után, vagy ha lejár az ideje.",
      ],
    },
    {
      id: "play",
      title: "A játék",
      blocks: [
        "Az első ütést a **hívó** hívja, a többit mindig az előző ütés nyertese. Talon nincs, ezért **mindig szigorú a szabály**:",
        {
          list: [
            "színt kell adnod, és az ütés addigi legerősebb lapját ütnöd kell, ha tudod (akárki tette);",
            "ha a hívott színre valaki már aduzott, a hívott színből bármit tehetsz;",
            "ha nincs a hívott színből, aduval kell ütnöd, és felül kell aduznod, ha lehet;",
            "ha adud sincs, bármit tehetsz.",
          ],
        },
        "**Bemondás** (csak Snapszerben): aki hív, a király vagy a felső kihívásakor bemondhatja a párt (gomb: „Kijátszás bemondással”): {marriage}, adu színben {trump_marriage}. Csak a hívó oldalának számít, és csak akkor, ha azt az ütést a hívó oldala viszi el.",
      ],
    },
    {
      id: "end",
      title: "A leosztás vége és az „Elég!”",
      blocks: [
        "**Snapszer:** a hívó oldalának pontja az általuk elvitt ütések lapjainak értéke, plusz a beszámított bemondások. **Az ellenoldal első ütése lezárja a leosztást**: ha a hívó oldalának ekkor megvan a {win}, nyert, különben vesztett. Egy ütés után, a következő hívás előtt a hívó vagy a partnere mondhatja: **„Elég!”**: {win} ponttal nyernek, kevesebbel vesztenek. A {win} pont magától nem dönt. Ha mind a {hand} ütést elviszik, nyertek (külön jutalom nincs).",
        "**Durchmarsch:** a hívó oldalának minden ütést el kell vinnie; az ellenoldal első ütésével elveszett. Nincs elég-mondás, nincs bemondás.",
        "**Lapok felfedése:** ha a hívó vagy a partnere hív, és a saját tudásából biztos, hogy minden hátralévő ütést ő visz el, akárhogy állnak a lapok, felfedheti a lapjait („Lapjaim felfedése: a többi ütés a miénk”). A kliens csak ilyenkor kínálja. {claim_seconds} másodperc múlva a hívó oldala megnyeri a leosztást, mintha minden ütést elvitt volna.",
      ],
    },
    {
      id: "chips",
      title: "Zsetonok és a játék vége",
      blocks: [
        "A leosztás **értéke** a licit értéke, kontránként, rekontránként, szubkontránként {doubling}-szeresére nő; ugyanannyi, akárhogy nyerik vagy vesztik.",
        {
          list: [
            "**Kettő a kettő ellen:** minden vesztes kifizeti az értéket, minden nyertes megkapja.",
            "**Szóló:** a hívó {solo}-szoros értéket fizet vagy kap, a három ellenfél egyszereset.",
            "Senki sem fizet többet, mint amennyi zsetonja van; a nyertesek egyenlően osztoznak, a maradék a kasszába kerül.",
          ],
        },
        "A játék annak a leosztásnak a végén ér véget, amelyben valakinek elfogy a zsetonja. Aki {chips}-nél többel áll fel, **nyert**, aki kevesebbel, **vesztett**, pontosan {chips} zsetonnal döntetlen. Aki feladja vagy távozik, annak a helyén a gép (Kati) játszik tovább, az ő eredménye vereség.",
      ],
    },
    {
      id: "examples",
      title: "Példák",
      blocks: [
        "Az asztalnál sorban Anna, Béla, Cili és Dani ül; Dani oszt, a licitet Anna kezdi.",
        {
          example: {
            title: "Mindenki passzol, aztán egy bemondás",
            lines: [
              "Első leosztás: mind a négyen passzolnak. Mindenki {all_pass} zsetont tesz a kasszába: a kassza 200, mindenkinek 2950 marad. Az osztás Annához kerül, Béla kezd.",
              "Második leosztás. Anna lapjai: [ZK], [ZO], [PX], [PK], [TA], [TX]; Béláé: [PA], [P9], [PU], [MA], [MX], [T9]. Béla, Cili és Dani passzol, Anna a piros ászt hívja Snapszerre (piros: {values.snapszer_hearts}), a többiek passzolnak. Az adu piros, Béla a titkos partner. Senki sem kontráz.",
              "Anna kihívja a zöld királyt, és bemondja a 20-at. Bélának nincs zöldje, aduznia kell: [P9]. Cili az adu után bármilyen zöldet tehet: [ZA]. Daninak sincs zöldje, felül kell aduznia: [PO], ez viszi az ütést.",
              "Az ellenoldal első ütése lezárja a leosztást; Annáék pontja 0 (a bemondás nem számít, mert az ütést nem ők vitték): vesztettek. Anna és Béla {values.snapszer_hearts}-{values.snapszer_hearts} zsetont fizet (2850), Cili és Dani {values.snapszer_hearts}-{values.snapszer_hearts} zsetont kap, plusz a kassza felét (3150). A kassza kiürült.",
            ],
          },
        },
        {
          example: {
            title: "Szóló fizetése",
            lines: [
              "Anna lapjai: [PK], [PO], [PX], [ZA], [ZX], [T9]. A piros királyt hívja, a saját lapját: Snapszer pirosban, {values.snapszer_hearts} érték, szóló (de ezt még senki sem tudja).",
              "Mindenki passzol, senki sem kontráz. Anna kihívja a tök kilencest; Béla tök tízessel üti, Cili tök királyt tesz rá (nincs nagyobb tökje), Dani tök ásszal üti.",
              "Az ellenoldal első ütése: vesztett, 0 ponttal. Szólóban a hívó háromszorosan fizet: Anna 300-at fizet (2700), a másik három 100-100-at kap (3100).",
            ],
          },
        },
        {
          example: {
            title: "Kontra és rekontra",
            lines: [
              "Béla a zöld ászt hívja Snapszerre (zöld: {values.snapszer}). Cili kontrát mond (100). Annánál van a zöld ász, ő a partner: rekontrát mond (200), és ezzel kiderül, hogy ő a partner. Szubkontrát senki sem mond.",
              "Béla és Anna megnyeri a leosztást: Cili és Dani 200-200 zsetont fizet, Béla és Anna 200-200-at kap ({values.snapszer} × 2 × 2). Ha vesztettek volna, ők fizettek volna 200-200-at.",
            ],
          },
        },
        {
          example: {
            title: "Szóló lapfelfedéssel",
            lines: [
              "Annánál van mind a hat piros, és a piros kilencest hívja, a saját lapját, Durchmarschra: {values.durchmarsch_hearts} érték, szóló. Senki sem kontráz.",
              "Az első hívásnál biztos, hogy minden ütés az övé, ezért a kliens felkínálja a lapok felfedését. Anna felfedi a lapjait, és {claim_seconds} másodperc múlva övé a leosztás: 900-at kap, a többiek 300-300-at fizetnek.",
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
            ["licit, passz", "ajánlat egy lapra és szintre; „nem licitálok”."],
            ["hívott lap", "a licitben megnevezett lap: színe az adu, tartója a partner."],
            ["hívó", "aki a licitet nyerte; ő hívja az első ütést."],
            ["partner", "a hívott lap tartója, a hívó titkos társa."],
            ["szóló", "a hívó a saját lapját hívta: egyedül játszik, háromszoros értékért."],
            ["Snapszer", "licitszint: a hívó oldala legalább {win} pontot gyűjt."],
            ["Durchmarsch", "licitszint: a hívó oldala minden ütést elvisz."],
            ["kontra, rekontra, szubkontra", "az érték duplázásai a kontraablakban."],
            ["„Elég!”", "a hívó vagy a partnere szerint megvan a {win}; ha nincs meg, vesztettek."],
            ["kassza", "az összepasszolt leosztások zsetonjai; a következő nyertesek viszik."],
            ["zseton", "a játék pénze az asztalnál; mindenki {chips}-rel kezd."],
            ["adu, ütés, bemondás", "mint a kétszemélyes játékokban."],
          ],
        },
      ],
    },
  ],
};

const en = {
  title: "The rules of partnership",
  intro:
    "Four players, {deck} cards, no fixed partners. The bidding decides who plays: the caller names a card, and **whoever holds it is the caller's secret partner**. It is played for chips: everyone starts with {chips}.",
  sections: [
    {
      id: "cards",
      title: "The cards and what they are worth",
      blocks: [
        "The Hungarian pack with the Nines: four suits (**piros** Hearts, **tök** Bells, **zöld** Leaves, **makk** Acorns), six cards each. 120 points in all.",
        { cards: SUIT, values: true },
        cardValueTable("en", facts),
        "They rank in the same order: the Ten beats the King. A trick goes to the highest trump in it, else to the highest card of the suit led.",
      ],
    },
    {
      id: "deal",
      title: "Dealing",
      blocks: [
        "Cards are dealt in threes, twice round, from the dealer's left: everyone gets **{hand} cards**, the whole pack, no talon. The dealer moves one seat each hand, and the player on the dealer's left bids first. At the table the next player always sits on your left.",
      ],
    },
    {
      id: "bidding",
      title: "Bidding",
      blocks: [
        "In turn everyone **bids** or says **“Pass”**. A bid is a **card** and a **level**: Snapszer or Durchmarsch. The card named is the **called card**: its suit becomes trump, and its holder is the caller's secret partner.",
        {
          table: {
            head: ["Bid", "Called card's suit", "Value"],
            rows: [
              { cells: ["Snapszer", "Bells, Leaves, Acorns"], fact: "values.snapszer" },
              { cells: ["Snapszer", "Hearts"], fact: "values.snapszer_hearts" },
              { cells: ["Durchmarsch", "Bells, Leaves, Acorns"], fact: "values.durchmarsch" },
              { cells: ["Durchmarsch", "Hearts"], fact: "values.durchmarsch_hearts" },
            ],
          },
        },
        {
          list: [
            "Only a bid of **higher value** may follow; the cards do not rank among themselves, only the value does.",
            "A player who passed may bid again later.",
            "The bidding ends when, after a bid, the other three pass in a row: the caller is the last bidder.",
            "**Snapszer**: the caller's side collects at least {win} points. **Durchmarsch**: the caller's side takes all {hand} tricks.",
          ],
        },
        "At the table you choose the level and the card in the bidding box; only legal bids can be pressed.",
      ],
    },
    {
      id: "partner",
      title: "The secret partner and the solo",
      blocks: [
        "The called card's holder is the caller's partner, but at first only the holder knows. **It becomes public** when the holder plays the called card, says Rekontra, wins a trick that does not end the hand, announces the marriage that holds the called card, or shows their cards. Until then nothing at the table tells who it is.",
        "A caller who **calls a card of their own hand** plays alone against three: a **solo**, paid or won three times over. Nobody knows it is a solo until it shows.",
      ],
    },
    {
      id: "all-pass",
      title: "When everyone passes: the pot",
      blocks: [
        "If all four pass without a bid, everyone puts **{all_pass} chips** into the **pot** and the cards are dealt again (the deal moves on). The pot grows; the winners of the next hand that is played share it equally (in whole chips, the remainder stays in). A solo caller who wins takes it all.",
      ],
    },
    {
      id: "doubling",
      title: "Kontra, Rekontra, Subkontra",
      blocks: [
        "Between the end of the bidding and the caller's first card, the **doubling window** is open for a few seconds. Each word may be said once, and each **doubles** the value:",
        {
          list: [
            "**Kontra**: a player who is not the caller and does not hold the called card;",
            "**Rekontra**: the caller or the partner, after a Kontra (the partner shows themselves by it);",
            "**Subkontra**: the Kontra side, after a Rekontra.",
          ],
        },
        "Everyone but the caller is offered the same choice at the same moment (“Kontra” or “No double”), whoever holds the card: it gives the partner away no more than anything else. The window closes when everyone let it go, after a Subkontra, or when its time is up.",
      ],
    },
    {
      id: "play",
      title: "Play",
      blocks: [
        "The **caller** leads the first trick; each trick's winner leads the next. There is no talon, so **following is always strict**:",
        {
          list: [
            "follow suit, and beat the trick's highest card so far if you can (whoever played it);",
            "once someone has trumped a trick led in another suit, any card of the suit led will do;",
            "with none of the suit led you must trump, over-trumping if you can;",
            "with no trump either, play anything.",
          ],
        },
        "**Marriages** (Snapszer only): the leader may announce a King and Over while leading one of them (the button “… — announce the marriage”): {marriage}, in trump {trump_marriage}. They count for the caller's side only, and only if that side takes that trick.",
      ],
    },
    {
      id: "end",
      title: "The end of a hand, and “Enough!”",
      blocks: [
        "**Snapszer:** the caller's side counts the cards in its tricks and its counted marriages. **The opposing side's first trick ends the hand**: with {win} the caller's side has won, otherwise lost. After a trick, before the next lead, the caller or the partner may say **“Enough!”**: with {win} they win, with less they lose. {win} alone decides nothing. Taking all {hand} tricks wins (no bonus for it).",
        "**Durchmarsch:** the caller's side must take every trick; the opposing side's first trick loses it. No “Enough!”, no marriages.",
        "**Claim (showing the cards):** when the caller or the partner leads and, from what they know, surely wins every remaining trick however the cards lie, they may show their hand (“Claim: show my cards, the rest is ours”). The client offers it only then. {claim_seconds} seconds later the caller's side wins the hand as if it had taken every trick.",
      ],
    },
    {
      id: "chips",
      title: "Chips and the end of the game",
      blocks: [
        "A hand's **value** is the bid's value, multiplied by {doubling} for each Kontra, Rekontra and Subkontra; the same however it is won or lost.",
        {
          list: [
            "**Two against two:** each loser pays the value, each winner receives it.",
            "**Solo:** the caller pays or receives {solo} times the value, each of the three opponents once.",
            "Nobody pays more than they hold; the winners share equally, any remainder goes to the pot.",
          ],
        },
        "The game ends after the hand in which someone runs out of chips. Leaving with more than {chips} **wins**, with fewer **loses**, with exactly {chips} it is a draw. A player who resigns or leaves is replaced by the computer (Kati) for good, and their result is a loss.",
      ],
    },
    {
      id: "examples",
      title: "Examples",
      blocks: [
        "Anna, Béla, Cili and Dani sit round the table in turn; Dani deals, Anna bids first.",
        {
          example: {
            title: "An all-pass, then a marriage",
            lines: [
              "Hand 1: all four pass. Everyone puts {all_pass} chips in the pot: the pot is 200, each has 2950. The deal moves to Anna; Béla bids first.",
              "Hand 2. Anna holds [ZK], [ZO], [PX], [PK], [TA], [TX]; Béla [PA], [P9], [PU], [MA], [MX], [T9]. Béla, Cili and Dani pass, Anna calls the Ace of Hearts at Snapszer (Hearts: {values.snapszer_hearts}), the others pass. Hearts are trump, Béla is the secret partner. Nobody doubles.",
              "Anna leads the King of Leaves announcing the 20. Béla has no Leaves and must trump: [P9]. After the trump Cili may play any Leaf: [ZA]. Dani has no Leaves either and must over-trump: [PO] takes the trick.",
              "The opposing side's first trick ends the hand; Anna's side has 0 (the marriage does not count, as they did not take that trick): lost. Anna and Béla pay {values.snapszer_hearts} each (2850), Cili and Dani receive {values.snapszer_hearts} each plus half the pot (3150). The pot is empty.",
            ],
          },
        },
        {
          example: {
            title: "A solo's payment",
            lines: [
              "Anna holds [PK], [PO], [PX], [ZA], [ZX], [T9] and calls the King of Hearts, her own card: Snapszer in Hearts, value {values.snapszer_hearts}, a solo (nobody knows yet).",
              "Everyone passes, nobody doubles. Anna leads the Nine of Bells; Béla beats it with the Ten, Cili plays the King (she has no higher Bell), Dani beats them with the Ace.",
              "The opposing side's first trick: lost with 0. A solo pays three times: Anna pays 300 (2700), the other three receive 100 each (3100).",
            ],
          },
        },
        {
          example: {
            title: "Kontra and Rekontra",
            lines: [
              "Béla calls the Ace of Leaves at Snapszer (Leaves: {values.snapszer}). Cili says Kontra (100). Anna holds the Ace of Leaves, so she is the partner: she says Rekontra (200) and shows herself by it. Nobody says Subkontra.",
              "Béla and Anna win the hand: Cili and Dani pay 200 each, Béla and Anna receive 200 each ({values.snapszer} × 2 × 2). Had they lost, they would have paid 200 each.",
            ],
          },
        },
        {
          example: {
            title: "A solo claim",
            lines: [
              "Anna holds all six Hearts and calls the Nine of Hearts, her own card, at Durchmarsch: value {values.durchmarsch_hearts}, a solo. Nobody doubles.",
              "On her first lead every trick is surely hers, so the client offers the claim. She shows her cards and {claim_seconds} seconds later the hand is hers: she receives 900, the others pay 300 each.",
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
            ["licit, passz", "a bid for a card and a level; “pass”."],
            ["hívott lap", "the called card: its suit is trump, its holder the partner."],
            ["hívó", "the caller, who won the bidding and leads the first trick."],
            ["partner", "the called card's holder, the caller's secret ally."],
            ["szóló", "solo: the caller called their own card and plays alone, for three times the value."],
            ["Snapszer", "the level where the caller's side needs {win} points."],
            ["Durchmarsch", "the level where the caller's side takes every trick."],
            ["kontra, rekontra, szubkontra", "the doublings of the value in the doubling window."],
            ["Elég!", "“Enough!”: the caller or the partner says they have {win}; if not, they lose."],
            ["kassza", "the pot: the chips of passed-out hands, for the next winners."],
            ["zseton", "chips, the table's money; everyone starts with {chips}."],
            ["adu, ütés, bemondás", "trump, trick, marriage, as in the two-player games."],
          ],
        },
      ],
    },
  ],
};

export default { variant: "partnership", facts, hu, en };
