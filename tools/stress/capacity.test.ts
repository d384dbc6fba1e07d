// The capacity curve: which level meets issue 21's targets, the table that says so, and the SVG chart's shape.
import { describe, expect, it } from 'vitest';
import { CAPACITY_OPERATIONS, type CapacityLevel, assessCapacity, formatCapacityTable } from '@/tools/stress/capacity';
import { drawCapacityChart } from '@/tools/stress/capacity-chart';
import { OPS } from '@/tools/stress/expert-loop';
import { Recorder } from '@/tools/stress/recorder';
import { runPlan } from '@/tools/stress/run-stress';
import { formatTimeline } from '@/tools/stress/report';

const p95 = (ms: number | null) => Object.fromEntries(CAPACITY_OPERATIONS.map(({ op }) => [op, ms]));
const level = (experts: number, ms: number | null, extra: Partial<CapacityLevel> = {}): CapacityLevel => ({
  experts,
  requestsPerSecond: experts / 5,
  p95: p95(ms),
  errors: 0,
  invariantsPass: true,
  signIns: { ok: experts, wanted: experts },
  ...extra,
});

describe('capacity verdict', () => {
  it('is the largest level with every p95 within 300 ms, 0 errors, every sign-in and every invariant', () => {
    const verdict = assessCapacity([level(262, 280), level(50, 40), level(500, 900), level(100, 120)]);
    expect(verdict.rows.map((row) => [row.experts, row.p95Met, row.met])).toEqual([
      [50, true, true],
      [100, true, true],
      [262, true, true],
      [500, false, false],
    ]);
    expect(verdict.capacity).toBe(262);
  });

  it('counts 300 ms as met and one slow operation as a miss', () => {
    const oneSlow = { ...p95(100), [CAPACITY_OPERATIONS[3].op]: 301 };
    expect(assessCapacity([level(50, 300)]).capacity).toBe(50);
    expect(assessCapacity([level(50, 100, { p95: oneSlow })]).rows[0]).toMatchObject({ p95Met: false, met: false });
  });

  it('refuses a level with an error, a failed sign-in, a failed invariant or an operation never measured', () => {
    for (const extra of [
      { errors: 1 },
      { signIns: { ok: 49, wanted: 50 } },
      { invariantsPass: false },
      { p95: { ...p95(100), [CAPACITY_OPERATIONS[0].op]: null } },
    ]) {
      expect(assessCapacity([level(50, 100, extra)]).capacity).toBeNull();
    }
  });

  it('does not let a slow level in between be skipped: the capacity is the largest passing level', () => {
    // A noisy curve: a level that misses does not hide a larger one that meets every target.
    expect(assessCapacity([level(50, 100), level(100, 400), level(262, 200)]).capacity).toBe(262);
  });

  it('prints the table with the target labelled as the issue’s, and the capacity line', () => {
    const text = formatCapacityTable(assessCapacity([level(50, 40), level(500, 1234, { errors: 3 })]));
    const lines = text.split('\n');
    expect(lines[0]).toContain("issue 21's target");
    expect(lines[1]).toMatch(
      /^experts\s+req\/s\s+claim p95\s+open p95\s+save p95\s+submit p95\s+errors\s+sign-ins\s+invariants\s+p95 ≤ 300$/,
    );
    expect(lines[3]).toMatch(/^50 +10\.0 +40 +40 +40 +40 +0 +50\/50 +PASS +yes$/);
    expect(lines[4]).toMatch(/^500 +100\.0 +1,234 .* 3 +500\/500 +PASS +no$/);
    expect(lines.at(-1)).toBe(
      'capacity: 50 experts (the largest level with every p95 ≤ 300 ms, 0 errors, every sign-in and every invariant PASS)',
    );
    expect(
      formatCapacityTable(assessCapacity([level(50, 900)]))
        .split('\n')
        .at(-1),
    ).toMatch(/^capacity: no level/);
  });
});

describe('repeated runs of a level (--repeat)', () => {
  it('plans the runs interleaved: every level once per repeat', () => {
    expect(runPlan([50, 100], 2)).toEqual([
      { experts: 50, run: 1 },
      { experts: 100, run: 1 },
      { experts: 50, run: 2 },
      { experts: 100, run: 2 },
    ]);
    expect(runPlan([262], 1)).toEqual([{ experts: 262, run: 1 }]);
  });

  it('combines a level’s runs into one row: median p95 and its range, errors and sign-ins added up', () => {
    const verdict = assessCapacity([level(262, 900), level(50, 40), level(262, 250), level(262, 400, { errors: 2 })]);
    expect(verdict.rows.map((row) => row.experts)).toEqual([50, 262]);
    const row = verdict.rows[1];
    expect(row).toMatchObject({ runs: 3, errors: 2, signIns: { ok: 786, wanted: 786 } });
    expect(row?.p95[CAPACITY_OPERATIONS[0].op]).toBe(400);
    expect(row?.p95Range[CAPACITY_OPERATIONS[0].op]).toEqual([250, 900]);
    // An even number of runs: the median is the mean of the middle two.
    expect(assessCapacity([level(50, 100), level(50, 200)]).rows[0]?.p95[CAPACITY_OPERATIONS[1].op]).toBe(150);
  });

  it('meets the target only if every run of the level did, even when the median is within it', () => {
    const verdict = assessCapacity([level(100, 120), level(100, 140), level(100, 320), level(50, 60), level(50, 80)]);
    expect(verdict.rows.map((row) => [row.experts, row.p95[CAPACITY_OPERATIONS[2].op], row.p95Met, row.met])).toEqual([
      [50, 70, true, true],
      [100, 140, false, false],
    ]);
    expect(verdict.capacity).toBe(50);
    expect(assessCapacity([level(50, 60), level(50, 80, { invariantsPass: false })]).capacity).toBeNull();
    const unmeasured = assessCapacity([level(50, 60), level(50, null)]).rows[0];
    // A run that made none of an operation: no median, no range, and not met.
    expect(unmeasured).toMatchObject({ p95Met: false, met: false });
    expect(unmeasured?.p95[CAPACITY_OPERATIONS[0].op]).toBeNull();
    expect(unmeasured?.p95Range[CAPACITY_OPERATIONS[0].op]).toBeNull();
  });

  it('prints the runs, each p95 as median (lowest–highest), and says the target held in every run', () => {
    const text = formatCapacityTable(assessCapacity([level(50, 40), level(50, 60), level(50, 50)]));
    const lines = text.split('\n');
    expect(lines[0]).toContain('the median of the runs (lowest–highest)');
    expect(lines[1]).toMatch(/^experts\s+runs\s+req\/s\s+claim p95/);
    expect(lines[3]).toMatch(/^50 +3 +10\.0 +50 \(40–60\) +50 \(40–60\) +50 \(40–60\) +50 \(40–60\) +0 +150\/150 +PASS +yes$/);
    expect(lines.at(-1)).toMatch(/every invariant PASS in every run\)$/);
  });
});

