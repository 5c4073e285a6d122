/**
 * A small SVG chart writer (no dependency; the side-by-side suite's charts are matplotlib PNGs
 * from bench/harness/charts.py, which needs its Python venv): axes with ticks, and series
 * drawn as lines, markers or both, with a legend. Enough for the sharding simulation's two
 * charts.
 * @module
 */

const WIDTH = 720;
const HEIGHT = 400;
const MARGIN = { left: 70, right: 170, top: 40, bottom: 55 };

const escapeText = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function ticks(min, max, count = 5) {
  const step = 10 ** Math.floor(Math.log10((max - min) / count));
  const nice = [1, 2, 2.5, 5, 10].map((m) => m * step).find((s) => (max - min) / s <= count) ?? step * 10;
  const out = [];
  for (let v = Math.ceil(min / nice) * nice; v <= max + nice * 1e-9; v += nice) out.push(Number(v.toPrecision(12)));
  return out;
}

/**
 * An SVG document. `series`: `{ name, color, points: [[x, y], …], line?, markers? }`; `logX`
 * spaces x by log2 (for range counts); `xTicks` overrides the x ticks.
 */
export function chart({ title, xLabel, yLabel, series, yMin = 0, yMax, logX = false, xTicks }) {
  const xs = series.flatMap((s) => s.points.map((p) => p[0]));
  const ys = series.flatMap((s) => s.points.map((p) => p[1]));
  const fx = logX ? Math.log2 : (v) => v;
  const x0 = fx(Math.min(...xs));
  const x1 = fx(Math.max(...xs));
  const top = yMax ?? Math.max(...ys) * 1.1;
  const plotW = WIDTH - MARGIN.left - MARGIN.right;
  const plotH = HEIGHT - MARGIN.top - MARGIN.bottom;
  const px = (v) => Number((MARGIN.left + ((fx(v) - x0) / (x1 - x0 || 1)) * plotW).toFixed(1));
  const py = (v) => Number((MARGIN.top + plotH - ((v - yMin) / (top - yMin)) * plotH).toFixed(1));
  const out = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" font-family="sans-serif" font-size="12">`,
    `<title>${escapeText(title)}</title>`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="white"/>`,
    `<text x="${WIDTH / 2}" y="22" text-anchor="middle" font-size="14">${escapeText(title)}</text>`,
  ];
  for (const v of ticks(yMin, top)) {
    out.push(
      `<line x1="${MARGIN.left}" x2="${MARGIN.left + plotW}" y1="${py(v)}" y2="${py(v)}" stroke="#ddd"/>`,
      `<text x="${MARGIN.left - 6}" y="${py(v) + 4}" text-anchor="end">${v}</text>`,
    );
  }
  for (const v of xTicks ?? ticks(Math.min(...xs), Math.max(...xs), 8)) {
    out.push(
      `<line x1="${px(v)}" x2="${px(v)}" y1="${MARGIN.top + plotH}" y2="${MARGIN.top + plotH + 4}" stroke="black"/>`,
      `<text x="${px(v)}" y="${MARGIN.top + plotH + 18}" text-anchor="middle">${v}</text>`,
    );
  }
  out.push(
    `<rect x="${MARGIN.left}" y="${MARGIN.top}" width="${plotW}" height="${plotH}" fill="none" stroke="black"/>`,
    `<text x="${MARGIN.left + plotW / 2}" y="${HEIGHT - 12}" text-anchor="middle">${escapeText(xLabel)}</text>`,
    `<text transform="translate(18 ${MARGIN.top + plotH / 2}) rotate(-90)" text-anchor="middle">${escapeText(yLabel)}</text>`,
  );
  series.forEach((s, i) => {
    const path = s.points.map(([x, y]) => `${px(x)},${py(y)}`).join(' ');
    if (s.line !== false) {
      out.push(`<polyline points="${path}" fill="none" stroke="${s.color}" stroke-width="1.5"/>`);
    }
    if (s.markers) {
      for (const [x, y] of s.points) {
        out.push(`<circle cx="${px(x)}" cy="${py(y)}" r="3.5" fill="${s.color}"/>`);
      }
    }
    const ly = MARGIN.top + 10 + i * 18;
    const lx = MARGIN.left + plotW + 12;
    out.push(
      s.markers && s.line === false
        ? `<circle cx="${lx + 9}" cy="${ly}" r="3.5" fill="${s.color}"/>`
        : `<line x1="${lx}" x2="${lx + 18}" y1="${ly}" y2="${ly}" stroke="${s.color}" stroke-width="1.5"/>`,
      `<text x="${lx + 24}" y="${ly + 4}">${escapeText(s.name)}</text>`,
    );
  });
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}
