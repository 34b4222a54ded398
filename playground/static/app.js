// The playground's page: two editors, diagnostics as you type, the
// explanation, the tests' games. All the work is the server's (the JSON
// API of package playground); this script sends the text of the editors
// and draws the answers. Every request is asynchronous and can be
// aborted: the page never waits for the server.
"use strict";

(function () {
  const $ = (id) => document.getElementById(id);
  const esc = (s) => CardHighlight.escapeHTML(String(s));

  // Bounds that keep the page quick whatever is pasted. A browser lays
  // out all the text of a text area on the page's one thread (10 MB: many
  // seconds), so a file over LARGE is not given to it: the editor holds
  // it, shows its first PREVIEW characters read-only and not highlighted,
  // and sends it whole to the server. Over SHARE_MAX, the state is not
  // put in the link.
  const LARGE = 256 * 1024;
  const PREVIEW = 64 * 1024;
  const SHARE_MAX = 1024 * 1024;
  const LINT_DELAY = 250; // ms after the last keystroke
  const LINT_DELAY_LARGE = 1000;

  const example = {
    card: `card "Lone Missionary" {
    cost {1}{W}
    type Creature — Kor Monk
    pt 2/1
    oracle "When Lone Missionary enters the battlefield, you gain 4 life."

    when this enters {
        gain 4 life
    }
}
`,
    tests: `test "When Lone Missionary enters the battlefield, you gain 4 life" {
    given {
        you have "Lone Missionary" in hand
        you control "Plains", "Plains"
        you have 10 life
    }
    when {
        cast "Lone Missionary"
        resolve
    }
    then {
        "Lone Missionary" is on the battlefield
        stack has 1 object // its trigger
    }
    when {
        resolve
    }
    then {
        you have 14 life
    }
}
`,
  };

  let grammar = null;
  let diagnostics = [];

  // ----- Messages -----

  function message(text, isError) {
    const m = $("message");
    if (!text) {
      m.hidden = true;
      m.textContent = "";
      return;
    }
    m.hidden = false;
    m.textContent = text;
    m.className = isError ? "error" : "";
  }

  function size(n) {
    if (n >= 1024 * 1024) return (n / (1024 * 1024)).toFixed(1) + " MB";
    if (n >= 1024) return (n / 1024).toFixed(1) + " KB";
    return n + " bytes";
  }

  // ----- Editors -----

  function Editor(id, file) {
    this.root = $(id);
    this.file = file;
    this.area = this.root.querySelector("textarea");
    this.pre = this.root.querySelector("pre");
    this.gutter = this.root.querySelector(".gutter");
    this.pending = false;
    // full is the text of a large file, which the text area only shows
    // the start of; null otherwise.
    this.full = null;
    this.area.addEventListener("paste", (e) => this.paste(e));
    this.area.addEventListener("scroll", () => this.sync());
    this.area.addEventListener("keydown", (e) => {
      if (e.key === "Tab" && !e.ctrlKey && !e.altKey && !e.metaKey) {
        // Tab indents (four spaces); Escape then Tab leaves the editor.
        if (this.escaped) return;
        e.preventDefault();
        document.execCommand("insertText", false, "    ");
      }
      this.escaped = e.key === "Escape";
    });
  }

  Editor.prototype.value = function () {
    return this.full !== null ? this.full : this.area.value;
  };

  // set puts a text in the editor: in the text area, or, over LARGE, its
  // start, read-only.
  Editor.prototype.set = function (text) {
    if (text.length > LARGE) {
      this.full = text;
      this.area.readOnly = true;
      this.area.value = text.slice(0, PREVIEW) + "\n\n… and " + size(text.length - PREVIEW) + " more, not shown: the server lints it whole.\n";
    } else {
      this.full = null;
      this.area.readOnly = false;
      this.area.value = text;
    }
    this.root.classList.toggle("large", this.full !== null);
    this.render();
  };

  Editor.prototype.large = function () {
    return this.full !== null;
  };

  // paste takes a paste that would make the file large itself, so that
  // the text area never holds it.
  Editor.prototype.paste = function (e) {
    const text = e.clipboardData ? e.clipboardData.getData("text/plain") : "";
    if (this.large()) {
      e.preventDefault();
      return;
    }
    const cur = this.area.value;
    const from = this.area.selectionStart;
    const to = this.area.selectionEnd;
    if (cur.length - (to - from) + text.length <= LARGE) return; // the browser pastes it
    e.preventDefault();
    this.set(cur.slice(0, from) + text + cur.slice(to));
    changed();
  };

  // input follows an edit; one that made the text large (a drop) makes
  // the editor hold it.
  Editor.prototype.input = function () {
    if (!this.large() && this.area.value.length > LARGE) this.set(this.area.value);
    changed();
  };

  // render draws the highlighting and the gutter, at the next frame.
  Editor.prototype.render = function () {
    if (this.pending) return;
    this.pending = true;
    requestAnimationFrame(() => {
      this.pending = false;
      this.draw();
    });
  };

  Editor.prototype.draw = function () {
    const text = this.area.value;
    const marks = new Map();
    for (const d of diagnostics) {
      if (d.file !== this.file) continue;
      if (d.severity === "error" || !marks.has(d.line)) marks.set(d.line, d.severity);
    }
    if (this.large()) {
      this.root.classList.add("plain");
      this.pre.innerHTML = "";
      this.gutter.textContent = "";
      return;
    }
    this.root.classList.remove("plain");
    this.pre.innerHTML = grammar ? grammar.highlight(text, marks) : esc(text) + "\n";
    let lines = 1;
    for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) lines++;
    const g = [];
    for (let i = 1; i <= lines; i++) {
      const m = marks.get(i);
      g.push(m ? '<span class="' + m + '" title="' + esc(m) + '">' + i + "</span>" : String(i));
    }
    this.gutter.innerHTML = g.join("\n") + "\n\n";
    this.sync();
  };

  Editor.prototype.sync = function () {
    this.pre.scrollTop = this.area.scrollTop;
    this.pre.scrollLeft = this.area.scrollLeft;
    this.gutter.scrollTop = this.area.scrollTop;
  };

  // goto puts the caret at a line and column (from 1).
  Editor.prototype.goto = function (line, column) {
    const text = this.area.value;
    let at = 0;
    for (let l = 1; l < line && at >= 0; l++) {
      at = text.indexOf("\n", at);
      if (at < 0) break;
      at++;
    }
    if (at < 0) at = text.length;
    at = Math.min(at + Math.max(0, (column || 1) - 1), text.length);
    this.area.focus();
    this.area.setSelectionRange(at, at);
    const lineHeight = parseFloat(getComputedStyle(this.area).lineHeight) || 19;
    this.area.scrollTop = Math.max(0, (line - 3) * lineHeight);
    this.sync();
  };

  const card = new Editor("card-editor", "playground.card");
  const tests = new Editor("tests-editor", "playground_test.card");
  const editors = { "playground.card": card, "playground_test.card": tests };

  function state() {
    return { card: card.value(), tests: tests.value() };
  }

  // ----- The server -----

  // post sends the editors' text to an API call, through the worker
  // (api-worker.js) that serializes and sends it off this thread; it
  // rejects with the server's message on an error, and with an
  // AbortError as soon as signal aborts.
  const worker = new Worker("/api-worker.js");
  const waiting = new Map();
  let lastID = 0;
  worker.onmessage = (e) => {
    const w = waiting.get(e.data.id);
    if (!w) return;
    waiting.delete(e.data.id);
    if (e.data.error === undefined) {
      w.resolve(e.data.data);
      return;
    }
    const err = new Error(e.data.error);
    err.status = e.data.status;
    if (e.data.aborted) err.name = "AbortError";
    w.reject(err);
  };

  function post(path, body, signal) {
    return new Promise((resolve, reject) => {
      const id = ++lastID;
      const aborted = () => {
        waiting.delete(id);
        worker.postMessage({ abort: id });
        reject(new DOMException("aborted", "AbortError"));
      };
      if (signal && signal.aborted) return aborted();
      waiting.set(id, { resolve, reject });
      if (signal) signal.addEventListener("abort", aborted, { once: true });
      worker.postMessage({ id: id, path: path, body: body });
    });
  }

  // A call whose answers may go stale: starting it again aborts the one
  // before, and only the answer of the last one started is used.
  function Latest(path) {
    this.path = path;
    this.controller = null;
    this.seq = 0;
  }
  Latest.prototype.run = async function (body) {
    if (this.controller) this.controller.abort();
    const controller = new AbortController();
    this.controller = controller;
    const seq = ++this.seq;
    try {
      const data = await post(this.path, body, controller.signal);
      return seq === this.seq ? data : null;
    } catch (e) {
      if (e.name === "AbortError" || seq !== this.seq) return null;
      throw e;
    } finally {
      if (this.controller === controller) this.controller = null;
    }
  };

  // ----- Diagnostics as you type -----

  const lintCall = new Latest("/api/lint");
  const explainCall = new Latest("/api/explain");
  let lintTimer = 0;

  function changed() {
    card.render();
    tests.render();
    notes();
    clearTimeout(lintTimer);
    const big = card.large() || tests.large();
    lintTimer = setTimeout(lint, big ? LINT_DELAY_LARGE : LINT_DELAY);
    scheduleShare();
  }

  function notes() {
    const big = [];
    for (const [ed, note] of [[card, "card-note"], [tests, "tests-note"]]) {
      const n = ed.value().length;
      $(note).textContent = ed.large() ? "(" + size(n) + ": its start shown, read-only)" : "";
      $(note.replace("note", "clear")).hidden = !ed.large();
      if (ed.large()) big.push(ed.file + " is " + size(n));
    }
    if (big.length) {
      message(big.join("; ") + ": over " + size(LARGE) + ", a file is shown only in part, read-only and not highlighted" +
        (card.value().length + tests.value().length > SHARE_MAX ? ", and the link does not hold it" : "") + "; the server lints it whole. Clear it to edit.", false);
    } else if (!$("message").classList.contains("error")) {
      message("");
    }
  }

  async function lint() {
    const body = state();
    $("lint-status").textContent = "Linting…";
    let data;
    try {
      data = await lintCall.run(body);
    } catch (e) {
      $("lint-status").textContent = "Lint failed.";
      message(e.message, true);
      return;
    }
    if (!data) return; // stale: a newer lint is on its way
    if ($("message").classList.contains("error")) message("");
    notes();
    diagnostics = data.diagnostics;
    showDiagnostics(data);
    // How much text the diagnostics shown are of: for tests and tools.
    document.body.dataset.linted = String(body.card.length + body.tests.length);
    card.render();
    tests.render();
    if (body.card.length <= SHARE_MAX) explain(body);
  }

  function showDiagnostics(data) {
    const list = $("diagnostics");
    const errors = data.diagnostics.filter((d) => d.severity === "error").length;
    $("diag-count").textContent = data.diagnostics.length ? String(data.diagnostics.length) : "";
    $("diag-count").className = "count" + (errors ? " bad" : "");
    $("lint-status").textContent =
      (data.diagnostics.length ? data.diagnostics.length + (data.diagnostics.length === 1 ? " diagnostic" : " diagnostics") : "No problems") +
      " — linted in " + data.millis.toFixed(1) + " ms on the server.";
    list.innerHTML = "";
    if (!data.diagnostics.length) {
      const li = document.createElement("li");
      li.className = "clean";
      li.textContent = "cardc lint: no problems.";
      list.appendChild(li);
      return;
    }
    for (const d of data.diagnostics) {
      const li = document.createElement("li");
      li.className = "diag " + d.severity;
      li.dataset.code = d.code;
      li.tabIndex = 0;
      li.innerHTML =
        '<span class="where">' + esc(d.file) + ":" + d.line + ":" + d.column + ": " + esc(d.severity) + "</span><br>" +
        '<span class="code">' + esc(d.code) + "</span>" + '<span class="msg">' + esc(d.message) + "</span>" +
        (d.hint ? '<span class="hint">' + esc(d.hint) + "</span>" : "");
      const go = () => editors[d.file] && editors[d.file].goto(d.line, d.column);
      li.addEventListener("click", go);
      li.addEventListener("keydown", (e) => e.key === "Enter" && go());
      list.appendChild(li);
    }
  }

  // ----- Explain -----

  async function explain(body) {
    let data;
    try {
      data = await explainCall.run(body);
    } catch (e) {
      $("explain").textContent = "Explain failed: " + e.message;
      return;
    }
    if (!data) return;
    const out = $("explain");
    out.innerHTML = "";
    if (!data.cards.length) {
      const p = document.createElement("p");
      p.className = "status";
      p.textContent = data.diagnostics.length ? "The card has errors: see Diagnostics." : "No card to explain.";
      out.appendChild(p);
      return;
    }
    for (const c of data.cards) {
      const div = document.createElement("div");
      div.className = "explain-card";
      let html = "<h3>" + esc(c.name) + ' <span class="lineno">playground.card:' + c.line + "</span></h3>";
      html += '<table class="explain-table"><thead><tr><th>Oracle text</th><th>The card\'s abilities, in English</th></tr></thead><tbody>';
      for (const r of c.rows) {
        const same = r.match === "same meaning" || r.match === "reminder text";
        html += "<tr><td>" + (r.oracle ? esc(r.oracle) : "<em>(no paragraph)</em>") +
          (r.leftOut ? '<div class="match">left out: ' + esc(r.leftOut) + "</div>" : "") + "</td><td>";
        for (const a of r.abilities) html += '<div><span class="lineno">line ' + a.line + "</span>" + esc(a.text) + "</div>";
        html += '<div class="match ' + (same ? "same" : "differs") + '">' + esc(r.match) + "</div></td></tr>";
      }
      html += "</tbody></table>";
      div.innerHTML = html;
      out.appendChild(div);
    }
  }

  // ----- Format -----

  async function format() {
    let data;
    try {
      data = await post("/api/fmt", state());
    } catch (e) {
      message("Format failed: " + e.message, true);
      return;
    }
    for (const [ed, text] of [[card, data.card], [tests, data.tests]]) {
      if (text !== null && (ed.large() || text.length > LARGE)) {
        ed.set(text);
      } else if (text !== null && text !== ed.value()) {
        ed.area.focus();
        ed.area.select();
        // Through the editing commands, so that Ctrl+Z undoes it.
        if (!document.execCommand("insertText", false, text)) ed.area.value = text;
      }
    }
    message(data.diagnostics.length ? "A file that does not parse is left as it is: see Diagnostics." : "", !!data.diagnostics.length);
    changed();
  }

  // ----- Tests -----

  let testController = null;
  let testTimer = 0;

  async function runTests() {
    if (testController) return;
    selectTab("tests");
    const controller = new AbortController();
    testController = controller;
    $("run").disabled = true;
    $("stop").disabled = false;
    const started = performance.now();
    const tick = () => {
      $("test-status").textContent = "Running… " + ((performance.now() - started) / 1000).toFixed(1) + " s (Stop, or Escape, stops it)";
    };
    tick();
    testTimer = setInterval(tick, 100);
    $("summary").textContent = "";
    $("summary").className = "summary";
    try {
      const data = await post("/api/test", state(), controller.signal);
      showTests(data);
      $("test-status").textContent = "Ran in " + (data.millis / 1000).toFixed(2) + " s on the server.";
    } catch (e) {
      if (e.name === "AbortError") {
        $("test-status").textContent = "Stopped.";
        $("summary").textContent = "Stopped: the tests not started yet will not run.";
      } else {
        $("test-status").textContent = "The run failed.";
        message(e.message, true);
      }
    } finally {
      clearInterval(testTimer);
      testController = null;
      $("run").disabled = false;
      $("stop").disabled = true;
    }
  }

  function stopTests() {
    if (testController) testController.abort();
  }

  function showTests(data) {
    const out = $("tests");
    out.innerHTML = "";
    const sum = $("summary");
    sum.textContent = data.summary;
    sum.className = "summary " + (data.failed ? "bad" : "ok");
    $("test-count").textContent = data.tests.length ? data.passed + "/" + data.tests.length : "";
    $("test-count").className = "count" + (data.failed ? " bad" : "");
    if (data.diagnostics.some((d) => d.severity === "error")) {
      const p = document.createElement("p");
      p.className = "status";
      p.textContent = data.stopped ? "No test could run: fix the errors in Diagnostics first." : "Cards with errors fail the tests that need them: see Diagnostics.";
      out.appendChild(p);
    }
    let opened = false;
    for (const t of data.tests) {
      const det = document.createElement("details");
      det.className = "test " + t.status;
      det.dataset.name = t.name;
      if (!opened && (t.status === "failed" || data.failed === 0)) {
        det.open = true;
        opened = true;
      }
      const s = document.createElement("summary");
      s.innerHTML = esc(t.name) + ' <span class="ms">' + esc(t.status) + (t.millis ? ", " + t.millis.toFixed(1) + " ms" : "") + "</span>";
      det.appendChild(s);
      const body = document.createElement("div");
      body.className = "test-body";
      for (const f of t.failures) {
        const p = document.createElement("p");
        p.className = "failure";
        p.textContent = f.file + ":" + f.line + ":" + f.column + ": " + f.message;
        p.addEventListener("click", () => editors[f.file] && editors[f.file].goto(f.line, f.column));
        body.appendChild(p);
      }
      if (t.skipped) {
        const p = document.createElement("p");
        p.textContent = "skipped: " + t.skipped;
        body.appendChild(p);
      }
      if (t.board) {
        const h = document.createElement("h4");
        h.textContent = "The board the game ended on";
        body.appendChild(h);
        body.appendChild(drawBoard(t.board));
      }
      if (t.timeline.length) {
        const h = document.createElement("h4");
        h.textContent = "Event log" + (t.omitted ? " (the last " + t.timeline.length + " lines; " + t.omitted + " before them left out)" : "");
        body.appendChild(h);
        body.appendChild(drawTimeline(t.timeline));
      }
      det.appendChild(body);
      out.appendChild(det);
    }
  }

  // ----- The board -----

  function drawBoard(b) {
    const div = document.createElement("div");
    div.className = "board";
    const you = b.players[0];
    const opp = b.players[1];
    let html = '<div class="turn-line"><span>Turn ' + b.turn + ", " + (b.active === "you" ? "your" : "the opponent's") + " turn, step <strong>" + esc(b.step) + "</strong></span>" +
      (b.outcome ? '<span class="outcome">' + esc(b.outcome) + "</span>" : "") + "</div>";
    html += drawPlayer(opp);
    html += '<div class="stack-zone">Stack: ' + (b.stack.length ? b.stack.map(esc).join(" ← ") + " (top last)" : "empty") + "</div>";
    html += drawPlayer(you);
    div.innerHTML = html;
    return div;
  }

  function counters(m) {
    return Object.keys(m).sort().map((k) => m[k] + " " + k);
  }

  function drawPlayer(p) {
    const names = new Map(p.permanents.map((x) => [x.id, x.name]));
    let html = '<div class="player ' + esc(p.name) + (p.lost ? " lost" : "") + '" data-player="' + esc(p.name) + '">';
    html += '<div class="player-head"><span class="player-name">' + esc(p.name) + "</span>" +
      '<span class="life" title="life" data-life="' + p.life + '">' + p.life + "</span>";
    for (const c of counters(p.counters)) html += "<span>" + esc(c) + "</span>";
    if (p.pool) html += "<span>pool " + esc(p.pool) + "</span>";
    html += '<span class="zones">hand ' + p.handSize + (p.hand.length ? " (" + p.hand.map(esc).join(", ") + ")" : "") +
      " · library " + p.library + " · graveyard " + p.graveyardSize + (p.graveyard.length ? " (" + p.graveyard.map(esc).join(", ") + ")" : "") +
      " · exile " + p.exile + "</span></div>";
    html += '<div class="battlefield">';
    if (!p.permanents.length) html += '<span class="empty">no permanents</span>';
    // An Aura or Equipment is drawn right after what it is attached to.
    const order = [];
    const attached = new Map();
    for (const x of p.permanents) {
      if (x.attachedTo && names.has(x.attachedTo)) {
        if (!attached.has(x.attachedTo)) attached.set(x.attachedTo, []);
        attached.get(x.attachedTo).push(x);
      }
    }
    for (const x of p.permanents) {
      if (x.attachedTo && names.has(x.attachedTo)) continue;
      order.push(x);
      for (const a of attached.get(x.id) || []) order.push(a);
    }
    for (const x of order) html += drawPermanent(x, names);
    if (p.morePermanents) html += '<span class="empty">and ' + p.morePermanents + " more</span>";
    html += "</div></div>";
    return html;
  }

  function drawPermanent(x, names) {
    const cls = ["perm"].concat(x.types.map((t) => t.replace(/[^a-z]/g, "")));
    if (x.tapped) cls.push("tapped");
    if (x.token) cls.push("token");
    if (x.attacking) cls.push("attacking");
    if (x.blocking) cls.push("blocking");
    const badges = counters(x.counters).map((c) => '<span class="badge">' + esc(c) + "</span>");
    if (x.damage) badges.push('<span class="badge damage">' + x.damage + " damage</span>");
    if (x.attacking) badges.push('<span class="badge state">attacking</span>');
    if (x.blocking) badges.push('<span class="badge state">blocking</span>');
    if (x.token) badges.push('<span class="badge state">token</span>');
    const label = x.name + (x.tapped ? ", tapped" : "") + (x.creature ? ", " + x.power + "/" + x.toughness : "");
    let html = '<div class="slot' + (x.tapped ? " tapped" : "") + '"><div class="' + cls.join(" ") + '" role="img" aria-label="' + esc(label) +
      '" data-name="' + esc(x.name) + '" data-tapped="' + x.tapped + '"' +
      (x.creature ? ' data-pt="' + x.power + "/" + x.toughness + '"' : "") + ">";
    html += '<span class="name">' + esc(x.name) + "</span>";
    html += '<span class="types">' + esc(x.types.join(" ")) + (x.owner !== undefined ? "" : "") + "</span>";
    if (x.attachedTo && names.has(x.attachedTo)) html += '<span class="attached">↳ ' + esc(names.get(x.attachedTo)) + "</span>";
    html += '<span class="badges">' + badges.join("") + "</span>";
    if (x.creature) html += '<span class="pt">' + x.power + "/" + x.toughness + "</span>";
    html += "</div></div>";
    return html;
  }

  // ----- The timeline -----

  function drawTimeline(entries) {
    const div = document.createElement("div");
    div.className = "timeline";
    let html = "";
    let turn = null;
    let step = null;
    for (const e of entries) {
      if (e.turn !== turn) {
        if (turn !== null) html += "</ol></div></div>";
        turn = e.turn;
        step = e.step;
        html += '<div class="turn"><div class="label">Turn ' + e.turn + '</div><div class="step"><div class="label">' + esc(e.step || "as the test set it up") + "</div><ol>";
      } else if (e.step !== step) {
        step = e.step;
        html += '</ol></div><div class="step"><div class="label">' + esc(e.step) + "</div><ol>";
      }
      const cls = e.kind === "decision" ? "decision" : esc(e.kind);
      // The cards the event involves, and what it happens to where that
      // is not one of them.
      const to = e.to && !(e.cards || []).includes(e.to) ? e.to : "";
      const cards = e.cards && e.cards.length ? ' <span class="cards">[' + e.cards.map(esc).join(", ") + (to ? " → " + esc(to) : "") + "]</span>" : "";
      html += '<li class="' + cls + '"><span class="kind">' + esc(e.kind || "") + "</span>" + esc(e.text) + cards + "</li>";
    }
    if (turn !== null) html += "</ol></div></div>";
    div.innerHTML = html;
    return div;
  }

  // ----- Tabs -----

  function selectTab(name) {
    for (const t of ["diagnostics", "explain", "tests"]) {
      $("tab-" + t).setAttribute("aria-selected", String(t === name));
      $("panel-" + t).hidden = t !== name;
    }
  }

  // ----- Sharing: the state in the link -----

  function toBase64URL(bytes) {
    let s = "";
    for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
    return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }

  function fromBase64(s) {
    s = s.replace(/\s+/g, "").replace(/-/g, "+").replace(/_/g, "/").replace(/=+$/, "");
    while (s.length % 4) s += "=";
    const bin = atob(s);
    const out = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
    return out;
  }

  async function pipe(bytes, stream) {
    const out = new Response(new Blob([bytes]).stream().pipeThrough(stream));
    return new Uint8Array(await out.arrayBuffer());
  }

  // encodeState is the fragment of a state: "z=" and the base64url of
  // its JSON compressed with deflate-raw, or "j=" and the base64url of
  // the JSON where the browser cannot compress.
  async function encodeState(st) {
    const json = new TextEncoder().encode(JSON.stringify({ v: 1, card: st.card, tests: st.tests }));
    if (typeof CompressionStream === "function") {
      try {
        return "z=" + toBase64URL(await pipe(json, new CompressionStream("deflate-raw")));
      } catch (e) {
        /* fall through */
      }
    }
    return "j=" + toBase64URL(json);
  }

  // decodeState reads a fragment: "z=" or "j=" as encodeState writes
  // them, base64 or base64url, padded or not; without a prefix, whatever
  // of the two it turns out to be.
  async function decodeState(hash) {
    let s = hash.replace(/^#/, "");
    if (!s) return null;
    try {
      s = decodeURIComponent(s);
    } catch (e) {
      /* as it is */
    }
    let kind = "";
    const m = /^([a-z]+)=/.exec(s);
    if (m) {
      kind = m[1];
      s = s.slice(m[0].length);
    }
    const bytes = fromBase64(s);
    let json;
    const looksJSON = bytes.length && bytes[0] === 0x7b; // {
    if (kind === "j" || (kind !== "z" && looksJSON)) {
      json = new TextDecoder().decode(bytes);
    } else {
      json = new TextDecoder().decode(await pipe(bytes, new DecompressionStream("deflate-raw")));
    }
    const obj = JSON.parse(json);
    if (!obj || typeof obj !== "object") throw new Error("not a playground state");
    return { card: String(obj.card ?? obj.c ?? ""), tests: String(obj.tests ?? obj.t ?? "") };
  }

  let shareTimer = 0;
  let lastHash = "";

  function scheduleShare() {
    clearTimeout(shareTimer);
    shareTimer = setTimeout(updateLink, 400);
  }

  async function updateLink() {
    const st = state();
    if (st.card.length + st.tests.length > SHARE_MAX) {
      lastHash = "";
      history.replaceState(null, "", location.pathname);
      return "";
    }
    const hash = "#" + (await encodeState(st));
    lastHash = hash;
    if (location.hash !== hash) history.replaceState(null, "", hash);
    return hash;
  }

  async function share() {
    const st = state();
    if (st.card.length + st.tests.length > SHARE_MAX) {
      message("The card and its tests are over " + size(SHARE_MAX) + ": too large for a link. Save the files instead.", true);
      return;
    }
    const hash = await updateLink();
    const link = location.origin + location.pathname + hash;
    try {
      await navigator.clipboard.writeText(link);
      message("Link copied: it holds the card and its tests (" + size(hash.length) + ").", false);
    } catch (e) {
      message("The link holds the card and its tests: copy it from the address bar.", false);
    }
  }

  async function restore(hash) {
    try {
      const st = await decodeState(hash);
      if (!st) return false;
      card.set(st.card);
      tests.set(st.tests);
      lastHash = hash;
      return true;
    } catch (e) {
      message("The link's card could not be read (" + e.message + "): the example is shown instead.", true);
      return false;
    }
  }

  // ----- Open and save -----

  function fileBase() {
    const m = /^\s*card\s+"((?:\\.|[^"\\\n])*)"/m.exec(card.value());
    if (!m) return "playground";
    const base = m[1].toLowerCase().replace(/[^a-z0-9]+/g, "_").replace(/^_+|_+$/g, "");
    return base || "playground";
  }

  function download(name, text) {
    const url = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }));
    const a = document.createElement("a");
    a.href = url;
    a.download = name;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  async function open(files) {
    for (const f of files) {
      const text = await f.text();
      (f.name.endsWith("_test.card") ? tests : card).set(text);
    }
    changed();
  }

  // ----- Start -----

  async function start() {
    try {
      const res = await fetch("/grammar.json");
      grammar = new CardHighlight.Grammar(await res.json());
    } catch (e) {
      message("The grammar could not be loaded: the editors are not highlighted.", true);
    }
    for (const ed of [card, tests]) ed.area.addEventListener("input", () => ed.input());
    $("card-clear").addEventListener("click", () => {
      card.set("");
      changed();
    });
    $("tests-clear").addEventListener("click", () => {
      tests.set("");
      changed();
    });
    $("run").addEventListener("click", runTests);
    $("stop").addEventListener("click", stopTests);
    $("fmt").addEventListener("click", format);
    $("share").addEventListener("click", share);
    $("save-card").addEventListener("click", () => download(fileBase() + ".card", card.value()));
    $("save-tests").addEventListener("click", () => download(fileBase() + "_test.card", tests.value()));
    $("open").addEventListener("change", (e) => open(e.target.files));
    for (const t of ["diagnostics", "explain", "tests"]) $("tab-" + t).addEventListener("click", () => selectTab(t));
    document.addEventListener("keydown", (e) => {
      if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
        e.preventDefault();
        runTests();
      } else if (e.key === "Escape" && testController) {
        stopTests();
      } else if (e.altKey && e.shiftKey && (e.key === "F" || e.key === "f")) {
        e.preventDefault();
        format();
      }
    });
    window.addEventListener("hashchange", async () => {
      if (location.hash && location.hash !== lastHash && (await restore(location.hash))) changed();
    });
    if (!(location.hash && (await restore(location.hash)))) {
      card.set(example.card);
      tests.set(example.tests);
    }
    changed();
    document.body.dataset.ready = "true";
    document.body.dataset.readyAt = performance.now().toFixed(1);
  }

  start();
})();
