// The Switchboard console (docs/SERVER.md, "Console"). Plain script, no build step, no dependency: it
// reads the admin API with the app's credentials (Authorization: Basic on every request, the feed
// included, read through fetch because EventSource cannot send the header) and writes the page with
// textContent only, so no id or payload is ever parsed as HTML.
"use strict";

const $ = (id) => document.getElementById(id);
const PAGE = 100;           // calls and sessions per page
const HISTORY = 120;        // seconds of chart history

const state = {
  auth: null,               // "Basic ..." or "" in development mode
  app: "",
  calls: { cursors: [null], index: 0, filter: {}, version: -1, fetchedAt: 0, loading: false },
  sessions: { cursors: [null], index: 0, filter: {} },
  records: { user: "", next: null },
  selected: null,           // the call whose timeline is open
  history: [],              // feed samples, oldest first
  clockOffset: 0,           // server time minus local time, from the feed
  feedAbort: null,
};

// ---------------------------------------------------------------- requests

class ApiError extends Error {
  constructor(status, code, message) { super(message); this.status = status; this.code = code; }
}

async function api(path, options = {}) {
  const headers = Object.assign({}, options.headers || {});
  if (state.auth) headers["Authorization"] = state.auth;
  const response = await fetch(path, Object.assign({}, options, { headers, cache: "no-store" }));
  let body = null;
  try { body = await response.json(); } catch (_) { body = null; }
  if (!response.ok) {
    const error = (body && body.error) || {};
    throw new ApiError(response.status, error.code || "http_" + response.status, error.message || response.statusText);
  }
  return body;
}

function query(params) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== null && value !== undefined && value !== "") search.set(key, value);
  const text = search.toString();
  return text ? "?" + text : "";
}

function onAuthError(error) {
  if (error instanceof ApiError && error.status === 401) { showLogin("Those credentials were refused."); return true; }
  return false;
}

// ---------------------------------------------------------------- login

function showLogin(message) {
  stopFeed();
  state.auth = null;
  sessionStorage.removeItem("switchboard.console");
  $("console").hidden = true;
  $("login").hidden = false;
  $("login-error").hidden = !message;
  $("login-error").textContent = message || "";
  $("login-app").focus();
}

async function signIn(app, auth) {
  state.auth = auth;
  // Any authenticated read proves the credentials; nothing is drawn before it succeeds.
  await api("/v1/admin/calls/live" + query({ limit: 1 }));
  state.app = app;
  $("login").hidden = true;
  $("console").hidden = false;
  $("app-name").textContent = app ? "app " + app : "development app";
  startFeed();
  loadCalls();
}

$("login-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const app = $("login-app").value.trim();
  const secret = $("login-secret").value;
  const auth = "Basic " + btoa(unescape(encodeURIComponent(app + ":" + secret)));
  try {
    await signIn(app, auth);
    sessionStorage.setItem("switchboard.console", JSON.stringify({ app, auth }));
    $("login-secret").value = "";
  } catch (error) {
    showLogin(error instanceof ApiError && error.status === 401 ? "Those credentials were refused." : "The server did not answer: " + error.message);
  }
});

$("logout").addEventListener("click", () => showLogin(""));

// ---------------------------------------------------------------- formatting

const now = () => Date.now() + state.clockOffset;

function duration(ms) {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(seconds / 3600), m = Math.floor((seconds % 3600) / 60), s = seconds % 60;
  const pad = (n) => String(n).padStart(2, "0");
  return h > 0 ? h + ":" + pad(m) + ":" + pad(s) : pad(m) + ":" + pad(s);
}

function clock(ms) {
  return new Date(ms).toLocaleTimeString([], { hour12: false }) + "." + String(ms % 1000).padStart(3, "0");
}

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined && text !== null) node.textContent = text;
  return node;
}

