// The table page (issue 27): log in, pick a table, tap a shot (a Mafia host: run a game, mafia.js). No framework, no build step: the desk serves this
// file as it is. Every rule is the desk's: the server records through the same services and refuses with the
// clause; this page only gathers the facts, like the desk's keys do.
"use strict";
const LANG = document.documentElement.lang === "en" ? "en" : "ru";
const W = {
  ru: { login: "Вход", user: "Имя для входа", password: "Пароль", enter: "Войти", logout: "Выйти", back: "← Столы",
    tables: "Идущие столы", none: "Сейчас нет идущих столов.", zhuk: "Жук", pyramid: "Пирамидка",
    table: "Стол", notMine: "ведёт {r}", refereeOnly: "для судьи", refresh: "Обновить", turn: "БЬЁТ", bank: "банк", rack: "пирамида",
    nominal: "номинал", std: "шаров", zhukBall: "Жук", gone: "сыгран", here: "есть", inHand: "с руки",
    record: "Записать", recordMiss: "Мимо", clear: "Сброс", undo: "Отменить удар", undoSure: "Точно отменить?",
    fell: "+ Упал по заказу", missed: "− Не упал", call: "Заказ", pot: "Упал", off: "За борт",
    pockets: "Луза", straight: "прямо", touched: "касание №10", blocked: "центр занят",
    fouls: "Штраф", tricks: "Приём на №10", cue: "биток", nothing: "ничего не отмечено", draft: "Удар: {d}",
    pickPocket: "{b}: выберите лузу", needCall: "Сначала заказ: шар и луза, потом «+»",
    noResult: "Заказан {c}, но ничего не отмечено упавшим. Записать удар без результата — ход перейдёт к сопернику?",
    yesNothing: "Да, ничего не упало", no: "Нет", saved: "Записано", undone: "Удар отменён",
    retrying: "Нет связи — повторяю…", offline: "Нет связи со стойкой. Удар не записан; нажмите ещё раз.",
    unheard: "Нет связи со стойкой: обновления придут позже.",
    won: "Победа: {w}", over: "Раунд за этим столом окончен.", debt: "долг {n}", shelf: "на полке: {b}",
    log: "Последние удары", miss: "мимо", rerack: "новая пирамида", roundEnd: "конец раунда", conceded: "сдача",
    voided: "отмена", stale: "Счёт обновлён с другого устройства.", wait: "Записываю…", readOnly: "Только просмотр",
    zk: { "1": "Шар", "2": "Шар случайно", "3": "Жук", "4": "Жук случайно", "5": "Свояк", "6": "Биток упал",
      "7": "Жуком-битком", "8": "По Жуку", "9": "Отыгрыш", "0": "Новая пирамида", F1: "Промах", F2: "Касание",
      F3: "За борт", F4: "Двойной", F5: "Толчок", F6: "Отскок", F7: "Жук от основного", F8: "Вылетел шар",
      F9: "Вылетел Жук", F10: "Вылетел биток" },
    pf: { miss: "промах", not_cue_ball: "не по битку", touch: "туш", rebound: "отыгрыш", double_hit: "двойной",
      push: "пропих" },
    pt: { carom3: "карамболь", rocambole3: "рокамболь" } },
  en: { login: "Log in", user: "Login", password: "Password", enter: "Log in", logout: "Log out", back: "← Tables",
    tables: "Running tables", none: "No table is running now.", zhuk: "Zhuk", pyramid: "Pyramid",
    table: "Table", notMine: "referee {r}", refereeOnly: "for the referee", refresh: "Refresh", turn: "TO PLAY", bank: "bank", rack: "rack",
    nominal: "stake", std: "balls", zhukBall: "Zhuk", gone: "played", here: "on", inHand: "in hand",
    record: "Record", recordMiss: "Miss", clear: "Clear", undo: "Undo shot", undoSure: "Really undo?",
    fell: "+ Fell as called", missed: "− Missed", call: "Call", pot: "Fell", off: "Off table",
    pockets: "Pocket", straight: "straight", touched: "touched №10", blocked: "centre taken",
    fouls: "Foul", tricks: "Trick onto №10", cue: "cue ball", nothing: "nothing marked", draft: "Shot: {d}",
    pickPocket: "{b}: choose the pocket", needCall: "Call first: a ball and a pocket, then “+”",
    noResult: "{c} was called but nothing is marked as fallen. Record the shot without a result — the turn passes?",
    yesNothing: "Yes, nothing fell", no: "No", saved: "Recorded", undone: "Shot undone",
    retrying: "No connection — retrying…", offline: "No connection to the desk. The shot is not recorded; tap again.",
    unheard: "No connection to the desk: updates will come later.",
    won: "Winner: {w}", over: "This table's round is over.", debt: "debt {n}", shelf: "shelf: {b}",
    log: "Last shots", miss: "miss", rerack: "new rack", roundEnd: "round end", conceded: "conceded",
    voided: "undo", stale: "The score was updated from another device.", wait: "Recording…", readOnly: "Read-only",
    zk: { "1": "Ball", "2": "Ball by chance", "3": "Zhuk", "4": "Zhuk by chance", "5": "Cue in (own)",
      "6": "Cue fell", "7": "Zhuk as cue", "8": "At Zhuk", "9": "Rebound", "0": "New rack", F1: "Miss",
      F2: "Touch", F3: "Off table", F4: "Double hit", F5: "Push", F6: "Bounce", F7: "Zhuk off main cue",
      F8: "Ball off table", F9: "Zhuk off table", F10: "Cue off table" },
    pf: { miss: "miss", not_cue_ball: "not the cue ball", touch: "touch", rebound: "rebound",
      double_hit: "double hit", push: "push" },
    pt: { carom3: "carom", rocambole3: "rocambole" } } }[LANG];
