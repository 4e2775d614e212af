/* The big screen fits its screen (a club's TV: nobody scrolls it). The root font size,
   which every size of the view follows, is the largest at which the whole view shows
   without scrolling: from a size readable across the room down to 9 px, found by halving,
   measured again after each refresh (htmx) and when the window changes size. Names that
   are still too long end in an ellipsis instead of wrapping (event.css). */
(function () {
  "use strict";

  const root = document.documentElement;

  function overflows() {
    if (root.scrollHeight > window.innerHeight || root.scrollWidth > window.innerWidth) {
      return true;
    }
    return Array.from(document.querySelectorAll("#tv .scroll-x")).some(function (box) {
      return box.scrollWidth > box.clientWidth;
    });
  }

  function fit() {
    let high = Math.max(12, Math.min(window.innerHeight / 22, window.innerWidth / 40));
    root.style.fontSize = high + "px";
    if (!overflows()) return;
    let low = 9;
    for (let step = 0; step < 10; step += 1) {
      const middle = (low + high) / 2;
      root.style.fontSize = middle + "px";
      if (overflows()) high = middle; else low = middle;
    }
    root.style.fontSize = low + "px";
  }

  fit();
  window.addEventListener("resize", fit);
  document.body.addEventListener("htmx:afterSettle", fit);
})();
