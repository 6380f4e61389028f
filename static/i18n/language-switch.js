// The language switch (templates/_language_switch.html) posts `next`: this page in the other
// language, as the server rendered it. The calculators update the address as they compute
// (htmx hx-push-url), so at the moment of the switch the address's query string and fragment
// (the calculator's state) are taken from the address bar, on the other language's path.
document.addEventListener("submit", (event) => {
  const form = event.target.closest(".language-switch form");
  if (!form) return;
  const next = form.querySelector("input[name=next]");
  const rendered = form.closest(".language-switch").dataset.path;
  if (!next || rendered !== window.location.pathname) return; // another page: keep the server's
  const target = new URL(next.value, window.location.origin);
  target.search = window.location.search;
  target.hash = window.location.hash;
  next.value = target.pathname + target.search + target.hash;
});
