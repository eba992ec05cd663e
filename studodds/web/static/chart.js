// Every player's equity street by street, as an SVG line chart (no chart library).

const SVG_NS = "http://www.w3.org/2000/svg";

function svg(tag, attrs = {}, text) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  if (text !== undefined) el.textContent = text;
  return el;
}

// streets: the x labels ("3rd street", ...); series: [{name, colour, values: [fraction or
// null per street], dashed}]; current: the street on show; onPick(i): a street clicked.
// width: the box's width in pixels; the chart is drawn that wide (640 at most), so that
// on a phone its words stay 12 px, where a 640-unit drawing shrunk them to about 6.
export function lineChart({ streets, series, current, onPick, title, width = 640 }) {
  const W = Math.max(300, Math.min(640, width || 640)), H = 270;
  const narrow = W < 480;
  const left = 46, right = narrow ? 84 : 120, top = 26, bottom = 34;
  const plotW = W - left - right, plotH = H - top - bottom;
  // "3rd street" takes some 60 units: on a narrow chart the streets are "3rd", "4th" ...
  const streetWords = plotW / Math.max(1, streets.length - 1) < 70
    ? streets.map((s) => s.replace(/ street$/, "")) : streets;
  const x = (i) => left + (streets.length === 1 ? plotW / 2 : (i * plotW) / (streets.length - 1));
  const y = (v) => top + (1 - v) * plotH;
  const root = svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "chart", role: "img" });
  root.append(svg("title", {}, title));
  root.append(svg("text", { x: left, y: 16, class: "chart-title" }, title));
  // The street on show as a band behind everything, kept right of the axis's numbers
  // (on the first street it covered "100%")
  if (current !== null && current !== undefined && current >= 0 && current < streets.length) {
    const from = Math.max(left, x(current) - 14), to = Math.min(left + plotW + 14, x(current) + 14);
    root.append(svg("rect", { x: from, y: top - 4, width: to - from, height: plotH + 8, class: "current" }));
  }
  for (const v of [0, 0.25, 0.5, 0.75, 1]) {
    root.append(svg("line", { x1: left, x2: left + plotW, y1: y(v), y2: y(v), class: v === 0 ? "axis" : "grid" }));
    root.append(svg("text", { x: left - 6, y: y(v) + 4, class: "tick", "text-anchor": "end" }, `${v * 100}%`));
  }
  streets.forEach((name, i) => {
    const label = svg("text", { x: x(i), y: H - 12, class: "tick street", "text-anchor": "middle" }, streetWords[i]);
    const half = Math.min(30, plotW / Math.max(1, streets.length - 1) / 2); // no overlap
    const hit = svg("rect", { x: x(i) - half, y: top, width: 2 * half, height: plotH + bottom, class: "hit" });
    for (const el of [label, hit]) {
      el.addEventListener("click", () => onPick(i));
      el.append(svg("title", {}, `show ${name} on the table`));
    }
    root.append(hit, label);
  });
  // Line-end labels, nudged apart so that names do not print over each other.
  const ends = [];
  for (const s of series) {
    const points = s.values.map((v, i) => (v === null ? null : [x(i), y(v)]));
    let d = "";
    let pen = false;
    points.forEach((p) => {
      if (!p) { pen = false; return; }
      d += `${pen ? "L" : "M"}${p[0].toFixed(1)},${p[1].toFixed(1)}`;
      pen = true;
    });
    const g = svg("g", { class: "series" });
    g.append(svg("title", {}, s.name));
    g.append(svg("path", { d, stroke: s.colour, class: s.dashed ? "line dashed" : "line" }));
    points.forEach((p, i) => {
      if (!p) return;
      const dot = svg("circle", { cx: p[0], cy: p[1], r: i === current ? 4.5 : 3, fill: s.colour });
      dot.append(svg("title", {}, `${s.name}, ${streets[i]}: ${(100 * s.values[i]).toFixed(2)}%`));
      g.append(dot);
    });
    root.append(g);
    const last = points.map((p, i) => [p, i]).filter(([p]) => p).pop();
    if (last) ends.push({ name: s.name, colour: s.colour, x: last[0][0], y: last[0][1] });
  }
  // Labels that end on the same street are spread at least GAP apart, kept inside the
  // plot (pushed down first, then back up from the bottom).
  const GAP = 14;
  const columns = new Map();
  for (const e of ends) {
    if (!columns.has(e.x)) columns.set(e.x, []);
    columns.get(e.x).push(e);
  }
  for (const column of columns.values()) {
    column.sort((a, b) => a.y - b.y);
    column.forEach((e, i) => { e.ly = i === 0 ? Math.max(e.y, top) : Math.max(e.y, column[i - 1].ly + GAP); });
    for (let i = column.length - 1; i >= 0; i--) {
      const limit = i === column.length - 1 ? top + plotH : column[i + 1].ly - GAP;
      column[i].ly = Math.min(column[i].ly, limit);
    }
  }
  // A name longer than the margin holds (about 7.5 units a letter, bold) is cut short;
  // its full name is the line's title.
  const fits = Math.floor((right - 10) / 7.5);
  for (const e of ends) {
    const name = e.name.length > fits ? `${e.name.slice(0, fits - 1)}\u2026` : e.name;
    root.append(svg("text", { x: e.x + 8, y: e.ly + 4, class: "end-label", fill: e.colour }, name));
  }
  return root;
}