const fmt = (s, v) => s.replace(/\{(\w+)\}/g, (_, k) => v[k]);
const $ = (sel) => document.querySelector(sel);
const money = (n) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, "\u202f");
function el(tag, attrs = {}, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "on") e.addEventListener("click", v);
    else if (k === "class") e.className = v;
    else if (v === true) e.setAttribute(k, "");
    else if (v !== false && v != null) e.setAttribute(k, v);
  }
  for (const kid of kids.flat()) if (kid != null) e.append(kid.nodeType ? kid : document.createTextNode(kid));
  return e;
}
const S = { me: null, game: null, view: null, stream: null, busy: false, zkeys: [], pd: null, mode: "call",
  pick: null, straight: false, undoArmed: 0 };

// ---- talking to the desk --------------------------------------------------------------------------------------
async function api(path, body) {
  const opts = { credentials: "same-origin", headers: {} };
  if (body !== undefined) {
    opts.method = "POST";
    opts.headers["Content-Type"] = "application/json";
    if (S.me) opts.headers["X-CSRF-Token"] = S.me.csrf;
    opts.body = JSON.stringify(body);
  }
  const r = await fetch(path, opts);
  let data = {};
  try { data = await r.json(); } catch (e) { data = {}; }
  if (r.status === 401) { signedOut(data); throw new Error("401"); }
  return { ok: r.ok, status: r.status, data };
}
// the session ended, or the phone is not paired; a phone that never had a session (ended: false) is just shown the form
function signedOut(data) { S.me = null; showLogin(data.ended === false ? "" : data.error); }
const newKey = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");

// A tapped shot: one idempotency key for all its tries, so a retry after a lost answer never records twice.
async function write(what, body) {
  if (S.busy) return null;
  S.busy = true;
  const key = newKey();
  setLine(W.wait);
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        const r = await api(`/api/games/${S.game}/${what}`, { ...body, key, seq: S.view.seq });
        if (r.ok) { show(r.data); return r; }
        if (r.data.game) show(r.data.game);
        setLine(r.data.error || W.offline, true);
        return r;
      } catch (e) {
        if (e.message === "401") return null;
        if (attempt >= 3) { setLine(W.offline, true); return null; }
        setLine(W.retrying, true);
        await new Promise((ok) => setTimeout(ok, 300 * (attempt + 1)));
      }
    }
  } finally { S.busy = false; refreshButtons(); }
}

