/* Loaded before the calculator is drawn (a blocking external script, CSP-safe): the page knows
   at once that JavaScript runs, so the keypads show from the first paint (no layout shift). */
document.documentElement.classList.add("js");
