// The first screen before Python (issue 40): something to do in the first second.
//
// Python takes seconds to start on a phone. Until it is ready this script shows the page's
// real first screen, in the page's language, from the static page the build wrote:
//   * with no game in progress, the New game form and the header: names can be typed, the
//     opponents and their level chosen, the Rules and About dialogs read. Start the
//     expedition, Learn to play and Today's expedition (and any other header button) are
//     kept, and so is a game file chosen: <html data-park-pending="<command>">, the button
//     (or the file field) marked data-park-pending, and a start button says it is starting; web/first_screen.py carries the command out the moment
//     Python is ready, with the form exactly as the player left it;
//   * with a game in progress, the picture of the table kept when the page was last hidden
//     (web/table_picture.py), if it shows that very save in this language and build: not yet
//     playable (inert) until Python has drawn the same table over it.
// <html data-park-first-screen="form" | "picture"> says which (styles/park.css draws the
// loading message as a bar above it); performance mark "park:first-screen" says when
// (bench/page_load.py). Python takes the same elements over without drawing them again.
(function () {
  "use strict";

  var root = document.documentElement;
  var boot = window.parkBoot;
  if (!boot) return; // boot.js did not run: the loading screen stays until Python is ready

  var SAVE_KEY = "park.save";
  var TABLE_KEY = "park.table";
  var PICTURE_KEY = "park.picture";
  var PICTURE_VERSION = 1;
  var TRANSLATION_WAIT_MS = 3000; // then the first screen shows in English
  var STARTS = { submit: true, "learn-start": true, daily: true };

  function isReady() {
    return root.dataset.parkReady === "true";
  }

  function byId(id) {
    return document.getElementById(id);
  }

  function stored(key) {
    try {
      return window.localStorage.getItem(key);
    } catch (error) {
      return null; // storage blocked: nothing kept to show
    }
  }

  // park.ui.game.picture.save_fingerprint: the length in UTF-16 code units and the CRC-32
  // of those code units as little-endian bytes (Python's zlib.crc32 of the UTF-16-LE text).
  var CRC_TABLE = [];
  for (var n = 0; n < 256; n++) {
    var c = n;
    for (var k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    CRC_TABLE[n] = c >>> 0;
  }

  function fingerprint(text) {
    var crc = 0xffffffff;
    for (var i = 0; i < text.length; i++) {
      var unit = text.charCodeAt(i);
      crc = CRC_TABLE[(crc ^ unit) & 0xff] ^ (crc >>> 8);
      crc = CRC_TABLE[(crc ^ (unit >>> 8)) & 0xff] ^ (crc >>> 8);
    }
    crc = (crc ^ 0xffffffff) >>> 0;
    return text.length + ":" + ("0000000" + crc.toString(16)).slice(-8);
  }
  window.parkFingerprint = fingerprint; // the e2e tests hold it to Python's

  // park.ui.lang.i18n.page_message: the element's inner HTML, white space collapsed.
  function pageMessage(html) {
    return html.replace(/^\s+|\s+$/g, "").split(/\s+/).join(" ");
  }

  // web/dom.py's translate_page, with the translations the build computed with it
  // (tools/page_texts.py writes them into locale/<lang>/boot.json).
  function translatePage(messages) {
    var own = Object.prototype.hasOwnProperty;
    document.querySelectorAll("[data-i18n]").forEach(function (element) {
      var message = pageMessage(element.innerHTML);
      if (own.call(messages, message)) element.innerHTML = messages[message];
    });
    document.querySelectorAll("[data-i18n-attrs]").forEach(function (element) {
      element.getAttribute("data-i18n-attrs").split(/\s+/).forEach(function (name) {
        var value = element.getAttribute(name);
        if (value && own.call(messages, pageMessage(value))) {
          element.setAttribute(name, messages[pageMessage(value)]);
        }
      });
    });
    root.dataset.parkTranslated = boot.language;
  }

  // web/new_game_form.py's show_name_fields: a name field per human at the device.
  function showNameFields() {
    var humans = parseInt(byId("f-humans").value, 10) || 1;
    document.querySelectorAll("#f-others [data-human]").forEach(function (field) {
      field.hidden = parseInt(field.dataset.human, 10) > humans;
    });
    byId("f-name-label").textContent = humans === 1 ? boot.t("Your name") : boot.t("Player 1's name");
  }

  function choose(select, value) {
    var found = Array.prototype.some.call(select.options, function (option) {
      return option.value === value;
    });
    if (found) select.value = value;
    return found;
  }

  // web/new_game_form.py's fill_last_table: the last game's table, if it reads as one (what
  // Python would refuse, park.ui.setup.settings.parse_table, it says when the game starts).
  function fillLastTable() {
    var table = null;
    try {
      table = JSON.parse(stored(TABLE_KEY) || "null");
    } catch (error) {
      return;
    }
    if (!table || typeof table.name !== "string" || !Array.isArray(table.others)) return;
    if (table.others.length > 6 || typeof table.hints !== "boolean") return;
    if (!choose(byId("f-humans"), String(1 + table.others.length))) return;
    byId("f-name").value = table.name;
    table.others.forEach(function (name, index) {
      var field = byId("f-name-" + (index + 2));
      if (field && typeof name === "string") field.value = name;
    });
    choose(byId("f-opponents"), String(table.opponents));
    choose(byId("f-level"), String(table.level));
    byId("f-hints").checked = table.hints;
  }

  // A command kept for Python: the last one asked wins; a start locks the form as it is.
  function keep(command, element) {
    var earlier = document.querySelector("[data-park-pending]");
    if (earlier) earlier.removeAttribute("data-park-pending");
    root.dataset.parkPending = command;
    element.setAttribute("data-park-pending", "");
    element.setAttribute("aria-busy", "true");
    if (STARTS[command]) {
      element.dataset.parkLabel = element.innerHTML;
      element.textContent = boot.t("Starting…");
      byId("setup").inert = true;
    }
  }

  function openDialog(id) {
    var dialog = byId(id);
    if (dialog && !dialog.open && dialog.showModal) dialog.showModal();
  }

  function onClick(event) {
    if (isReady()) return;
    var button = event.target.closest && event.target.closest("[data-ui]");
    if (!button || button.closest("[inert]")) return;
    var command = button.dataset.ui;
    if (command === "rules" || command === "about") {
      openDialog(command + "-dialog");
    } else if (command === "close-dialog") {
      button.closest("dialog").close();
    } else if (root.dataset.parkFirstScreen === "form" && command === "learn") {
      byId("learn-start").focus(); // the form shows already: its offer is Learn to play
    } else if (root.dataset.parkFirstScreen !== "form" || command !== "new") {
      keep(command, button);
    }
  }

  // A game file chosen before Python: read once Python is ready (web/files.py).
  function onFileChosen(event) {
    if (!isReady() && event.target.files && event.target.files.length) {
      keep("open-file", event.target);
    }
  }

  function onSubmit(event) {
    if (isReady()) return;
    event.preventDefault();
    keep("submit", byId("new-game-form").querySelector("[type=submit]"));
  }

  // Python ready: the form unlocked, the buttons say again what they do.
  function takenOver() {
    byId("setup").inert = false;
    document.querySelectorAll("[aria-busy]").forEach(function (element) {
      element.removeAttribute("aria-busy");
      if (element.dataset.parkLabel !== undefined) {
        element.innerHTML = element.dataset.parkLabel;
        delete element.dataset.parkLabel;
      }
    });
  }

  function showForm() {
    fillLastTable();
    showNameFields();
    byId("f-humans").addEventListener("change", function () {
      if (!isReady()) showNameFields();
    });
    byId("new-game-form").addEventListener("submit", onSubmit);
    byId("game-import").addEventListener("change", onFileChosen);
    byId("setup").hidden = false;
    byId("park-root").hidden = false;
    root.dataset.parkFirstScreen = "form";
    root.dataset.parkScreen = "setup";
    // As web/new_game_form.py's show_form: the name focused, except on a touch screen.
    if (!window.matchMedia("(pointer: coarse)").matches) byId("f-name").focus({ preventScroll: true });
  }

  function showPicture(save) {
    var picture = null;
    try {
      picture = JSON.parse(stored(PICTURE_KEY) || "null");
    } catch (error) {
      return false;
    }
    var build = document.querySelector('meta[name="park-build"]');
    if (!picture || picture.version !== PICTURE_VERSION || typeof picture.html !== "string") {
      return false;
    }
    if (picture.language !== boot.language || picture.build !== (build ? build.content : "")) {
      return false;
    }
    if (picture.save !== fingerprint(save)) return false;
    var game = byId("game");
    var empty = game.innerHTML;
    // Python draws the table into the empty page, as without a picture (web/first_screen.py):
    // patching the picture's thousands of nodes would cost more than drawing them afresh.
    window.parkPictureTaken = function () {
      game.innerHTML = empty;
    };
    game.innerHTML = picture.html;
    game.inert = true;
    game.classList.add("is-picture");
    game.hidden = false;
    byId("park-root").hidden = false;
    root.dataset.parkFirstScreen = "picture";
    root.dataset.parkScreen = "game"; // the table's one-screen layout (styles/table.css) at once
    return true;
  }

  function show(translated) {
    if (isReady() || root.dataset.parkError || root.dataset.parkFirstScreen) return;
    if (translated) translatePage(boot.messages());
    var save = stored(SAVE_KEY);
    var shown = save ? showPicture(save) : (showForm(), true);
    if (!shown) return;
    document.addEventListener("click", onClick);
    if (window.performance && performance.mark) performance.mark("park:first-screen");
    new MutationObserver(function (records, observer) {
      if (!isReady()) return;
      observer.disconnect();
      takenOver();
    }).observe(root, { attributes: true, attributeFilter: ["data-park-ready"] });
  }

  function start() {
    var done = false;
    function once(translated) {
      if (done) return;
      done = true;
      show(translated);
    }
    boot.whenTranslated(once);
    setTimeout(function () {
      once(false);
    }, TRANSLATION_WAIT_MS);
  }

  // index.html loads this script after the page's markup, so it starts at once: waiting for
  // DOMContentLoaded would wait for the interpreter's modules too (a second on a phone).
  if (byId("park-root") && byId("game-import")) {
    start();
  } else {
    document.addEventListener("DOMContentLoaded", start);
  }
})();
