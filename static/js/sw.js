/* Numsite's service worker (docs/offline.md), served at /sw.js by numsite/pwa.py, which puts
   its configuration first: self.NUMSITE_SW = {version, pages, static, staticPrefix, offline,
   language, prefixes} (offline: each language's offline page; language: the default one;
   prefixes: the others' path prefixes).

   - install: keeps every public page (home, rulebooks, calculators, the API page, the offline
     pages, in French and English) and the static files the pages link, in a cache named after
     the release and the static files' manifest;
   - activate: drops every cache of another version;
   - static files: from the cache, else the network (then kept: Pyodide and the engines' zip,
     fetched in the background by offline.js, stay for the next offline visit);
   - public pages: the network, else the cache, else the offline page of the reader's language;
   - a Party page (a capability URL, /parties/<token>/): the network, kept in this phone's own
     cache; without network the last copy, marked with the time it was fetched (offline.js shows
     « hors ligne — dernière mise à jour … »). Only the page, never its writes or fragments.
   A Party page opened before the worker controlled its tab (the first visit, by its link) is
   kept at offline.js's request; a Party page answered 410 or 404, or whose links this phone
   replaced (« Nouveaux liens », offline.js tells it), is dropped. Nothing else is touched: the API, writes (POST…) and htmx fragments go to the network. */
