// A live stream of the desk (a game's, the hall board's), read with fetch, not EventSource: the desk refuses a stream
// in one line — 503 when it already holds its streams (clubdesk/web/streams.py), 401 when the session has ended —
// and an EventSource refused so closes for good without telling why: the scores silently stopped updating. This
// reader hands the refusal to the page and tries again later, each time later (with jitter, so the phones a full
// desk refused together do not all come back in the same second), until a slot frees.
"use strict";
const LIVE_FIRST_S = 1, LIVE_MAX_S = 30;
const LIVE_SILENT_S = 15; // the desk writes at least every 2 s: silence this long is a connection Wi-Fi dropped

// `on.frame(data)` for each frame; `on.open()` when the desk accepted the stream; `on.refused(status, answer)` when it
// did not (status 0: no answer at all) — return false there to stop trying (a session that ended). `close()` ends it.
function live(url, on) {
  let ctrl = null, timer = null, tries = 0, closed = false;
  const later = () => {
    if (closed) return;
    const s = Math.min(LIVE_MAX_S, LIVE_FIRST_S * 2 ** tries++) * (0.75 + Math.random() / 2);
    timer = setTimeout(connect, s * 1000);
  };
  const refused = (status, data) => { if (!closed && on.refused(status, data) !== false) later(); };
  async function connect() {
    timer = null;
    ctrl = new AbortController();
    let dog = null;
    const watch = () => { clearTimeout(dog); dog = setTimeout(() => ctrl.abort(), LIVE_SILENT_S * 1000); };
    try {
      const r = await fetch(url, { credentials: "same-origin", cache: "no-store", signal: ctrl.signal });
      if (!r.ok) {
        let data = {};
        try { data = await r.json(); } catch (e) { data = {}; }
        refused(r.status, data);
        return;
      }
      tries = 0;
      if (!closed) on.open();
      const reader = r.body.getReader(), text = new TextDecoder();
      let buf = "";
      for (watch(); ;) {
        const { value, done } = await reader.read();
        if (done || closed) break;
        watch();
        buf += text.decode(value, { stream: true });
        for (let cut = buf.indexOf("\n\n"); cut >= 0; cut = buf.indexOf("\n\n")) {
          const data = buf.slice(0, cut).split("\n").filter((l) => l.startsWith("data:"))
            .map((l) => l.slice(5).replace(/^ /, "")).join("\n");
          buf = buf.slice(cut + 2);
          if (data && !closed) on.frame(JSON.parse(data));
        }
      }
      later(); // the desk ended the stream (a newer one of this session, the game gone): ask again
    } catch (e) {
      if (!closed) refused(0, {}); // no answer, or the connection dropped
    } finally { clearTimeout(dog); }
  }
  // a phone woken up, or its browser tab shown again, asks at once instead of waiting out the pause
  const wake = () => { if (document.visibilityState === "visible" && timer) { clearTimeout(timer); connect(); } };
  document.addEventListener("visibilitychange", wake);
  connect();
  return { close() {
    closed = true; clearTimeout(timer); timer = null;
    document.removeEventListener("visibilitychange", wake);
    if (ctrl) ctrl.abort();
  } };
}
