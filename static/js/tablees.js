/* The seat picker of a tablée's « Nouvelle partie »: tap the players in seating order (one tap
   each: the next free place; tap again to take the player out). Without JavaScript, each
   player's place is chosen in its own list, which this keeps in sync. No text here: the
   words are data-* attributes of the markup. */
(function () {
  "use strict";
  function setup(form) {
    var box = form.querySelector("[data-seat-buttons]");
    var selects = Array.prototype.slice.call(form.querySelectorAll("select[data-seat]"));
    if (!box || !selects.length) return;
    var word = box.getAttribute("data-label-seat") || "";
    function order() {
      return selects.filter(function (s) { return s.value; })
        .sort(function (a, b) { return Number(a.value) - Number(b.value); });
    }
    function renumber() {
      order().forEach(function (s, i) { s.value = String(i + 1); });
    }
    function draw() {
      selects.forEach(function (s, i) {
        var button = box.children[i];
        var on = Boolean(s.value);
        button.setAttribute("aria-pressed", on ? "true" : "false");
        button.className = "btn btn-sm " + (on ? "btn-primary" : "btn-outline-primary");
        button.querySelector("[data-seat-number]").textContent = on ? " · " + word + " " + s.value : "";
      });
    }
    selects.forEach(function (s) {
      var button = document.createElement("button");
      button.type = "button";
      button.appendChild(document.createTextNode(s.getAttribute("data-seat")));
      var number = document.createElement("span");
      number.setAttribute("data-seat-number", "");
      button.appendChild(number);
      button.addEventListener("click", function () {
        if (s.value) { s.value = ""; renumber(); }
        else { s.value = String(order().length + 1); }
        draw();
      });
      box.appendChild(button);
      s.addEventListener("change", draw);
    });
    box.hidden = false;
    var lists = form.querySelector("[data-seat-selects]");
    if (lists) lists.hidden = true;
    draw();
  }
  document.querySelectorAll("form[data-seat-picker]").forEach(setup);
})();
