// corrbot's public pages: a few lines of plain script. Every ply has its own
// address, so the pages work without it; with it, a game page steps through
// its moves without reloading (the board drawn in the page from the
// placements it embeds: arrow keys, a swipe or a tap, the links and the
// move list), and a page reloads its content when a move is made (SSE).
(function () {
  var keys = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" };
  var glyphs = { k: "\u265a", q: "\u265b", r: "\u265c", b: "\u265d", n: "\u265e", p: "\u265f" };
  var game = null; // { steps, ply, labels } of the game page shown
  function startGame() {
    var data = document.getElementById("game-data");
    var box = document.getElementById("grid-box");
    if (!data || !box) { game = null; return; }
    var parsed = JSON.parse(data.textContent);
    var nav = document.querySelector("nav.plies");
    var labels = {};
    nav.querySelectorAll("[data-step]").forEach(function (el) { labels[el.getAttribute("data-step")] = el.textContent; });
    game = { steps: parsed.plies, ply: parsed.ply, labels: labels };
    box.hidden = false;
    var grid = document.getElementById("grid");
    // A swipe steps; a tap on the board's left or right half too.
    var start = null;
    grid.addEventListener("pointerdown", function (e) { start = [e.clientX, e.clientY]; });
    grid.addEventListener("pointerup", function (e) {
      if (!start) return;
      var dx = e.clientX - start[0], dy = e.clientY - start[1];
      start = null;
      if (Math.abs(dx) > 30 && Math.abs(dx) > Math.abs(dy)) { go(game.ply + (dx < 0 ? 1 : -1)); return; }
      if (Math.abs(dx) < 10 && Math.abs(dy) < 10) {
        var r = grid.getBoundingClientRect();
        go(game.ply + (e.clientX < r.left + r.width / 2 ? -1 : 1));
      }
    });
  }
  // Shows ply `ply` of the game: board, marks, links and address.
  function go(ply) {
    if (!game) return false;
    var last = game.steps.length - 1;
    ply = Math.max(0, Math.min(last, ply));
    var step = game.steps[ply];
    game.ply = ply;
    document.querySelectorAll("#grid .sq").forEach(function (sq) {
      var name = sq.getAttribute("data-sq");
      var at = (name.charCodeAt(0) - 97) + 8 * (Number(name[1]) - 1);
      var c = step.b[at];
      sq.textContent = "";
      if (c !== ".") {
        var pc = document.createElement("span");
        var lower = c.toLowerCase();
        pc.className = "pc " + (c === lower ? "black" : "white");
        pc.textContent = glyphs[lower] + "\ufe0e";
        sq.appendChild(pc);
      }
      sq.classList.toggle("last", !!step.l && (step.l.slice(0, 2) === name || step.l.slice(2, 4) === name));
    });
    document.getElementById("grid-box").setAttribute("aria-label", step.a);
    document.getElementById("ply").textContent = step.t;
    var analysis = document.getElementById("analysis");
    if (analysis) analysis.href = step.f;
    document.querySelectorAll("#moves td.move").forEach(function (td) {
      var a = td.querySelector("a");
      var current = a && Number(a.getAttribute("data-ply")) === ply;
      td.classList.toggle("current", current);
      if (current) a.setAttribute("aria-current", "step"); else if (a) a.removeAttribute("aria-current");
    });
    var targets = { first: 0, prev: ply - 1, next: ply + 1, last: last };
    var nav = document.querySelector("nav.plies");
    nav.textContent = "";
    ["first", "prev", "next", "last"].forEach(function (id) {
      var to = targets[id], on = to >= 0 && to <= last && to !== ply;
      var el = document.createElement(on ? "a" : "span");
      el.textContent = game.labels[id];
      el.setAttribute("data-step", id);
      if (on) { el.id = id; el.href = game.steps[to].h; } else { el.className = "off"; }
      nav.appendChild(el);
    });
    history.replaceState(null, "", step.h);
    return true;
  }
  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    var link = document.getElementById(keys[e.key] || "");
    if (!link || !link.href) return;
    e.preventDefault();
    if (!(game && go(stepOf(link)))) window.location.assign(link.href);
  });
  // The ply a step link or a move's link leads to.
  function stepOf(link) {
    var ply = link.getAttribute("data-ply");
    if (ply !== null) return Number(ply);
    var targets = { first: 0, prev: game.ply - 1, next: game.ply + 1, last: game.steps.length - 1 };
    return targets[link.getAttribute("data-step")];
  }
  document.addEventListener("click", function (e) {
    if (!game || e.button !== 0 || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    var link = e.target.closest && e.target.closest("nav.plies a[data-step], #moves a[data-ply]");
    if (link && go(stepOf(link))) e.preventDefault();
  });
  startGame();
  // A table wider than its box says so (the line under it shows).
  function markScroll() {
    document.querySelectorAll(".scroll").forEach(function (box) {
      box.classList.toggle("overflows", box.scrollWidth > box.clientWidth + 1);
    });
  }
  // Times and dates in the reader's own zone: the page writes them in the
  // event's zone, with the instant in the `datetime` attribute.
  function two(n) { return (n < 10 ? "0" : "") + n; }
  function localTimes() {
    var yours = document.body.getAttribute("data-your-time") || "";
    var at = document.documentElement.lang === "uk" ? "\u00a0о\u00a0" : "\u00a0";
    document.querySelectorAll("time[data-local]").forEach(function (t) {
      var d = new Date(t.getAttribute("datetime"));
      if (isNaN(d.getTime())) return;
      var day = two(d.getDate()) + "." + two(d.getMonth() + 1) + "." + d.getFullYear();
      if (t.getAttribute("data-local") === "date") { t.textContent = day; return; }
      t.textContent = day + at + two(d.getHours()) + ":" + two(d.getMinutes()) + " (" + yours + ")";
    });
  }
  localTimes();
  markScroll();
  window.addEventListener("resize", markScroll);
  var live = document.body.getAttribute("data-live");
  if (!live || !window.EventSource) return;
  var source = new EventSource(live);
  // Close the stream when leaving, so that pages opened one after another
  // do not use up the browser's connections to the site.
  window.addEventListener("pagehide", function () { source.close(); });
  source.addEventListener("change", function () {
    fetch(window.location.href, { headers: { Accept: "text/html" } })
      .then(function (r) { return r.text(); })
      .then(function (text) {
        var fresh = new DOMParser().parseFromString(text, "text/html").getElementById("page");
        var page = document.getElementById("page");
        if (fresh && page) { page.replaceWith(fresh); startGame(); localTimes(); markScroll(); document.body.setAttribute("data-updated", String(Date.now())); }
      });
  });
})();
