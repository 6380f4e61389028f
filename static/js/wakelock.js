/* « Garder l'écran allumé » on the Parties pages (Screen Wake Lock API). The switch only shows
   where the browser has the API; the lock is taken again when the page comes back into view
   (browsers release it when the tab is hidden). */
(function () {
  "use strict";
  document.addEventListener("DOMContentLoaded", function () {
    var box = document.querySelector("[data-wake-lock]");
    if (!box || !("wakeLock" in navigator)) return;
    var input = box.querySelector("input");
    var status = box.querySelector("[data-wake-lock-status]");
    var lock = null;
    box.hidden = false;

    /* The messages are the status's data-msg-* attributes, translated by parties/game.html. */
    function say(name) {
      if (status) status.textContent = status.getAttribute("data-msg-" + name) || "";
    }

    /* One request at a time: a tab shown twice while one is pending would otherwise hold two
       locks and release one. A lock granted after the switch was turned off is let go at once. */
    var asking = false;
    function take() {
      if (asking) return;
      asking = true;
      navigator.wakeLock.request("screen").then(function (sentinel) {
        asking = false;
        if (!input.checked) {
          sentinel.release();
          return;
        }
        lock = sentinel;
        say("on");
        sentinel.addEventListener("release", function () {
          lock = null;
        });
      }).catch(function () {
        asking = false;
        input.checked = false;
        say("failed");
      });
    }

    input.addEventListener("change", function () {
      if (input.checked) {
        take();
      } else {
        if (lock) lock.release();
        say("off");
      }
    });
    document.addEventListener("visibilitychange", function () {
      if (document.visibilityState === "visible" && input.checked && !lock) take();
    });
  });
})();
