// Coalition's page script (issue 18): the seat's WebSocket tells the page when the game moves on, and htmx
// redraws the table. Without it the pages still work: every form posts and every link loads a page.
(function () {
  "use strict";
  function table() { return document.getElementById("table"); }
  var t = table();
  if (!t || !window.WebSocket) { return; }
  var id = t.dataset.game;
  var seen = Number(t.dataset.seen);
  var waiting = false;
  function editing() {
    var a = document.activeElement;
    var now = table();
    return a && now && now.contains(a) && (a.tagName === "INPUT" || a.tagName === "SELECT" || a.tagName === "TEXTAREA");
  }
  function refresh() {
    if (editing()) { waiting = true; return; }
    waiting = false;
    if (window.htmx) {
      htmx.ajax("GET", location.pathname + location.search, { target: "#table", swap: "outerHTML" });
    }
  }
  document.addEventListener("focusout", function () { if (waiting) { setTimeout(refresh, 0); } });
  document.addEventListener("htmx:afterSwap", function (e) {
    var now = table();
    if (now) { seen = Math.max(seen, Number(now.dataset.seen)); }
    // After Send (issue 41): the answer, sent or refused, is beside the form; bring it into view and focus it.
    var cfg = e.detail && e.detail.requestConfig;
    var result = document.getElementById("result");
    if (cfg && cfg.verb === "post" && result && result.textContent.trim()) {
      result.scrollIntoView({ block: "start" });
      result.focus({ preventScroll: true });
    }
  });
  function connect() {
    var scheme = location.protocol === "https:" ? "wss://" : "ws://";
    var ws = new WebSocket(scheme + location.host + "/games/" + id + "/live?after=" + seen);
    ws.onmessage = function (m) {
      var p;
      try { p = JSON.parse(m.data); } catch (e) { return; }
      if ((p.type === "status" || p.type === "resync") && p.n > seen) {
        seen = p.n;
        refresh();
      }
    };
    ws.onclose = function () { setTimeout(connect, 3000); };
  }
  connect();
})();
