// The club's service worker, served at /sw.js by apps/web/views.py, which fills in CONFIG: this
// release's version, the shell (the static files the page loads) and the offline page.
//
// - The shell: production's hashed names come from the cache of this version first (a name is
//   one content for good, so a page gets the files its own page names, together); plain names
//   (`make run`, most tests) from the network first, the cache only when it fails.
// - Pages go to the network; when it cannot be reached, the offline page is shown instead.
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
      const urls = [...CONFIG.shell, CONFIG.offline];
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

async function page(event) {
  try {
    return (await event.preloadResponse) || (await fetch(event.request));
  } catch {
    const offline = await caches.match(CONFIG.offline, { cacheName: CACHE });
    return offline || Response.error();
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
