// The Mafia host's view of the table page (issue 27): seats, phase, the speech clock, nominations, votes, nights,
// fouls. Every rule is the engine's: the page sends what the host saw, the desk records it through the same services
// and refuses with the clause. The game view never holds a role; the roles come only from /roles while «Роли» is
// held, live only in that overlay, and are dropped on release.
"use strict";
const MW = {
  ru: { mafia: "Мафия", game: "игра {r} · стол {t}", hostIs: "ведёт {r}", hostOnly: "для ведущего",
    stale: "Игра обновлена с другого устройства (стойка или второй телефон).", next: "Дальше", undo: "Отменить", undoSure: "Точно отменить?",
    hold: "Роли — удерживать", start: "▶ Старт", pause: "❚❚ Пауза", reset: "↺", speaking: "Говорит: {w}",
    lastWord: "Последнее слово: {w}", shootout: "Перестрелка, говорит: {w}", agreementClock: "Договорка мафии",
    nightClock: "Ночь: 5 секунд на показ проверки (п. 5.4)", timeUp: "Время!",
    phase: { deal: "Ночь 0 — раздача карт", agreement: "Ночь 0 — договорка", speech: "День {d}",
      vote: "День {d} — голосование", shootout_speech: "День {d} — перестрелка", revote: "День {d} — переголосование",
      lift_vote: "День {d} — голосование за подъём всех", last_word: "Последнее слово", night: "Ночь {d}",
      finished: "Игра окончена" },
    out: { killed: "убит ночью", lifted: "заголосован", removed: "удалён" }, muted: "молчит",
    role: { civilian: "мирный", sheriff: "шериф", mafia: "мафия", don: "дон" },
    dealHint: "Роли по местам — видны только ведущему. Нажмите место, чтобы сменить карту.",
    shuffle: "Перемешать карты", deal: "Записать раздачу",
    agreement: "Договорка мафии: 60 секунд. «Дальше» — начинается день 0.",
    speech: "Выставление: нажмите место кандидата, затем «Выставить».", nominate: "Выставить место {s}",
    nominatePick: "Выставить…", nominated: "Выставлены: {s}",
    nominatedAlready: "Игрок на месте {s} уже выставил кандидата: одна кандидатура за речь (M§4.2)",
    shootoutHint: "Перестрелка: {s} — по 30 секунд, затем переголосование.", forWho: "За {w}:",
    rest: "остальные голоса (п. 4.5)", vote: "Записать голосование", votesLeft: "Осталось голосов: {n} — за место {s}",
    lift: "Поднять всех: {s}? Голосуют {n} игроков; нужно больше половины.", liftFor: "За подъём:",
    liftRecord: "Записать подъём", lastWordHint: "Последнее слово: 60 секунд.", best: "Лучший ход: до трёх мест",
    bestRecord: "Записать лучший ход", shot: "Выстрел:", miss: "промах (не стреляли)", donCheck: "Проверка дона:",
    sheriffCheck: "Проверка шерифа:", noCheck: "без проверки", silent: "без ответа", night: "Записать ночь",
    answerHint: "Ответы на проверки — под «Роли».", pickSeat: "Нажмите место игрока", seat: "Место {s}: {n}",
    foul: "Фол", remove: "Удалить", foulReason: "Пояснение к фолу (необязательно)", more: "Уход и доп. баллы",
    leave: "Покинул игру сам", extra: "Доп. баллы", extraReason: "Причина доп. баллов",
    red: "Победа красных", black: "Победа чёрных", points: "{p} очк.", votes: "Голоса: {c}",
    log: "Последние события", saved: "Записано", undone: "Отменено",
    ev: { deal: "Раздача карт", agreement_end: "Конец договорки", speech_end: "{s}: речь окончена",
      nominate: "{b} выставил {t}", vote: "Голосование", lift_vote: "Подъём: за {f}", last_word_end: "{s}: последнее слово",
      night: "Ночь", best_move: "Лучший ход {s}: {g}", foul: "Фол {s} (п. {c})", removal: "Удаление {s} (п. {c})",
      leave: "{s} покинул игру", extra_points: "Доп. баллы {s}: {p}", award_loss: "Присуждено поражение", void: "отмена" },
    answerDon: "Ответ дону ({s}): {a}", answerSheriff: "Ответ шерифу ({s}): {a}", isSheriff: "ШЕРИФ",
    notSheriff: "не шериф", isBlack: "ЧЁРНЫЙ", isRed: "красный", checked: "{w} проверил {s}: {a}", don: "Дон",
    sheriff: "Шериф", noAnswer: "без ответа", rolesWait: "Роли…", removed: "Удаление {s}", removedFor: "Удаление {s}: п. {c}" },
  en: { mafia: "Mafia", game: "game {r} · table {t}", hostIs: "host {r}", hostOnly: "for the host",
    stale: "The game was updated from another device (the desk or a second phone).", next: "Next", undo: "Undo", undoSure: "Really undo?",
    hold: "Roles — press and hold", start: "▶ Start", pause: "❚❚ Pause", reset: "↺", speaking: "Speaking: {w}",
    lastWord: "Last word: {w}", shootout: "Shootout, speaking: {w}", agreementClock: "Mafia agreement",
    nightClock: "Night: 5 seconds to show a check (4.5.4)", timeUp: "Time!",
    phase: { deal: "Night 0 — the deal", agreement: "Night 0 — agreement", speech: "Day {d}",
      vote: "Day {d} — vote", shootout_speech: "Day {d} — shootout", revote: "Day {d} — re-vote",
      lift_vote: "Day {d} — vote to lift all", last_word: "Last word", night: "Night {d}", finished: "Game over" },
    out: { killed: "killed at night", lifted: "voted out", removed: "removed" }, muted: "muted",
    role: { civilian: "civilian", sheriff: "sheriff", mafia: "mafia", don: "don" },
    dealHint: "Roles by seat — seen by the host only. Tap a seat to change its card.",
    shuffle: "Shuffle the cards", deal: "Record the deal",
    agreement: "Mafia agreement: 60 seconds. \"Next\" starts day 0.",
    speech: "Nomination: tap the nominee's seat, then \"Nominate\".", nominate: "Nominate seat {s}",
    nominatePick: "Nominate…", nominated: "Nominated: {s}",
    nominatedAlready: "Seat {s} has nominated already: one nominee per speech (M§4.2)",
    shootoutHint: "Shootout: {s} — 30 seconds each, then the re-vote.", forWho: "For {w}:",
    rest: "all other votes (4.5)", vote: "Record the vote", votesLeft: "Votes left: {n} — for seat {s}",
    lift: "Lift all of {s}? {n} players vote; more than half is needed.", liftFor: "For lifting:",
    liftRecord: "Record the lift vote", lastWordHint: "Last word: 60 seconds.", best: "Best move: up to three seats",
    bestRecord: "Record the best move", shot: "Shot:", miss: "miss (no shot)", donCheck: "Don's check:",
    sheriffCheck: "Sheriff's check:", noCheck: "no check", silent: "no answer", night: "Record the night",
    answerHint: "The check answers are under \"Roles\".", pickSeat: "Tap a player's seat", seat: "Seat {s}: {n}",
    foul: "Foul", remove: "Remove", foulReason: "Note on the foul (optional)", more: "Leaving and extra points",
    leave: "Left of his own accord", extra: "Extra points", extraReason: "Reason for extra points",
    red: "Red team wins", black: "Black team wins", points: "{p} pts", votes: "Votes: {c}",
    log: "Last events", saved: "Recorded", undone: "Undone",
    ev: { deal: "The deal", agreement_end: "Agreement over", speech_end: "{s}: speech over",
      nominate: "{b} nominated {t}", vote: "Vote", lift_vote: "Lift vote: {f} for", last_word_end: "{s}: last word over",
      night: "Night", best_move: "Best move of {s}: {g}", foul: "Foul {s} ({c})", removal: "Removal {s} ({c})",
      leave: "{s} left the game", extra_points: "Extra points {s}: {p}", award_loss: "Loss awarded", void: "undo" },
    answerDon: "Answer to the Don ({s}): {a}", answerSheriff: "Answer to the Sheriff ({s}): {a}", isSheriff: "SHERIFF",
    notSheriff: "not the sheriff", isBlack: "BLACK", isRed: "red", checked: "{w} checked {s}: {a}", don: "Don",
    sheriff: "Sheriff", noAnswer: "no answer", rolesWait: "Roles…", removed: "Removal {s}", removedFor: "Removal {s}: {c}" } }[LANG];
