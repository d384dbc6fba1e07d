// The capacity curve as an SVG chart for docs/performance.md: p95 of each expert operation against the
// number of experts, on a log scale of milliseconds (seconds under overload and tens of ms at ease both
// read), with issue 21's 300 ms target as a dashed line. Pure: levels in, SVG text out.
import { CAPACITY_OPERATIONS, type CapacityLevel, TARGET_P95_MS } from '@/tools/stress/capacity';

const WIDTH = 720;
const HEIGHT = 420;
const PLOT = { left: 70, right: 160, top: 40, bottom: 50 };
/** One colour per operation, distinguishable in greyscale print too (dark to light). */
const COLOURS = ['#1b4f72', '#b03a2e', '#1e8449', '#7d3c98', '#b9770e'];

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const fixed = (value: number) => Number(value.toFixed(1));

export function drawCapacityChart(
  levels: readonly CapacityLevel[],
  { title, targetMs = TARGET_P95_MS }: { title: string; targetMs?: number },
): string {
  const sorted = [...levels].sort((a, b) => a.experts - b.experts);
  const values = sorted
    .flatMap((level) => CAPACITY_OPERATIONS.map(({ op }) => level.p95[op]))
    .filter((v): v is number => typeof v === 'number' && v > 0);
  const lowExp = Math.floor(Math.log10(Math.min(targetMs, ...values) / 2));
  const highExp = Math.ceil(Math.log10(Math.max(targetMs, ...values) * 1.2));
  const maxExperts = Math.max(1, ...sorted.map((level) => level.experts));
  const plotW = WIDTH - PLOT.left - PLOT.right;
  const plotH = HEIGHT - PLOT.top - PLOT.bottom;
  const x = (experts: number) => fixed(PLOT.left + (experts / maxExperts) * plotW);
  const y = (ms: number) => fixed(PLOT.top + plotH - ((Math.log10(ms) - lowExp) / (highExp - lowExp)) * plotH);

  const parts: string[] = [];
  parts.push(`<rect width="${WIDTH}" height="${HEIGHT}" fill="#ffffff"/>`);
  parts.push(`<text x="8" y="22" font-size="12" font-weight="bold">${escapeXml(title)}</text>`);
  // Axes and grid: a line per power of ten, a tick per level.
  for (let exp = lowExp; exp <= highExp; exp++) {
    const ms = 10 ** exp;
    const label = ms >= 1000 ? `${ms / 1000} s` : `${ms} ms`;
    parts.push(`<line class="grid" x1="${PLOT.left}" x2="${PLOT.left + plotW}" y1="${y(ms)}" y2="${y(ms)}" stroke="#dddddd"/>`);
    parts.push(`<text x="${PLOT.left - 6}" y="${y(ms) + 4}" font-size="11" text-anchor="end">${label}</text>`);
  }
  for (const level of sorted) {
    parts.push(`<text x="${x(level.experts)}" y="${PLOT.top + plotH + 16}" font-size="11" text-anchor="middle">${level.experts}</text>`);
  }
  parts.push(`<line x1="${PLOT.left}" x2="${PLOT.left}" y1="${PLOT.top}" y2="${PLOT.top + plotH}" stroke="#333333"/>`);
  parts.push(`<line x1="${PLOT.left}" x2="${PLOT.left + plotW}" y1="${PLOT.top + plotH}" y2="${PLOT.top + plotH}" stroke="#333333"/>`);
  parts.push(`<text x="${PLOT.left + plotW / 2}" y="${HEIGHT - 12}" font-size="12" text-anchor="middle">experts working at once</text>`);
  parts.push(
    `<text x="16" y="${PLOT.top + plotH / 2}" font-size="12" text-anchor="middle" transform="rotate(-90 16 ${PLOT.top + plotH / 2})">p95 latency (log scale)</text>`,
  );
  // The target.
  parts.push(
    `<line class="target" data-target-ms="${targetMs}" x1="${PLOT.left}" x2="${PLOT.left + plotW}" y1="${y(targetMs)}" y2="${y(targetMs)}" stroke="#000000" stroke-dasharray="6 4"/>`,
  );
  parts.push(`<text x="${PLOT.left + plotW + 6}" y="${y(targetMs) + 4}" font-size="11">${targetMs} ms (issue 21 target)</text>`);
  // One line per operation; a level without that operation leaves a gap, not a made-up point.
  CAPACITY_OPERATIONS.forEach(({ op, label }, index) => {
    const colour = COLOURS[index % COLOURS.length] ?? '#000000';
    const points = sorted.flatMap((level) => {
      const value = level.p95[op];
      return typeof value === 'number' && value > 0 ? [{ experts: level.experts, value }] : [];
    });
    parts.push(
      `<polyline class="series" data-op="${escapeXml(op)}" fill="none" stroke="${colour}" stroke-width="2" points="${points.map((p) => `${x(p.experts)},${y(p.value)}`).join(' ')}"/>`,
    );
    for (const p of points)
      parts.push(
        `<circle data-op="${escapeXml(op)}" cx="${x(p.experts)}" cy="${y(p.value)}" r="3" fill="${colour}"><title>${escapeXml(`${label}: ${Math.round(p.value)} ms at ${p.experts} experts`)}</title></circle>`,
      );
    const legendY = PLOT.top + 20 + index * 18;
    parts.push(
      `<line x1="${WIDTH - PLOT.right + 30}" x2="${WIDTH - PLOT.right + 50}" y1="${legendY - 4}" y2="${legendY - 4}" stroke="${colour}" stroke-width="2"/>`,
    );
    parts.push(`<text x="${WIDTH - PLOT.right + 56}" y="${legendY}" font-size="11">${escapeXml(label)}</text>`);
  });
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" font-family="sans-serif" role="img" aria-label="${escapeXml(title)}">`,
    ...parts.map((part) => `  ${part}`),
    '</svg>',
    '',
  ].join('\n');
}
