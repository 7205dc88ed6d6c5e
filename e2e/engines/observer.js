// Test-only, never shipped: the cross-engine tests' server (e2e/engines/site_server.py) puts
// this in front of boot.js. It records what would be an error in a player's console in the
// tab's sessionStorage ("park-test-problems"), where it outlives reloads: console.error
// calls, uncaught errors and rejections, elements that failed to load, CSP violations.
(function () {
  "use strict";
  var KEY = "park-test-problems";

  function record(kind, text) {
    try {
      var problems = JSON.parse(window.sessionStorage.getItem(KEY) || "[]");
      problems.push(kind + ": " + text);
      window.sessionStorage.setItem(KEY, JSON.stringify(problems));
    } catch (error) {
      // storage blocked: the test reads an empty list and the page's own checks decide
    }
  }

  // After Pyodide's fatal error, what it prints next is recorded too (console.warn and
  // console.log: the Python stack, from faulthandler), so that the test's report says where
  // Python was.
  var fatal = false;
  var consoleError = console.error;
  console.error = function () {
    var text = Array.prototype.map.call(arguments, String).join(" ");
    if (text.indexOf("fatal error") !== -1) fatal = true;
    record("console error", text);
    return consoleError.apply(console, arguments);
  };
  ["warn", "log"].forEach(function (level) {
    var original = console[level];
    console[level] = function () {
      if (fatal) record("after the fatal error", Array.prototype.map.call(arguments, String).join(" "));
      return original.apply(console, arguments);
    };
  });
  window.addEventListener(
    "error",
    function (event) {
      var target = event.target;
      if (target && target !== window) {
        record("failed to load", target.tagName + " " + (target.src || target.href || ""));
      } else {
        record("uncaught", event.message + " (" + event.filename + ":" + event.lineno + ")");
      }
    },
    true
  );
  window.addEventListener("unhandledrejection", function (event) {
    var reason = event.reason;
    record("unhandled rejection", String((reason && reason.stack) || reason));
  });
  document.addEventListener("securitypolicyviolation", function (event) {
    record("CSP violation", event.violatedDirective + " " + event.blockedURI);
  });
})();