const DECK = ["don", "mafia", "mafia", "sheriff", "civilian", "civilian", "civilian", "civilian", "civilian", "civilian"];
const CYCLE = ["civilian", "sheriff", "mafia", "don"];
const NEXT_STEPS = ["agreement", "speech", "shootout_speech", "last_word"];
const SEATS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

function mafiaCard(g) {
  return el("button", { class: "card" + (g.mine ? "" : " notmine"), "data-game": g.id, disabled: !g.mine,
    on: () => openGame(g.id) },
  el("div", { class: "k" }, `${MW.mafia} · ${g.evening} · ${fmt(MW.game, { r: g.round, t: g.table })}` +
    (g.mine ? "" : " · " + (g.referee ? fmt(MW.hostIs, { r: g.referee }) : MW.hostOnly))),
  el("div", { class: "p" }, fmt(MW.phase[g.step] || g.step, { d: g.day })));
}
const who = (v, s) => (s ? `${s} · ${v.names[s - 1]}` : "");
const outOf = (v, s) => (v.killed.includes(s) ? "killed" : v.lifted.includes(s) ? "lifted" : v.removed.includes(s) ? "removed" : "");
const dots = (n) => "●".repeat(Math.min(n, 4)) + "○".repeat(Math.max(0, 4 - n));

