"""The scoreboard page: static HTML whose script long-polls /api/club and rebuilds the tables.

Read-only: the page only GETs. The board diagrams come from the server as SVG (board.py).
"""

PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>bgref club</title>
<style>
body { font-family: sans-serif; margin: 1em; background: #f6f3ec; color: #222; }
#tables { display: flex; flex-wrap: wrap; gap: 1em; }
section.table { background: #fff; border: 1px solid #ccc; border-radius: 6px; padding: .6em; width: 310px; }
section.table h2 { font-size: 1.1em; margin: 0 0 .3em 0; }
section.table p { margin: .15em 0; font-size: .9em; }
.offline h2::after { content: " (offline)"; color: #a00; font-weight: normal; }
#archive td, #archive th { padding: .2em .6em; text-align: left; }
#status { color: #666; font-size: .8em; }
</style></head>
<body>
<h1 id="title">bgref club</h1>
<p id="status">loading&hellip;</p>
<div id="tables"></div>
<h2>Finished matches</h2>
<table id="archive"><thead><tr><th>Table</th><th>Players</th><th>Score</th><th>Ended</th><th></th></tr></thead>
<tbody></tbody></table>
<script>
"use strict";
function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined && text !== null) e.textContent = text;
  return e;
}
function tableSection(t) {
  const s = el("section", "table " + (t.status || "unknown"));
  s.id = "table-" + t.id;
  s.dataset.table = t.id;
  s.dataset.seq = t.seq === null ? "" : t.seq;
  s.appendChild(el("h2", "name", t.name));
  const players = t.players || ["Player 0", "Player 1"];
  s.appendChild(el("p", "players", t.players ? players[0] + " (light) vs " + players[1] +
                   " (dark)" : "not seen yet"));
  if (t.position) {
    const len = t.match_length ? "match to " + t.match_length : "money play";
    const score = el("p", "score", "Score " + t.score[0] + "-" + t.score[1] + ", " + len);
    score.dataset.score = t.score.join("-");
    s.appendChild(score);
    const cube = el("p", "cube", "Cube " + t.cube[0] +
                    (t.cube[1] === null ? " (middle)" : ", " + players[t.cube[1]] + "'s"));
    cube.dataset.value = t.cube[0];
    s.appendChild(cube);
    const over = t.phase === "match over";
    const turn = el("p", "turn", over ? "match over" : t.turn === null ? "" :
                    players[t.turn] + (t.phase === "move" && t.dice ?
                                       " to play " + t.dice.join("-") : " on roll"));
    turn.dataset.turn = t.turn === null ? "" : t.turn;
    s.appendChild(turn);
    s.appendChild(el("p", "text", t.text || ""));
    const board = el("div", "board");
    board.innerHTML = t.svg;   // built by the server from the Position ID (numbers only)
    s.appendChild(board);
  } else {
    s.appendChild(el("p", "text", "no match yet"));
  }
  return s;
}
function render(data) {
  document.getElementById("title").textContent = "bgref club " + data.club;
  const tables = document.getElementById("tables");
  tables.replaceChildren(...data.tables.map(tableSection));
  const body = document.querySelector("#archive tbody");
  body.replaceChildren(...data.archive.map(function (m) {
    const tr = el("tr", "match");
    tr.dataset.match = m.id;
    tr.appendChild(el("td", "", m.table_name));
    tr.appendChild(el("td", "", (m.players || []).join(" vs ")));
    tr.appendChild(el("td", "", (m.score || []).join("-")));
    tr.appendChild(el("td", "", m.ended ? new Date(m.ended * 1000).toISOString().slice(0, 16).replace("T", " ") : ""));
    const td = el("td"); const a = el("a", "mat", ".mat");
    a.href = "match/" + encodeURIComponent(m.id) + ".mat"; a.download = m.id + ".mat";
    td.appendChild(a); tr.appendChild(td);
    return tr;
  }));
  const status = document.getElementById("status");
  status.textContent = data.tables.length + " tables, " + data.archive.length +
                       " finished matches, " + data.events + " events";
  status.dataset.version = data.version;
  status.dataset.renders = renders;
}
let renders = 0;
async function poll() {
  // long poll by default (?wait=SECONDS); ?wait=0 polls every ?every= ms instead
  const params = new URLSearchParams(location.search);
  const wait = Number(params.get("wait") || "25");
  const every = Number(params.get("every") || "1000");
  let since = -1;
  for (;;) {
    try {
      const r = await fetch("api/club?since=" + since + "&wait=" + (since < 0 ? 0 : wait),
                            {cache: "no-store"});
      if (!r.ok) throw new Error("HTTP " + r.status);
      const data = await r.json();
      if (data.version !== since) {
        render(data);
        renders += 1;
        document.getElementById("status").dataset.renders = renders;
      }
      since = data.version;
      // plain polling: every `every` ms; long polling: at most four answers a second
      await new Promise(function (ok) { setTimeout(ok, wait <= 0 ? every : 250); });
    } catch (e) {
      document.getElementById("status").textContent = "server unreachable, retrying";
      await new Promise(function (ok) { setTimeout(ok, 2000); });
    }
  }
}
poll();
</script>
</body></html>
"""
