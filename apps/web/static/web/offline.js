// The offline page (the service worker shows it when a page cannot load): it holds both
// languages and shows the visitor's (Django's language cookie; Hungarian without it), and goes
// back to the page asked for on "Try again" or as soon as the club answers again.

const cookie = document.documentElement.dataset.languageCookie || "django_language";
const chosen = document.cookie.split("; ").find((pair) => pair.startsWith(`${cookie}=`));
const lang = chosen?.slice(cookie.length + 1) === "en" ? "en" : "hu";

document.documentElement.lang = lang;
for (const part of document.querySelectorAll("[data-lang]")) {
  part.hidden = part.dataset.lang !== lang;
  if (!part.hidden) document.title = `${part.querySelector("h1").textContent} · Snapszer Klub`;
}
for (const button of document.querySelectorAll("[data-retry]")) {
  button.addEventListener("click", () => location.reload());
}

// Back as soon as the club answers: asked at the "online" event and every few seconds after
// (the event can come a moment before the network carries a request, which would only show
// this page again, and never comes when it was the club, not the device, that was away). A
// HEAD request passes the service worker by, so only the club itself can answer it.
let probe = null;
async function backWhenReachable(wait) {
  clearTimeout(probe);
  try {
    const answer = await fetch(location.href, { method: "HEAD", cache: "no-store" });
    if (answer.status < 500) {
      location.reload();
      return;
    }
  } catch {
    // not yet
  }
  probe = setTimeout(() => backWhenReachable(Math.min(wait * 2, 15000)), wait);
}
window.addEventListener("online", () => backWhenReachable(500));
probe = setTimeout(() => backWhenReachable(2000), 2000);
