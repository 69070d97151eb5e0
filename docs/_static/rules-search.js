// Search with pagefind: by rule id or section number ("6.3.2", "V.D.5.c") and by words in
// English and Japanese. Every page's sidebar search goes to the search page.
(function () {
  "use strict";
  var base = document.documentElement.dataset.content_root || "./";
  function start() {
    document.querySelectorAll("form.sidebar-search-container, form[role=search]").forEach(function (f) {
      f.setAttribute("action", base + "search-rules.html");
    });
    var box = document.getElementById("rules-search");
    if (!box) { return; }
    var css = document.createElement("link");
    css.rel = "stylesheet";
    css.href = base + "pagefind/pagefind-ui.css";
    document.head.appendChild(css);
    var script = document.createElement("script");
    script.src = base + "pagefind/pagefind-ui.js";
    script.onload = function () {
      var ui = new PagefindUI({ element: "#rules-search", showSubResults: false, showImages: false,
                                resetStyles: false });
      var q = new URLSearchParams(window.location.search).get("q");
      if (q) { ui.triggerSearch(q); }
    };
    document.head.appendChild(script);
  }
  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", start); } else { start(); }
})();
