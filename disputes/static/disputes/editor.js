/* Board editor of the dispute form: click points to place checkers, and the hidden-in-plain-
   sight Position ID field follows. Without JavaScript the field is typed in directly.
   Rows are kept in each side's own numbering (index 24 = bar), as the Position ID has them:
   the opponent first (not on roll), then the side on roll. */
(function () {
  "use strict";
  const editor = document.getElementById("board-editor");
  if (!editor) return;
  const form = editor.closest("form");
  const field = form.querySelector("[name=position_id]");
  const variantSelect = form.querySelector("select[name=variant]");
  const boardBox = editor.querySelector("[data-editor=board]");
  const message = editor.querySelector("[data-editor=message]");
  // The messages, translated by the page (json_script "editor-messages").
  const TEXT = JSON.parse(document.getElementById("editor-messages").textContent);
  const rows = { own: new Array(25).fill(0), other: new Array(25).fill(0) };
  const STARTS = {
    backgammon: { 24: 2, 13: 5, 8: 3, 6: 5 },
    nardy: { 24: 15 },
  };

  function variant() {
    return variantSelect ? variantSelect.value : editor.dataset.variant;
  }
  function otherPoint(point) {  // the opponent's own number of the on-roll side's point
    return variant() === "nardy" ? ((point + 11) % 24) + 1 : 25 - point;
  }
  function total(row) {
    return row.reduce((sum, count) => sum + count, 0);
  }

  function encode() {
    const bytes = new Uint8Array(10);
    let bit = 0;
    for (const row of [rows.other, rows.own]) {
      for (let index = 0; index < 25; index++) {
        for (let n = 0; n < row[index]; n++) {
          bytes[bit >> 3] |= 1 << (bit & 7);
          bit++;
        }
        bit++;
      }
    }
    return btoa(String.fromCharCode.apply(null, bytes)).slice(0, 14);
  }

  function decode(id) {
    let text;
    try { text = atob(id + "=="); } catch (error) { return false; }
    if (text.length !== 10) return false;
    const decoded = [new Array(25).fill(0), new Array(25).fill(0)];
    let side = 0, index = 0;
    for (let bit = 0; bit < 80 && side < 2; bit++) {
      if ((text.charCodeAt(bit >> 3) >> (bit & 7)) & 1) {
        decoded[side][index]++;
      } else if (++index === 25) {
        side++;
        index = 0;
      }
    }
    if (decoded.some((row) => total(row) > 15)) return false;
    rows.other = decoded[0];
    rows.own = decoded[1];
    return true;
  }

  function say(text) {
    message.textContent = text;
  }

  function show() {
    for (const side of ["own", "other"]) {
      const onBoard = total(rows[side]) - rows[side][24];
      editor.querySelector(`[data-count=${side}-board]`).textContent = onBoard;
      editor.querySelector(`[data-count=${side}-bar]`).textContent = rows[side][24];
      editor.querySelector(`[data-count=${side}-off]`).textContent = 15 - total(rows[side]);
    }
    const id = encode();
    field.value = id;
    if (!total(rows.own) || !total(rows.other)) {
      say(TEXT.incomplete);
    }
    const url = `${editor.dataset.boardUrl}?variant=${encodeURIComponent(variant())}&position_id=${encodeURIComponent(id)}`;
    fetch(url).then((response) => response.ok ? response.text() : null).then((svg) => {
      if (svg) boardBox.innerHTML = svg;
    });
  }

  function change(target, remove) {
    say("");
    const kind = target.dataset.target;
    if (kind === "point") {
      const point = Number(target.dataset.point);
      const other = otherPoint(point);
      if (remove) {
        if (rows.own[point - 1] > 0) rows.own[point - 1]--;
        else if (rows.other[other - 1] > 0) rows.other[other - 1]--;
        return show();
      }
      const side = form.querySelector("input[name=editor-side]:checked").value;
      const own = side === "own";
      const row = rows[side];
      if (total(row) >= 15) return say(TEXT.full);
      if ((own && rows.other[other - 1]) || (!own && rows.own[point - 1])) {
        return say(TEXT.held);
      }
      row[own ? point - 1 : other - 1]++;
      return show();
    }
    if (variant() === "nardy") return say(TEXT.no_bar);
    const row = kind === "bar-own" ? rows.own : rows.other;
    if (remove) {
      if (row[24] > 0) row[24]--;
    } else if (total(row) < 15) {
      row[24]++;
    }
    show();
  }

  // Play mode: the clicks write the play made ("13/8 bar/22 6/off") into the notation
  // field; the position is left as it is (the engine carries the play out).
  const notation = form.querySelector("[name=notation]");
  let playFrom = null;

  function spot(target) {
    const kind = target.dataset.target;
    if (kind === "point") return target.dataset.point;
    if (kind === "bar-own") return "bar";
    if (kind === "off") return "off";
    return null;
  }

  function recordStep(target) {
    const where = spot(target);
    if (where === null) return say(TEXT.play_where);
    if (playFrom === null) {
      if (where === "off") return say(TEXT.play_start);
      playFrom = where;
      return say(TEXT.play_from.replace("%(point)s", where));
    }
    const step = `${playFrom}/${where}`;
    playFrom = null;
    notation.value = notation.value.trim() ? `${notation.value.trim()} ${step}` : step;
    say(TEXT.play.replace("%(play)s", notation.value));
  }

  function onClick(event) {
    const target = event.target.closest("[data-target]");
    if (!target) return;
    event.preventDefault();
    if (form.querySelector("input[name=editor-play]").checked && event.type === "click") {
      return recordStep(target);
    }
    if (target.dataset.target === "off") return;
    const removeMode = form.querySelector("input[name=editor-remove]").checked;
    change(target, removeMode || event.shiftKey || event.type === "contextmenu");
  }

  function reset(start) {
    rows.own = new Array(25).fill(0);
    rows.other = new Array(25).fill(0);
    if (start) {
      for (const [point, count] of Object.entries(STARTS[variant()])) {
        rows.own[point - 1] = count;
        rows.other[point - 1] = count;
      }
    }
    show();
  }

  boardBox.addEventListener("click", onClick);
  boardBox.addEventListener("contextmenu", onClick);
  editor.querySelector("[data-editor=start]").addEventListener("click", () => reset(true));
  editor.querySelector("[data-editor=clear]").addEventListener("click", () => reset(false));
  if (variantSelect) variantSelect.addEventListener("change", () => reset(false));
  field.addEventListener("change", () => {
    if (field.value.trim().length === 14 && decode(field.value.trim())) show();
  });
  if (field.value.trim()) decode(field.value.trim());
  editor.querySelector(".editor-tools").hidden = false;
})();
