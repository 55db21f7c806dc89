// Fair play, checked in the browser (docs/api.md section 7). Two schemes, named by the deal
// record's `scheme`:
// - "sha256-salt" (deals from before seeds): when a deal began the server published
//   commitment = sha256(salt + deck); the record reveals salt and deck.
// - "hmac-fy-1": the server committed to sha256(secret) a deal ahead; every person at the
//   table sent a seed; the deck is the HMAC-SHA256 Fisher–Yates shuffle of the sorted cards,
//   keyed with the secret (the record's `salt`), over the seeds. The whole deck is recomputed
//   here, not only a hash.
// Either way the hash is compared with the commitment this browser saw before the deal (not
// only with the record's own copy, which could be altered along with the deck).

import { api } from "./api.js";

const encoder = new TextEncoder();

export async function sha256Hex(text) {
  const digest = await crypto.subtle.digest("SHA-256", encoder.encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

// The deck of scheme hmac-fy-1 from the secret and the seed values (in seat order).
export async function seededDeck(secret, seeds, cards) {
  const deck = [...cards].sort();
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const material = `${seeds.join(",")}:`;
  let draw = 0;
  for (let i = deck.length - 1; i > 0; i -= 1) {
    const m = i + 1;
    const limit = 256 - (256 % m);
    let byte;
    do {
      const mac = await crypto.subtle.sign("HMAC", key, encoder.encode(`${material}${draw}`));
      byte = new Uint8Array(mac)[0];
      draw += 1;
    } while (byte >= limit);
    const j = byte % m;
    [deck[i], deck[j]] = [deck[j], deck[i]];
  }
  return deck;
}

export async function verifyDeal(record, publishedCommitment) {
  const expected = publishedCommitment || record.commitment;
  if (record.commitment !== expected) return false;
  if (record.scheme !== "hmac-fy-1") return (await sha256Hex(record.salt + record.deck.join(""))) === expected;
  if ((await sha256Hex(record.salt)) !== expected) return false;
  const seeds = [...record.seeds].sort((a, b) => a.seat - b.seat).map((seed) => seed.value);
  const deck = await seededDeck(record.salt, seeds, record.deck);
  return deck.length === record.deck.length && deck.every((card, at) => card === record.deck[at]);
}

// A match made with this browser's seed for its first deal: the server's commitment asked for
// first, the match made with a seed chosen after it (`make(seed)`), and the commitment kept
// for the table's check of deal 1 (the table opens on another page). Without a commitment (an
// old server, a failed request) the match is made without a seed: the server fills one in.
export async function madeWithSeed(make) {
  const promised = await api.commitment().catch(() => null);
  const seed = promised ? { commitment: promised.commitment, value: freshSeed() } : null;
  const match = await make(seed);
  if (seed) sessionStorage.setItem(firstKey(match.id), seed.commitment);
  return match;
}

// A friend room joined with this browser's seed for its first deal: the room read first (its
// commitment to that deal's secret, fixed when it was opened), the seed chosen after it and
// sent with the join, and the commitment kept for the table's check of deal 1. The room's
// refusals (full, expired, already in it…) are the join's own; a room without a commitment is
// joined without a seed.
export async function joinedWithSeed(code) {
  const room = await api.invite(code);
  const seed = room.commitment ? { commitment: room.commitment, value: freshSeed() } : null;
  const match = await api.join(code, seed);
  if (seed) sessionStorage.setItem(firstKey(match.id), seed.commitment);
  return match;
}

const firstKey = (matchId) => `snapszer.firstCommitment.${matchId}`;

// The commitment to deal 1 this browser saw before the match was made, if it made it.
export const firstCommitment = (matchId) => sessionStorage.getItem(firstKey(matchId));

// A seed of this browser's own for the next deal: 128 bits from the browser's CSPRNG.
export function freshSeed() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