// ---- screens ---------------------------------------------------------------------------------------------------
function bar() {
  $("#who").textContent = S.me ? S.me.name : "";
  $("#logout").hidden = !S.me; $("#logout").textContent = W.logout;
  $("#back").hidden = !S.game; $("#back").textContent = W.back;
}
function showLogin(message) {
  stopStream(); S.game = null; bar();
  const form = el("form", { id: "login-form" },
    el("h1", {}, W.login),
    el("label", { for: "login" }, W.user), el("input", { id: "login", name: "login", autocomplete: "username",
      autocapitalize: "none", required: true }),
    el("label", { for: "password" }, W.password), el("input", { id: "password", name: "password", type: "password",
      autocomplete: "current-password", required: true }),
    el("p", { id: "line", class: message ? "error" : "" }, message || ""),
    el("button", { class: "primary wide", type: "submit" }, W.enter));
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const r = await api("/api/login", { login: $("#login").value, password: $("#password").value }).catch(() => null);
    if (!r) return;
    if (!r.ok) { setLine(r.data.error, true); return; }
    S.me = r.data;
    if (S.me.roles.length === 1 && S.me.roles[0] === "display") { location.href = "/board"; return; }
    showList();
  });
  $("#app").replaceChildren(form);
}
async function showList() {
  stopStream(); S.game = null; bar();
  const r = await api("/api/games");
  const games = r.data.games || [];
  const cards = games.map((g) => g.kind === "mafia" ? mafiaCard(g) : el("button", { class: "card" + (g.mine ? "" : " notmine"), "data-game": g.id,
    disabled: !g.mine, on: () => openGame(g.id) },
    el("div", { class: "k" }, (g.kind === "zhuk" ? W.zhuk : W.pyramid) + " · " +
      (g.kind === "zhuk" ? `${W.table} ${g.table}` : (g.table || "")) + (g.mine ? "" : " · " + (g.referee ? fmt(W.notMine, { r: g.referee }) : W.refereeOnly))),
    el("div", { class: "p" }, g.kind === "pyramid" ? `${g.players[0]} ${g.score[0]} : ${g.score[1]} ${g.players[1]}`
      : g.players.join(" · "))));
  $("#app").replaceChildren(el("h1", {}, W.tables), ...(cards.length ? cards : [el("p", { class: "muted" }, W.none)]),
    el("button", { class: "ghost", on: showList }, W.refresh));
}
async function openGame(id) {
  S.game = id; S.m = null; S.clock = null; S.zkeys = []; S.pd = emptyPyramid(); S.mode = "call"; S.pick = null; S.straight = false;
  bar();
  const r = await api(`/api/games/${id}`);
  if (!r.ok) { setLine(r.data.error, true); return; }
  S.view = null; show(r.data); startStream();
}
// The game as the desk stores it, live (live.js); a refused or lost stream says so on the line and is asked again.
function startStream() {
  stopStream();
  S.stream = live(`/api/games/${S.game}/live`, {
    frame: (v) => {
      if (S.view && v.seq !== S.view.seq && !S.busy) setLine(v.kind === "mafia" ? MW.stale : W.stale);
      if (!S.busy) show(v);
    },
    open: () => { if (S.streamLine && $("#line") && $("#line").textContent === S.streamLine) setLine(""); S.streamLine = null; },
    refused: (status, data) => {
      if (status === 401) { signedOut(data); return false; }
      const text = (status && data.error) || W.unheard, l = $("#line");
      // never over what a tap or a refusal of it just said; again once the line is free
      if (l && (!l.textContent || l.textContent === S.streamLine || text !== S.streamLine)) setLine(text, true);
      S.streamLine = text;
    },
  });
}
function stopStream() { if (S.stream) { S.stream.close(); S.stream = null; } S.streamLine = null; }

