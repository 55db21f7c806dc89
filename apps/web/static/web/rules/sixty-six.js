// The rules of sixty-six (two players, 24 cards, "enough" declared, to 7 or 11) for a player,
// in Hungarian and English (see klub.js for the format). The numbers are the engine's, in
// `facts`, checked against tests/js/fixtures/rules.json.

import { cardValueTable } from "./text.js";

export const facts = {
  seats: 2,
  deck: 24,
  hand: 6,
  talon: 11,
  targets: [7, 11],
  brink: 6,
  exchange: "9",
  win: 66,
  half: 33,
  marriage: 20,
  trump_marriage: 40,
  card_points: { "9": 0, U: 2, O: 3, K: 4, X: 10, A: 11 },
  points: {
    declared_no_trick: 3,
    declared_under_half: 2,
    declared_half: 1,
    wrong_no_trick: 3,
    wrong_trick: 2,
    close_won_no_trick: 3,
    close_won_under_half: 2,
    close_won_half: 1,
    close_failed_no_trick: 3,
    close_failed_trick: 2,
    count_no_trick: 3,
    count_under_half: 2,
    count_half: 1,
    draw: 0,
    draw_bonus: 1,
    surrender_no_trick: 3,
    surrender_under_half: 2,
    surrender_half: 1,
  },
};

const SUIT = ["TA", "TX", "TK", "TO", "TU", "T9"];

