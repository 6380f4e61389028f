// The « préparer » page (/donnes/preparer/): the left and right arrow keys and a swipe follow
// the page's own links to the previous and next step. Without this script the links work alone.
(function () {
  "use strict";

  function follow(rel) {
    const link = document.querySelector("[data-prepare] a[rel='" + rel + "']");
    if (link) {
      window.location.assign(link.href);
    }
  }

  document.addEventListener("keydown", function (event) {
    if (!document.querySelector("[data-prepare]") || event.defaultPrevented) {
      return;
    }
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) {
      return;
    }
    const target = event.target;
    if (target instanceof Element && target.closest("input, select, textarea, [contenteditable]")) {
      return;
    }
    if (event.key === "ArrowRight") {
      event.preventDefault();
      follow("next");
    } else if (event.key === "ArrowLeft") {
      event.preventDefault();
      follow("prev");
    }
  });

  let startX = null;
  let startY = null;
  document.addEventListener("touchstart", function (event) {
    if (event.touches.length === 1) {
      startX = event.touches[0].clientX;
      startY = event.touches[0].clientY;
    } else {
      startX = null; // a second finger: a pinch, not a swipe
    }
  }, { passive: true });
  document.addEventListener("touchend", function (event) {
    if (startX === null || !document.querySelector("[data-prepare]")) {
      return;
    }
    const dx = event.changedTouches[0].clientX - startX;
    const dy = event.changedTouches[0].clientY - startY;
    startX = null;
    if (Math.abs(dx) > 60 && Math.abs(dy) < Math.abs(dx) / 2) {
      follow(dx < 0 ? "next" : "prev");
    }
  }, { passive: true });
})();