function show(v) {
  if (S.view && v.seq === S.view.seq && $("#game")) return;
  S.view = v;
  const line = $("#line"), text = line ? line.textContent : "", cls = line ? line.className : "";
  const body = v.kind === "mafia" ? mafiaScreen(v) : v.kind === "zhuk" ? zhukScreen(v) : pyramidScreen(v);
  $("#app").replaceChildren(el("div", { id: "game", class: v.kind, "data-seq": v.seq }, ...body));
  setLine(text, cls === "error");
  if (v.kind === "zhuk") zmark(); else if (v.kind === "pyramid") pmark();
  refreshButtons();
}
function setLine(text, bad = false) {
  const l = $("#line"); if (!l) return;
  l.textContent = text || ""; l.className = bad ? "error" : "";
}
function logList(v, describe) {
  const items = v.log.slice().reverse().map((e) => el("li", {}, describe(e)));
  return el("ol", { class: "log", reversed: true, start: v.count }, ...items);
}
// The last shots right under the line, above the buttons: the referee checks what was stored without scrolling
// (at 390×844 the list under the buttons was below the fold, issue 38 item 11).
const RECENT = 3;
function recentShots(v, describe) {
  return el("div", { class: "recent" }, el("p", { class: "title muted" }, W.log),
    logList({ ...v, log: v.log.slice(-RECENT) }, describe));
}
function undoButton() {
  return el("button", { id: "undo", class: "warn", on: () => {
    if (Date.now() - S.undoArmed > 3000) { S.undoArmed = Date.now(); $("#undo").textContent = W.undoSure; return; }
    S.undoArmed = 0;
    write("undo", {}).then((r) => { if (r && r.ok) setLine(W.undone); });
  } }, W.undo);
}

// ---- Жук: the desk's keys as buttons; the server turns them into the shot exactly as the desk's composer does ----
const ZPOTS = ["1", "2", "3", "4", "5", "6"], ZFLAGS = ["7", "8", "9", "0"], ZFOULS = ["F1", "F2", "F3", "F4", "F5", "F6"],
  ZOFF = ["F7", "F8", "F9", "F10"];
