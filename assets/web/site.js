// corrbot's public pages: a few lines of plain script. Every ply has its own
// address, so the pages work without it; with it, the arrow keys step
// through a game and a page reloads its content when a move is made (SSE).
(function () {
  var keys = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" };
  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    var link = document.getElementById(keys[e.key] || "");
    if (link && link.href) { e.preventDefault(); window.location.assign(link.href); }
  });
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
        if (fresh && page) { page.replaceWith(fresh); localTimes(); markScroll(); document.body.setAttribute("data-updated", String(Date.now())); }
      });
  });
})();
