// Search with pagefind, ranked for players. Every page's sidebar search goes to the search page.
//
// The order of results, for any query, only ever depends on that query and the filters chosen:
//   1. exact rule ids, section numbers and card names (pagefind/rules-terms.json, written by `rules site`);
//   2. rules, sections, cards and rulings, by pagefind's score;
//   3. scenarios (answered questions), by pagefind's score.
// Ties are broken by the page's address. A query that finds nothing among the rules is tried again with its
// mistyped words corrected against the words of the rules and the cards ("diablery", "vast welth"); a question
// ("can I block with a tapped vampire") is searched word by word, with related words (tapped/untapped), and pages
// are ranked by how many of its words they have; Japanese is also matched character by character (血 in 吸血鬼).
// Text from the index is only ever put into the page as text (never as HTML).
(function () {
  "use strict";
  var root = document.documentElement.dataset.content_root || "./";
  var PAGE_SIZE = 20;
  var STOP = new Set(("a about an and are as at be been by can could did do does for from had has have he her his " +
    "how i if in into is it its me might must my no not of on or our she should so than that the their them then " +
    "there these they this those to was we were what when where which while who why will with would you your")
    .split(" "));
  var CJK = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u3041-\u3096\u30a1-\u30fa\u30fc]/g;  // match and replace only
  var HAS_CJK = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u3041-\u3096\u30a1-\u30fa\u30fc]/;
  var KINDS = { card: "Card", scenario: "Scenario", authority: "Ruling authority", browse: "List", source: "Document" };
  var loading = null;

  function engine() {
    if (!loading) {
      var site = new URL(root, window.location.href);
      var index = import(new URL("pagefind/pagefind.js", site).href).then(function (pf) {
        return Promise.resolve(pf.options({ baseUrl: site.pathname, excerptLength: 26 }))
          .then(function () { return pf.init ? pf.init() : null; })
          .then(function () { return pf; });
      });
      var terms = fetch(new URL("pagefind/rules-terms.json", site).href)
        .then(function (r) { return r.ok ? r.json() : {}; })
        .catch(function () { return {}; });
      var scenarios = index.then(function (pf) { return pf.search(null, { filters: { source: "scenarios" } }); });
      loading = Promise.all([index, terms, scenarios]).then(function (all) {
        var t = all[1] || {};
        return { pf: all[0], site: site, pages: t.pages || [], ids: t.ids || {}, names: t.names || {},
                 words: t.words || {}, related: t.related || {}, labels: t.labels || {},
                 scenarios: new Set(((all[2] || {}).results || []).map(function (r) { return r.id; })) };
      });
    }
    return loading;
  }

  // ---- the query --------------------------------------------------------------------------------------------

  function words(text) {
    return text.toLowerCase().replace(/['\u2019]/g, "").match(/[a-z0-9]+/g) || [];
  }

  function contentWords(text) {
    return words(text).filter(function (w) { return !STOP.has(w) && w.length > 1; });
  }

  function isQuestion(q) {
    var all = words(q);
    var content = contentWords(q);
    return content.length >= 2 && (all.length >= 4 || all.length > content.length) && !HAS_CJK.test(q);
  }

  function exactHits(e, q) {
    var key = q.trim().toLowerCase().replace(/\.$/, "");
    var found = (e.ids[key] || []).concat(e.names[words(q).join(" ")] || []);
    var out = [];
    found.forEach(function (i) {
      var p = e.pages[i];
      if (p && !out.some(function (o) { return o.url === p[0]; })) { out.push({ url: p[0], title: p[1] }); }
    });
    return out;
  }

  // Optimal string alignment distance, or limit + 1 once it is certainly above limit.
  function distance(a, b, limit) {
    if (Math.abs(a.length - b.length) > limit) { return limit + 1; }
    var rows = [];
    for (var i = 0; i <= a.length; i++) { rows.push([i]); }
    for (var j = 1; j <= b.length; j++) { rows[0][j] = j; }
    for (i = 1; i <= a.length; i++) {
      var best = limit + 1;
      for (j = 1; j <= b.length; j++) {
        var cost = a[i - 1] === b[j - 1] ? 0 : 1;
        var d = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost);
        if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) { d = Math.min(d, rows[i - 2][j - 2] + 1); }
        rows[i][j] = d;
        best = Math.min(best, d);
      }
      if (best > limit) { return limit + 1; }
    }
    return rows[a.length][b.length];
  }

  function nearest(word, known) {
    var limit = word.length <= 5 ? 1 : 2;
    var best = null;
    Object.keys(known).forEach(function (k) {
      var d = distance(word, k, limit);
      if (d > limit) { return; }
      if (!best || d < best.d || (d === best.d && (known[k] > known[best.w] || (known[k] === known[best.w] && k < best.w)))) {
        best = { w: k, d: d };
      }
    });
    return best ? best.w : null;
  }

  // The query with each unknown word of 4 letters or more replaced by the nearest known word; null if none changed.
  function corrected(e, q) {
    var changed = false;
    var out = q.replace(/[A-Za-z]+/g, function (w) {
      var lw = w.toLowerCase();
      if (lw.length < 4 || STOP.has(lw) || e.words[lw]) { return w; }
      if (Object.keys(e.words).some(function (k) { return k.lastIndexOf(lw, 0) === 0; })) { return w; }  // a prefix
      var fix = nearest(lw, e.words);
      if (!fix) { return w; }
      changed = true;
      return fix;
    });
    return changed ? out : null;
  }

  // ---- pagefind ------------------------------------------------------------------------------------------------

  function byScore(a, b) {
    return b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  }

  function find(e, query, filters) {
    return Promise.resolve(e.pf.search(query, { filters: filters || {} })).then(function (r) {
      return (r && r.results ? r.results.slice() : []).sort(byScore);
    });
  }

  function union(lists) {
    var seen = new Set();
    var out = [];
    lists.forEach(function (list) {
      list.forEach(function (r) { if (!seen.has(r.id)) { seen.add(r.id); out.push(r); } });
    });
    return out;
  }

  // Pages ranked by how many of the question's words (or a related word) they have, then by their scores, a rare
  // word's counting more.
  function byWords(e, q, filters) {
    var groups = contentWords(q).map(function (w) { return [w].concat(e.related[w] || []); });
    return Promise.all(groups.map(function (forms) {
      return Promise.all(forms.map(function (f) { return find(e, f, filters); }));
    })).then(function (found) {
      var pages = new Map();
      found.forEach(function (forms) {
        var hit = new Map();
        forms.forEach(function (list) {
          var top = list.length ? list[0].score || 1 : 1;
          list.forEach(function (r) { hit.set(r.id, Math.max(hit.get(r.id) || 0, r.score / top)); });
        });
        var rarity = 1 / Math.log(2 + hit.size);  // a word few pages have says more about a page
        hit.forEach(function (score, id) {
          var page = pages.get(id) || { count: 0, score: 0 };
          page.count += 1;
          page.score += score * rarity;
          pages.set(id, page);
        });
      });
      var results = new Map();
      found.forEach(function (forms) { forms.forEach(function (list) { list.forEach(function (r) { results.set(r.id, r); }); }); });
      var need = Math.min(2, groups.length);
      return Array.from(pages.entries())
        .filter(function (p) { return p[1].count >= need; })
        .sort(function (a, b) { return b[1].count - a[1].count || b[1].score - a[1].score || (a[0] < b[0] ? -1 : 1); })
        .map(function (p) { return results.get(p[0]); });
    });
  }

  function lookup(e, q, filters) {
    var all;
    if (isQuestion(q)) {
      all = byWords(e, q, filters);
    } else {
      var chars = q.match(CJK);
      var searches = [find(e, q, filters)];
      if (chars) {
        var rest = q.replace(CJK, " ");
        searches.push(find(e, Array.from(new Set(chars)).join(" ") + " " + rest, filters));
      }
      all = Promise.all(searches).then(union);
    }
    return all.then(function (found) {
      return { main: found.filter(function (x) { return !e.scenarios.has(x.id); }),
               scenarios: found.filter(function (x) { return e.scenarios.has(x.id); }) };
    });
  }

  // Among the first results (pagefind's best), by the page's title: a title that is the query ("Bleed"), then a
  // section whose title holds it, then any title holding it, then the rest; list pages (an authority's rulings,
  // cards by set) after the rules and cards they list. Each group keeps pagefind's order.
  var LISTS = /^(authority|browse)\//;
  var WINDOW = 30;

  function headingOf(title) {
    return (title || "").split(" \u2014 ")[0].toLowerCase().replace(/[\s:.]+$/, "");
  }

  function titleRank(q, data) {
    var query = q.trim().toLowerCase();
    var heading = headingOf(data.meta && data.meta.title);
    if (!query || !heading) { return 3; }
    if (heading === query) { return 0; }
    var holds = HAS_CJK.test(query) ? heading.indexOf(query) >= 0
      : (" " + words(heading).join(" ") + " ").indexOf(" " + words(query).join(" ") + " ") >= 0;
    if (!holds) { return 3; }
    return data.meta && data.meta.kind === "section" ? 1 : 2;
  }

  function firstWindow(e, q, found) {
    var head = found.slice(0, WINDOW);
    return Promise.all(head.map(function (r) { return r.data(); })).then(function (all) {
      var key = all.map(function (data, i) {
        return [LISTS.test(data.url.replace(e.site.pathname, "")) ? 1 : 0, titleRank(q, data), i];
      });
      var order = head.map(function (r, i) { return i; });
      order.sort(function (a, b) { return key[a][0] - key[b][0] || key[a][1] - key[b][1] || a - b; });
      return order.map(function (i) { return head[i]; }).concat(found.slice(WINDOW));
    });
  }

  function ranked(e, q, filters) {
    var exact = Object.keys(filters).length ? [] : exactHits(e, q);
    return lookup(e, q, filters).then(function (res) {
      return firstWindow(e, q, res.main).then(function (main) {
        return { exact: exact, main: main, scenarios: res.scenarios, corrected: null };
      });
    });
  }

  // A query with a word that is neither a word of the rules, cards and scenarios nor the start of one is searched
  // as corrected, when that finds anything among the rules and cards; otherwise as typed.
  function rank(e, q, filters) {
    var fix = corrected(e, q);
    if (!fix) { return ranked(e, q, filters); }
    return ranked(e, fix, filters).then(function (again) {
      if (again.exact.length || again.main.length) { again.corrected = fix; return again; }
      return ranked(e, q, filters);
    });
  }

  // ---- the page ----------------------------------------------------------------------------------------------

  function el(tag, cls, text) {
    var node = document.createElement(tag);
    if (cls) { node.className = cls; }
    if (text !== undefined) { node.textContent = text; }
    return node;
  }

  // pagefind's excerpt, with only its <mark> kept as markup: parsed in an inert document, copied as text.
  function excerptNode(excerpt) {
    var p = el("p", "rules-search-excerpt");
    var doc = new DOMParser().parseFromString("<body>" + (excerpt || "") + "</body>", "text/html");
    doc.body.childNodes.forEach(function (n) {
      if (n.nodeName === "MARK") { p.appendChild(el("mark", "", n.textContent)); } else { p.appendChild(document.createTextNode(n.textContent)); }
    });
    return p;
  }

  // For Japanese, pagefind's excerpt is around a character: show the place where the query's text appears.
  function japaneseExcerpt(content, q) {
    var run = (q.match(/[\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]+/) || [""])[0];
    var at = run ? content.indexOf(run) : -1;
    if (at < 0) { return null; }
    var p = el("p", "rules-search-excerpt");
    var start = Math.max(0, at - 40);
    p.appendChild(document.createTextNode((start ? "…" : "") + content.slice(start, at)));
    p.appendChild(el("mark", "", run));
    p.appendChild(document.createTextNode(content.slice(at + run.length, at + run.length + 60) + "…"));
    return p;
  }

  function kindOf(e, url, data) {
    var kind = data && data.meta && data.meta.kind;
    var source = data && data.filters && data.filters.source && data.filters.source[0];
    var name = (e.labels.source || {})[source] || "";
    if (kind) { return kind.charAt(0).toUpperCase() + kind.slice(1) + (name ? " · " + name : ""); }
    var folder = url.replace(e.site.pathname, "").split("/")[0];
    return KINDS[folder] || "Page";
  }

  function item(e, url, title, kind, excerpt) {
    var li = el("li", "rules-search-result");
    var a = el("a", "pagefind-ui__result-link rules-search-link", title);
    a.href = url;
    li.appendChild(a);
    li.appendChild(el("span", "rules-search-kind", kind));
    if (excerpt) { li.appendChild(excerpt); }
    return li;
  }

  function Search(box) {
    this.box = box;
    this.seq = 0;
    box.textContent = "";
    var form = el("form", "rules-search-form");
    form.setAttribute("role", "search");
    form.addEventListener("submit", function (ev) { ev.preventDefault(); });
    this.input = el("input", "pagefind-ui__search-input rules-search-input");
    this.input.type = "search";
    this.input.autocomplete = "off";
    this.input.placeholder = "A rule id, a section number, a card or words";
    this.input.setAttribute("aria-label", "Search the rules, cards and scenarios");
    form.appendChild(this.input);
    this.filters = el("div", "rules-search-filters");
    form.appendChild(this.filters);
    box.appendChild(form);
    this.status = el("p", "rules-search-status");
    this.status.setAttribute("role", "status");
    this.status.setAttribute("aria-live", "polite");
    box.appendChild(this.status);
    this.list = el("ol", "rules-search-results");
    box.appendChild(this.list);
    this.more = el("button", "rules-search-more", "More results");
    this.more.type = "button";
    this.more.hidden = true;
    box.appendChild(this.more);
    var self = this;
    var timer = null;
    this.input.addEventListener("input", function () {
      clearTimeout(timer);
      self.status.textContent = "Searching\u2026";
      timer = setTimeout(function () { self.run(); }, 180);
    });
    this.more.addEventListener("click", function () { self.showMore(); });
    engine().then(function (e) { self.addFilters(e); }).catch(function () {
      self.status.textContent = "Search is not available: the search index was not built (rules site --no-search).";
    });
  }

  Search.prototype.addFilters = function (e) {
    var self = this;
    return Promise.resolve(e.pf.filters()).then(function (all) {
      [["source", "Document"], ["status", "Status"]].forEach(function (pair) {
        var values = Object.keys((all || {})[pair[0]] || {}).sort();
        if (!values.length) { return; }
        var label = el("label", "rules-search-filter");
        label.appendChild(document.createTextNode(pair[1] + " "));
        var select = el("select", "rules-search-select");
        select.name = pair[0];
        select.appendChild(el("option", "", "any"));
        select.options[0].value = "";
        values.forEach(function (v) {
          var o = el("option", "", ((e.labels[pair[0]] || {})[v] || v) + " (" + all[pair[0]][v] + ")");
          o.value = v;
          select.appendChild(o);
        });
        select.addEventListener("change", function () { self.run(); });
        label.appendChild(select);
        self.filters.appendChild(label);
      });
    });
  };

  Search.prototype.chosen = function () {
    var out = {};
    this.filters.querySelectorAll("select").forEach(function (s) { if (s.value) { out[s.name] = s.value; } });
    return out;
  };

  Search.prototype.run = function () {
    var self = this;
    var q = this.input.value.trim();
    var seq = ++this.seq;
    var params = new URLSearchParams(window.location.search);
    if (q) { params.set("q", q); } else { params.delete("q"); }
    var search = params.toString();
    window.history.replaceState(null, "", window.location.pathname + (search ? "?" + search : "") + window.location.hash);
    if (!q) {
      this.list.textContent = "";
      this.status.textContent = "";
      this.more.hidden = true;
      return Promise.resolve();
    }
    return engine().then(function (e) {
      return rank(e, q, self.chosen()).then(function (ranked) {
        if (seq !== self.seq) { return; }
        self.e = e;
        self.query = ranked.corrected || q;
        self.exact = ranked.exact;
        self.pending = ranked.main.concat(ranked.scenarios);
        self.shownUrls = new Set();
        self.exactItems = {};
        self.list.textContent = "";
        self.total = ranked.exact.length + self.pending.length;
        ranked.exact.forEach(function (hit) {
          var url = new URL(hit.url, e.site);
          self.shownUrls.add(url.pathname);
          self.exactItems[url.pathname] = null;
          var kind = hit.url.indexOf("#") >= 0 ? "Ruling · its reference"
            : hit.url.indexOf("card/") === 0 ? "Card · its name" : "Rule · its id";
          var li = item(e, url.pathname + url.hash, hit.title, kind, null);
          self.exactItems[url.pathname] = li;
          self.list.appendChild(li);
        });
        return self.showMore(seq).then(function () {
          if (seq !== self.seq) { return; }
          var total = self.total;
          var text = total ? total + " result" + (total > 1 ? "s" : "") : "No results";
          self.status.textContent = ranked.corrected
            ? text + " for \u201c" + ranked.corrected + "\u201d (you typed \u201c" + q + "\u201d)."
            : text + " for \u201c" + q + "\u201d.";
        });
      });
    }).catch(function (err) {
      if (seq === self.seq) { self.status.textContent = "Search failed: " + err; }
    });
  };

  Search.prototype.showMore = function (seq) {
    var self = this;
    seq = seq || this.seq;
    var batch = this.pending.splice(0, PAGE_SIZE);
    return Promise.all(batch.map(function (r) { return r.data(); })).then(function (all) {
      if (seq !== self.seq) { return; }
      all.forEach(function (data) {
        var url = data.url.split("#")[0];
        var exact = self.exactItems[url];
        if (exact && !exact.querySelector(".rules-search-excerpt") && !HAS_CJK.test(self.query)) {
          exact.appendChild(excerptNode(data.excerpt));  // the page's own excerpt under its exact hit
        }
        if (self.shownUrls.has(url)) { self.total -= 1; return; }  // an exact hit, already shown
        self.shownUrls.add(url);
        var excerpt = (HAS_CJK.test(self.query) && japaneseExcerpt(data.content || "", self.query)) || excerptNode(data.excerpt);
        self.list.appendChild(item(self.e, data.url, (data.meta && data.meta.title) || url, kindOf(self.e, url, data), excerpt));
      });
      self.more.hidden = !self.pending.length;
    });
  };

  function start() {
    document.querySelectorAll("form.sidebar-search-container, form[role=search]").forEach(function (f) {
      if (!f.classList.contains("rules-search-form")) { f.setAttribute("action", root + "search-rules.html"); }
    });
    var box = document.getElementById("rules-search");
    if (!box) { return; }
    var search = new Search(box);
    var q = new URLSearchParams(window.location.search).get("q");
    if (q) {
      search.input.value = q;
      search.run();
    }
  }

  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", start); } else { start(); }
})();