function zhukScreen(v) {
  const rows = v.players.map((p) => el("tr", { class: p === v.to_move && !v.finished ? "turn" : "" },
    el("td", {}, v.names[p]), el("td", { class: "m" }, money(v.balances[p]))));
  const info = `${W.bank} ${money(v.bank)} · ${W.nominal} ${v.nominal} · ${W.rack} ${v.rack} · ${W.std} ${v.balls.std}` +
    ` · ${W.zhukBall} ${v.balls.zhuk ? W.here : W.gone}` + (v.in_hand ? ` · ${W.inHand}` : "");
  const key = (k, cls = "") => el("button", { class: cls, "data-key": k, on: () => { S.zkeys.push(k); zdraft(); } }, W.zk[k]);
  const toggle = (k) => el("button", { "data-key": k, on: () => {
    const i = S.zkeys.lastIndexOf(k); if (i >= 0) S.zkeys.splice(i, 1); else S.zkeys.push(k); zdraft(); } }, W.zk[k]);
  return [
    el("div", { class: "score" }, el("table", { class: "seats" }, ...rows), el("div", { class: "info" }, info)),
    v.finished ? el("div", { class: "banner" }, W.over) : null,
    el("p", { id: "line" }),
    recentShots(v, zdescribe),
    el("div", { class: "grid g3" }, ...ZPOTS.map((k) => key(k))),
    el("div", { class: "section" }, el("div", { class: "grid g4" }, ...ZFLAGS.map(toggle))),
    el("div", { class: "section" }, el("p", { class: "title" }, W.fouls),
      el("div", { class: "grid g3" }, ...ZFOULS.map(toggle))),
    el("div", { class: "section" }, el("div", { class: "grid g4" }, ...ZOFF.map((k) => k === "F8" ? key(k) : toggle(k)))),
    el("div", { class: "actions" }, el("div", { class: "row" }, undoButton(),
      el("button", { id: "clear", on: () => { S.zkeys = []; zdraft(); } }, W.clear),
      el("button", { id: "record", class: "primary", on: zrecord }, W.record))),
  ];
}
function zdraft() {
  const parts = zmark();
  const who = S.view.names[S.view.to_move] || "";
  setLine(S.zkeys.length ? `${who}: ${parts.join(", ")}` : "");
  refreshButtons();
}
function zmark() {
  const counts = {};
  for (const k of S.zkeys) counts[k] = (counts[k] || 0) + 1;
  const parts = S.zkeys.filter((k, i) => S.zkeys.indexOf(k) === i || ZPOTS.includes(k) || k === "F8")
    .filter((k) => ZPOTS.includes(k) || k === "F8" || counts[k] % 2 === 1).map((k) => W.zk[k]);
  for (const b of document.querySelectorAll("[data-key]")) {
    const k = b.dataset.key;
    const counted = ZPOTS.includes(k) || k === "F8";
    b.classList.toggle("on", !counted && (counts[k] || 0) % 2 === 1);
    if (counted) b.textContent = W.zk[k] + (counts[k] ? ` ×${counts[k]}` : "");
  }
  return parts;
}
async function zrecord() {
  const r = await write("shot", { keys: S.zkeys.slice() });
  // show() drew the stored shot with the draft still marked: unmark it (a foul left lit looked armed, issue 38 item 11)
  if (r && r.ok) { S.zkeys = []; zmark(); setLine(W.saved); refreshButtons(); }
}
function zdescribe(e) {
  if (e.type === "rerack") return `${S.view.names[e.player]}: ${W.rerack}`;
  if (e.type === "round_end") return W.roundEnd;
  if (e.type !== "shot") return e.type;
  const pot = (p) => (p.ball === "std" ? W.zk[p.legal ? "1" : "2"] : p.ball === "zhuk" ? W.zk[p.legal ? "3" : "4"] : W.zk[p.legal ? "5" : "6"]);
  const parts = (e.potted || []).map(pot).concat((e.fouls || []).map((f) => ({ miss: W.zk.F1, touch: W.zk.F2,
    off_table: W.zk.F3, double_hit: W.zk.F4, push: W.zk.F5, rebound: W.zk.F6 })[f] || f));
  if (e.cue === "zhuk") parts.unshift(W.zk["7"]);
  return `${S.view.names[e.player]}: ${parts.join(", ") || W.miss}`;
}

// ---- Пирамидка: call, fell, off the table — the facts of the desk's match window ------------------------------------
const BALLS = [5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, "cue"];
const PFOULS = ["miss", "not_cue_ball", "touch", "rebound", "double_hit", "push"];
const emptyPyramid = () => ({ call: [], potted: [], off_table: [], touched_control: false, trick: null, foul: null,
  centre_blocked: false });
