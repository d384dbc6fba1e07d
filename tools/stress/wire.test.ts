// The stress client's wire format, against what Chromium and `next start` actually exchanged (captured with
// Playwright on the audit screen, Next.js 16.4.6): the router state tree header, the reply encoding and the
// Flight responses of a claim (with its re-rendered page) and of a refused save; plus the loopback guard and
// the command-line flags.
import { describe, expect, it } from 'vitest';
import { FlightError, decodeActionResult, encodeReplyJson, findProp, parseFlightRows } from '@/tools/stress/flight';
import { assertLoopbackUrl, routerStateTree } from '@/tools/stress/http-client';
import { parseStressArgs } from '@/tools/stress/options';
import { Budget } from '@/tools/stress/recorder';
import { verdictOf } from '@/tools/stress/report';

// Headers Chromium sent (Playwright capture).
const AUDIT_TREE =
  '%5B%22%22%2C%7B%22children%22%3A%5B%22(app)%22%2C%7B%22children%22%3A%5B%22audit%22%2C%7B%22children%22%3A%5B%22__PAGE__%22%2C%7B%7D%2Cnull%2Cnull%2C0%5D%7D%2Cnull%2Cnull%2C0%5D%7D%2Cnull%2Cnull%2C0%5D%7D%2Cnull%2Cnull%2C16%5D';
const WORK_TREE =
  '%5B%22%22%2C%7B%22children%22%3A%5B%22(app)%22%2C%7B%22children%22%3A%5B%22audit%22%2C%7B%22children%22%3A%5B%22work%22%2C%7B%22children%22%3A%5B%5B%22id%22%2C%221%22%2C%22d%22%2Cnull%5D%2C%7B%22children%22%3A%5B%22__PAGE__%22%2C%7B%7D%2Cnull%2Cnull%2C0%5D%7D%2Cnull%2Cnull%2C0%5D%7D%2Cnull%2Cnull%2C0%5D%7D%2Cnull%2Cnull%2C0%5D%7D%2Cnull%2Cnull%2C0%5D%7D%2Cnull%2Cnull%2C16%5D';

// The answer to claimNextAction posted from /audit (trimmed: the same rows, the long page rows shortened).
const CLAIM_RESPONSE = [
  '2:"$Sreact.fragment"',
  '7:"/_next/static/chunks/3qfy96eoyh-ek.js"',
  '8:I[39756,["$7"],"default"]',
  ':HL["/_next/static/chunks/0o3eurs7cslhb.css","style",{"nonce":"YjU1"}]',
  'a:X',
  'b:[["children",{"s":"__PAGE__","d":{"r":["$","$2","c",{"children":["$Lc",null]}],"p":false,"v":null}}]]',
  '0:{"a":"$@1","q":"","i":false,"t":{"t":{"s":"","h":16,"d":{"r":["$","$2","c",{"children":["$L3"]}],"p":false,"v":null},"c":"$Q4"}},"b":"NK4OSJSZvUmdghZYn1RZQ"}',
  'a:C',
  '1:{"ok":true,"data":{"kind":"resumed","assignmentId":1}}',
  '3:["$","html",null,{"lang":"en","children":"$undefined"}]',
  '',
].join('\n');

const REFUSED_SAVE = [
  '0:{"a":"$@1","q":"","i":false,"b":"NK4OSJSZvUmdghZYn1RZQ"}',
  '1:{"ok":false,"code":"NOT_FOUND","error":"This criterion in your assignment was not found."}',
  '',
].join('\n');

describe('requests as the browser sends them', () => {
  it('builds the router state tree header Chromium sent', () => {
    expect(routerStateTree('/audit')).toBe(AUDIT_TREE);
    expect(routerStateTree('/audit/work/1')).toBe(WORK_TREE);
    // router.refresh() on /audit (the claim button when nothing is free).
    expect(decodeURIComponent(routerStateTree('/audit', { refetch: true }))).toBe(
      '["",{"children":["(app)",{"children":["audit",{"children":["__PAGE__",{},null,null,0]},null,null,0]},null,null,0]},null,"refetch",16]',
    );
  });

  it('encodes arguments like encodeReply: JSON, a leading "$" doubled', () => {
    expect(encodeReplyJson([{ campaignId: 1 }])).toBe('[{"campaignId":1}]');
    expect(encodeReplyJson([{ comment: '$5 — 过高', plain: 'a$b', list: ['$x'] }])).toBe(
      '[{"comment":"$$5 — 过高","plain":"a$b","list":["$$x"]}]',
    );
  });
});

