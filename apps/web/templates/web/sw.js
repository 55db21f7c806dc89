// The club's service worker, served at /sw.js by apps/web/views.py, which fills in CONFIG: this
// release's version, the shell (the static files the page loads) and the offline page.
//
// - The shell: production's hashed names come from the cache of this version first (a name is
//   one content for good, so a page gets the files its own page names, together); plain names
//   (`make run`, most tests) from the network first, the cache only when it fails.
// - Pages go to the network; when it cannot be reached, the offline page is shown instead, but
//   for the rules (CONFIG.readable): their page is kept from its last visit (the rules' page
//   is kept at install), and the rules are in the shell, so they can be read offline.
// - Nothing else is touched: the API, allauth, the admin and the sockets always go to the
//   network (live game state is never served from a cache).
// - A new version installs at once and takes over; the caches of older versions are deleted
//   when it activates, and every open page is told its version (install.js: a page of an
//   older version offers a reload).
const CONFIG = {{ config|safe }};
const PREFIX = "snapszer-shell-";
const CACHE = PREFIX + CONFIG.version;
const SHELL = new Set(CONFIG.shell);

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // revalidated with the server, never an older copy from the HTTP cache
      const urls = [...CONFIG.shell, CONFIG.offline, ...CONFIG.readable];
      await cache.addAll(urls.map((url) => new Request(url, { cache: "no-cache" })));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
      }
      if (self.registration.navigationPreload) await self.registration.navigationPreload.enable();
      await self.clients.claim();
      for (const client of await self.clients.matchAll({ type: "window" })) {
        client.postMessage({ type: "activated", version: CONFIG.version });
      }
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") event.respondWith(page(event));
  else if (SHELL.has(url.pathname)) event.respondWith(shellFile(request));
});

// the page kept for a path readable offline: its own, or the first readable path's (one page
// serves every client route: the client reads the path)
function readable(pathname) {
  const prefix = CONFIG.readable.find((path) => pathname.startsWith(path));
  return prefix ? [pathname, prefix] : [];
}

async function page(event) {
  const kept = readable(new URL(event.request.url).pathname);
  try {
    const response = (await event.preloadResponse) || (await fetch(event.request));
    if (kept.length && response.ok) {
      const copy = response.clone();
      event.waitUntil(caches.open(CACHE).then((cache) => cache.put(kept[0], copy)));
    }
    return response;
  } catch {
    for (const path of [...kept, CONFIG.offline]) {
      const cached = await caches.match(path, { cacheName: CACHE });
      if (cached) return cached;
    }
    return Response.error();
  }
}

async function shellFile(request) {
  if (!CONFIG.hashed) {
    try {
      return await fetch(request);
    } catch {
      // offline: the copy kept with the shell
    }
  }
  const cached = await caches.match(request, { cacheName: CACHE, ignoreVary: true });
  return cached || fetch(request);
}
