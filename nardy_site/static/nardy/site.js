/* Site-wide behaviour: the phone menu and the hints of sideways-scrolling boxes.
   Everything works without it: the menu is then always open, the hints never shown. */
(function () {
  "use strict";

  // Buttons that open and close what they control (aria-controls): the phone menu, and
  // the account menu of wide screens, which also closes on a click elsewhere. Escape
  // closes either and gives the focus back to its button.
  function setUpMenu() {
    document.querySelectorAll(".menu-toggle, .account-toggle").forEach(function (toggle) {
      const menu = document.getElementById(toggle.getAttribute("aria-controls"));
      if (!menu) return;
      const close = function () {
        toggle.setAttribute("aria-expanded", "false");
        menu.classList.remove("open");
      };
      toggle.addEventListener("click", function () {
        const open = toggle.getAttribute("aria-expanded") !== "true";
        toggle.setAttribute("aria-expanded", String(open));
        menu.classList.toggle("open", open);
      });
      document.addEventListener("keydown", function (event) {
        if (event.key === "Escape" && menu.classList.contains("open")) {
          close();
          toggle.focus();
        }
      });
      if (toggle.classList.contains("account-toggle")) {
        document.addEventListener("click", function (event) {
          if (menu.classList.contains("open") && !toggle.contains(event.target)
              && !menu.contains(event.target)) close();
        });
      }
    });
  }

  // Scroll boxes: say when their content is wider than they are, and at which end more is.
  const observer = "ResizeObserver" in window ? new ResizeObserver(function (entries) {
    entries.forEach(function (entry) { update(entry.target); });
  }) : null;

  function update(inner) {
    const box = inner.closest(".scrollbox");
    if (!box) return;
    const overflowing = inner.scrollWidth > inner.clientWidth + 1;
    box.classList.toggle("overflowing", overflowing);
    box.classList.toggle("more-left", overflowing && inner.scrollLeft > 1);
    box.classList.toggle("more-right",
      overflowing && inner.scrollLeft + inner.clientWidth < inner.scrollWidth - 1);
  }

  function watch(root) {
    root.querySelectorAll(".scrollbox > .scroll-x").forEach(function (inner) {
      if (inner.dataset.watched) { update(inner); return; }
      inner.dataset.watched = "1";
      inner.addEventListener("scroll", function () { update(inner); }, {passive: true});
      if (observer) {
        observer.observe(inner);
        if (inner.firstElementChild) observer.observe(inner.firstElementChild);
      }
      update(inner);
    });
  }

  // Brackets: zoom out to see a whole flight on a phone, in again to read it. The zoom
  // is kept for the session, across the bracket's live refreshes.
  const ZOOMS = [0.4, 0.5, 0.6, 0.75, 0.9, 1, 1.25];

  function zoomOf(bracket) { return parseFloat(bracket.style.zoom || "1") || 1; }

  function setZoom(container, value) {
    container.querySelectorAll(".bracket").forEach(function (bracket) {
      let zoom = value;
      if (value === "fit") {
        const box = bracket.closest(".scroll-x");
        bracket.style.zoom = "1";
        zoom = box ? Math.min(1, box.clientWidth / Math.max(1, bracket.scrollWidth)) : 1;
      }
      bracket.style.zoom = String(zoom);
    });
    try { sessionStorage.setItem("bracket-zoom", String(value)); } catch (e) { /* private mode */ }
    watch(container);
  }

  function setUpBrackets(root) {
    root.querySelectorAll("[data-bracket-tools]").forEach(function (tools) {
      if (tools.dataset.ready) return;
      tools.dataset.ready = "1";
      tools.hidden = false;
      const container = tools.parentElement;
      let saved = null;
      try { saved = sessionStorage.getItem("bracket-zoom"); } catch (e) { saved = null; }
      if (saved) setZoom(container, saved === "fit" ? "fit" : parseFloat(saved) || 1);
      tools.addEventListener("click", function (event) {
        const button = event.target.closest("[data-zoom]");
        if (!button) return;
        const action = button.dataset.zoom;
        const first = container.querySelector(".bracket");
        const current = first ? zoomOf(first) : 1;
        if (action === "fit") return setZoom(container, "fit");
        if (action === "reset") return setZoom(container, 1);
        const larger = ZOOMS.filter(function (z) { return z > current + 0.01; });
        const smaller = ZOOMS.filter(function (z) { return z < current - 0.01; });
        const next = action === "in" ? (larger[0] || current) : (smaller[smaller.length - 1] || current);
        setZoom(container, next);
      });
    });
  }

  // Older wrappers (.ledger-scroll, .table-scroll, .overflow-auto) get the same treatment
  // as a scrollbox when their table is wider than they are: reachable by keyboard, named
  // after the heading before them, with the hint.
  function adoptWrappers(root) {
    const hint = document.body.dataset.scrollHint || "";
    root.querySelectorAll(".ledger-scroll, .table-scroll, .overflow-auto").forEach(function (wrapper) {
      if (wrapper.classList.contains("scroll-x") || wrapper.closest(".scrollbox")) return;
      if (wrapper.scrollWidth <= wrapper.clientWidth + 1) return;
      let heading = wrapper.previousElementSibling;
      while (heading && !/^H[1-6]$/.test(heading.tagName)) heading = heading.previousElementSibling;
      const box = document.createElement("div");
      box.className = "scrollbox";
      const note = document.createElement("p");
      note.className = "scroll-hint";
      note.textContent = "↔ " + hint;
      wrapper.parentNode.insertBefore(box, wrapper);
      box.appendChild(note);
      box.appendChild(wrapper);
      wrapper.classList.add("scroll-x");
      wrapper.setAttribute("tabindex", "0");
      wrapper.setAttribute("role", "region");
      wrapper.setAttribute("aria-label", heading ? heading.textContent.trim() : hint);
    });
  }

  // Print buttons (data-print): shown only where JavaScript runs, no inline handler.
  function setUpPrintButtons(root) {
    root.querySelectorAll("[data-print]").forEach(function (button) {
      if (button.dataset.ready) return;
      button.dataset.ready = "1";
      button.hidden = false;
      button.addEventListener("click", function () { window.print(); });
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    setUpMenu();
    setUpPrintButtons(document);
    adoptWrappers(document);
    watch(document);
    setUpBrackets(document);
  });
  document.addEventListener("htmx:afterSettle", function () {
    adoptWrappers(document);
    watch(document);
    setUpBrackets(document);
  });
  window.addEventListener("resize", function () { watch(document); });
})();

// Kept out of the markup (no inline event handlers, CSP):
//   <input data-select-on-click>  selects its text when clicked (a link to copy)
document.addEventListener("click", function (event) {
  const field = event.target.closest("[data-select-on-click]");
  if (field) field.select();
});

// Live fragments (brackets, tables, the TV screen; any element polled with hx-trigger
// "every ..."): while the tab is hidden, polls are skipped, and when it shows again the
// page says "page-visible" (fragments listening to it on the body ask at once), then the
// polls go on. A fragment that carries its entity tag (data-etag) sends it back
// (If-None-Match): the server answers 304 while the event has not changed, and the
// fragment is left as it is (no swap, no flicker, the zoom and scroll kept).
(function () {
  "use strict";
  if (!window.htmx) return;

  function polled(elt) {
    return /(^|,)\s*every\s/.test(elt.getAttribute("hx-trigger") || "");
  }

  document.body.addEventListener("htmx:confirm", function (event) {
    // htmx polls without a triggering event; other triggers (a click, page-visible) pass
    if (document.visibilityState === "hidden" && !event.detail.triggeringEvent
        && polled(event.detail.elt)) {
      event.preventDefault();
    }
  });

  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") {
      document.body.dispatchEvent(new CustomEvent("page-visible"));
    }
  });

  document.body.addEventListener("htmx:configRequest", function (event) {
    const etag = event.detail.elt.dataset ? event.detail.elt.dataset.etag : null;
    if (etag && event.detail.verb === "get") event.detail.headers["If-None-Match"] = etag;
  });

  document.body.addEventListener("htmx:beforeSwap", function (event) {
    if (event.detail.xhr.status === 304) event.detail.shouldSwap = false;
  });
})();

// A batch form's "select all" (<input type="checkbox" name="all" data-select-all="entry">)
// ticks every box named "entry" of its form (boxes in a table join with form="..."), and
// is unticked when one of them is. Without JavaScript the form still works: the server
// reads all=1 as every player.
document.addEventListener("change", function (event) {
  const box = event.target;
  if (!box.form || box.type !== "checkbox") return;
  if (box.dataset.selectAll) {
    const items = box.form.elements.namedItem(box.dataset.selectAll);
    if (!items) return;
    (items.length === undefined ? [items] : Array.from(items)).forEach(function (item) {
      item.checked = box.checked;
    });
    return;
  }
  const all = box.form.querySelector("[data-select-all='" + box.name + "']");
  if (all && !box.checked) all.checked = false;
});
