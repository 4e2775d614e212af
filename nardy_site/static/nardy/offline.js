/* The tournament day without a network (no framework).

   - Registers the service worker (/sw.js: the static files, and the day's pages kept as
     last read; see nardy_site/service_worker/).
   - Says when the page is offline, and as of when it shows things (the time the page was
     rendered, stamped in <body data-rendered-at>, or of its last live update).
   - Forms marked data-offline-queue (a result, game scores, a confirmation) carry an
     idempotency key (a fresh one per entry, in their idempotency_key field). Sent
     without a network (or lost on the way), such a form is kept in localStorage with its
     key and sent later, in the order entered, on the `online` event and on every page
     load: the server answers a resent key as it did the first time, so nothing is done
     twice. A stale session asks to sign in again and keeps the queue; a match that moved
     on meanwhile (the server refuses the entry) is said, and the entry dropped.
   - Other forms cannot be sent offline: their buttons are disabled (the desk and the
     console are then read-only).
   - Who is signed in is stamped in <body data-user>: another person signing in on this
     browser, or signing out, drops the kept pages (and the other person's queue).
   - Polled fragments (the TV screen, brackets) keep their last state when the network
     drops, say since when, poll less and less often, and catch up when it returns.
   Every sentence comes from the page (data attributes of #offline-status), translated. */