// ---- drafts: what the host has tapped but not recorded; a new step starts them afresh ----------------------------
function mdrafts(v) {
  const key = [v.step, v.day, v.speaker, v.candidates.join(","), v.alive.join(",")].join("|");
  if (!S.m) S.m = { pick: null, deal: DECK.map(() => "civilian"), clause: "2.4", reason: "", extraReason: "", points: "0",
    more: false };
  if (S.m.key !== key) Object.assign(S.m, { key, hands: {}, lift: 0, guesses: [], shot: null, don: null,
    sheriff: null, silent: { don: false, sheriff: false } });
  mclock(v);
}

// ---- the speech clock: on the phone only (the desk's clock is not recorded either) ------------------------------
function mclock(v) {
  const key = [v.step, v.day, v.speaker].join("|");
  if (!S.clock || S.clock.key !== key) S.clock = { key, total: v.timer, left: v.timer || 0, at: null };
}
function clockLeft() {
  const c = S.clock; if (!c || c.total == null) return -1;
  return Math.max(0, Math.ceil(c.left - (c.at ? (performance.now() - c.at) / 1000 : 0)));
}
function clockToggle() {
  const c = S.clock; if (!c || c.total == null) return;
  if (c.at) { c.left -= (performance.now() - c.at) / 1000; c.at = null; } else if (clockLeft() > 0) c.at = performance.now();
  clockShow();
}
function clockReset() { if (S.clock) { S.clock.left = S.clock.total || 0; S.clock.at = null; clockShow(); } }
function clockShow() {
  const t = $("#clock"); if (!t) return;
  const left = clockLeft();
  if (S.clock && S.clock.at && left === 0) { S.clock.left = 0; S.clock.at = null; }
  t.textContent = left < 0 ? "—" : left === 0 && S.clock.total ? MW.timeUp : `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
  t.classList.toggle("warn", left >= 0 && left <= 10 && S.clock.total > 10);
  t.classList.toggle("running", !!(S.clock && S.clock.at));
  const b = $("#clock-toggle"); if (b) b.textContent = S.clock && S.clock.at ? MW.pause : MW.start;
}
setInterval(clockShow, 200);

// ---- the screen -------------------------------------------------------------------------------------------------
function mafiaScreen(v) {
  mdrafts(v);
  if (!S.clauses) { // once per page: the foul picker's clauses in the desk's language
    S.clauses = [];
    api("/api/mafia/clauses").then((r) => {
      S.clauses = r.data.clauses || null;
      if (S.game && S.view && S.view.kind === "mafia") rerender();
    })
      .catch(() => { S.clauses = null; });
  }
  const clockLine = { speech: MW.speaking, shootout_speech: MW.shootout, last_word: MW.lastWord }[v.step];
  return [
    el("div", { class: "score mafia-top" },
      el("div", { class: "phase", id: "phase" }, fmt(MW.phase[v.step] || v.step, { d: v.day })),
      el("div", { class: "clockrow" }, el("div", { id: "clock" }),
        el("button", { id: "clock-toggle", on: clockToggle, disabled: v.timer == null }, MW.start),
        el("button", { id: "clock-reset", on: clockReset, disabled: v.timer == null }, MW.reset)),
      el("div", { class: "info", id: "speaker" }, clockLine && v.speaker ? fmt(clockLine, { w: who(v, v.speaker) })
        : v.step === "agreement" ? MW.agreementClock : v.step === "night" ? MW.nightClock : "")),
    el("p", { id: "line" }),
    el("div", { class: "seatgrid" }, ...SEATS.map((s) => seatButton(v, s))),
    el("div", { class: "section", id: "step" }, ...stepPanel(v)),
    v.step === "deal" ? null : discipline(v),
    el("div", { class: "actions" }, el("div", { class: "row" }, mundoButton(),
      el("button", { id: "reveal", class: "hold" }, MW.hold),
      el("button", { id: "next", class: "primary", on: () => mact({ type: "next" }) }, MW.next))),
    el("p", { class: "title muted" }, MW.log),
    el("ol", { class: "log", reversed: true, start: v.count }, ...v.log.slice().reverse().map((e) => el("li", {}, mdescribe(e)))),
  ];
}
function seatButton(v, s) {
  const out = outOf(v, s), n = (v.fouls[String(s)] || 0);
  const mark = v.step === "deal" ? MW.role[S.m.deal[s - 1]] : out ? MW.out[out] : dots(n) + (v.muted.includes(s) ? " " + MW.muted : "");
  const cls = ["seat", out ? "out" : "", s === v.speaker ? "speaker" : "",
    shownNominees(v).includes(s) ? "nominee" : ""].join(" ");
  return el("button", { class: cls, "data-seat": s, on: () => seatTap(s) },
    el("span", { class: "num" }, String(s)), el("span", { class: "nm" }, v.names[s - 1]), el("span", { class: "st" }, mark));
}
// as the room display: nominees while the day nominates and votes; after the vote or the game, nobody
const shownNominees = (v) => (v.step === "speech" ? v.nominees
  : ["vote", "revote", "shootout_speech", "lift_vote"].includes(v.step) ? v.candidates : []);
function seatTap(s) {
  if (S.view.step === "deal") { S.m.deal[s - 1] = CYCLE[(CYCLE.indexOf(S.m.deal[s - 1]) + 1) % CYCLE.length]; rerender(); return; }
  S.m.pick = S.m.pick === s ? null : s;
  rerender();
}
function rerender() { const v = S.view; S.view = null; show(v); }
function toggles(list, on, attr, tap, taken = () => false) {
  return el("div", { class: "grid g5" }, ...list.map((s) => el("button", { [attr]: s, class: on(s) ? "on" : "",
    disabled: taken(s), on: () => tap(s) }, String(s))));
}
function stepPanel(v) {
  const seats = (list) => list.join(", ");
  switch (v.step) {
    case "deal": return [el("p", { class: "muted" }, MW.dealHint), el("div", { class: "row" },
      el("button", { id: "shuffle", on: () => { S.m.deal = shuffled(DECK); rerender(); } }, MW.shuffle),
      el("button", { id: "deal", class: "primary", on: () => mact({ type: "deal",
        roles: Object.fromEntries(S.m.deal.map((r, i) => [String(i + 1), r])) }) }, MW.deal))];
    case "agreement": return [el("p", { class: "muted" }, MW.agreement)];
    case "speech": return [el("p", { class: "muted" }, MW.speech),
      v.nominees.length ? el("p", { id: "nominees" }, fmt(MW.nominated, { s: seats(v.nominees) })) : null,
      el("button", { id: "nominate", class: "wide", disabled: !v.nominable.includes(S.m.pick),
        on: () => mact({ type: "nominate", by: v.speaker, target: S.m.pick }) },
      v.nominable.includes(S.m.pick) ? fmt(MW.nominate, { s: S.m.pick })
        : v.speaker_nominated ? fmt(MW.nominatedAlready, { s: v.speaker }) : MW.nominatePick)];
    case "shootout_speech": return [el("p", { class: "muted" }, fmt(MW.shootoutHint, { s: seats(v.candidates) }))];
    case "vote": case "revote": return votePanel(v);
    case "lift_vote": return [el("p", {}, fmt(MW.lift, { s: seats(v.candidates), n: v.alive.length })),
      el("p", { class: "title" }, MW.liftFor),
      el("div", { class: "stepper" },
        el("button", { id: "lift-less", on: () => { S.m.lift = Math.max(0, S.m.lift - 1); rerender(); } }, "−"),
        el("b", { id: "lift-n" }, String(S.m.lift)),
        el("button", { id: "lift-more", on: () => { S.m.lift = Math.min(v.alive.length, S.m.lift + 1); rerender(); } }, "+")),
      el("button", { id: "lift", class: "primary wide gap-top", on: () => mact({ type: "lift_vote", for: S.m.lift }) }, MW.liftRecord)];
    case "last_word": return [el("p", { class: "muted" }, MW.lastWordHint), ...(v.legal.includes("best_move") ? bestPanel(v) : [])];
    case "night": return nightPanel(v);
    case "finished": return [el("div", { class: "banner", id: "banner" }, v.winner === "red" ? MW.red : MW.black),
      el("table", { class: "seats" }, ...SEATS.map((s) => el("tr", {}, el("td", {}, who(v, s)),
        el("td", { class: "m" }, fmt(MW.points, { p: num(v.score[String(s)]) })))))];
    default: return [];
  }
}
function votePanel(v) {
  const last = v.candidates[v.candidates.length - 1], hands = S.m.hands;
  const count = (c) => Object.values(hands).filter((x) => x === c).length;
  const rows = v.candidates.slice(0, -1).map((c) => el("div", { class: "section" },
    el("p", { class: "title" }, fmt(MW.forWho, { w: who(v, c) }) + ` ${count(c)}`),
    toggles(v.alive, (s) => hands[s] === c, "data-hand", (s) => {
      if (hands[s] === c) delete hands[s]; else if (hands[s] == null) hands[s] = c;
      rerender();
    }, (s) => hands[s] != null && hands[s] !== c))); // one hand per player (M§4.4): raised for another nominee
  const rest = v.alive.length - Object.keys(hands).length;
  return [...rows, el("p", { class: "title" }, `${fmt(MW.forWho, { w: who(v, last) })} ${MW.rest} — ${rest}`),
    el("p", { class: "muted" }, fmt(MW.votesLeft, { n: rest, s: last })),
    el("button", { id: "vote", class: "primary wide", on: () => mact({ type: "vote",
      votes: Object.fromEntries(Object.entries(hands).map(([s, c]) => [s, c])) }) }, MW.vote)];
}
function bestPanel(v) {
  const g = S.m.guesses;
  return [el("p", { class: "title" }, MW.best),
    toggles(SEATS.filter((s) => s !== v.speaker), (s) => g.includes(s), "data-guess", (s) => {
      const i = g.indexOf(s); if (i >= 0) g.splice(i, 1); else if (g.length < 3) g.push(s); rerender();
    }),
    el("button", { id: "best", class: "wide gap-top", disabled: !g.length,
      on: () => mact({ type: "best_move", seat: v.speaker, guesses: g.slice() }) }, MW.bestRecord)];
}
function pick(id, none, seats, value, set) {
  const box = el("select", { id }, el("option", { value: "" }, none),
    ...seats.map((s) => el("option", { value: s, selected: s === value }, who(S.view, s))));
  box.addEventListener("change", () => { set(box.value ? Number(box.value) : null); rerender(); });
  return box;
}
function nightPanel(v) {
  const m = S.m;
  const silent = (w) => el("button", { id: `${w}-silent`, class: m.silent[w] ? "on" : "", disabled: m[w] == null,
    on: () => { m.silent[w] = !m.silent[w]; rerender(); } }, MW.silent);
  return [el("label", { for: "shot" }, MW.shot), pick("shot", MW.miss, v.alive, m.shot, (s) => { m.shot = s; }),
    el("label", { for: "don" }, MW.donCheck), el("div", { class: "row" }, pick("don", MW.noCheck, SEATS, m.don, (s) => { m.don = s; }), silent("don")),
    el("label", { for: "sheriff" }, MW.sheriffCheck), el("div", { class: "row" }, pick("sheriff", MW.noCheck, SEATS, m.sheriff, (s) => { m.sheriff = s; }), silent("sheriff")),
    el("p", { class: "muted" }, MW.answerHint),
    el("button", { id: "night", class: "primary wide", on: () => mact({ type: "night", shot: m.shot, don_check: m.don,
      sheriff_check: m.sheriff, unanswered: ["don", "sheriff"].filter((w) => m.silent[w]) }) }, MW.night)];
}
function discipline(v) {
  const p = S.m.pick, clauses = S.clauses || [];
  const clause = el("select", { id: "clause" }, ...clauses.map((c) => el("option", { value: c.number,
    selected: c.number === S.m.clause }, `${c.number} ${c.text} (${c.group})`)));
  // the event is the desk's (a foul; M§5.5 a removal, no reason): /api/mafia/clauses says which
  const kind = () => (clauses.find((c) => c.number === clause.value) || {}).event || "foul";
  clause.addEventListener("change", () => {
    S.m.clause = clause.value;
    document.getElementById("foul").textContent = kind() === "removal" ? MW.remove : MW.foul;
  });
  // typed text is a draft too: a seat tapped or a frame from the stream redraws the screen
  const typed = (attrs, name) => {
    const box = el("input", { ...attrs, value: S.m[name] });
    box.addEventListener("input", () => { S.m[name] = box.value; });
    return box;
  };
  const reason = typed({ id: "foul-reason", placeholder: MW.foulReason, maxlength: 200 }, "reason");
  const extraReason = typed({ id: "extra-reason", placeholder: MW.extraReason, maxlength: 200 }, "extraReason");
  const points = typed({ id: "extra-points", type: "number", step: "0.1", min: "-1", max: "1" }, "points");
  const more = el("details", { id: "more", open: S.m.more });
  more.addEventListener("toggle", () => { S.m.more = more.open; });
  return el("div", { class: "section", id: "discipline" },
    el("p", { class: "title" }, p ? fmt(MW.seat, { s: p, n: v.names[p - 1] }) : MW.pickSeat),
    el("div", { class: "row" }, clause, el("button", { id: "foul", class: "warn narrow", disabled: !p, on: () => {
      const type = kind();
      const ev = { type, seat: p, clause: clause.value };
      if (type === "foul" && reason.value.trim()) ev.reason = reason.value.trim();
      mact(ev);
    } }, kind() === "removal" ? MW.remove : MW.foul)), reason,
    (more.append(el("summary", {}, MW.more),
      el("button", { id: "leave", class: "wide", disabled: !p, on: () => mact({ type: "leave", seat: p }) }, MW.leave),
      el("div", { class: "row gap-top" }, points, extraReason),
      el("button", { id: "extra", class: "wide gap-top", disabled: !p, on: () => mact({ type: "extra_points", seat: p,
        points: Math.round(Number(points.value) * 10) / 10, reason: extraReason.value }) }, MW.extra)), more));
}
function shuffled(list) {
  const out = list.slice(), r = crypto.getRandomValues(new Uint32Array(out.length));
  for (let i = out.length - 1; i > 0; i--) { const j = r[i] % (i + 1); [out[i], out[j]] = [out[j], out[i]]; }
  return out;
}
function mundoButton() {
  return el("button", { id: "undo", class: "warn", on: () => {
    if (Date.now() - S.undoArmed > 3000) { S.undoArmed = Date.now(); $("#undo").textContent = MW.undoSure; return; }
    S.undoArmed = 0;
    write("undo", {}).then((r) => { if (r && r.ok) setLine(MW.undone); });
  } }, MW.undo);
}
async function mact(event) {
  const r = await write("act", { event });
  if (r && r.ok) {
    if (event.type === "deal") S.m.deal = DECK.map(() => "civilian"); // recorded: the cards leave the page's memory
    if (event.type === "foul") S.m.reason = "";
    if (event.type === "nominate") S.m.pick = null; // the next speaker picks afresh
    if (event.type === "extra_points") Object.assign(S.m, { points: "0", extraReason: "" }); // never the last award again
    rerender();
    setLine(MW.saved);
  }
}
// Points as the page's language writes them: 1,3 in Russian, 1.3 in English; a true minus (clubdesk/decimals.py).
function num(x) {
  const text = String(x).replace("-", "−");
  return LANG === "ru" ? text.replace(".", ",") : text;
}
function mdescribe(e) {
  const t = MW.ev[e.type] || e.type;
  if (e.type === "vote") return t + " " + Object.entries(e.votes || {}).map(([s, c]) => `${s}→${c}`).join(" ");
  if (e.type === "removal" && e.clause == null) return fmt(MW.removed, { s: e.seat }); // its clause: under «Роли» (M-16)
  return fmt(t, { s: e.seat, b: e.by, t: e.target, f: e.for, c: e.clause, p: e.points == null ? e.points : num(e.points),
    g: (e.guesses || []).join(", ") });
}
function mrefresh() {
  const v = S.view;
  const frozen = !!v.read_only || S.busy;
  if (!frozen && S.mFrozen) { S.mFrozen = false; rerender(); return; } // the answer came: the inputs as the step has them
  S.mFrozen = frozen;
  for (const b of document.querySelectorAll("#game button, #game select, #game input")) {
    if (b.id === "reveal" || b.id === "clock-toggle" || b.id === "clock-reset") continue;
    if (frozen) b.disabled = true;
  }
  if (!frozen) {
    $("#next").disabled = !NEXT_STEPS.includes(v.step);
    for (const b of document.querySelectorAll("[data-seat]")) {
      b.classList.toggle("picked", Number(b.dataset.seat) === S.m.pick);
      if (v.step === "finished") b.disabled = false;
    }
  }
  const u = $("#undo"); if (u) u.disabled = S.busy || !!v.read_only || v.count === 0 || v.step === "finished";
  $("#reveal").disabled = !S.me || !S.me.roles.some((r) => r === "host" || r === "admin");
  clockShow();
  holdable($("#reveal"));
}

// ---- «Роли — удерживать»: the roles on screen only while held; any release, a blur or a hidden page hides them ----
function holdable(button) {
  if (!button || button.dataset.bound) return;
  button.dataset.bound = "1";
  const start = (ev) => { ev.preventDefault(); if (!button.disabled) rolesShow(); };
  button.addEventListener("pointerdown", start);
  button.addEventListener("contextmenu", (ev) => ev.preventDefault());
  for (const kind of ["pointerup", "pointercancel", "pointerleave"]) button.addEventListener(kind, rolesHide);
}
for (const kind of ["pointerup", "blur", "pagehide"]) window.addEventListener(kind, rolesHide);
document.addEventListener("visibilitychange", rolesHide);
async function rolesShow() {
  S.holding = true;
  const box = el("div", { id: "roles" }, el("p", {}, MW.rolesWait));
  document.body.append(box);
  let data = null;
  try {
    const r = await fetch(`/api/games/${S.game}/roles`, { credentials: "same-origin", cache: "no-store",
      headers: { "X-CSRF-Token": S.me.csrf } });
    data = await r.json();
    if (!r.ok) { rolesHide(); setLine(data.error, true); return; }
  } catch (e) { rolesHide(); return; }
  if (!S.holding) return; // released while it was on its way: never shown
  box.replaceChildren(...rolesView(data));
}
function rolesView(data) {
  const v = S.view, m = S.m || {};
  const cells = SEATS.map((s) => el("div", { class: "rc " + (data.roles[String(s)] || "") },
    el("b", {}, String(s)), el("span", {}, v.names[s - 1]), el("i", {}, MW.role[data.roles[String(s)]] || "—")));
  const answer = (w, s) => (w === "don" ? (data.answers.don[String(s)] ? MW.isSheriff : MW.notSheriff)
    : (data.answers.sheriff[String(s)] ? MW.isBlack : MW.isRed));
  const tonight = v.step === "night" ? [["don", m.don, MW.answerDon], ["sheriff", m.sheriff, MW.answerSheriff]]
    .filter(([, s]) => s != null).map(([w, s, t]) => el("p", { class: "answer" }, fmt(t, { s, a: answer(w, s) }))) : [];
  const past = data.checks.map((c) => el("li", {}, fmt(MW.checked, { w: c.who === "don" ? MW.don : MW.sheriff, s: c.seat,
    a: c.answer == null ? MW.noAnswer : c.who === "don" ? (c.answer ? MW.isSheriff : MW.notSheriff) : (c.answer ? MW.isBlack : MW.isRed) })));
  const removals = (data.removals || []).map((r) => el("li", {}, fmt(MW.removedFor, { s: r.seat, c: r.clause })));
  return [el("div", { class: "rolegrid" }, ...cells), ...tonight, el("ul", {}, ...past, ...removals)];
}
function rolesHide() {
  S.holding = false;
  const box = document.getElementById("roles");
  if (box) box.remove(); // the roles leave the page with the overlay: nothing keeps them
}