const ballName = (b) => (b === "cue" ? W.cue : `№${b}`);
function pyramidScreen(v) {
  const [a, b] = v.players;
  const side = (p) => el("div", { class: "side" + (p === v.to_move && !v.finished ? " turn" : ""), "data-player": p },
    el("div", { class: "n" }, v.names[p]), el("div", { class: "s" }, String(v.score[p])),
    el("div", { class: "d" }, p === v.to_move && !v.finished ? W.turn : "", v.debts[p] ? " · " + fmt(W.debt, { n: v.debts[p] }) : ""));
  const onCloth = new Set(v.table);
  const ballBtn = (x) => el("button", { class: "ball", "data-ball": x, disabled: x !== "cue" && !onCloth.has(x),
    on: () => pball(x) }, ballName(x));
  const pocketBtn = (n) => el("button", { "data-pocket": n, "aria-label": `${W.pockets} ${n}`, on: () => ppocket(n) },
    el("small", {}, W.pockets), ` ${n}`);
  const modeBtn = (m) => el("button", { "data-mode": m, on: () => { S.mode = m; S.pick = null; pdraft(); } }, W[m]);
  const flag = (id, name, text) => el("button", { id, on: () => { S.pd[name] = !S.pd[name]; pdraft(); } }, text);
  const choice = (list, name, words, prefix) => list.map((x) => el("button", { ["data-" + prefix]: x,
    on: () => { S.pd[name] = S.pd[name] === x ? null : x; if (name === "trick") S.pd.touched_control = false; pdraft(); } }, words[x]));
  return [
    el("div", { class: "score" }, el("div", { class: "duo" }, side(a), side(b)),
      el("div", { class: "info" }, (v.table_name ? v.table_name + " · " : "") + `${W.std} ${v.table.length}`)),
    v.finished ? el("div", { class: "banner", id: "banner" }, fmt(W.won, { w: v.names[v.winner] || "" })) : null,
    el("p", { id: "line" }),
    recentShots(v, pdescribe),
    el("div", { class: "grid g3" }, ...["call", "pot", "off"].map(modeBtn)),
    el("div", { class: "section grid g6" }, ...BALLS.map(ballBtn)),
    el("div", { class: "section grid g6" }, ...[1, 2, 3, 4, 5, 6].map(pocketBtn)),
    el("div", { class: "section grid g3" }, flag("straight", "_straight", W.straight), flag("touched", "touched_control", W.touched),
      flag("blocked", "centre_blocked", W.blocked)),
    // the fouls and the tricks onto №10 in one block: with the bar of actions below, all of it fits a phone's screen
    el("div", { class: "section" }, el("p", { class: "title" }, `${W.fouls} · ${W.tricks}`), el("div", { class: "grid g4" },
      ...choice(PFOULS, "foul", W.pf, "foul"), ...choice(["carom3", "rocambole3"], "trick", W.pt, "trick"))),
    el("div", { class: "actions" },
      el("div", { class: "row" }, el("button", { id: "fell", class: "primary", on: pfell }, W.fell),
        el("button", { id: "missed", on: () => precord() }, W.missed)),
      el("div", { class: "row gap-top" }, undoButton(),
        el("button", { id: "clear", on: () => { S.pd = emptyPyramid(); S.pick = null; pdraft(); } }, W.clear),
        el("button", { id: "record", on: pcommit }, W.record))),
  ];
}
function pball(x) {
  if (S.mode === "off") {
    S.pd.potted = S.pd.potted.filter((p) => p.ball !== x);
    if (!S.pd.off_table.includes(x)) S.pd.off_table.push(x);
  } else S.pick = S.pick === x ? null : x;
  pdraft();
}
function ppocket(n) {
  const x = S.pick; if (x == null || S.mode === "off") return;
  if (S.mode === "call") {
    S.pd.call = S.pd.call.filter((c) => c.ball !== x);
    if (S.pd.call.length === 2) S.pd.call.shift(); // P§6: at most a double call
    S.pd.call.push({ ball: x, pocket: n });
  } else {
    S.pd.off_table = S.pd.off_table.filter((b) => b !== x);
    S.pd.potted = S.pd.potted.filter((p) => p.ball !== x).concat([{ ball: x, pocket: n, straight: !!S.pd._straight }]);
    S.pd._straight = false;
  }
  S.pick = null; pdraft();
}
function pdescribe(e) {
  if (e.type === "concede") return `${S.view.names[e.player]}: ${W.conceded}`;
  const parts = [];
  if (e.call && e.call.length) parts.push(W.call + " " + e.call.map((c) => `${ballName(c.ball)}→${c.pocket}`).join(", "));
  if (e.potted && e.potted.length) parts.push(W.pot + " " + e.potted.map((p) => `${ballName(p.ball)}→${p.pocket}` + (p.straight ? " " + W.straight : "")).join(", "));
  if (e.off_table && e.off_table.length) parts.push(W.off + " " + e.off_table.map(ballName).join(", "));
  if (e.trick) parts.push(W.pt[e.trick]); else if (e.touched_control) parts.push(W.touched);
  if (e.foul) parts.push(W.fouls + ": " + W.pf[e.foul]);
  return `${S.view.names[e.player]}: ${parts.join("; ") || W.nothing}`;
}
function pdraft() {
  pmark();
  const d = pdescribe({ ...pevent(), player: S.view.to_move });
  setLine(S.pick != null && S.mode !== "off" ? fmt(W.pickPocket, { b: ballName(S.pick) }) : fmt(W.draft, { d }));
  refreshButtons();
}
function pmark() {
  for (const b of document.querySelectorAll("[data-mode]")) b.classList.toggle("on", b.dataset.mode === S.mode);
  for (const b of document.querySelectorAll("[data-ball]")) b.classList.toggle("on", String(S.pick) === b.dataset.ball);
  for (const b of document.querySelectorAll("[data-foul]")) b.classList.toggle("on", S.pd.foul === b.dataset.foul);
  for (const b of document.querySelectorAll("[data-trick]")) b.classList.toggle("on", S.pd.trick === b.dataset.trick);
  for (const [id, name] of [["straight", "_straight"], ["touched", "touched_control"], ["blocked", "centre_blocked"]]) {
    const b = document.getElementById(id); if (b) b.classList.toggle("on", !!S.pd[name]);
  }
}
function pevent() {
  const d = S.pd;
  return { call: d.call.slice(), potted: d.potted.slice(), off_table: d.off_table.slice(),
    touched_control: d.touched_control || d.trick === "carom3", trick: d.trick, foul: d.foul,
    ...(d.centre_blocked ? { centre_blocked: true } : {}) };
}
async function precord(ev) {
  const r = await write("shot", { shot: ev || pevent() });
  if (r && r.ok) { S.pd = emptyPyramid(); S.pick = null; S.mode = "call"; pmark(); setLine(W.saved); refreshButtons(); }
  return r;
}
async function pfell() {
  if (!S.pd.call.length) { setLine(W.needCall, true); return; }
  const ev = pevent();
  for (const c of S.pd.call) ev.potted = ev.potted.filter((p) => p.ball !== c.ball).concat([{ ball: c.ball, pocket: c.pocket, straight: !!S.pd._straight }]);
  await precord(ev);
}
function pcommit() {
  const d = S.pd;
  const bare = d.call.length && !d.potted.length && !d.off_table.length && !d.foul && !d.trick;
  if (!bare) { precord(); return; }
  const calls = d.call.map((c) => `${ballName(c.ball)} → ${c.pocket}`).join(", ");
  ask(fmt(W.noResult, { c: calls }), W.yesNothing, W.no).then((yes) => { if (yes) precord(); });
}
function ask(text, yes, no) {
  return new Promise((done) => {
    $("#modal-text").textContent = text; $("#modal-yes").textContent = yes; $("#modal-no").textContent = no;
    $("#modal").hidden = false;
    $("#modal-yes").onclick = () => { $("#modal").hidden = true; done(true); };
    $("#modal-no").onclick = () => { $("#modal").hidden = true; done(false); };
  });
}

