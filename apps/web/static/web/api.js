// The public API, as every client sees it: REST under /api/v1/, allauth's headless browser
// endpoints under /_allauth/browser/v1/. The browser is known by its session cookie; unsafe
// methods carry Django's CSRF token. Errors are problem+json: ApiError keeps status and code.
// Every request asks for the page's language (Accept-Language), so that the server's words (a
// problem's detail, allauth's and the password validators' messages) are the page's too.

import { LANG } from "./i18n.js";

export class ApiError extends Error {
  constructor(status, body, retryAfter = null) {
    super((body && body.detail) || `HTTP ${status}`);
    this.status = status;
    this.code = (body && body.code) || (status === 0 ? "network" : "unknown");
    this.body = body || {};
    this.retryAfter = retryAfter; // seconds, from a refusal's Retry-After (429, 503)
  }
}

// A Retry-After header in seconds (it may also be an HTTP date), or null.
function retryAfter(response) {
  const value = response.headers.get("Retry-After");
  if (!value) return null;
  const seconds = /^\d+$/.test(value.trim()) ? Number(value) : Math.ceil((Date.parse(value) - Date.now()) / 1000);
  return Number.isFinite(seconds) ? Math.max(seconds, 1) : null;
}

const REQUEST_TIMEOUT_MS = 10000;

function cookie(name) {
  const found = document.cookie.split("; ").find((part) => part.startsWith(name + "="));
  return found ? decodeURIComponent(found.slice(name.length + 1)) : "";
}

