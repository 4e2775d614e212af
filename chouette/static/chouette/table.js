/* The chouette table on the phones around it (no framework).

   Every phone sees what the others enter: the table polls itself (#chouette-table,
   hx-trigger "every ..."; nardy/site.js sends its entity tag back, so a poll is answered
   304 while nothing changed, and none is sent while the tab is hidden). A game form the
   scorer has started to fill in is kept through a refresh that leaves its game as it was
   (same game number, same line-up): a seat taken during the game does not wipe it. */
(function () {
  "use strict";

  const body = document.body;

  function gameForm(root) {
    return root.querySelector("#game-form form");
  }

  function markTouched(event) {
    const form = event.target.closest ? event.target.closest("#game-form form") : null;
    if (form) form.dataset.touched = "1";
  }
  document.addEventListener("input", markTouched, true);
  document.addEventListener("change", markTouched, true);

  function seats(form) {
    return ["box", "team", "partner", "number"].map(function (name) {
      const field = form.elements.namedItem(name);
      return field ? field.value : "";
    }).join("|");
  }

  body.addEventListener("htmx:beforeSwap", function (event) {
    const detail = event.detail;
    if (!detail.elt || detail.elt.id !== "chouette-table" || detail.xhr.status !== 200) return;
    const current = gameForm(document);
    if (!current || !current.dataset.touched) return;
    const page = new DOMParser().parseFromString(detail.serverResponse, "text/html");
    const incoming = gameForm(page);
    if (!incoming || seats(incoming) !== seats(current)) return;
    page.querySelector("#game-form").setAttribute("hx-preserve", "true");
    detail.serverResponse = page.body.innerHTML;
  });
})();
