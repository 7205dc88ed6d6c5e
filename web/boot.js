// Boot glue for the Park page: loading state, start-up errors, service worker.
//
// Loaded as a classic script in <head>, before PyScript's module, so its listeners are in
// place before anything can fail. Contract with web/main.py and the tests:
//   * <html data-park-ready="true">  set by main.py once the game is usable;
//   * <html data-park-error="...">   set here if Python fails to start (a short code),
//     with a human-readable message in #park-error.
// The service worker is registered only after the page is ready, so that precaching
// the ~20 MB runtime and snapshot never compete with the first start.
//
// Language (issue 13): Python has not started while these screens show, so this script
// chooses the page's language itself, as park.ui.lang.i18n.choose_language does (the stored
// choice "park.language", else the browser's languages, else English), sets <html lang>,
// and translates its own texts with t(): the English in index.html is the fallback, and
// ./locale/<lang>/boot.json (msgid -> translation, written by the build) the translations.
(function () {
  "use strict";

  var root = document.documentElement;
  // Scripts run: the loading screen may show (without them, only <noscript> speaks).
  root.dataset.parkScripts = "on";
  // A share sheet (issue 52): the lines to copy offer it too (their Share… buttons show).
  if (typeof navigator.share === "function") root.dataset.canShare = "true";

  // A pointer or a key last (issue 48): after a click or a tap no focus ring is drawn, in any
  // engine (WebKit drew one on the header button a closed dialog gave the focus back to).
  document.addEventListener("pointerdown", function () { root.dataset.parkPointer = "on"; }, true);
  document.addEventListener("keydown", function () { delete root.dataset.parkPointer; }, true);

  // The header's menu (a popover on a phone): a choice in it closes it.
  document.addEventListener("click", function (event) {
    var menu = document.getElementById("top-menu");
    var open = false;
    try {
      open = Boolean(menu) && menu.matches(":popover-open");
    } catch (error) {} // an engine without popovers shows the menu in the header
    if (open && event.target.closest && event.target.closest("#top-menu [data-ui]")) {
      menu.hidePopover();
    }
  });

  // Which build this page is (tools/build_info.py), in the words of the About dialog.
  var build = document.querySelector('meta[name="park-build"]');
  if (build) console.info(build.content);

  // Early downloads (issue 28). The build lists in <meta name="park-prefetch"> the files the
  // page fetch()es once Pyodide and PyScript run: the WebAssembly, the standard library, the
  // package index, PyScript's config and the page's Python files. They are asked
  // for here, while the page is still being parsed, and the first fetch() of each (the same
  // URL, nothing but a plain GET) is given that response instead of asking again. This is
  // what <link rel="preload"> is for, in every engine: WebKit never hands a preloaded
  // response to fetch(), so it downloaded each of these files twice.
  // The start-up snapshot (data-first-visit) too on a first visit: a page no service worker
  // controls. Later visits put the copy kept in Cache Storage in place, with no download; a
  // page with no Web Crypto to check it with, or asked to start without it (?snapshot=off),
  // never uses it (web/interpreter.mjs).
  // The page's Python files (*.py) are read only once Python is restored, seconds later: they
  // are asked for at low priority, so that the first screen's script and the snapshot are not
  // queued behind them (a browser opens six connections to a server that speaks HTTP/1.1).
  var early = Object.create(null);
  var prefetch = document.querySelector('meta[name="park-prefetch"]');
  if (prefetch && window.fetch) {
    var plainFetch = window.fetch;
    var urls = prefetch.content;
    var firstVisit = !(navigator.serviceWorker && navigator.serviceWorker.controller) &&
      Boolean(window.crypto && window.crypto.subtle) &&
      new URLSearchParams(location.search).get("snapshot") !== "off";
    if (firstVisit && prefetch.dataset.firstVisit) urls += " " + prefetch.dataset.firstVisit;
    urls.split(/\s+/).forEach(function (url) {
      if (!url) return;
      var href = new URL(url, location.href).href;
      early[href] = /\.py$/.test(href) ? plainFetch(href, { priority: "low" }) : plainFetch(href);
      early[href].catch(function () {}); // the fetch() it is handed to sees the failure
    });
    window.fetch = function (input, init) {
      var href = null;
      if (typeof input === "string" || input instanceof URL) {
        href = new URL(String(input), location.href).href;
      }
      var plain = !init || Object.keys(init).length === 0;
      if (href && plain && early[href]) {
        var response = early[href];
        delete early[href];
        return response;
      }
      return plainFetch.apply(window, arguments);
    };
  }

  // The languages (park.engine.languages, the registry), written by the build
  // (tools/page_lists.py): {"default": "en", "manifests": {"en": "./manifest.webmanifest", ...}}.
  var LANGUAGES = /* park:languages */ {};
  var DEFAULT_LANGUAGE = LANGUAGES["default"] || "en";
  var MANIFESTS = LANGUAGES["manifests"] || {};
  var messages = {}; // msgid -> translation, once boot.json has arrived

  // The offered language matching a BCP 47 tag ("ja-JP" -> "ja"), or null.
  function supported(tag) {
    if (!tag) return null;
    var primary = String(tag).replace(/^\s+|\s+$/g, "").replace(/_/g, "-").split("-")[0];
    primary = primary.toLowerCase();
    return Object.prototype.hasOwnProperty.call(MANIFESTS, primary) ? primary : null;
  }

  function chooseLanguage() {
    var stored = null;
    try {
      stored = window.localStorage.getItem("park.language");
    } catch (error) {
      // Storage blocked (private modes, policies): the browser's languages decide.
    }
    var tags = [stored].concat(navigator.languages || [navigator.language]);
    for (var i = 0; i < tags.length; i++) {
      var found = supported(tags[i]);
      if (found) return found;
    }
    return DEFAULT_LANGUAGE;
  }

  var language = chooseLanguage();
  root.lang = language;
  if (language !== DEFAULT_LANGUAGE) {
    var manifest = document.querySelector('link[rel="manifest"]');
    if (manifest) manifest.setAttribute("href", MANIFESTS[language]);
  }

  // The theme (issue 43), before anything is drawn, so that a dark table never flashes light:
  // the stored choice "park.theme" (system, light or dark; web/storage.py) as
  // <html data-theme-choice>, and the theme in force as <html data-theme="light|dark">, which
  // the style sheet reads. While the choice is System it follows prefers-color-scheme, even as
  // that changes; Python (web/preferences.py, park.ui.setup.preferences, the same rule) keeps both
  // attributes when the player chooses in the Settings.
  // The browser's bar (<meta name="theme-color">) is the table's colour in either theme, kept
  // so whoever sets <html data-theme>.
  var TABLE_COLOURS = { light: "#1e2f26", dark: "#0f1712" }; // park.css's --table
  var darkQuery = window.matchMedia ? window.matchMedia("(prefers-color-scheme: dark)") : null;
  function applyTheme() {
    var choice = root.dataset.themeChoice;
    var dark = choice === "dark" || (choice !== "light" && Boolean(darkQuery && darkQuery.matches));
    root.dataset.theme = dark ? "dark" : "light";
  }
  function showTableColour() {
    var bar = document.querySelector('meta[name="theme-color"]');
    var colour = TABLE_COLOURS[root.dataset.theme] || TABLE_COLOURS.light;
    if (bar && bar.getAttribute("content") !== colour) bar.setAttribute("content", colour);
  }
  if (window.MutationObserver) {
    new MutationObserver(showTableColour).observe(root, { attributeFilter: ["data-theme"] });
  }
  try {
    root.dataset.themeChoice = window.localStorage.getItem("park.theme") || "system";
  } catch (error) {
    root.dataset.themeChoice = "system"; // storage blocked: the system decides
  }
  applyTheme();
  showTableColour();
  if (darkQuery && darkQuery.addEventListener) darkQuery.addEventListener("change", applyTheme);

  // A message in the page's language (the English message until, or unless, boot.json says).
  function t(message) {
    var text = Object.prototype.hasOwnProperty.call(messages, message) ? messages[message] : null;
    return typeof text === "string" && text ? text : message;
  }

  var SLOW_START_MS = 15000; // then say that it is still loading
  var START_TIMEOUT_MS = 180000; // then give up (about 20 MB over a slow connection)
  var failed = false;
  // The start-up snapshot is optional: without it web/interpreter.mjs starts Python afresh.
  // So are this script's translations: without them it speaks English.
  var OPTIONAL = /\/pyodide-snapshot\.[0-9a-f]{16}\.zst$|\/locale\/[a-z]+\/boot\.json$/;
  // What the loading and error screens say now, as functions giving the text in the page's
  // language, so that applyTexts() can say it again once the translations arrive.
  var status = function () {
    return t("Loading Python…");
  };
  var errorMessage = null;
  var errorHeading = function () {
    return t("Python failed to start");
  };

  function isReady() {
    return root.dataset.parkReady === "true";
  }

  function byId(id) {
    return document.getElementById(id);
  }

  function setText(el, text) {
    if (el) el.textContent = text;
  }

  // text: a function giving the message in the page's language.
  function setStatus(text) {
    if (failed || isReady()) return;
    status = text;
    setText(byId("park-loading-text"), text());
  }

  // The loading and error screens' own texts in the page's language: run once the page is
  // parsed, and again when the translations arrive.
  function applyTexts() {
    // index.html's <title> is not marked for main.py, which sets the title itself once
    // Python runs; until then, and unless it already has, this one says it.
    if (!isReady() && document.title === "Captain Park's Imaginary Polar Expedition") {
      document.title = t("Captain Park's Imaginary Polar Expedition");
    }
    if (!failed && !isReady()) setText(byId("park-loading-text"), status());
    setText(document.querySelector("#park-loading .park-hint"),
            t("The first visit downloads about 20 MB. After that the game also works offline."));
    setText(document.querySelector("#park-error h1"), errorHeading());
    setText(document.querySelector("#park-error summary"), t("Details"));
    setText(byId("park-error-reload"), t("Reload the page"));
    if (failed && errorMessage) setText(byId("park-error-message"), errorMessage());
  }

  function whenParsed(callback) {
    if (document.readyState === "loading") {
      document.addEventListener("DOMContentLoaded", callback);
    } else {
      callback();
    }
  }

  // The translations, once: callbacks wait for them (web/first_screen.js), then get whether
  // the page's language has its messages (false for English, or when they did not come).
  var translated = null;
  var waiting = [];

  function settled(found) {
    translated = found;
    waiting.splice(0).forEach(function (callback) {
      callback(found);
    });
  }

  function loadMessages() {
    if (language === DEFAULT_LANGUAGE || !window.fetch) return settled(false);
    fetch("./locale/" + language + "/boot.json")
      .then(function (response) {
        return response.ok ? response.json() : null;
      })
      .then(function (loaded) {
        if (!loaded || typeof loaded !== "object") return settled(false);
        messages = loaded;
        whenParsed(applyTexts);
        settled(true);
      })
      .catch(function () {
        // Offline without the file, or a damaged one: the screens stay in English.
        settled(false);
      });
  }

  // What web/first_screen.js needs of this script: the page's language, its messages, and
  // a call once they have arrived (or will not).
  window.parkBoot = {
    language: language,
    t: t,
    messages: function () {
      return messages;
    },
    whenTranslated: function (callback) {
      if (translated === null) waiting.push(callback);
      else callback(translated);
    },
  };

  // message: a function giving the message in the page's language; details: text.
  function fail(code, message, details) {
    if (isReady()) return; // later errors belong to the running game, not to start-up
    if (document.readyState === "loading") {
      // A preloaded file can fail before the error panel has been parsed: show it then.
      document.addEventListener("DOMContentLoaded", function () {
        fail(code, message, details);
      });
      return;
    }
    var detailsEl = byId("park-error-details");
    if (details && detailsEl) {
      detailsEl.textContent += (detailsEl.textContent ? "\n\n" : "") + details;
    }
    if (failed) return;
    failed = true;
    root.dataset.parkError = code;
    errorMessage = message;
    byId("park-error-message").textContent = message();
    byId("park-error").hidden = false;
    byId("park-loading").hidden = true;
    byId("park-root").hidden = true; // a first screen shown meanwhile cannot work now
  }

  // After a fatal error (Pyodide's, reason.pyodide_fatal_error, or a WebAssembly trap that
  // escaped it: the WebAssembly memory can no longer be trusted) Python answers nothing
  // more: during a game no click would do anything. Cover the game with the error panel,
  // which says so and offers the reload; the game is saved after every move, so the reload
  // goes on where it stopped.
  function stopped(reason) {
    if (!reason || !isReady() || failed) return;
    var trap = window.WebAssembly && reason instanceof WebAssembly.RuntimeError;
    if (!reason.pyodide_fatal_error && !trap) return;
    failed = true;
    root.dataset.parkError = "stopped";
    errorHeading = function () {
      return t("Python stopped");
    };
    errorMessage = function () {
      return t("The game is saved after every move: reload the page to go on.");
    };
    setText(byId("park-error-details"), describe(reason));
    applyTexts();
    byId("park-root").hidden = true;
    byId("park-error").hidden = false;
    byId("park-error-reload").focus();
  }

  function describe(reason) {
    if (reason && reason.stack) return String(reason.stack);
    if (reason && reason.message) return String(reason.message);
    return String(reason);
  }

  // A <script> or <link> that fails to load (e.g. the runtime is missing) fires a
  // non-bubbling "error" on the element: listen in the capture phase to see it.
  window.addEventListener(
    "error",
    function (event) {
      var target = event.target;
      stopped(event.error);
      if (target && target !== window && (target.src || target.href)) {
        // The snapshot's preload also fails when a damaged download is given up.
        if (OPTIONAL.test(target.src || target.href)) return;
        var url = target.src || target.href;
        fail("resource", function () {
          return t("A file the page needs could not be loaded.");
        }, t("Could not load {url}").replace("{url}", function () {
          return url;
        }));
      } else if (event.message) {
        fail("script", function () {
          return t("Python could not start the game.");
        }, describe(event.error || event.message));
      }
    },
    true
  );

  // Pyodide or PyScript failing while loading (network, bad wheel, ...) rejects a promise.
  window.addEventListener("unhandledrejection", function (event) {
    stopped(event.reason);
    fail("runtime", function () {
      return t("The Python runtime could not be loaded.");
    }, describe(event.reason));
  });

  // A fetch() that gets an HTTP error (e.g. Pyodide asking for a missing wasm file) fires
  // no error event, and Pyodide then waits forever: watch the resource timings instead.
  if (window.PerformanceObserver) {
    try {
      new PerformanceObserver(function (list) {
        list.getEntries().forEach(function (entry) {
          if (entry.responseStatus >= 400 && entry.name.indexOf(location.origin) === 0 &&
              !OPTIONAL.test(entry.name)) {
            fail("resource", function () {
              return t("A file the page needs could not be loaded.");
            }, t("HTTP {status} for {url}")
              .replace("{status}", String(entry.responseStatus))
              .replace("{url}", function () {
                return entry.name;
              }));
          }
        });
      }).observe({ type: "resource", buffered: true });
    } catch (error) {
      // Older browsers: the start-up timeout below still catches a hang.
    }
  }

  // PyScript's error plugin shows Python tracebacks as <div class="py-error">: move them
  // into our error panel.
  new MutationObserver(function (records) {
    records.forEach(function (record) {
      record.addedNodes.forEach(function (node) {
        if (node.nodeType === 1 && node.classList.contains("py-error")) {
          fail("python", function () {
            return t("Python raised an error while starting the game.");
          }, node.textContent);
          if (!isReady()) node.remove();
        }
      });
    });
  }).observe(document, { childList: true, subtree: true });

  // Progress: PyScript fires "py:ready" on the script element when Pyodide and the files
  // are loaded, right before main.py runs.
  document.addEventListener("py:ready", function () {
    setStatus(function () {
      return t("Starting the game…");
    });
  });

  var slowTimer = setTimeout(function () {
    setStatus(function () {
      return t("Still loading Python… (the first visit downloads about 20 MB)");
    });
  }, SLOW_START_MS);
  var timer = setTimeout(function () {
    fail("timeout", function () {
      return t("Python did not start within {seconds} seconds.")
        .replace("{seconds}", String(START_TIMEOUT_MS / 1000));
    }, t("Check your connection and reload the page."));
  }, START_TIMEOUT_MS);

  // A new build's service worker installs in the background and then waits: this page keeps
  // running on the files of its own build. The player is told, and chooses when to switch.
  var updateRequested = false;

  function offerUpdate(registration) {
    var box = byId("update");
    if (!box || !box.hidden) return;
    box.hidden = false;
    byId("update-reload").addEventListener("click", function () {
      // The worker waiting now: a later deploy may have replaced the one first announced.
      var waiting = registration.waiting;
      if (!waiting) return location.reload();
      updateRequested = true;
      waiting.postMessage({ type: "SKIP_WAITING" }); // then "controllerchange" reloads
    });
  }

  function watchForUpdates(registration) {
    if (!registration) return; // service workers blocked (private modes, policies)
    if (registration.waiting && navigator.serviceWorker.controller) {
      offerUpdate(registration);
    }
    // A tab left open hears of a deploy when it is looked at again.
    document.addEventListener("visibilitychange", function () {
      if (document.visibilityState === "visible") registration.update().catch(function () {});
    });
    registration.addEventListener("updatefound", function () {
      var worker = registration.installing;
      // A page no worker controls is a first install (nothing to update from) or a reload
      // that bypassed the worker (it already runs what the server has). Asked now, not when
      // the worker is installed: by then the first worker may already have taken the page,
      // and a first visit was told of a new version.
      if (!worker || !navigator.serviceWorker.controller) return;
      worker.addEventListener("statechange", function () {
        if (worker.state === "installed") offerUpdate(registration);
      });
    });
  }

  function registerServiceWorker() {
    if (!("serviceWorker" in navigator)) return;
    navigator.serviceWorker.addEventListener("controllerchange", function () {
      if (updateRequested) location.reload();
    });
    navigator.serviceWorker.register("./sw.js").then(watchForUpdates, function (error) {
      console.warn("Park: service worker registration failed; offline play is unavailable.", error);
    });
  }

  // The page's typeface (issue 39): the build writes here the faces to load (tools/fonts.py:
  // {"family": ..., "faces": [{"url", "weight", "style"}, ...]}). They load once the page is
  // ready, so start-up never waits for a font, and join the page only when all have arrived,
  // so no engine hides the text meanwhile. Until then, and without them, the style sheet's
  // fallbacks have the same widths.
  var FONTS = /* park:fonts */ null;

  function loadFonts() {
    if (!FONTS || !window.FontFace || !document.fonts) return;
    var faces = FONTS.faces.map(function (face) {
      var url = new URL(face.url, location.href).href;
      return new FontFace(FONTS.family, "url(" + JSON.stringify(url) + ') format("woff2")', {
        weight: face.weight,
        style: face.style,
      });
    });
    Promise.all(faces.map(function (face) {
      return face.load();
    })).then(function () {
      faces.forEach(function (face) {
        document.fonts.add(face);
      });
    }, function (error) {
      console.warn("Park: the page's font could not be loaded; a system font stands in.", error);
    });
  }

  // How the player last used the page (issue 39): <html data-park-input="pointer"> after a
  // click or a tap, "keyboard" after a key. A heading the page focuses (a dialog's title)
  // matches :focus-visible after a click in WebKit, not in Chromium and Firefox: the style
  // sheet hides its ring after a pointer in every engine.
  function noteInput(kind) {
    return function () {
      if (root.dataset.parkInput !== kind) root.dataset.parkInput = kind;
    };
  }
  document.addEventListener("pointerdown", noteInput("pointer"), true);
  document.addEventListener("keydown", noteInput("keyboard"), true);

  function onReady() {
    clearTimeout(slowTimer);
    clearTimeout(timer);
    if (root.dataset.parkError === "timeout") {
      // It was only slow: take the error back.
      delete root.dataset.parkError;
      byId("park-error").hidden = true;
    }
    loadFonts();
    registerServiceWorker();
  }

  if (isReady()) {
    onReady();
  } else {
    var readyObserver = new MutationObserver(function () {
      if (isReady()) {
        readyObserver.disconnect();
        onReady();
      }
    });
    readyObserver.observe(root, { attributes: true, attributeFilter: ["data-park-ready"] });
  }

  document.addEventListener("DOMContentLoaded", function () {
    applyTexts();
    byId("park-error-reload").addEventListener("click", function () {
      location.reload();
    });
  });
  loadMessages();
})();