describe('Flight responses', () => {
  it("decodes a claim's result from a response that also carries the re-rendered page", () => {
    expect(decodeActionResult(CLAIM_RESPONSE)).toEqual({ ok: true, data: { kind: 'resumed', assignmentId: 1 } });
  });

  it('decodes a refusal', () => {
    expect(decodeActionResult(REFUSED_SAVE)).toEqual({
      ok: false,
      code: 'NOT_FOUND',
      error: 'This criterion in your assignment was not found.',
    });
  });

  it('resolves escapes, special values, outlined rows, paths and text rows (lengths in UTF-8 bytes)', () => {
    const body = [
      '0:{"a":"$@1"}',
      '1:{"comment":"$$5","at":"$D2026-11-21T20:10:47.000Z","none":"$undefined","big":"$n12","shared":"$2","deep":"$2:inner:0","text":"$3"}',
      '2:{"inner":[7,8]}',
      `3:T${Buffer.byteLength('héllo\nwörld').toString(16)},héllo\nwörld`,
      '',
    ].join('\n');
    expect(decodeActionResult(body)).toEqual({
      comment: '$5',
      at: '2026-11-21T20:10:47.000Z',
      none: undefined,
      big: '12',
      shared: { inner: [7, 8] },
      deep: 7,
      text: 'héllo\nwörld',
    });
    expect(parseFlightRows(body).get('3')).toEqual({ tag: 'T', text: 'héllo\nwörld' });
  });

  it('refuses what an action result never holds, and broken streams', () => {
    expect(() => decodeActionResult('0:{"a":"$@1"}\n1:{"x":"$Lc"}\n')).toThrow(FlightError);
    expect(() => decodeActionResult('0:{"a":"$@1"}\n1:E{"digest":"123"}\n')).toThrow(/error row/);
    expect(() => decodeActionResult('0:{"a":"$@9"}\n')).toThrow(/row 9/);
    expect(() => decodeActionResult('<!DOCTYPE html><html>')).toThrow(FlightError);
    expect(() => decodeActionResult('1:{"ok":true}\n')).toThrow(/no row 0/);
  });

  it("finds a component's prop in a page payload, leaving React's own references alone", () => {
    const page = [
      '1:"$Sreact.fragment"',
      '5:I[123,["x.js"],"AuditScreen"]',
      '6:["$","$L5",null,{"assignment":{"id":4,"criteria":[{"id":9,"title":"$$ off"}],"conversation":"$7"},"progress":null}]',
      '7:T3,abc',
      '',
    ].join('\n');
    expect(findProp(page, 'assignment')).toEqual({ id: 4, criteria: [{ id: 9, title: '$ off' }], conversation: 'abc' });
    expect(findProp(page, 'missing')).toBeUndefined();
  });
});

describe('guards', () => {
  it('refuses anything but loopback', () => {
    for (const ok of ['http://127.0.0.1:3000', 'http://localhost:1', 'http://[::1]:8080/x'])
      expect(() => assertLoopbackUrl(ok, 'the app')).not.toThrow();
    for (const bad of ['http://10.0.0.5:3000', 'https://example.com', 'http://127.0.0.1.nip.io', 'postgresql://u:p@db.internal:5432/x'])
      expect(() => assertLoopbackUrl(bad, 'the app')).toThrow(/loopback/);
  });

  it('caps a budget by requests and by time', () => {
    let now = 0;
    const budget = new Budget(1000, 3, () => now);
    expect([budget.take(), budget.take(), budget.take(), budget.take()]).toEqual([true, true, true, false]);
    expect(budget.reason()).toBe('request cap');
    const timed = new Budget(1000, 100, () => now);
    expect(timed.take()).toBe(true);
    now = 1000;
    expect(timed.take()).toBe(false);
    expect(timed.reason()).toBe('time');
  });
});

