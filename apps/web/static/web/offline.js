// The offline page (the service worker shows it when a page cannot load): it holds both
// languages and shows the visitor's (Django's language cookie; Hungarian without it), and goes
// back to the page asked for on "Try again" or as soon as the connection returns.

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
window.addEventListener("online", () => location.reload());