(function () {
  "use strict";

  const QUEUE = "nardy:queue";
  const USER = "nardy:user";
  const NOTES = "nardy:notes";
  const SIGNED_OUT = "nardy:signed-out";
  const PAGES_CACHE = "nardy-pages";
  const KEY_FIELD = "idempotency_key";
  const REFUSED_HEADER = "Nardy-Refused";
  const FIRST_BACKOFF = 15000;
  const LONGEST_BACKOFF = 300000;

  const body = document.body;
  const status = document.getElementById("offline-status");
  const banner = document.getElementById("offline-banner");
  const texts = status ? status.dataset : {};
  const currentUser = body.dataset.user || "";
  let lastUpdated = body.dataset.renderedAt ? new Date(body.dataset.renderedAt) : new Date();
  let offlineSince = null;

  function format(text, values) {
    return (text || "").replace(/%\((\w+)\)s/g, function (all, name) {
      return values[name] === undefined ? all : String(values[name]);
    });
  }

  function clock(date) {
    return date.toLocaleTimeString(document.documentElement.lang || undefined,
      {hour: "2-digit", minute: "2-digit"});
  }

  function read(name, fallback) {
    try { return JSON.parse(localStorage.getItem(name) || "null") || fallback; } catch (e) { return fallback; }
  }

  function write(name, value) {
    try { localStorage.setItem(name, JSON.stringify(value)); } catch (e) { /* storage full or off */ }
  }

  function readQueue() { return read(QUEUE, []); }
  function writeQueue(items) { write(QUEUE, items); }

  function newKey() {
    const bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);  // also outside secure contexts, unlike randomUUID
    return Array.from(bytes, function (b) { return b.toString(16).padStart(2, "0"); }).join("");
  }

  // ---- what the page says -------------------------------------------------------------

  function note(kind, text) {
    if (!status || !text) return;
    const line = document.createElement("p");
    line.className = "offline-note offline-note-" + kind;
    line.setAttribute("role", kind === "refused" || kind === "sign-in" ? "alert" : "status");
    line.textContent = text;
    if (kind === "sign-in" && texts.loginUrl) {
      const link = document.createElement("a");
      link.href = texts.loginUrl + "?next=" + encodeURIComponent(location.pathname);
      link.textContent = texts.signIn;
      line.append(" ", link);
    }
    status.querySelectorAll(".offline-note-" + kind).forEach(function (old) { old.remove(); });
    status.append(line);
    status.hidden = false;
  }

  function clearNote(kind) {
    if (!status) return;
    status.querySelectorAll(".offline-note-" + kind).forEach(function (old) { old.remove(); });
    status.hidden = !status.querySelector(".offline-note");
  }

  function showWaiting() {
    const waiting = readQueue().filter(function (item) { return item.user === currentUser; });
    if (waiting.length) note("kept", format(texts.waiting, {count: waiting.length}));
    else clearNote("kept");
  }

  // Notes that must outlive the reload after a send (sessionStorage: this tab only).
  function keepNote(kind, text) {
    const notes = JSON.parse(sessionStorage.getItem(NOTES) || "[]");
    notes.push([kind, text]);
    sessionStorage.setItem(NOTES, JSON.stringify(notes));
  }

  function showKeptNotes() {
    const notes = JSON.parse(sessionStorage.getItem(NOTES) || "[]");
    sessionStorage.removeItem(NOTES);
    notes.forEach(function (pair) { note(pair[0], pair[1]); });
  }

  function setOffline(offline) {
    if (offline && !offlineSince) offlineSince = new Date();
    if (!offline) offlineSince = null;
    body.classList.toggle("is-offline", offline);
    if (banner) {
      banner.hidden = !offline;
      banner.textContent = offline ? format(banner.dataset.text, {
        time: clock(lastUpdated), since: clock(offlineSince || new Date())}) : "";
    }
    readOnly(offline);
  }

  // Offline, a form that cannot be kept cannot be sent: its buttons wait for the network.
  function readOnly(offline) {
    document.querySelectorAll("form").forEach(function (form) {
      if (form.hasAttribute("data-offline-queue")) return;
      form.querySelectorAll("button, input[type=submit]").forEach(function (button) {
        if (offline && !button.disabled) {
          button.disabled = true;
          button.dataset.offlineDisabled = "1";
        } else if (!offline && button.dataset.offlineDisabled) {
          button.disabled = false;
          delete button.dataset.offlineDisabled;
        }
      });
    });
  }

  // ---- who is signed in ---------------------------------------------------------------

  function forgetPages() {
    if ("caches" in window) caches.delete(PAGES_CACHE).catch(function () { /* none */ });
    if (navigator.serviceWorker && navigator.serviceWorker.controller) {
      navigator.serviceWorker.controller.postMessage({type: "forget-pages"});
    }
  }

  function checkUser() {
    let kept = "";
    try { kept = localStorage.getItem(USER) || ""; } catch (e) { kept = ""; }
    let signedOut = false;
    try { signedOut = sessionStorage.getItem(SIGNED_OUT) === "1"; } catch (e) { signedOut = false; }
    if (signedOut) sessionStorage.removeItem(SIGNED_OUT);
    // Signed out, or someone else signed in: what was kept for the last person goes.
    if (signedOut || (kept && kept !== currentUser)) forgetPages();
    // A stale session shows the page signed out: the queue waits for its owner, and is
    // dropped only when another person signs in.
    if (currentUser) {
      const mine = readQueue().filter(function (item) { return item.user === currentUser; });
      if (mine.length !== readQueue().length) writeQueue(mine);
    }
    try { localStorage.setItem(USER, currentUser); } catch (e) { /* storage off */ }
  }

  function forgetEverything() {
    forgetPages();
    try {
      localStorage.removeItem(QUEUE);
      localStorage.removeItem(USER);
      sessionStorage.setItem(SIGNED_OUT, "1");  // the next page forgets again, to be sure
    } catch (e) { /* storage off */ }
  }

  // ---- keeping entries ----------------------------------------------------------------

  function keyField(form) {
    let field = form.querySelector("input[name='" + KEY_FIELD + "']");
    if (!field) {
      field = document.createElement("input");
      field.type = "hidden";
      field.name = KEY_FIELD;
      form.prepend(field);
    }
    return field;
  }

  // A page may look at an entry before it is kept (a "nardy:keep" event it can cancel:
  // a chouette game that does not add up), and follows what was kept ("nardy:kept").
  function keep(form, submitter) {
    const asked = new CustomEvent("nardy:keep", {bubbles: true, cancelable: true,
      detail: {data: new FormData(form, submitter || undefined)}});
    if (!form.dispatchEvent(asked)) return false;
    const field = keyField(form);
    if (!field.value) field.value = newKey();
    const data = new FormData(form, submitter || undefined);
    data.delete("csrfmiddlewaretoken");  // a fresh one is fetched when it is sent
    const items = readQueue();
    if (!items.some(function (item) { return item.key === field.value; })) {
      items.push({
        key: field.value,
        url: form.getAttribute("hx-post") || form.action,
        body: new URLSearchParams(data).toString(),
        label: form.dataset.offlineLabel || "",
        user: currentUser,
      });
      writeQueue(items);
    }
    field.value = "";  // the next entry on this form is another one
    // One tap, one entry: a kept confirmation cannot be kept twice; a game form is
    // emptied for the next game.
    if (form.hasAttribute("data-offline-repeat")) form.reset();
    else form.querySelectorAll("button, input[type=submit]").forEach(function (b) { b.disabled = true; });
    const mark = document.createElement("small");
    mark.className = "offline-kept";
    mark.setAttribute("role", "status");
    mark.textContent = texts.kept;
    form.querySelectorAll(".offline-kept").forEach(function (old) { old.remove(); });
    form.append(mark);
    showWaiting();
    form.dispatchEvent(new CustomEvent("nardy:kept", {bubbles: true}));
    return true;
  }

  document.addEventListener("submit", function (event) {
    const form = event.target;
    if (!(form instanceof HTMLFormElement)) return;
    if (texts.logoutUrl && form.action && new URL(form.action, location.href).pathname === texts.logoutUrl) {
      forgetEverything();
      return;
    }
    if (!form.hasAttribute("data-offline-queue")) return;
    const field = keyField(form);
    if (!field.value) field.value = newKey();
    // Online with nothing waiting: htmx sends it (a failure on the way keeps it, below).
    if (navigator.onLine && !readQueue().length) return;
    event.preventDefault();
    event.stopImmediatePropagation();  // capture phase: htmx never sees it
    if (keep(form, event.submitter) && navigator.onLine) send();
  }, true);

  // The form's own request (not one of its parts', such as a preview): kept when it failed.
  function queuedForm(elt) {
    return elt instanceof HTMLFormElement && elt.hasAttribute("data-offline-queue") ? elt : null;
  }

  body.addEventListener("htmx:sendError", function (event) {
    const form = queuedForm(event.detail.elt);
    if (form) keep(form, null);
    setOffline(true);
  });

  body.addEventListener("htmx:afterRequest", function (event) {
    const xhr = event.detail.xhr;
    const form = queuedForm(event.detail.elt);
    if (form && xhr && xhr.status > 0) keyField(form).value = "";  // answered: next is new
    if (xhr && xhr.status > 0 && xhr.status < 500) {
      lastUpdated = new Date();
      if (body.classList.contains("is-offline") && navigator.onLine) {
        setOffline(false);
        send();
      }
    }
  });

  // ---- sending what was kept ----------------------------------------------------------

  async function sessionState() {
    const response = await fetch(texts.sessionUrl, {credentials: "same-origin", cache: "no-store",
      headers: {"Accept": "application/json"}});
    if (!response.ok) throw new Error("session state " + response.status);
    return response.json();
  }

  function reasonIn(html) {
    const page = new DOMParser().parseFromString(html, "text/html");
    const said = page.querySelector(".errorlist li, [role=alert], .form-error, .message-error, .message-warning");
    return said ? said.textContent.trim() : "";
  }

  function dropFirst(key) {
    writeQueue(readQueue().filter(function (item) { return item.key !== key; }));
  }

  // Sends the queue in order; stops at the first entry that cannot be answered now (no
  // network, the server down, a sign-in needed), so nothing overtakes it.
  async function sendQueue() {
    const waiting = readQueue().filter(function (item) { return item.user === currentUser; });
    if (!waiting.length || !texts.sessionUrl) return;
    let state;
    try { state = await sessionState(); } catch (e) { setOffline(true); return; }
    if (!state.user || String(state.user) !== currentUser) {
      note("sign-in", texts.signInAgain);
      return;
    }
    let token = state.csrf;
    let sent = 0;
    for (const item of waiting) {
      let response;
      for (let attempt = 0; attempt < 2; attempt += 1) {
        try {
          response = await fetch(item.url, {
            method: "POST",
            credentials: "same-origin",
            headers: {"Content-Type": "application/x-www-form-urlencoded", "X-CSRFToken": token,
              "Idempotency-Key": item.key, "HX-Request": "true"},
            body: item.body,
          });
        } catch (e) {
          setOffline(true);
          return finish(sent);
        }
        if (response.status !== 403) break;
        state = await sessionState().catch(function () { return null; });  // a stale token?
        if (!state) { setOffline(true); return finish(sent); }
        if (!state.user) { note("sign-in", texts.signInAgain); return finish(sent); }
        token = state.csrf;
      }
      const redirect = response.headers.get("HX-Redirect") || "";
      if (redirect.indexOf(texts.loginUrl) === 0 || new URL(response.url).pathname === texts.loginUrl) {
        note("sign-in", texts.signInAgain);
        return finish(sent);
      }
      if (response.status >= 500 || response.status === 429) return finish(sent);  // later
      const refusal = response.headers.get(REFUSED_HEADER);
      if (refusal !== null || response.status >= 400) {
        const said = refusal ? decodeURIComponent(refusal) : reasonIn(await response.text());
        const reason = said || texts.refusedUnknown;
        const what = item.label ? item.label + ": " : "";
        const text = format(texts.refused, {what: what, reason: reason});
        note("refused", text);
        keepNote("refused", text);
      } else {
        sent += 1;
      }
      dropFirst(item.key);
    }
    return finish(sent);
  }

  function finish(sent) {
    showWaiting();
    if (!sent) return;
    const text = format(texts.sent, {count: sent});
    keepNote("sent", text);
    location.reload();  // the page as the server now has it, with the entries in it
  }

  let sending = null;
  function send() {
    if (sending) return sending;
    const run = function () { return sendQueue(); };
    // One tab at a time sends (the keys would make a second sender harmless, but slow).
    sending = (navigator.locks ? navigator.locks.request("nardy-queue", run) : run())
      .catch(function () { /* kept for the next try */ })
      .finally(function () { sending = null; });
    return sending;
  }

  // ---- the pages of the day, kept before the network drops ----------------------------

  // My matches names the pages a player will want offline (their events' pages, their
  // matches): they are read into the worker's cache now, while there is a network.
  function keepDayPages() {
    if (!currentUser || !navigator.onLine || !("caches" in window)) return;
    const urls = new Set();
    document.querySelectorAll("[data-offline-pages]").forEach(function (element) {
      element.dataset.offlinePages.split(/\s+/).filter(Boolean).forEach(function (url) {
        urls.add(new URL(url, location.href).href);
      });
    });
    if (!urls.size) return;
    // Each page once (visiting it online refreshes it): no load on the server per visit.
    caches.open(PAGES_CACHE).then(function (cache) {
      Array.from(urls).slice(0, 24).forEach(function (url) {
        cache.match(url).then(function (kept) {
          if (!kept) return cache.add(url);
        }).catch(function () { /* not this one */ });
      });
    });
  }

  // ---- polled fragments: keep the last state, back off, catch up ----------------------

  let failures = 0;
  let nextPoll = 0;

  function polled(elt) {
    return /(^|,)\s*every\s/.test(elt.getAttribute("hx-trigger") || "");
  }

  body.addEventListener("htmx:confirm", function (event) {
    if (failures && !event.detail.triggeringEvent && polled(event.detail.elt)
        && Date.now() < nextPoll) {
      event.preventDefault();  // offline: ask less and less often
    }
  });

  body.addEventListener("htmx:sendError", function (event) {
    if (!polled(event.detail.elt)) return;
    failures += 1;
    nextPoll = Date.now() + Math.min(FIRST_BACKOFF * Math.pow(2, failures - 1), LONGEST_BACKOFF);
  });

  body.addEventListener("htmx:afterRequest", function (event) {
    if (event.detail.xhr && event.detail.xhr.status > 0) { failures = 0; nextPoll = 0; }
  });

  // ---- start --------------------------------------------------------------------------

  window.addEventListener("offline", function () { setOffline(true); });
  window.addEventListener("online", function () {
    setOffline(false);
    failures = 0;
    nextPoll = 0;
    body.dispatchEvent(new CustomEvent("page-visible"));  // live fragments ask at once
    send();
  });

  if ("serviceWorker" in navigator && texts.workerUrl) {
    navigator.serviceWorker.register(texts.workerUrl, {scope: "/"}).catch(function () {
      /* no worker (not built, or a browser without): the pages work as before */
    });
  }
  checkUser();
  keepDayPages();
  showKeptNotes();
  showWaiting();
  if (!navigator.onLine) setOffline(true);
  send();
})();