function stateClass(text) { return "state-" + String(text).replace(/\(.*$/, ""); }

// ---------------------------------------------------------------- live calls

async function loadCalls() {
  const calls = state.calls;
  if (calls.loading) return;
  calls.loading = true;
  try {
    const page = await api("/v1/admin/calls/live" + query(Object.assign({ limit: PAGE, cursor: calls.cursors[calls.index] }, calls.filter)));
    calls.fetchedAt = Date.now();
    drawCalls(page);
  } catch (error) {
    if (!onAuthError(error)) $("calls-range").textContent = "(" + error.code + ": " + error.message + ")";
  } finally {
    calls.loading = false;
  }
}

function drawCalls(page) {
  const calls = state.calls;
  calls.cursors[calls.index + 1] = page.next;
  state.clockOffset = page.now - Date.now();
  $("calls-total").textContent = page.total;
  const first = calls.index * PAGE + 1;
  $("calls-range").textContent = page.calls.length ? "(" + first + "–" + (first + page.calls.length - 1) + ")" : "";
  $("calls-empty").hidden = page.calls.length > 0;
  $("calls-prev").disabled = calls.index === 0;
  $("calls-next").disabled = !page.next;
  const body = $("calls-body");
  const rows = document.createDocumentFragment();
  for (const call of page.calls) {
    const row = el("tr");
    row.dataset.call = call.call;
    row.tabIndex = 0;
    if (call.call === state.selected) row.classList.add("selected");
    row.append(el("td", "mono", call.call));
    const stateCell = el("td");
    stateCell.append(el("span", "chip " + stateClass(call.state), call.state));
    row.append(stateCell);
    const people = el("td", "people");
    for (const p of call.participants) {
      const chip = el("span", "person " + stateClass(p.state));
      chip.title = p.role + (p.device ? " on " + p.device : "");
      chip.append(el("b", null, p.user), el("span", null, " " + p.state), el("i", null, p.surface ? " @" + p.surface : ""));
      people.append(chip);
    }
    row.append(people);
    const since = call.connectedAt || call.createdAt;
    const timer = el("td", "mono timer");
    timer.dataset.since = since;
    timer.dataset.label = call.connectedAt ? "connected " : "ringing ";
    timer.textContent = timer.dataset.label + duration(now() - since);
    row.append(timer);
    row.append(el("td", "mono", call.node || "—"));
    row.addEventListener("click", () => openTimeline(call.call));
    row.addEventListener("keydown", (event) => { if (event.key === "Enter") openTimeline(call.call); });
    rows.append(row);
  }
  body.replaceChildren(rows);
  // The page's load time as Benchmarks/console measures it: navigation to the first list drawn.
  if (!performance.getEntriesByName("calls-drawn").length) performance.mark("calls-drawn");
}

$("call-filters").addEventListener("submit", (event) => {
  event.preventDefault();
  state.calls.filter = { state: $("filter-state").value, user: $("filter-user").value.trim(), surface: $("filter-surface").value };
  state.calls.cursors = [null];
  state.calls.index = 0;
  loadCalls();
});
$("calls-next").addEventListener("click", () => { state.calls.index += 1; loadCalls(); });
$("calls-prev").addEventListener("click", () => { state.calls.index = Math.max(0, state.calls.index - 1); loadCalls(); });

// The ringing/connected timers tick locally between fetches.
setInterval(() => {
  for (const cell of document.querySelectorAll("#calls-body .timer")) {
    cell.textContent = cell.dataset.label + duration(now() - Number(cell.dataset.since));
  }
}, 1000);

// ---------------------------------------------------------------- timeline and end call

async function openTimeline(id) {
  state.selected = id;
  for (const row of document.querySelectorAll("#calls-body tr")) row.classList.toggle("selected", row.dataset.call === id);
  $("timeline").hidden = false;
  $("timeline-call").textContent = id;
  await loadTimeline();
}

async function loadTimeline() {
  const id = state.selected;
  if (!id) return;
  try {
    const timeline = await api("/v1/admin/calls/" + encodeURIComponent(id) + "/timeline");
    if (state.selected !== id) return;
    drawTimeline(timeline);
  } catch (error) {
    if (onAuthError(error)) return;
    $("timeline-note").hidden = false;
    $("timeline-note").textContent = error.code + ": " + error.message;
    $("timeline-entries").replaceChildren();
    $("end-call").disabled = true;
  }
}

function drawTimeline(timeline) {
  $("timeline-state").textContent = timeline.live ? "live" : "ended " + clock(timeline.endedAt);
  $("timeline-state").className = "chip " + (timeline.live ? "state-live" : "state-ended");
  $("end-call").disabled = !timeline.live;
  $("timeline-note").hidden = timeline.omitted === 0;
  $("timeline-note").textContent = timeline.omitted + " entries in the middle were dropped (a call keeps its first and latest 200).";
  const list = document.createDocumentFragment();
  for (const entry of timeline.entries) {
    const item = el("li", "entry kind-" + entry.kind + (entry.error ? " failed" : ""));
    item.append(el("time", "mono", clock(entry.time)));
    if (entry.node) item.append(el("span", "chip node", entry.node));
    const text = el("span", "what");
    if (entry.kind === "command") {
      text.append(el("b", null, entry.name), document.createTextNode(" from " + entry.by + (entry.surface ? " @" + entry.surface : "")));
      if (entry.error) text.append(el("span", "error", " → " + entry.error));
    } else if (entry.kind === "event") {
      text.append(el("b", null, "⇢ " + entry.name), document.createTextNode(" to " + entry.to.join(", ")));
      const states = Object.entries(entry.states).map(([user, s]) => user + ": " + s).join(", ");
      if (states) text.append(el("span", "states", " (" + states + ")"));
    } else if (entry.kind === "push") {
      // "apns.voip ring → bob/phone: 200", "fcm cancel → bob/tablet: 404 UNREGISTERED → token removed"
      text.append(el("b", null, "✉ " + entry.name), document.createTextNode(" → " + entry.to.join(", ") + ": "));
      text.append(el("span", "answer", entry.answer));
    } else {
      text.append(el("b", null, "⚙ " + entry.name));
    }
    item.append(text);
    list.append(item);
  }
  $("timeline-entries").replaceChildren(list);
}

$("timeline-close").addEventListener("click", () => {
  state.selected = null;
  $("timeline").hidden = true;
  for (const row of document.querySelectorAll("#calls-body tr.selected")) row.classList.remove("selected");
});

$("end-call").addEventListener("click", () => {
  if (!state.selected) return;
  $("confirm-call").textContent = state.selected;
  $("confirm-end").showModal();
});
$("confirm-cancel").addEventListener("click", (event) => { event.preventDefault(); $("confirm-end").close(); });
$("confirm-ok").addEventListener("click", async (event) => {
  event.preventDefault();
  $("confirm-end").close();
  const id = state.selected;
  try {
    await api("/v1/admin/calls/" + encodeURIComponent(id) + "/end", { method: "POST" });
  } catch (error) {
    if (onAuthError(error)) return;
    $("timeline-note").hidden = false;
    $("timeline-note").textContent = "Ending the call failed: " + error.code + ": " + error.message;
  }
  await loadTimeline();
  loadCalls();
});

// ---------------------------------------------------------------- sessions

async function loadSessions() {
  const sessions = state.sessions;
  try {
    const page = await api("/v1/admin/sessions" + query(Object.assign({ limit: PAGE, cursor: sessions.cursors[sessions.index] }, sessions.filter)));
    sessions.cursors[sessions.index + 1] = page.next;
    $("sessions-total").textContent = page.total;
    const counts = Object.entries(page.bySurface).map(([k, v]) => k + " " + v)
      .concat(Object.entries(page.byLink).map(([k, v]) => k + " " + v));
    $("sessions-counts").textContent = counts.join(" · ");
    $("sessions-prev").disabled = sessions.index === 0;
    $("sessions-next").disabled = !page.next;
    const rows = document.createDocumentFragment();
    for (const s of page.sessions) {
      const row = el("tr");
      row.append(el("td", "mono", s.user), el("td", "mono", s.device), el("td", null, s.surface || "—"));
      const link = el("td");
      link.append(el("span", "chip link-" + s.link, s.link));
      row.append(link, el("td", "mono", clock(s.loggedInAt)), el("td", "mono", clock(s.lastSeen)), el("td", null, String(s.activeCalls)));
      rows.append(row);
    }
    $("sessions-body").replaceChildren(rows);
  } catch (error) {
    if (!onAuthError(error)) $("sessions-counts").textContent = error.code + ": " + error.message;
  }
}

$("session-filters").addEventListener("submit", (event) => {
  event.preventDefault();
  state.sessions.filter = { user: $("session-user").value.trim(), surface: $("session-surface").value.trim() };
  state.sessions.cursors = [null];
  state.sessions.index = 0;
  loadSessions();
});
$("sessions-next").addEventListener("click", () => { state.sessions.index += 1; loadSessions(); });
$("sessions-prev").addEventListener("click", () => { state.sessions.index = Math.max(0, state.sessions.index - 1); loadSessions(); });

// ---------------------------------------------------------------- records

async function loadRecords(append) {
  const records = state.records;
  try {
    const page = await api("/v1/admin/users/" + encodeURIComponent(records.user) + "/records" + query({ limit: 50, cursor: append ? records.next : null }));
    records.next = page.nextCursor || null;
    $("records-more").disabled = !records.next;
    $("records-error").hidden = true;
    const rows = document.createDocumentFragment();
    for (const r of page.records) {
      const row = el("tr");
      row.append(el("td", "mono", r.call), el("td", "mono", new Date(r.startedAt).toLocaleString([], { hour12: false })),
        el("td", null, r.direction), el("td", null, r.outcome), el("td", "mono", duration(r.durationMs)),
        el("td", null, r.participants.join(", ")));
      rows.append(row);
    }
    if (append) $("records-body").append(rows); else $("records-body").replaceChildren(rows);
  } catch (error) {
    if (onAuthError(error)) return;
    $("records-error").hidden = false;
    $("records-error").textContent = error.code + ": " + error.message;
  }
}

$("record-filters").addEventListener("submit", (event) => {
  event.preventDefault();
  state.records.user = $("records-user").value.trim();
  loadRecords(false);
});
$("records-more").addEventListener("click", () => loadRecords(true));

// ---------------------------------------------------------------- tabs

for (const tab of document.querySelectorAll("[role=tab]")) {
  tab.addEventListener("click", () => {
    for (const other of document.querySelectorAll("[role=tab]")) {
      other.setAttribute("aria-selected", String(other === tab));
      $(other.dataset.panel).hidden = other !== tab;
    }
    if (tab.id === "tab-sessions") loadSessions();
    if (tab.id === "tab-calls") loadCalls();
  });
}

// ---------------------------------------------------------------- the feed

function stopFeed() {
  if (state.feedAbort) state.feedAbort.abort();
  state.feedAbort = null;
}

async function startFeed() {
  stopFeed();
  const abort = new AbortController();
  state.feedAbort = abort;
  let delay = 1000;
  while (!abort.signal.aborted) {
    try {
      const headers = state.auth ? { Authorization: state.auth } : {};
      const response = await fetch("/v1/admin/feed", { headers, signal: abort.signal, cache: "no-store" });
      if (response.status === 401) { showLogin("Those credentials were refused."); return; }
      if (!response.ok) throw new Error("feed answered " + response.status);
      setFeedState("live");
      delay = 1000;
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      let buffer = "";
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let end;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block.split("\n").filter((line) => line.startsWith("data: ")).map((line) => line.slice(6)).join("\n");
          if (data) onSample(JSON.parse(data));
        }
      }
    } catch (error) {
      if (abort.signal.aborted) return;
    }
    setFeedState("reconnecting");
    await new Promise((resolve) => setTimeout(resolve, delay));
    delay = Math.min(delay * 2, 15000);
  }
}

