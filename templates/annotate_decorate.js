/* hlsight: put per-LSU numbers next to the vendor's LSU entries.
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
  var keys = Object.keys(byLocation);
  if (keys.length === 0) { return; }
  var escaped = keys.map(function (key) { return key.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"); });
  var pattern = new RegExp("(?:^|[\\s(/\\\\])(" + escaped.join("|") + ")(?![0-9])");
  var kindWords = { load: /\b(load|ld|read)\b/i, store: /\b(store|st|write)\b/i, atomic: /\batomic\b/i };

  function badgeFor(lsus) {
    var badge = document.createElement("span");
    badge.className = "hlsight-badge";
    badge.textContent = "hlsight: " + lsus.map(function (lsu) { return lsu.text; }).join(" | ");
    return badge;
  }

  function decorate() {
    var panel = document.getElementById("hlsight-panel");
    var walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT, null);
    var hits = [];
    for (var node = walker.nextNode(); node; node = walker.nextNode()) {
      var parent = node.parentElement;
      if (!parent || (panel && panel.contains(parent)) || parent.closest("script, style, .hlsight-badge")) { continue; }
      var match = pattern.exec(node.nodeValue);
      if (match) { hits.push([parent, match[1]]); }
    }
    hits.forEach(function (hit) {
      var row = hit[0].closest("tr, li") || hit[0];
      if (row.getAttribute("data-hlsight") === hit[1]) { return; }
      // cell by cell: textContent alone glues "Load" and "k.cl:12" into one word
      var text = Array.prototype.map.call(row.children.length ? row.children : [row],
        function (cell) { return cell.textContent; }).join(" ");
      var lsus = byLocation[hit[1]].filter(function (lsu) { return kindWords[lsu.kind] && kindWords[lsu.kind].test(text); });
      if (lsus.length === 0) { return; }
      row.setAttribute("data-hlsight", hit[1]);
      var cell = row.tagName === "TR" && row.cells.length ? row.cells[0] : row;
      cell.appendChild(badgeFor(lsus));
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