(function () {
  "use strict";
  var CONFIG = self.NUMSITE_SW;
  var PREFIX = "numsite-";
  var PAGES = PREFIX + "pages-" + CONFIG.version;
  var STATIC = PREFIX + "static-" + CONFIG.version;
  var PARTIES = PREFIX + "parties-" + CONFIG.version;
  var SAVED_AT = "X-Numsite-Saved-At";
  var PARTY = /^\/(?:en\/)?parties\/(?!nouvelle\/)[A-Za-z0-9_-]+\/$/;

  self.addEventListener("install", function (event) {
    event.waitUntil(Promise.all([
      caches.open(PAGES).then(function (cache) { return cache.addAll(CONFIG.pages); }),
      caches.open(STATIC).then(function (cache) { return cache.addAll(CONFIG.static); })
    ]).then(function () { return self.skipWaiting(); }));
  });

  self.addEventListener("activate", function (event) {
    var keep = [PAGES, STATIC, PARTIES];
    event.waitUntil(caches.keys().then(function (names) {
      return Promise.all(names.filter(function (name) {
        return name.indexOf(PREFIX) === 0 && keep.indexOf(name) < 0;
      }).map(function (name) { return caches.delete(name); }));
    }).then(function () { return self.clients.claim(); }));
  });

  /* The language of a page: the one whose prefix (CONFIG.prefixes, "/en/"…) starts its path,
     else the default language (unprefixed pages). */
  function languageOf(path) {
    var found = CONFIG.language;
    Object.keys(CONFIG.prefixes).forEach(function (code) {
      if (path.indexOf(CONFIG.prefixes[code]) === 0) { found = code; }
    });
    return found;
  }

  function offlinePage(path) {
    return caches.match(CONFIG.offline[languageOf(path)], { cacheName: PAGES });
  }

  /* A copy of a response with one more header: when it was fetched. */
  function stamped(response) {
    return response.clone().blob().then(function (body) {
      var headers = new Headers(response.headers);
      headers.set(SAVED_AT, new Date().toISOString());
      return new Response(body, { status: response.status, statusText: response.statusText, headers: headers });
    });
  }

  /* Without network a kept Party page is shown with the time of its copy on <html>
     (data-offline-saved): the page's script draws the banner from it. */
  function marked(response) {
    var saved = response.headers.get(SAVED_AT) || "";
    return response.text().then(function (html) {
      var text = html.replace(/<html(\s|>)/, '<html data-offline-saved="' + saved + '"$1');
      var headers = new Headers(response.headers);
      headers.delete(SAVED_AT);
      return new Response(text, { status: 200, headers: headers });
    });
  }

  /* A Party page whose link « Nouveaux liens » replaced (410) or that is gone (404) leaves
     this phone: its copy holds the retired token and the players' names. */
  function forget(event, path) {
    event.waitUntil(caches.open(PARTIES).then(function (cache) { return cache.delete(path); }));
  }

  function party(event, path) {
    return fetch(event.request).then(function (response) {
      if (response.ok && !response.redirected) {
        event.waitUntil(stamped(response).then(function (copy) {
          return caches.open(PARTIES).then(function (cache) { return cache.put(path, copy); });
        }));
      } else if (response.status === 410 || response.status === 404) {
        forget(event, path);
      }
      return response;
    }, function () {
      return caches.match(path, { cacheName: PARTIES }).then(function (kept) {
        return kept ? marked(kept) : offlinePage(path);
      });
    });
  }

  function page(event, path) {
    return fetch(event.request).then(function (response) {
      if (response.ok && CONFIG.pages.indexOf(path) >= 0 && !response.redirected && !new URL(event.request.url).search) {
        var copy = response.clone();
        event.waitUntil(caches.open(PAGES).then(function (cache) { return cache.put(path, copy); }));
      }
      return response;
    }, function () {
      /* a calculator's permalink (?cards=…) opens its page; the script computes it here */
      return caches.match(path, { cacheName: PAGES }).then(function (kept) {
        return kept || offlinePage(path);
      });
    });
  }

  function staticFile(event) {
    var request = event.request;
    return caches.match(request, { cacheName: STATIC }).then(function (kept) {
      return kept || fetch(request).then(function (response) {
        if (response.ok && response.status === 200) {
          var copy = response.clone();
          event.waitUntil(caches.open(STATIC).then(function (cache) { return cache.put(request, copy); }));
        }
        return response;
      });
    });
  }

  /* offline.js, once its page is idle: keep the offline bundle (Pyodide, the engines' zip, the
     worker) for the next visit without network. Static files of this site only. */
  /* offline.js, on a Party page opened before this worker controlled it (a link followed on a
     phone that never opened the site): that page kept from this first visit, unless a copy is
     already there. The copy is fetched again here: the page's own answer never passed here. */
  function keepParty(event, url) {
    var path = new URL(url, self.location.origin);
    if (path.origin !== self.location.origin || !PARTY.test(path.pathname)) return;
    event.waitUntil(caches.open(PARTIES).then(function (cache) {
      return cache.match(path.pathname).then(function (kept) {
        if (kept) return null;
        return fetch(path.pathname, { credentials: "same-origin", cache: "no-store" }).then(function (response) {
          if (!response.ok || response.redirected) return null;
          return stamped(response).then(function (copy) { return cache.put(path.pathname, copy); });
        });
      });
    }).catch(function () { /* the next visit keeps it */ }));
  }

  self.addEventListener("message", function (event) {
    var data = event.data || {};
    if (data.keep === "party" && typeof data.url === "string") {
      keepParty(event, data.url);
      return;
    }
    /* offline.js, right after « Nouveaux liens » on this phone: the old link's page goes */
    if (data.forget === "party" && typeof data.url === "string") {
      var retired = new URL(data.url, self.location.origin);
      if (retired.origin === self.location.origin && PARTY.test(retired.pathname)) forget(event, retired.pathname);
      return;
    }
    if (data.keep !== "bundle" || !Array.isArray(data.urls)) return;
    var urls = data.urls.filter(function (u) {
      var url = new URL(u, self.location.origin);
      return url.origin === self.location.origin && url.pathname.indexOf(CONFIG.staticPrefix) === 0;
    });
    event.waitUntil(caches.open(STATIC).then(function (cache) {
      return Promise.all(urls.map(function (u) {
        return cache.match(u).then(function (kept) { return kept || cache.add(u); });
      }));
    }).catch(function () { /* the next visit tries again */ }));
  });

  self.addEventListener("fetch", function (event) {
    var request = event.request;
    if (request.method !== "GET") return;
    var url = new URL(request.url);
    if (url.origin !== self.location.origin) return;
    if (url.pathname.indexOf(CONFIG.staticPrefix) === 0) {
      event.respondWith(staticFile(event));
      return;
    }
    if (request.mode !== "navigate") return; /* htmx fragments, the API: the network only */
    if (PARTY.test(url.pathname)) {
      event.respondWith(party(event, url.pathname));
      return;
    }
    event.respondWith(page(event, url.pathname));
  });
})();