function setFeedState(text) {
  $("feed-state").textContent = "feed: " + text;
  $("feed-state").className = "chip " + (text === "live" ? "state-live" : "state-off");
}

function onSample(sample) {
  state.clockOffset = sample.time - Date.now();
  if (!sample.hosted) {
    $("hosted-elsewhere").hidden = false;
    $("hosted-elsewhere").textContent = "This node does not host the app" +
      (sample.hostedBy ? "; node " + sample.hostedBy + " does. Live calls are read from the shared store, timelines and sessions asked of that node; its charts are on its own console." : ".");
    return;
  }
  $("hosted-elsewhere").hidden = true;
  $("node-name").hidden = !sample.node;
  $("node-name").textContent = sample.node ? "node " + sample.node : "";
  state.history.push(sample);
  if (state.history.length > HISTORY) state.history.shift();
  $("tile-ringing").textContent = sample.ringing;
  $("tile-connected").textContent = sample.connected;
  $("tile-rate").textContent = sample.callsPerSecond === null ? "–" : sample.callsPerSecond;
  $("tile-p99").textContent = sample.ringLatency.p99 === null ? "–" : sample.ringLatency.p99 + " ms";
  $("tile-sessions").textContent = Object.values(sample.sessions).reduce((a, b) => a + b, 0);
  drawChart($("chart-rate"), [
    { values: state.history.map((s) => s.callsPerSecond), color: "#2f6fdf" },
    { values: state.history.map((s) => s.endedPerSecond), color: "#9aa4b2" },
  ]);
  drawChart($("chart-latency"), [
    { values: state.history.map((s) => s.ringLatency.p50), color: "#2f9e62" },
    { values: state.history.map((s) => s.ringLatency.p90), color: "#e0a326" },
    { values: state.history.map((s) => s.ringLatency.p99), color: "#d64545" },
  ]);
  drawErrors();
  // The list and the open timeline follow the calls, at most once a second, and only when a call changed.
  if (sample.callsVersion !== state.calls.version) {
    state.calls.version = sample.callsVersion;
    if (!$("panel-calls").hidden) loadCalls();
    if (state.selected) loadTimeline();
  }
}

