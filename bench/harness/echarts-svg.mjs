/**
 * An ECharts option drawn to an SVG document by Apache ECharts' server-side SVG renderer (no
 * DOM, no browser, no canvas), for the bench reports' charts: the side-by-side suite's
 * (`charts.mjs`) and the sharding simulation's (`bench/sharding/charts.mjs`). The document
 * has no hover styles and carries a `<title>` for screen readers.
 *
 * ECharts is imported only when a chart is drawn, so a bench run measures with a load
 * generator that has not loaded it.
 * @module
 */

/** The text style of every title, axis name and legend. */
export const TEXT = { color: '#222', fontFamily: 'sans-serif' };

/**
 * Without a canvas ECharts sizes text by Helvetica's widths, narrower than the DejaVu Sans or
 * Liberation Sans a Linux viewer draws `sans-serif` with: the legend's columns then overlap.
 * 0.6 em per character is as wide as those faces' widest lowercase text.
 */
const measureText = (text, font) => ({
  width: 0.6 * Number(/(\d+(?:\.\d+)?)px/.exec(font ?? '')?.[1] ?? 12) * text.length,
});

/** An axis name centred along its axis, `gap` pixels from it. */
export const axisName = (name, gap) => ({
  name,
  nameLocation: 'middle',
  nameGap: gap,
  nameTextStyle: { ...TEXT, fontSize: 13 },
});

const escapeText = (s) => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/**
 * The SVG document of an ECharts option `width` × `height` pixels; its `<title>` is the
 * option's title and subtitle.
 */
export async function renderSvg(option, width, height) {
  const echarts = await import('echarts');
  echarts.setPlatformAPI({ measureText });
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width, height });
  try {
    chart.setOption({
      animation: false,
      backgroundColor: '#fff',
      textStyle: TEXT,
      ...option,
      title: { left: 'center', top: 12, textStyle: { ...TEXT, fontSize: 16 }, ...option.title },
    });
    // the hover styles are for a live chart; a picture in a report has no pointer
    const svg = chart.renderToSVGString().replace(/<style[\s\S]*?<\/style>\n?/, '');
    const title = [option.title.text, option.title.subtext].filter(Boolean).join(': ');
    return `${svg.replaceAll(/ class="zr\d+-cls-\d+"/g, '').replace('>', `>\n<title>${escapeText(title)}</title>`)}\n`;
  } finally {
    chart.dispose();
  }
}
