// Fair play, checked in the browser: when a deal begins the server publishes
// commitment = sha256(salt + deck); when it ends, the deal record reveals salt and deck. The
// client recomputes the hash with Web Crypto and compares it with the commitment it saw at the
// start of the deal (not with the record's own copy, which could be altered with the deck).

export async function sha256Hex(text) {
  const bytes = new TextEncoder().encode(text);
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

export async function verifyDeal(record, publishedCommitment) {
  const hash = await sha256Hex(record.salt + record.deck.join(""));
  const expected = publishedCommitment || record.commitment;
  return hash === expected && record.commitment === expected;
}
