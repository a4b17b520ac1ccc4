// Sorting: a click on a column head of a .sortable table sorts its rows by that
// column, numbers as numbers ("2=" and "#3 4/5" read by their first number), a
// second click reverses. Nothing is fetched.
function judgeKey(s) {
  var m = s.replace(/^#/, "").match(/^-?\d+(\.\d+)?/);
  return m ? parseFloat(m[0]) : null;
}
function judgeSortable(root) {
  root.querySelectorAll("table.sortable").forEach(function (table) {
    table.querySelectorAll("thead th").forEach(function (th, col) {
      th.addEventListener("click", function () {
        var asc = !th.classList.contains("asc");
        table.querySelectorAll("thead th").forEach(function (h) { h.classList.remove("asc", "desc"); });
        th.classList.add(asc ? "asc" : "desc");
        var body = table.tBodies[0];
        var rows = Array.prototype.slice.call(body.rows);
        rows.sort(function (a, b) {
          var x = a.cells[col].textContent, y = b.cells[col].textContent;
          var kx = judgeKey(x), ky = judgeKey(y), c;
          if (kx !== null && ky !== null) { c = kx - ky; }
          else if (kx !== null) { c = -1; } else if (ky !== null) { c = 1; }
          else { c = x.localeCompare(y); }
          return asc ? c : -c;
        });
        rows.forEach(function (r) { body.appendChild(r); });
      });
    });
  });
}
judgeSortable(document);
// Live pages: poll the server's version every second; when it changes, fetch the
// page again and swap its main part in, keeping the reader's place. The body's
// data-updates attribute counts the swaps.
function judgeLive(url) {
  var seen = null;
  function poll() {
    fetch(url, { cache: "no-store" }).then(function (r) { return r.text(); }).then(function (v) {
      if (seen === null) { seen = v; return; }
      if (v === seen) { return; }
      seen = v;
      return fetch(location.pathname, { cache: "no-store" }).then(function (r) { return r.text(); }).then(function (text) {
        var doc = new DOMParser().parseFromString(text, "text/html");
        var fresh = doc.getElementById("main"), note = doc.querySelector(".note"), old = document.querySelector(".note");
        if (fresh) {
          document.getElementById("main").replaceWith(fresh);
          judgeSortable(fresh);
          if (note && old) { old.replaceWith(note); }
          document.body.setAttribute("data-updates", String(1 + Number(document.body.getAttribute("data-updates") || 0)));
        }
      });
    }).catch(function () {}).then(function () { setTimeout(poll, 1000); });
  }
  poll();
}
