/**
 * A memory-over-time chart as a PNG, drawn pixel by pixel (no browser, no fonts) and
 * encoded with pngjs: one line per series, horizontal grid lines every `gridStep` units,
 * vertical markers (the API server restarts). The report's text carries the legend and scale.
 * @module
 */
import { PNG } from 'pngjs';

export interface Series {
  color: [number, number, number];
  points: { x: number; y: number }[];
}

export interface ChartOptions {
  width?: number;
  height?: number;
  /** y grid spacing, in the data's unit. */
  gridStep: number;
  markers?: number[];
}

export function renderChart(series: Series[], options: ChartOptions): Buffer {
  const width = options.width ?? 900;
  const height = options.height ?? 420;
  const pad = 30;
  const png = new PNG({ width, height });
  png.data.fill(255);
  const all = series.flatMap((s) => s.points);
  const maxX = Math.max(1, ...all.map((p) => p.x));
  const maxY = Math.max(options.gridStep, ...all.map((p) => p.y)) * 1.05;
  const px = (x: number) => Math.round(pad + (x / maxX) * (width - 2 * pad));
  const py = (y: number) => Math.round(height - pad - (y / maxY) * (height - 2 * pad));
  const dot = (x: number, y: number, [r, g, b]: [number, number, number]) => {
    if (x < 0 || y < 0 || x >= width || y >= height) return;
    const i = (y * width + x) * 4;
    png.data[i] = r;
    png.data[i + 1] = g;
    png.data[i + 2] = b;
    png.data[i + 3] = 255;
  };
  const line = (x0: number, y0: number, x1: number, y1: number, color: [number, number, number]) => {
    const steps = Math.max(Math.abs(x1 - x0), Math.abs(y1 - y0), 1);
    for (let s = 0; s <= steps; s++) {
      const x = Math.round(x0 + ((x1 - x0) * s) / steps);
      const y = Math.round(y0 + ((y1 - y0) * s) / steps);
      dot(x, y, color);
      dot(x, y + 1, color);
    }
  };
  for (let y = 0; y <= maxY; y += options.gridStep) line(pad, py(y), width - pad, py(y), [225, 225, 225]);
  for (const m of options.markers ?? []) line(px(m), pad, px(m), height - pad, [250, 200, 120]);
  line(pad, height - pad, width - pad, height - pad, [0, 0, 0]);
  line(pad, pad, pad, height - pad, [0, 0, 0]);
  for (const s of series) {
    s.points.forEach((p, i) => {
      const prev = s.points[i - 1];
      if (prev !== undefined) line(px(prev.x), py(prev.y), px(p.x), py(p.y), s.color);
    });
  }
  return PNG.sync.write(png);
}