describe('capacity chart (SVG)', () => {
  const levels = [level(50, 40), level(100, 90), level(262, null), level(500, 2500)];
  const svg = drawCapacityChart(levels, { title: 'p95 <by> level & pace' });
  const count = (pattern: RegExp) => svg.match(pattern)?.length ?? 0;

  it('is one SVG document with an escaped title', () => {
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg.trimEnd().endsWith('</svg>')).toBe(true);
    expect(count(/<svg/g)).toBe(1);
    expect(svg).toContain('p95 &lt;by&gt; level &amp; pace');
    expect(svg).not.toContain('<by>');
  });

  it('draws one line per operation through the measured levels only, and a point per measurement', () => {
    expect(count(/<polyline class="series"/g)).toBe(CAPACITY_OPERATIONS.length);
    for (const { op } of CAPACITY_OPERATIONS) {
      const line = new RegExp(`<polyline class="series" data-op="${op}"[^>]* points="([^"]*)"`).exec(svg);
      // 262 measured nothing: a gap, not a point at zero.
      expect(line?.[1]?.split(' ')).toHaveLength(3);
    }
    expect(count(/<circle /g)).toBe(CAPACITY_OPERATIONS.length * 3);
  });

  it('places points by experts (x) and log latency (y), and draws the 300 ms target between 40 ms and 2.5 s', () => {
    const [op] = CAPACITY_OPERATIONS;
    const points = (new RegExp(`data-op="${op.op}"[^>]* points="([^"]*)"`).exec(svg)?.[1] ?? '')
      .split(' ')
      .map((point) => point.split(',').map(Number) as [number, number]);
    const xs = points.map(([x]) => x);
    const ys = points.map(([, y]) => y);
    expect(xs).toEqual([...xs].sort((a, b) => a - b));
    // Slower is higher on the page: a smaller y.
    expect(ys[0]).toBeGreaterThan(ys[1] ?? 0);
    expect(ys[1]).toBeGreaterThan(ys[2] ?? 0);
    const target = /<line class="target" data-target-ms="300"[^>]* y1="([\d.]+)"/.exec(svg);
    expect(target).not.toBeNull();
    const targetY = Number(target?.[1]);
    expect(targetY).toBeLessThan(ys[1] ?? 0);
    expect(targetY).toBeGreaterThan(ys[2] ?? 0);
    expect(svg).toContain('300 ms (issue 21 target)');
  });

  it('has a legend entry per operation', () => {
    for (const { label } of CAPACITY_OPERATIONS) expect(svg).toContain(`>${label}</text>`);
  });
});

describe('the latency timeline', () => {
  it('slices attempts by when they finished, and names the jobs running in each slice', () => {
    const recorder = new Recorder();
    const start = 1_000_000;
    // Two fast saves in the first slice, a slow one in the second, a sign-in (not an expert's operation) left out.
    recorder.record(OPS.save, 10, undefined, start + 1_000);
    recorder.record(OPS.save, 20, undefined, start + 29_000);
    recorder.record(OPS.submit, 900, undefined, start + 31_000);
    recorder.record('sign-in', 5_000, undefined, start + 2_000);
    const buckets = recorder.timeline([OPS.save, OPS.submit], start, 30);
    expect(buckets.map((bucket) => [bucket.fromS, bucket.count, bucket.max])).toEqual([
      [0, 2, 20],
      [30, 1, 900],
    ]);
    const cpu = [{ webS: 12.5, jobsS: 0.4, postgresS: 7.25, clientS: 3, machineBusyShare: 0.81, loopStallS: 4.25 }];
    const lines = formatTimeline({ bucketS: 30, buckets, cpu }, [
      { name: 'import', startedAtS: 35, durationMs: 10_000, status: 'SUCCEEDED', id: 1, detail: '' },
      { name: 'judge', startedAtS: null, durationMs: null, status: 'not started', id: null, detail: '' },
    ]);
    expect(lines.join('\n')).toMatch(/0–30\s+2 .*12\.5\s+0\.4\s+7\.3\s+3\.0\s+81%\s+4\.3\s+—/);
    expect(lines.join('\n')).toMatch(/30–60\s+1 .*import/);
  });
});
