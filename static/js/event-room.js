// The room screen's round timer: counts down each second from the seconds the server gave
// (data-remaining), while it runs (data-running); the server's answer, polled every 5 s,
// replaces it with the current figure. Without JavaScript the screen shows the seconds left
// at its last refresh.
(function () {
  "use strict";
  function show(el, seconds) {
    var s = Math.max(0, seconds);
    var m = Math.floor(s / 60);
    var r = s % 60;
    el.textContent = m + ":" + (r < 10 ? "0" : "") + r;
  }
  function tick() {
    document.querySelectorAll(".ns-timer[data-remaining]").forEach(function (el) {
      var left = parseInt(el.dataset.remaining, 10);
      if (isNaN(left)) return;
      if (el.dataset.shown === undefined) {
        el.dataset.shown = String(left);
        el.dataset.since = String(Date.now());
      }
      var elapsed = el.hasAttribute("data-running")
        ? Math.floor((Date.now() - parseInt(el.dataset.since, 10)) / 1000)
        : 0;
      show(el, left - elapsed);
    });
  }
  setInterval(tick, 1000);
  document.addEventListener("DOMContentLoaded", tick);
  document.addEventListener("htmx:afterSwap", tick);
})();