describe('command-line flags', () => {
  it('has the issue’s defaults', () => {
    expect(parseStressArgs([])).toMatchObject({
      scale: 1,
      experts: [50],
      duration: 300,
      k: 3,
      maxRequests: 200_000,
      thinkMs: 50,
      rampS: 60,
      instances: 1,
      webConcurrency: 1,
      appSession: 'postgres',
      repeat: 1,
    });
    expect(parseStressArgs(['--scale', '0.05', '--experts', '3', '--duration', '10', '--max-requests', '500'])).toMatchObject({
      scale: 0.05,
      experts: [3],
      duration: 10,
      maxRequests: 500,
    });
  });

  it('takes a list of expert levels (the capacity curve), the realistic pace, instances and a chart file', () => {
    expect(
      parseStressArgs(['--experts', '262,50,500,100,50', '--think-ms', '5000', '--instances', '2', '--chart', 'docs/images/capacity.svg']),
    ).toMatchObject({ experts: [50, 100, 262, 500], thinkMs: 5000, instances: 2, webConcurrency: 1, chart: 'docs/images/capacity.svg' });
    expect(parseStressArgs(['--web-concurrency', '2'])).toMatchObject({ webConcurrency: 2 });
    expect(parseStressArgs(['--ramp-s', '0'])).toMatchObject({ rampS: 0 });
    expect(parseStressArgs(['--app-session', 'own'])).toMatchObject({ appSession: 'own' });
    expect(parseStressArgs(['--repeat', '3'])).toMatchObject({ repeat: 3 });
    expect(parseStressArgs([])).toMatchObject({ pgSettings: {} });
    expect(parseStressArgs(['--pg-setting', 'wal_compression=lz4', '--pg-setting', 'max_wal_size=4GB'])).toMatchObject({
      pgSettings: { wal_compression: 'lz4', max_wal_size: '4GB' },
    });
    expect(() => parseStressArgs(['--pg-setting', 'max_wal_size'])).toThrow(/--pg-setting must be name=value/);
    expect(() => parseStressArgs(['--app-session', 'shared'])).toThrow(/--app-session must be postgres or own/);
    expect(() => parseStressArgs(['--ramp-s=-1'])).toThrow(/--ramp-s must be at least 0/);
  });

  it('leaves the request cap out of the way at a realistic pace: 500 experts deciding every 2.5–7.5 s for 5 minutes', () => {
    const { experts, thinkMs, duration, maxRequests } = parseStressArgs(['--experts', '500', '--think-ms', '5000']);
    // A query of n criteria has n + 1 pauses and at most n + 6 requests: under two requests per pause.
    const mostRequests = ((experts.at(-1) ?? 0) * duration * 1000 * 2) / (thinkMs * 0.5);
    expect(mostRequests).toBeLessThan(maxRequests);
  });

  it('refuses bad flags with the flag named and the usage', () => {
    const cases: [string[], RegExp][] = [
      [['--scale', 'big'], /--scale must be a number/],
      [['--scale=-1'], /--scale must be above 0/],
      [['--scale', '0.00001'], /--scale is too small/],
      [['--experts', '2.5'], /--experts must be a whole number/],
      [['--experts', '0'], /--experts must be at least 1/],
      [['--duration', '99999'], /--duration must be at most 3,600/],
      [['--experts', '2', '--k', '3'], /--experts must be at least --k/],
      [['--experts', '50,2'], /--experts must be at least --k/],
      [['--experts', '50,x'], /--experts must be a number/],
      [['--experts', '50,'], /--experts must be at least 1/],
      [['--instances', '0'], /--instances must be at least 1/],
      [['--web-concurrency', '0'], /--web-concurrency must be at least 1/],
      [['--instances', '9'], /--instances must be at most 8/],
      [['--think-ms=-5'], /--think-ms must be at least 0/],
      [['--max-error-rate', '5'], /--max-error-rate is a share/],
      [['--repeat', '0'], /--repeat must be at least 1/],
      [['--repeat', '11'], /--repeat must be at most 10/],
      [['--url', 'http://10.0.0.1'], /Unknown option '--url'/],
    ];
    for (const [argv, message] of cases) {
      expect(() => parseStressArgs(argv)).toThrow(message);
      expect(() => parseStressArgs(argv)).toThrow(/usage: npm run stress/);
    }
  });
});

describe('the run verdict (exit code)', () => {
  const invariant = (pass: boolean) => ({ id: 'k', title: 'k', offending: pass ? 0 : 1, pass, detail: '' });
  const window = (requests: number, errors: number) => ({
    plannedS: 10,
    actualS: 10,
    endedBy: 'time',
    requests,
    errors,
    maxRequests: 1000,
    submitted: { queries: 1, verdicts: 9, amendments: 0 },
  });

  it('passes with every invariant holding and errors within the limit', () => {
    expect(verdictOf({ invariants: [invariant(true)], window: window(1000, 10), maxErrorRate: 0.01 })).toEqual({
      pass: true,
      failures: [],
    });
  });

  it('fails on a failed invariant, on too many errors, and on a run that sent nothing', () => {
    expect(verdictOf({ invariants: [invariant(false)], window: window(1000, 0), maxErrorRate: 0.01 }).failures).toEqual([
      'invariant k failed',
    ]);
    expect(verdictOf({ invariants: [invariant(true)], window: window(1000, 11), maxErrorRate: 0.01 }).failures).toEqual([
      'error rate 1.10% above 1.00%',
    ]);
    expect(verdictOf({ invariants: [invariant(true)], window: window(0, 0), maxErrorRate: 0.01 }).pass).toBe(false);
  });
});
