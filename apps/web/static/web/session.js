// Who is playing: the signed-in member or guest (GET /api/v1/me/), or nobody yet, shared by every
// screen. Opening a page makes no one: a visitor reads the home page, the leaderboards, logs in
// or signs up as they are. A guest is made when the visitor starts to play (`ensurePlayer`):
// no registration needed. A guest who signs up becomes the member, keeping all it played.

import { api } from "./api.js";

export const session = { me: null };

export async function whoAmI() {
  try {
    session.me = await api.me();
  } catch (error) {
    if (error.status !== 401) throw error;
    session.me = null;
  }
  return session.me;
}

// The player about to play: the one signed in, or a new guest (which the server may refuse:
// too many from one address, a 429 that says when to try again).
export async function ensurePlayer() {
  if (session.me) return session.me;
  await whoAmI();
  if (!session.me) {
    await api.guest();
    await whoAmI();
  }
  return session.me;
}

export async function logOut() {
  try {
    await api.logout();
  } catch {
    // 401 is how allauth says "logged out"
  }
  session.me = null;
}

export const isMember = () => Boolean(session.me && !session.me.is_guest);
