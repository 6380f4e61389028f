/* Num 5 calculator. The round still to enter is announced in a stable status container
   (#num5-pending, role="status"); htmx refreshes its content out of band after every keystroke.
   Skip that refresh when the sentence is unchanged, so a screen reader does not read it again. */
(function () {
  "use strict";
  document.addEventListener("htmx:oobBeforeSwap", function (event) {
    var target = event.detail.target;
    if (!target || !target.hasAttribute("data-stable-status")) return;
    if (event.detail.fragment.textContent.trim() === target.textContent.trim()) {
      event.detail.shouldSwap = false;
    }
  });
})();
