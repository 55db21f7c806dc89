// Who is playing: the signed-in member or guest (GET /api/v1/me/), shared by every screen. A
// visitor without an account plays as a guest from the first visit: no registration.

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

export async function ensurePlayer() {
  if (session.me) return session.me;
  await whoAmI();
  if (!session.me) {
    await api.guest();
    await whoAmI();
  }
  return session.me;
}

// Before logging in or signing up: the guest's session goes (a 401 answer means it is gone).
export async function dropGuest() {
  try {
    await api.logout();
  } catch {
    // 401 is how allauth says "logged out"
  }
}

export async function logOut() {
  await dropGuest();
  session.me = null;
}

export const isMember = () => Boolean(session.me && !session.me.is_guest);
