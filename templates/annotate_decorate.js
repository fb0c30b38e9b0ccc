/* hlsight: put per-LSU numbers next to the vendor's LSU entries, one LSU per
 * vendor row where the rows allow it, and keep the panel beside the page.
 * The vendor viewer builds its tables and graphs with JavaScript after load,
 * so this script watches the DOM and decorates rows that mention an LSU's
 * source line ("file.cl:12") and a load/store, once per row. It only reads
 * the JSON island #hlsight-data and never touches the vendor's own data. */
(function () {
  "use strict";
  var island = document.getElementById("hlsight-data");
  if (!island) { return; }
  var data = JSON.parse(island.textContent);
  var byLocation = {};
  data.kernels.forEach(function (kernel) {
    kernel.lsus.forEach(function (lsu) {
      if (!lsu.file || !lsu.line) { return; }
      var key = lsu.file + ":" + lsu.line;
      (byLocation[key] = byLocation[key] || []).push(lsu);
    });
  });
  // the panel is a sidebar: make room for it, and give the room back when folded
  var root = document.documentElement;
  root.classList.add("hlsight-annotated");
  var fold = document.querySelector("#hlsight-panel > details");
  if (fold) {
    fold.addEventListener("toggle", function () { root.classList.toggle("hlsight-folded", !fold.open); });
  }

  var keys = Object.keys(byLocation);
  if (keys.length === 0) { return; }
  var escaped = keys.map(function (key) { return key.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"); });
  var pattern = new RegExp("(?:^|[\\s(/\\\\])(" + escaped.join("|") + ")(?![0-9])");
  var kindWords = { load: /\b(load|ld|read)\b/i, store: /\b(store|st|write)\b/i, atomic: /\batomic\b/i };

  function badgeFor(lsus) {
    var badge = document.createElement("span");
    badge.className = "hlsight-badge";
    badge.setAttribute("data-hlsight-lsus", lsus.map(function (lsu) { return lsu.id; }).join(" "));
    badge.textContent = "hlsight: " + lsus.map(function (lsu) { return lsu.text; }).join(" | ");
    return badge;
  }

  // the row's own text, cell by cell (textContent alone glues "Load" and
  // "k.cl:12" into one word), without the badges hlsight added
  function rowText(row) {
    var parts = [];
    var walker = document.createTreeWalker(row, NodeFilter.SHOW_TEXT, null);
    for (var node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.parentElement.closest(".hlsight-badge")) { parts.push(node.nodeValue); }
    }
    return parts.join(" ");
  }

  function rowKind(text) {
    var kinds = Object.keys(kindWords);
    for (var i = 0; i < kinds.length; i++) { if (kindWords[kinds[i]].test(text)) { return kinds[i]; } }
    return null;
  }

  function decorate() {
    var panel = document.getElementById("hlsight-panel");
    var walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT, null);
    var rows = [];
    var seen = [];
    for (var node = walker.nextNode(); node; node = walker.nextNode()) {
      var parent = node.parentElement;
      if (!parent || (panel && panel.contains(parent)) || parent.closest("script, style, .hlsight-badge")) { continue; }
      var match = pattern.exec(node.nodeValue);
      if (!match) { continue; }
      var row = parent.closest("tr, li") || parent;
      if (seen.indexOf(row) >= 0) { continue; }
      seen.push(row);
      var kind = rowKind(rowText(row));
      if (kind) { rows.push({ row: row, key: match[1], kind: kind }); }
    }
    // The vendor lists one row per LSU, in the report's order: when a source
    // line has as many rows of a kind as LSUs of that kind, row i gets LSU i
    // (two Load rows of line 11: load0 and load1, one each); otherwise every
    // such row shows them all.
    var groups = {};
    rows.forEach(function (hit) { (groups[hit.key + "|" + hit.kind] = groups[hit.key + "|" + hit.kind] || []).push(hit); });
    Object.keys(groups).forEach(function (groupKey) {
      var hits = groups[groupKey];
      var lsus = byLocation[hits[0].key].filter(function (lsu) { return lsu.kind === hits[0].kind; });
      if (lsus.length === 0) { return; }
      hits.forEach(function (hit, index) {
        var mine = hits.length === lsus.length ? [lsus[index]] : lsus;
        var ids = mine.map(function (lsu) { return lsu.id; }).join(" ");
        var old = hit.row.querySelector(".hlsight-badge");
        if (old && old.getAttribute("data-hlsight-lsus") === ids) { return; }
        if (old) { old.parentNode.removeChild(old); }
        hit.row.setAttribute("data-hlsight", hit.key);
        var cell = hit.row.tagName === "TR" && hit.row.cells.length ? hit.row.cells[0] : hit.row;
        cell.appendChild(badgeFor(mine));
      });
    });
  }

  var pending = false;
  function schedule() {
    if (pending) { return; }
    pending = true;
    window.setTimeout(function () { pending = false; decorate(); }, 50);
  }
  new MutationObserver(function (records) {
    for (var i = 0; i < records.length; i++) {
      var target = records[i].target;
      if (!(target.closest && target.closest(".hlsight-badge"))) { schedule(); return; }
    }
  }).observe(document.body, { childList: true, subtree: true });
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", schedule);
  } else {
    schedule();
  }
})();