const hu = {
  title: "A hatvanhat szabályai",
  intro:
    "Kétszemélyes játék {deck} lappal, a kilencesekkel. Olyan, mint a klub snapszer, de a {win} pont nem magától dönt: **be kell mondanod, hogy „Elég!”**. A meccs {targets.0} vagy {targets.1} meccspontig megy, ahogy az asztal választja.",
  sections: [
    {
      id: "cards",
      title: "A lapok és az értékük",
      blocks: [
        "Négy szín: **piros**, **tök**, **zöld** és **makk**; mindegyikből hat lap: kilences, alsó, felső, király, tízes, ász. Ez {deck} lap, összesen 120 pont (a kilences 0-t ér).",
        { cards: SUIT, values: true },
        cardValueTable("hu", facts),
        "Az erősorrend ugyanez, a tízes itt is erősebb a királynál. Az ütést a legerősebb adu viszi; ha nincs benne adu, a hívott szín legerősebb lapja.",
      ],
    },
    {
      id: "deal",
      title: "Osztás, adu, talon",
      blocks: [
        "Mindketten **{hand} lapot** kaptok; a következő lap felfordítva az **adu lap**, a színe az **adu**. A maradék {talon} lap a **talon**, alatta keresztben az adu lap, amelyet utolsóként húznak fel. Az osztó partiról partira váltakozik, az első ütést az ellenfele hívja.",
      ],
    },
    {
      id: "play",
      title: "Hívás és ráadás",
      blocks: [
        "Ugyanúgy megy, mint a klubban. **Amíg a talon nyitva van és van benne lap, szabadon játszol**, ütés után húztok (előbb a nyertes). **Ha a talon elfogyott vagy betakarták:**",
        {
          list: [
            "színt kell adnod, és ütnöd kell, ha tudsz;",
            "ha nincs a hívott színből, aduval kell ütnöd;",
            "ha adud sincs, bármit tehetsz.",
          ],
        },
      ],
    },
    {
      id: "exchange",
      title: "Aducsere a kilencessel",
      blocks: [
        "Itt az **adu kilences** cserélhető a felfordított adu lapra (az alsó nem), és csak akkor, ha **ebben a partiban már vittél ütést**: az első hívásnál tehát soha. Egyébként mint a klubban: hívás előtt, nyitott talonnál, amíg van benne lefordított lap.",
      ],
    },
    {
      id: "closing",
      title: "Betakarás",
      blocks: [
        "Hívás előtt betakarhatod a talont, amíg van benne lefordított lap (az első hívásnál is). Utána nincs húzás, és szigorú a ráadás. A betakaró vállalja, hogy ő mondja be helyesen, hogy elég.",
        "A betakarás **sikeres**, ha a betakaró helyesen mondja, hogy elég: annyit kap, amennyit az ellenfél helyzete **a betakaráskor** ért. **Sikertelen**, ha tévesen mondja, ha az ellenfél mondja be helyesen, vagy ha az utolsó ütésig nem mondja be: ekkor az ellenfél kap 3 meccspontot, ha a betakarónak a betakaráskor nem volt ütése, különben 2-t.",
      ],
    },
    {
      id: "marriages",
      title: "Bemondás: 20 és 40",
      blocks: [
        "Ha a király és a felső ugyanabból a színből nálad van, és az egyiket hívod, a bemondás magától megtörténik: **{marriage}**, adu színben **{trump_marriage}**. A pontja csak akkor számít, ha már van ütésed. A bemondás itt **nem fejezi be a partit**: az elég-mondás dönt.",
        { cards: ["MK", "MO"], caption: "makk király és felső: 20 (ha a makk az adu: 40)" },
      ],
    },
    {
      id: "enough",
      title: "„Elég!”",
      blocks: [
        "A {win} pont nem dönt magától: ha úgy számolod, hogy megvan, mondd be: **„Elég!”** (a kliens előbb megkérdezi). A parti azonnal véget ér.",
        {
          list: [
            "**Helyes**, ha van legalább egy ütésed, és a pontjaid (lapok + bemondások) elérik a {win}-ot: te nyersz, a vesztes pontjai szerint 3, 2 vagy 1 meccspontot.",
            "**Téves**, ha kevesebb, vagy ha még nincs ütésed: az ellenfél kap 2 meccspontot, vagy 3-at, ha neki még nincs ütése.",
          ],
        },
        "Mikor mondhatod: amikor te jössz (híváskor vagy ráadás előtt), közvetlenül egy elvitt ütés után, és közvetlenül egy bemondás lapjának kihívása után (akkor a bemondás már számít). Amikor az ellenfél jön, nem.",
        "**Az utolsó ütés után** a nyertese még bemondhatja, hogy elég, vagy azt választja: **„Számoljunk”**. Ekkor a több **lappont** nyer (bemondás és utolsó ütés nem számít, 120 a pakli). 60 : 60 döntetlen: senki sem kap pontot, de a következő eldőlt parti nyertese {points.draw_bonus} bónuszpontot kap pluszban; a bónuszok összeadódnak.",
      ],
    },
    {
      id: "surrender",
      title: "Bedobás",
      blocks: [
        "A partit bármikor bedobhatod („Feladom a partit”), akkor is, ha nem te jössz, egészen az utolsó lap kijátszásáig. Az ellenfél a **te helyzeted** szerint kap pontot: 3, ha nincs ütésed, 2, ha {half} alatt vagy, különben 1.",
      ],
    },
    {
      id: "scoring",
      title: "Pontozás",
      blocks: [
        "A „pontok” mindig a lappontok és a bemondások együtt, kivéve a számolást, ahol csak a lappont számít.",
        {
          table: {
            head: ["Hogyan ért véget a parti", "Meccspont"],
            rows: [
              { group: "Helyes „Elég!” (nem volt betakarás): a bemondó kapja" },
              { cells: ["a vesztesnek nincs ütése"], fact: "points.declared_no_trick" },
              { cells: ["a vesztesnek van ütése, de {half} pont alatt van"], fact: "points.declared_under_half" },
              { cells: ["a vesztesnek {half} vagy több pontja van"], fact: "points.declared_half" },
              { group: "Téves „Elég!”: az ellenfél kapja" },
              { cells: ["az ellenfélnek még nincs ütése"], fact: "points.wrong_no_trick" },
              { cells: ["az ellenfélnek van ütése"], fact: "points.wrong_trick" },
              { group: "Sikeres betakarás: a betakaró kapja, az ellenfél betakaráskori helyzete szerint" },
              { cells: ["nem volt ütése"], fact: "points.close_won_no_trick" },
              { cells: ["volt ütése, de {half} pont alatt volt"], fact: "points.close_won_under_half" },
              { cells: ["{half} vagy több pontja volt"], fact: "points.close_won_half" },
              { group: "Sikertelen betakarás: az ellenfél kapja" },
              { cells: ["a betakarónak a betakaráskor nem volt ütése"], fact: "points.close_failed_no_trick" },
              { cells: ["a betakarónak volt ütése"], fact: "points.close_failed_trick" },
              { group: "Számolás az utolsó ütés után: a több lappont nyer" },
              { cells: ["a vesztesnek nincs ütése"], fact: "points.count_no_trick" },
              { cells: ["van ütése, de {half} pont alatt van"], fact: "points.count_under_half" },
              { cells: ["{half} vagy több pontja van"], fact: "points.count_half" },
              { cells: ["60 : 60, döntetlen"], fact: "points.draw" },
              { cells: ["…és a következő eldőlt parti nyertese pluszban kap"], fact: "points.draw_bonus" },
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
        "A meccs **{targets.0} meccspontig** megy, vagy {targets.1}-ig, ha az asztal (a szoba vagy a rangsorolt keresés) így választja. A vesztes **rádlit** kap. **Schneider**: 0 meccsponttal elveszített meccs. **Rückschneider**: megnyert meccs 0 : {brink} állásról fordítva ({targets.1} pontos meccsben 0 : 10-ről).",
        "Két parti között távozhatsz, a meccset bármikor feladhatod.",
      ],
    },
    {
      id: "examples",
      title: "Példák",
      blocks: [
        {
          example: {
            title: "Elég-mondás bemondással",
            lines: [
              "Az adu makk. Az első ütést elveszíted (a piros kilencesedet az ellenfél a piros alsóval üti: 2 pont neki), aztán ötöt elviszel: [ZA] + [Z9] (11), [PA] + [T9] (22), [PX] + [TU] (34), [TA] + [ZU] (47), [TX] + [PO] (60).",
              "A talon elfogyott, nálad a makk király és felső. Kihívod a királyt: bemondod a {trump_marriage}-et, és még mielőtt az ellenfél rátenne, mondod: „Elég!” 60 + {trump_marriage} = 100, helyes.",
              "Az ellenfélnek egy ütése van 2 ponttal: **{points.declared_under_half} meccspont** a tiéd. Ha a király kihívása előtt mondtad volna (60), téves lett volna: az ellenfél kap {points.wrong_trick}-t, mert van ütése.",
            ],
          },
        },
        {
          example: {
            title: "Betakarás, túl korai elég-mondás",
            lines: [
              "Az adu makk. Az ellenfél piros ászára a piros kilencest teszed (11 neki), aztán elviszed a [PU] + [PX] ütést (12), és betakarsz: ekkor neked 12 pontod és egy ütésed van, az ellenfélnek 11 és egy ütése.",
              "Elviszed a [TA] + [T9] (23) és a [TX] + [TU] (35) ütést, és bemondod, hogy elég. 35 kevés: a betakarás sikertelen, és mivel betakaráskor volt ütésed, az ellenfél **{points.close_failed_trick} meccspontot** kap.",
              "Ha tovább játszol ([ZA] + [Z9], [ZX] + [ZU], [MA] + [M9]: 69) és csak akkor mondod, a betakarás sikeres: {points.close_won_under_half} pont neked, mert az ellenfélnek betakaráskor volt ütése és 11 pontja.",
            ],
          },
        },
        {
          example: {
            title: "A döntetlen bónusza",
            lines: [
              "Egy partit végigjátszotok, mindkettőtöknek 60 lappontja van; az utolsó ütés nyertese a számolást választja: döntetlen, a következő parti {points.draw_bonus} bónuszt visz.",
              "A következő is döntetlen: a bónusz 2.",
              "A harmadikban az előkéz már az első hívásnál, ütés nélkül mondja, hogy elég: téves. Az osztó (akinek szintén nincs ütése) {points.wrong_no_trick} + 2 = **5 meccspontot** kap, 0 : 0-ról 0 : 5 lesz, a bónusz elfogyott.",
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
            ["„Elég!”", "a bemondás, hogy megvan a {win} pont; a parti azonnal véget ér."],
            ["Számoljunk", "az utolsó ütés után: nem mondasz elég-et, a lappontok döntenek."],
            ["adu, aducsere", "az ütő szín; az adu kilences cseréje a felfordított adu lapra."],
            ["talon, betakarás", "a húzólapok kupaca; lezárása (nincs több húzás)."],
            ["hív, ütés", "az ütés első lapját kijátszani; a két lap, amelyet a nyertes elvisz."],
            ["bemondás (20, 40)", "király és felső ugyanabból a színből."],
            ["bedobás", "a parti feladása."],
            ["parti, meccs", "egy osztás; partik sora {targets.0} vagy {targets.1} meccspontig."],
            ["rádli, Schneider", "a meccs vesztese rádlit kap; 0 ponttal Schneider."],
          ],
        },
      ],
    },
  ],
};

const en = {
  title: "The rules of sixty-six",
  intro:
    "Two players, {deck} cards with the Nines. Like klub snapszer, but {win} points decide nothing by themselves: **you must declare “Enough!”**. A match goes to {targets.0} or {targets.1} game points, as the table chooses.",
  sections: [
    {
      id: "cards",
      title: "The cards and what they are worth",
      blocks: [
        "Four suits: **piros** (Hearts), **tök** (Bells), **zöld** (Leaves) and **makk** (Acorns); each has six cards: Nine, Under, Over, King, Ten, Ace. That is {deck} cards, 120 points in all (a Nine is worth 0).",
        { cards: SUIT, values: true },
        cardValueTable("en", facts),
        "They rank in the same order; the Ten beats the King here too. A trick goes to the highest trump in it, else to the highest card of the suit led.",
      ],
    },
    {
      id: "deal",
      title: "Dealing, trump, talon",
      blocks: [
        "You each get **{hand} cards**; the next card, face up, is the **trump card** and its suit is **trump**. The other {talon} cards are the **talon**, with the trump card across under it, drawn last. The dealer changes every deal; the dealer's opponent leads first.",
      ],
    },
    {
      id: "play",
      title: "Leading and following",
      blocks: [
        "As in klub. **While the talon is open and has cards, play is free**, and after each trick you draw (the winner first). **Once the talon is exhausted or closed:**",
        {
          list: [
            "follow suit, and beat the card if you can;",
            "with none of the suit led, you must trump;",
            "with no trump either, play anything.",
          ],
        },
      ],
    },
    {
      id: "exchange",
      title: "Exchanging the trump Nine",
      blocks: [
        "Here the **trump Nine** is swapped for the face-up trump card (not the Under), and only once **you have won a trick in this deal**: never on the first lead. Otherwise as in klub: before you lead, with the talon open and a face-down card in it.",
      ],
    },
    {
      id: "closing",
      title: "Closing the talon (betakarás)",
      blocks: [
        "Before you lead you may close the talon while it has a face-down card (on the first lead too). Then nobody draws and following is strict. The closer undertakes to declare “Enough!” rightly.",
        "The close **succeeds** when the closer declares rightly: they score what the opponent's position was worth **when the talon was closed**. It **fails** when the closer declares wrongly, the opponent declares rightly, or the closer has not declared by the last trick: the opponent then scores 3 game points if the closer had no trick when closing, else 2.",
      ],
    },
    {
      id: "marriages",
      title: "Marriages: 20 and 40",
      blocks: [
        "Holding the King and Over of a suit, lead one of them and the marriage is announced by itself: **{marriage}**, in trump **{trump_marriage}**. It counts only once you have a trick. A marriage **does not end the deal** here: “Enough!” does.",
        { cards: ["MK", "MO"], caption: "King and Over of Acorns: 20 (40 if Acorns are trump)" },
      ],
    },
    {
      id: "enough",
      title: "“Enough!”",
      blocks: [
        "{win} points decide nothing by themselves: when you reckon you have them, say **“Enough!”** (the client asks first). The deal ends at once.",
        {
          list: [
            "**Right** with at least one trick and {win} or more (cards + marriages): you win 3, 2 or 1 game points by the loser's points.",
            "**Wrong** with less, or with no trick yet: the opponent scores 2 game points, or 3 if they have no trick yet.",
          ],
        },
        "When you may: on your own turn (leading, or before you follow), right after winning a trick, and right after leading a marriage card (the marriage counts then). Never on the opponent's turn.",
        "**After the last trick** its winner may still declare, or choose **“Count the points”**: then more **card** points win (no marriages, no last-trick bonus; 120 in the pack). 60 : 60 is a draw: nobody scores, but the winner of the next decided deal takes {points.draw_bonus} bonus game point on top; bonuses add up.",
      ],
    },
    {
      id: "surrender",
      title: "Giving up a deal (bedobás)",
      blocks: [
        "You may give the deal up (“Give up this deal”) at any time, even when it is not your turn, until the last card is played. The opponent scores by **your own position**: 3 with no trick, 2 under {half}, else 1.",
      ],
    },
    {
      id: "scoring",
      title: "Scoring",
      blocks: [
        "“Points” are always card points and marriages together, except in the count, where card points alone decide.",
        {
          table: {
            head: ["How the deal ended", "Game points"],
            rows: [
              { group: "A right “Enough!” (talon not closed): to the declarer" },
              { cells: ["the loser has no trick"], fact: "points.declared_no_trick" },
              { cells: ["the loser has a trick but under {half} points"], fact: "points.declared_under_half" },
              { cells: ["the loser has {half} points or more"], fact: "points.declared_half" },
              { group: "A wrong “Enough!”: to the opponent" },
              { cells: ["the opponent has no trick yet"], fact: "points.wrong_no_trick" },
              { cells: ["the opponent has a trick"], fact: "points.wrong_trick" },
              { group: "Successful close: to the closer, by the opponent's position at closing" },
              { cells: ["no trick"], fact: "points.close_won_no_trick" },
              { cells: ["a trick but under {half} points"], fact: "points.close_won_under_half" },
              { cells: ["{half} points or more"], fact: "points.close_won_half" },
              { group: "Failed close: to the opponent" },
              { cells: ["the closer had no trick when closing"], fact: "points.close_failed_no_trick" },
              { cells: ["the closer had a trick"], fact: "points.close_failed_trick" },
              { group: "The count after the last trick: more card points win" },
              { cells: ["the loser has no trick"], fact: "points.count_no_trick" },
              { cells: ["has a trick but under {half} points"], fact: "points.count_under_half" },
              { cells: ["has {half} points or more"], fact: "points.count_half" },
              { cells: ["60 : 60, a draw"], fact: "points.draw" },
              { cells: ["…and the next decided deal's winner takes on top"], fact: "points.draw_bonus" },
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
        "A match goes to **{targets.0} game points**, or {targets.1} when the table (the room or the ranked search) chooses so. The loser gets a **rádli**. **Schneider**: a match lost with 0 game points. **Rückschneider**: a match won after trailing 0 : {brink} (0 : 10 in a match to {targets.1}).",
        "You may leave between deals and resign the match at any time.",
      ],
    },
    {
      id: "examples",
      title: "Examples",
      blocks: [
        {
          example: {
            title: "Declaring with a marriage",
            lines: [
              "Acorns are trump. You lose the first trick ([P9] under your opponent's [PU]: 2 to them), then win five: [ZA] + [Z9] (11), [PA] + [T9] (22), [PX] + [TU] (34), [TA] + [ZU] (47), [TX] + [PO] (60).",
              "The talon is exhausted and you hold the King and Over of Acorns. You lead the King: the {trump_marriage} is announced, and before your opponent follows you say “Enough!” 60 + {trump_marriage} = 100: right.",
              "Your opponent has one trick with 2 points: you score **{points.declared_under_half} game points**. Declared before leading the King (60), it would have been wrong: {points.wrong_trick} to your opponent, who has a trick.",
            ],
          },
        },
        {
          example: {
            title: "A close, and “Enough!” too soon",
            lines: [
              "Acorns are trump. You play [P9] to your opponent's [PA] (11 to them), take [PU] + [PX] (12) and close: you have 12 points and a trick, your opponent 11 and a trick.",
              "You take [TA] + [T9] (23) and [TX] + [TU] (35) and declare. 35 is too few: the close failed, and since you had a trick when closing, your opponent scores **{points.close_failed_trick} game points**.",
              "Had you played on ([ZA] + [Z9], [ZX] + [ZU], [MA] + [M9]: 69) and declared then, the close would have succeeded: {points.close_won_under_half} to you, as your opponent had a trick and 11 points when you closed.",
            ],
          },
        },
        {
          example: {
            title: "A draw's bonus",
            lines: [
              "A deal is played out with 60 card points each; the winner of the last trick lets the count decide: a draw, and the next deal carries {points.draw_bonus} bonus point.",
              "The next one is drawn too: the bonus is 2.",
              "In the third, the forehand declares on the first lead, with no trick: wrong. The dealer (no trick either) scores {points.wrong_no_trick} + 2 = **5 game points**: 0 : 0 becomes 0 : 5 and the bonus is used up.",
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
            ["Elég!", "“Enough!”: the claim that you have {win}; the deal ends at once."],
            ["Számoljunk", "“Count the points”: after the last trick, no declaration; card points decide."],
            ["adu, aducsere", "trump; exchanging the trump Nine for the face-up trump card."],
            ["talon, betakarás", "the stock you draw from; closing it (no more drawing)."],
            ["hív, ütés", "to lead; a trick, taken by its winner."],
            ["bemondás (20, 40)", "a marriage: King and Over of one suit."],
            ["bedobás", "giving up the deal."],
            ["parti, meccs", "one deal; the match, to {targets.0} or {targets.1} game points."],
            ["rádli, Schneider", "the match's loser gets a rádli; with 0 points, a Schneider."],
          ],
        },
      ],
    },
  ],
};

export default { variant: "sixty-six", facts, hu, en };
