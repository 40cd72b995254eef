// The hall scoreboard (read-only): every running table's board names and score, live. Never a role, never a phone.
"use strict";
const LANG = document.documentElement.lang === "en" ? "en" : "ru";
const W = {
  ru: { table: "Стол", bank: "банк", none: "Идущих столов нет", unheard: "Нет связи со стойкой: обновления придут позже." },
  en: { table: "Table", bank: "bank", none: "No table is running", unheard: "No connection to the desk: updates will come later." },
}[LANG];
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
const say = (text) => { document.getElementById("line").textContent = text; };
// live.js: a stream the desk refuses (at its limit) or loses is said above the tables and asked again by itself
fetch("/api/me", { credentials: "same-origin" }).then((r) => {
  if (r.status === 401) { location.href = "/"; return; }
  live("/api/board/live", { frame: render, open: () => say(""), refused: (status, data) => {
    if (status === 401) { location.href = "/"; return false; }
    say((status && data.error) || W.unheard);
  } });
});