// `answer: true`: the answer's status and Retry-After too ({status, data, retryAfter}), for a
// resource that answers 202 while it is being made.
async function call(method, url, body, { answer = false } = {}) {
  const headers = { Accept: "application/json", "Accept-Language": LANG };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (method !== "GET") headers["X-CSRFToken"] = cookie("csrftoken");
  let response;
  try {
    response = await fetch(url, {
      method,
      headers,
      credentials: "same-origin",
      // a request the network swallowed fails after a while, so that a move is sent again
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    throw new ApiError(0, { code: "network", detail: String(error) });
  }
  const text = await response.text();
  let data = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (!response.ok) throw new ApiError(response.status, data, retryAfter(response));
  return answer ? { status: response.status, data, retryAfter: retryAfter(response) } : data;
}

const v1 = (path) => `/api/v1/${path}`;
const auth = (path) => `/_allauth/browser/v1/${path}`;

export const api = {
  get: (path) => call("GET", v1(path)),
  post: (path, body = {}) => call("POST", v1(path), body),
  patch: (path, body) => call("PATCH", v1(path), body),
  del: (path) => call("DELETE", v1(path)),

  me: () => call("GET", v1("me/")),
  games: () => call("GET", v1("games/")),
  guest: (displayName) => call("POST", v1("guests/"), displayName ? { display_name: displayName } : {}),
  match: (id) => call("GET", v1(`matches/${id}/`)),
  matches: (limit = 10, offset = 0, variant = null) =>
    call("GET", v1(`matches/?limit=${limit}&offset=${offset}${variant ? `&variant=${encodeURIComponent(variant)}` : ""}`)),
  events: (id, afterSeq) => call("GET", v1(`matches/${id}/events/?after_seq=${afterSeq}&limit=1000`)),
  act: (id, action, expectedVersion, clientMoveId, seed = null) =>
    call("POST", v1(`matches/${id}/actions/`), {
      action,
      expected_version: expectedVersion,
      client_move_id: clientMoveId,
      ...(seed ? { seed } : {}),
    }),
  // a seed sent alone: a match the server made waits for it before its first deal
  seed: (id, seed) => call("POST", v1(`matches/${id}/seeds/`), seed),
  deal: (id, number) => call("GET", v1(`matches/${id}/deals/${number}/`)),
  // a finished deal's analysis: {status: 202, retryAfter} while it is made, then {status: 200, data}
  analysis: (id, number) => call("GET", v1(`matches/${id}/deals/${number}/analysis/`), undefined, { answer: true }),
  hint: (id) => call("GET", v1(`matches/${id}/hint/`)),
  computer: (strength, variant, target = null, seed = null) =>
    call("POST", v1("matches/computer/"), {
      variant,
      strength,
      ...(target === null ? {} : { target }),
      ...(seed ? { seed } : {}),
    }),
  commitment: () => call("POST", v1("matches/commitments/")),
  room: (variant, target = null, seed = null) =>
    call("POST", v1("rooms/"), {
      variant,
      ...(target === null ? {} : { target }),
      ...(seed ? { seed } : {}),
    }),
  // a room as whoever may join it sees it first: its game and its first deal's commitment
  invite: (code) => call("GET", v1(`rooms/invites/${encodeURIComponent(code)}/`)),
  join: (code, seed = null) => call("POST", v1("rooms/join/"), { code, ...(seed ? { seed } : {}) }),
  cancelRoom: (id) => call("POST", v1(`rooms/${id}/cancel/`)),
  seatKati: (id, strength) => call("POST", v1(`rooms/${id}/seats/`), { strength }),
  rematch: (id) => call("POST", v1(`matches/${id}/rematch/`)),
  rematchAccept: (id) => call("POST", v1(`matches/${id}/rematch/accept/`)),
  chat: (id, after = 0) => call("GET", v1(`matches/${id}/chat/?after=${after}&limit=100`)),
  say: (id, text) => call("POST", v1(`matches/${id}/chat/`), { text }),
  block: (userId) => call("POST", v1("blocks/"), { user_id: userId }),
  blocks: () => call("GET", v1("blocks/?limit=200&offset=0")),
  unblock: (userId) => call("DELETE", v1(`blocks/${userId}/`)),
  report: (body) => call("POST", v1("reports/"), body),
  wallet: () => call("GET", v1("wallet/")),
  ledger: () => call("GET", v1("wallet/ledger/?limit=10&offset=0")),
  ticket: (stake, variant, target) =>
    call("POST", v1("matchmaking/tickets/"), target === null ? { stake, variant } : { stake, variant, target }),
  ticketGet: (id) => call("GET", v1(`matchmaking/tickets/${id}/`)),
  ticketCancel: (id) => call("DELETE", v1(`matchmaking/tickets/${id}/`)),
  stats: (userId) => call("GET", v1(`players/${userId}/stats/`)),
  guestMatches: () => call("GET", v1("me/guest-matches/")),
  guestMatchesBring: () => call("POST", v1("me/guest-matches/")),
  guestMatchesLeave: () => call("DELETE", v1("me/guest-matches/")),
  profile: (userId) => call("GET", v1(`players/${userId}/`)),

  login: (email, password) => call("POST", auth("auth/login"), { email, password }),
  signup: (email, password) => call("POST", auth("auth/signup"), { email, password }),
  verifyEmail: (key) => call("POST", auth("auth/email/verify"), { key }),
  resendCode: () => call("POST", auth("auth/email/verify/resend")),
  passwordRequest: (email) => call("POST", auth("auth/password/request"), { email }),
  passwordReset: (key, password) => call("POST", auth("auth/password/reset"), { key, password }),
  passwordChange: (current, fresh) =>
    call("POST", auth("account/password/change"), { current_password: current, new_password: fresh }),
  emails: () => call("GET", auth("account/email")),
  emailAdd: (email) => call("POST", auth("account/email"), { email }),
  emailResend: (email) => call("PUT", auth("account/email"), { email }),
  accountDelete: (password) => call("POST", v1("me/delete/"), { password }),
  logout: () => call("DELETE", auth("auth/session")),
};

// A move id that survives retries of the same move (the server answers a repeat with the first
// answer, so a move sent twice over a flaky network is applied once).
export function moveId() {
  if (crypto.randomUUID) return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}
