// The hall scoreboard (read-only): every running table's board names and score, live. Never a role, never a phone.
"use strict";
const LANG = document.documentElement.lang === "en" ? "en" : "ru";
const W = { ru: { table: "Стол", bank: "банк", none: "Идущих столов нет" },
  en: { table: "Table", bank: "bank", none: "No table is running" } }[LANG];
const money = (n) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, "\u202f");
function el(tag, cls, ...kids) {
  const e = document.createElement(tag); if (cls) e.className = cls;
  for (const k of kids) e.append(k.nodeType ? k : document.createTextNode(k));
  return e;
}
function render(data) {
  const cards = data.tables.map((t) => el("div", "t", el("h2", "", t.kind === "zhuk" ? `${W.table} ${t.table}` : t.table),
    ...t.rows.map(([name, value, turn]) => el("div", "r" + (turn ? " turn" : ""), el("span", "", name),
      el("b", "", t.kind === "zhuk" ? money(value) : String(value)))),
    ...(t.kind === "zhuk" ? [el("div", "r", el("span", "", W.bank), el("b", "", money(t.bank)))] : [])));
  document.getElementById("board").replaceChildren(cards.length ? el("div", "tables", ...cards) : el("h1", "", W.none));
}
fetch("/api/me", { credentials: "same-origin" }).then((r) => {
  if (r.status === 401) { location.href = "/"; return; }
  const live = new EventSource("/api/board/live");
  live.onmessage = (m) => render(JSON.parse(m.data));
});