function drawErrors() {
  const totals = {};
  for (const sample of state.history) for (const [code, count] of Object.entries(sample.errors)) totals[code] = (totals[code] || 0) + count;
  const items = document.createDocumentFragment();
  const entries = Object.entries(totals).sort((a, b) => b[1] - a[1]);
  const most = entries.length ? entries[0][1] : 1;
  for (const [code, count] of entries) {
    const item = el("li");
    const bar = el("span", "bar");
    bar.style.width = Math.max(2, Math.round(100 * count / most)) + "%";
    item.append(el("span", "mono code", code), bar, el("span", "mono count", String(count)));
    items.append(item);
  }
  if (!entries.length) items.append(el("li", "empty", "No errors."));
  $("errors").replaceChildren(items);
}

function drawChart(canvas, series) {
  const ratio = window.devicePixelRatio || 1;
  const width = canvas.clientWidth || canvas.width, height = canvas.clientHeight || canvas.height;
  if (canvas.width !== Math.round(width * ratio)) { canvas.width = Math.round(width * ratio); canvas.height = Math.round(height * ratio); }
  const g = canvas.getContext("2d");
  g.setTransform(ratio, 0, 0, ratio, 0, 0);
  g.clearRect(0, 0, width, height);
  let top = 2;
  for (const s of series) for (const v of s.values) if (v !== null && v > top) top = v;
  top = niceCeiling(top);
  const left = 36, bottom = height - 16, right = width - 4;
  g.strokeStyle = "#d8dde5"; g.fillStyle = "#6b7480"; g.font = "11px system-ui, sans-serif"; g.lineWidth = 1;
  for (let i = 0; i <= 2; i++) {
    const y = bottom - (bottom - 6) * i / 2;
    g.beginPath(); g.moveTo(left, y); g.lineTo(right, y); g.stroke();
    const tick = top * i / 2;
    g.fillText(top < 10 ? tick.toFixed(1).replace(/\.0$/, "") : String(Math.round(tick)), 2, y + 4);
  }
  g.fillText("−" + HISTORY + " s", left, height - 2);
  g.fillText("now", right - 22, height - 2);
  for (const s of series) {
    g.strokeStyle = s.color; g.lineWidth = 1.6; g.beginPath();
    let started = false;
    s.values.forEach((v, i) => {
      if (v === null) { started = false; return; }
      const x = left + (right - left) * (HISTORY - s.values.length + i) / (HISTORY - 1);
      const y = bottom - (bottom - 6) * v / top;
      if (started) g.lineTo(x, y); else { g.moveTo(x, y); started = true; }
    });
    g.stroke();
  }
}

function niceCeiling(value) {
  const power = Math.pow(10, Math.floor(Math.log10(value)));
  for (const step of [1, 2, 5, 10]) if (value <= step * power) return step * power;
  return 10 * power;
}

// ---------------------------------------------------------------- start

(async function start() {
  const saved = sessionStorage.getItem("switchboard.console");
  if (saved) {
    try { const { app, auth } = JSON.parse(saved); await signIn(app, auth); return; } catch (_) { /* fall through */ }
  }
  // Development mode answers without credentials (loopback only); otherwise the login prompt.
  try { await signIn("", ""); } catch (_) { showLogin(""); }
})();
