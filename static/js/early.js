/* Loaded in every page's <head> (a blocking external script, CSP-safe): the page knows at once
   that JavaScript runs, so what scripts will show (the keypads, a Party's « Ce téléphone ») is laid
   out from the first paint and nothing moves when they start. */
document.documentElement.classList.add("js");