function refreshButtons() {
  const v = S.view; if (!v || !$("#game")) return;
  if (v.kind === "mafia") { mrefresh(); return; } // mafia.js
  const frozen = v.finished || !!v.read_only || S.busy;
  for (const b of document.querySelectorAll("#game button")) if (b.id !== "undo" || !v.read_only) b.disabled = frozen && b.id !== "undo";
  if (v.kind === "pyramid" && !frozen) {
    const onCloth = new Set(v.table);
    for (const b of document.querySelectorAll("[data-ball]")) b.disabled = b.dataset.ball !== "cue" && !onCloth.has(Number(b.dataset.ball));
    for (const b of document.querySelectorAll("[data-pocket]")) b.disabled = S.pick == null || S.mode === "off";
    for (const b of document.querySelectorAll("[data-trick]")) b.disabled = !v.trick_possible;
  }
  if (v.kind === "zhuk" && !frozen) $("#record").textContent = S.zkeys.length ? W.record : W.recordMiss;
  const u = $("#undo"); if (u) u.disabled = S.busy || !!v.read_only || v.count === 0;
}

$("#back").addEventListener("click", showList);
$("#logout").addEventListener("click", async () => { await api("/api/logout", {}).catch(() => null); S.me = null; showLogin(); });
api("/api/me").then((r) => { if (r.ok) { S.me = r.data; showList(); } }).catch(() => null);
