/* The chouette table on the phones around it (no framework).

   Every phone sees what the others enter: the table polls itself (#chouette-table,
   hx-trigger "every ..."; nardy/site.js sends its entity tag back, so a poll is answered
   304 while nothing changed, and none is sent while the tab is hidden). A game form the
   scorer has started to fill in is kept through a refresh that leaves its game as it was
   (same game number, same line-up): a seat taken during the game does not wipe it.

   Without the network the scorer goes on entering games: each is kept on the phone
   (nardy/offline.js, data-offline-queue, in the order entered, each with its own
   idempotency key) and settled here with chouette/rules.js, from the table as the server
   last showed it (#chouette-offline-table) and the games kept since: the next game's
   form gets its line-up and number, the line-up is shown, and the kept games with the
   running totals. A game that does not add up is not kept. When the network is back the
   queue is sent and the page shows the table as the server has it. */
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

  // ---- games entered without the network ----------------------------------------------

  const QUEUE = "nardy:queue";
  const rules = window.chouetteRules;

  function snapshot() {
    const element = document.getElementById("chouette-offline-table");
    if (!element || !rules) return null;
    try { return JSON.parse(element.textContent); } catch (e) { return null; }
  }

  function keptGames(form) {
    const url = form.getAttribute("hx-post");
    let items = [];
    try { items = JSON.parse(localStorage.getItem(QUEUE) || "[]"); } catch (e) { items = []; }
    return items.filter(function (item) {
      return item.url === url && item.user === (body.dataset.user || "");
    });
  }

  function numberOr(value, fallback) {
    return value === null || value === "" || value === undefined ? fallback : Number(value);
  }

  // A posted game form as rules.js takes it (the names of chouette.forms.GameForm).
  function recordOf(data) {
    const team = String(data.get("team") || "").split(",").filter(Boolean).map(Number);
    const doubles = [];
    for (let turn = 1; data.has("turn" + turn + "_by"); turn += 1) {
      const answers = team.filter(function (member) { return data.get("turn" + turn + "_" + member); })
        .map(function (member) { return [member, data.get("turn" + turn + "_" + member)]; });
      if (answers.length) doubles.push({by: data.get("turn" + turn + "_by"), answers: answers});
    }
    const winner = data.get("winner");
    return {
      number: numberOr(data.get("number"), null),
      lineup: {box: Number(data.get("box")), team: team, partner: numberOr(data.get("partner"), null)},
      doubles: doubles,
      result: winner === "box" || winner === "team" ? {winner: winner, kind: data.get("kind")} : null,
      automatic: numberOr(data.get("automatic_doubles"), 0),
    };
  }

  // The table after the kept games: the server's, then each kept game settled in order.
  function localTable(table, kept) {
    const local = {number: table.number, seating: table.seating, games: [],
                   totals: new Map(table.totals)};
    for (const item of kept) {
      const record = recordOf(new URLSearchParams(item.body));
      if (record.number !== null && record.number < local.number) continue;  // the server has it
      let game;
      try { game = rules.playGame(table.rules, local.seating, record); } catch (e) { break; }
      game.points.forEach(function (pair) {
        local.totals.set(pair[0], (local.totals.get(pair[0]) || 0) + pair[1]);
      });
      local.games.push({number: local.number, points: new Map(game.points)});
      local.seating = game.seating;
      local.number += 1;
    }
    local.seating.line.concat(local.seating.partner === null ? [] : [local.seating.partner])
      .forEach(function (player) { if (!local.totals.has(player)) local.totals.set(player, 0); });
    return local;
  }

  function signed(points) { return (points < 0 ? "-" : "+") + Math.abs(points); }  // as "+d"

  function cell(tag, text, scope) {
    const element = document.createElement(tag);
    element.textContent = text;
    if (scope) element.scope = scope;
    return element;
  }

  function showKept(table, local) {
    const section = document.getElementById("kept-games");
    if (!section) return;
    section.hidden = !local.games.length;
    if (!local.games.length) return;
    const players = Array.from(local.totals.keys());
    const name = function (player) { return table.names[String(player)] || String(player); };
    const head = section.querySelector("thead tr");
    const foot = section.querySelector("tfoot tr");
    const rows = section.querySelector("tbody");
    [head, foot].forEach(function (row) { while (row.children.length > 1) row.lastChild.remove(); });
    rows.replaceChildren();
    players.forEach(function (player) {
      head.append(cell("th", name(player), "col"));
      const total = cell("td", signed(local.totals.get(player)));
      total.dataset.player = name(player);
      foot.append(total);
    });
    local.games.forEach(function (game) {
      const row = document.createElement("tr");
      row.dataset.game = String(game.number);
      row.append(cell("th", String(game.number), "row"));
      players.forEach(function (player) {
        row.append(cell("td", game.points.has(player) ? signed(game.points.get(player)) : "·"));
      });
      rows.append(row);
    });
  }

  function showLineup(table, local) {
    const heading = document.getElementById("lineup-heading");
    const list = document.querySelector("#lineup ol.lineup");
    const lineup = rules.lineupOf(local.seating);
    if (!heading || !list || !lineup) return;
    heading.textContent = heading.dataset.offlineText.replace("__N__", local.number);
    const seats = [[lineup.box, "box"]];
    if (lineup.partner !== null) seats.push([lineup.partner, "partner"]);
    lineup.team.forEach(function (member, index) { seats.push([member, index ? "crew" : "captain"]); });
    list.replaceChildren.apply(list, seats.map(function (seat) {
      const item = document.createElement("li");
      item.className = "seat seat-" + seat[1];
      item.dataset.role = seat[1];
      const role = cell("span", list.dataset["role" + seat[1][0].toUpperCase() + seat[1].slice(1)]);
      role.className = "role";
      const who = cell("span", table.names[String(seat[0])] || String(seat[0]));
      who.className = "name";
      item.append(role, " ", who);
      return item;
    }));
  }

  function setValue(form, name, value) {
    const field = form.elements.namedItem(name);
    if (!field) return;
    field.value = value;
    field.setAttribute("value", value);  // kept by the form's reset
  }

  // The game form for the next game: its number, line-up, and a cube per team member.
  function showForm(form, table, local) {
    const lineup = rules.lineupOf(local.seating);
    if (!lineup) return;
    const section = form.closest("#game-form");
    const heading = section.querySelector("#game-form-heading");
    heading.textContent = heading.dataset.offlineText.replace("__N__", local.number);
    form.dataset.offlineLabel = heading.textContent;
    setValue(form, "box", String(lineup.box));
    setValue(form, "team", lineup.team.join(","));
    setValue(form, "partner", lineup.partner === null ? "" : String(lineup.partner));
    setValue(form, "number", String(local.number));
    form.querySelectorAll("details.cube-turn").forEach(function (turn, index) {
      const number = turn.id.replace("cube-turn-", "");
      const answers = turn.querySelector(".answers");
      const model = answers.querySelector("fieldset.answer");
      if (!model) return;
      const fieldsets = lineup.team.map(function (member) {
        const name = table.names[String(member)] || String(member);
        const fieldset = model.cloneNode(true);
        fieldset.dataset.member = name;
        fieldset.querySelector("legend").textContent = name;
        fieldset.querySelectorAll("label").forEach(function (label, choice) {
          const input = label.querySelector("input");
          const id = "id_turn" + number + "_" + member + "_" + choice;
          input.name = "turn" + number + "_" + member;
          input.id = id;
          input.checked = input.defaultChecked = input.value === "";
          label.htmlFor = id;
        });
        return fieldset;
      });
      answers.replaceChildren.apply(answers, fieldsets);
      turn.open = index === 0;
    });
    const preview = form.querySelector("#game-preview");
    if (preview) preview.replaceChildren();
  }

  function refresh() {
    const form = gameForm(document);
    const table = snapshot();
    if (!form || !table) return;
    const local = localTable(table, keptGames(form));
    showKept(table, local);
    if (local.number === table.number) return;  // nothing kept: the server's page stands
    showLineup(table, local);
    showForm(form, table, local);
  }

  // A game that does not add up is refused here, before it is kept (offline, the server
  // cannot say so until later).
  document.addEventListener("nardy:keep", function (event) {
    const form = event.target;
    const table = snapshot();
    if (!form.closest || !form.closest("#game-form") || !table) return;
    const refusal = form.querySelector(".offline-refusal");
    const local = localTable(table, keptGames(form));
    try {
      rules.playGame(table.rules, local.seating, recordOf(event.detail.data));
    } catch (error) {
      if (!(error instanceof rules.RuleError)) throw error;
      event.preventDefault();
      if (refusal) {
        refusal.textContent = refusal.dataset.text;
        refusal.hidden = false;
      }
      return;
    }
    if (refusal) refusal.hidden = true;
  });

  document.addEventListener("nardy:kept", function (event) {
    if (event.target.closest && event.target.closest("#game-form")) refresh();
  });

  body.addEventListener("htmx:afterSettle", function (event) {
    if (event.target.id === "chouette-table") refresh();  // the new table, swapped in
  });
  refresh();
})();
