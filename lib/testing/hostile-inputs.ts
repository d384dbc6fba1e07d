// The hostile-input corpus (issues 10 and 16): malformed and hostile inputs across import files, form fields,
// server action inputs and URL parameters, each with the outcome the app must give. Data only;
// lib/security/hostile-inputs.test.ts runs the import, form and action cases against a real database,
// e2e/security.spec.ts the URL cases against `next start`.
import { ROUTE_POLICY } from '@/lib/auth/route-policy';

/** Strings that must be stored and shown verbatim as text, never interpreted. */
export const HOSTILE_TEXT = {
  sqlQuote: "Robert'); DROP TABLE criteria;--",
  sqlUnion: "' OR 1=1 UNION SELECT password FROM accounts --",
  script: '<script>alert("xss")</script>',
  imgOnerror: '<img src=x onerror=alert(1)>',
  svgOnload: '<svg/onload=alert(1)>',
  javascriptUrl: 'javascript:alert(document.cookie)',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the literal text ${...} is the payload.
  templateInjection: '{{constructor.constructor("alert(1)")()}} ${process.exit(1)}',
  rtlOverride: 'exe.\u202Etxt.pdf',
  zeroWidth: 'ze\u200Bro\u200Dwidth\uFEFF',
  emoji: 'Chest pain 🫀🩺👩🏽‍⚕️ 𝕏',
  combining: 'Z̷̢͉a̸̛̖l̵̰̈́g̶̱̊o̵̝͝',
  csvFormula: '=HYPERLINK("http://evil.example","click")',
} as const;

/** Ill-formed UTF-16 and NUL: these cannot be stored faithfully in PostgreSQL text, so they are refused. */
export const UNSTORABLE_TEXT = {
  loneHighSurrogate: 'half \uD83D of an emoji',
  loneLowSurrogate: 'other half \uDE00',
  nul: 'null\u0000byte',
} as const;

export type ImportExpectation =
  /** Refused with an issue on this line and field (field matched as a regular expression). */
  | { ok: false; line: number; field: RegExp; reason?: RegExp }
  /** Accepted; the stored criterion title must equal `storedTitle` exactly. */
  | { ok: true; storedTitle?: string };

export interface ImportCase {
  name: string;
  fileName: string;
  format?: 'native' | 'healthbench' | 'quark' | 'csv';
  /** The file's bytes (built lazily: some are large). */
  content: () => string | Uint8Array;
  expect: ImportExpectation;
}

const query = (criterion: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => ({
  id: 'hq-1',
  category: 'CLINICAL_CARE',
  department: 'Toxicology',
  conversation: [{ role: 'user', content: 'I swallowed a button battery, what now?' }],
  criteria: [
    { id: 'c1', title: 'Advises emergency care', description: 'Says to go to the ER now.', tier: 'ESSENTIAL', points: 9, ...criterion },
  ],
  ...extra,
});
const line = (value: unknown) => `${JSON.stringify(value)}\n`;
const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

// ── Files outside testers brought (issue 16, findings 6 to 10) ──

/** A HealthBench line; `extra` overrides fields. */
export const probeHealthBench = (id: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    prompt_id: id,
    prompt: [{ role: 'user', content: `A headache since this morning (${id}). What should I do?` }],
    rubrics: [
      { criterion: 'Advises rest and fluids.', points: 5, tags: ['axis:accuracy'] },
      { criterion: 'Recommends opioids.', points: -6, tags: [] },
    ],
    ...extra,
  });

/** Three HealthBench lines, the first starting with a NUL byte: the JSON error about it quotes U+0000. */
export const NUL_LED_HEALTHBENCH = `\u0000${probeHealthBench('p1')}\n${probeHealthBench('p2')}\n${probeHealthBench('p3')}\n`;

const quarkProbe = (extra: Record<string, unknown> = {}) => ({
  Query: '孩子发烧三天了怎么办？',
  essential: [
    { Title: '建议及时就医', Weight: 8, Tag: '', Description: { 'Not Met': '无', 'Partially Met': '部分', 'Fully Met': '明确' } },
  ],
  pitfall: [{ Title: '推荐抗生素', Weight: 6, Tag: ' ', Description: { 'No Error': 'a', 'Minor Error': 'b', 'Major Error': 'c' } }],
  ...extra,
});

const PROBE_IMPORT_CASES: ImportCase[] = [
  {
    name: 'a HealthBench file whose first line starts with NUL (the error quotes U+0000)',
    fileName: 'nul-led.jsonl',
    content: () => NUL_LED_HEALTHBENCH,
    expect: { ok: false, line: 1, field: /\(line\)/, reason: /not valid JSON.*\\u0000/ },
  },
  {
    name: 'UTF-16 BE with its BOM, as healthbench',
    fileName: 'utf16be.jsonl',
    format: 'healthbench',
    content: () => Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(`${probeHealthBench('p1')}\n`, 'utf16le').swap16()]),
    expect: { ok: false, line: 1, field: /\(file\)/, reason: /UTF-16BE.*iconv -f UTF-16 -t UTF-8/ },
  },
  {
    name: 'UTF-16 LE without a BOM, as quark',
    fileName: 'utf16-nobom.json',
    format: 'quark',
    content: () => Buffer.from(line(quarkProbe()), 'utf16le'),
    expect: { ok: false, line: 1, field: /\(file\)/, reason: /UTF-16LE.*iconv -f UTF-16LE -t UTF-8/ },
  },
  {
    name: 'a HealthBench first line of 1.2 MB (prompt before prompt_id) is detected',
    fileName: 'long-first-line.jsonl',
    content: () =>
      `${JSON.stringify({ prompt: [{ role: 'user', content: 'x'.repeat(1_200_000) }], prompt_id: 'long', rubrics: [{ criterion: 'Long.', points: 3 }] })}\n`,
    expect: { ok: true, storedTitle: 'Long.' },
  },
  {
    name: 'QuarkMedBench with empty and blank "Tag" values',
    fileName: 'quark-empty-tags.json',
    content: () => JSON.stringify([quarkProbe()], null, 2),
    expect: { ok: true, storedTitle: '建议及时就医' },
  },
  {
    name: 'QuarkMedBench records wrapped in {"Evaluation_System": …}',
    fileName: 'quark-wrapped.jsonl',
    content: () => line({ Evaluation_System: quarkProbe() }),
    expect: { ok: true, storedTitle: '推荐抗生素' },
  },
  {
    name: 'a QuarkMedBench array element with a bad Weight is named by index and file field',
    fileName: 'quark-bad.json',
    content: () => JSON.stringify([quarkProbe(), quarkProbe({ essential: [{ Title: 't', Weight: 'heavy', Tag: '' }] })], null, 2),
    expect: { ok: false, line: 29, field: /^\[1\]\.essential\[0\]\.Weight$/, reason: /must be a number/ },
  },
  {
    name: 'a whitespace-only file',
    fileName: 'blank.jsonl',
    content: () => ' \n\t\n\r\n',
    expect: { ok: false, line: 0, field: /\(file\)/, reason: /^the file has no records$/ },
  },
  {
    name: 'a top-level JSON array of HealthBench records in a .jsonl file',
    fileName: 'array.jsonl',
    content: () => `${JSON.stringify([JSON.parse(probeHealthBench('a1')), JSON.parse(probeHealthBench('a2'))])}\n`,
    expect: { ok: false, line: 1, field: /\(file\)/, reason: /JSON array, not JSON Lines: use the \.json QuarkMedBench array format/ },
  },
];

export const IMPORT_CASES: ImportCase[] = [
  ...PROBE_IMPORT_CASES,
  {
    name: 'a line longer than the 32 MB limit',
    fileName: 'oversized.jsonl',
    format: 'native',
    content: () => `${line(query())}{"id":"big","x":"${'x'.repeat(32 * 1024 * 1024 + 10)}"}\n`,
    expect: { ok: false, line: 2, field: /\(line\)/, reason: /longer than 32 MB/ },
  },
  {
    name: 'invalid UTF-8 (Latin-1 bytes)',
    fileName: 'latin1.jsonl',
    format: 'native',
    content: () => Buffer.concat([Buffer.from(line(query())), Buffer.from('{"id":"caf'), Buffer.from([0xe9]), Buffer.from('"}\n')]),
    expect: { ok: false, line: 2, field: /\(line\)/, reason: /not valid UTF-8/ },
  },
  {
    name: 'UTF-16 LE with its BOM',
    fileName: 'utf16.jsonl',
    format: 'native',
    content: () => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(line(query()), 'utf16le')]),
    expect: { ok: false, line: 1, field: /\(file\)/, reason: /UTF-16LE.*not UTF-8.*iconv -f UTF-16 -t UTF-8/ },
  },
  {
    name: 'a UTF-8 BOM is accepted',
    fileName: 'bom.jsonl',
    format: 'native',
    content: () => `\uFEFF${line(query())}`,
    expect: { ok: true, storedTitle: 'Advises emergency care' },
  },
  {
    name: 'JSON nested 100,000 levels deep',
    fileName: 'nested.jsonl',
    format: 'native',
    content: () => `${line(query())}{"id":"deep","category":"CLINICAL_CARE","tags":${nested(100_000)}}\n`,
    expect: { ok: false, line: 2, field: /^tags/, reason: /nested more than 64 levels/ },
  },
  {
    name: 'deep nesting inside a free-form field (provenance.extra)',
    fileName: 'nested-extra.jsonl',
    format: 'native',
    content: () =>
      `{"id":"deep2","category":"CLINICAL_CARE","conversation":[{"role":"user","content":"q"}],"criteria":[{"title":"t","tier":"ESSENTIAL","points":1,"provenance":{"extra":{"a":${nested(5_000)}}}}]}\n`,
    expect: { ok: false, line: 1, field: /^criteria\[0\]\.provenance\.extra\.a/, reason: /nested more than 64 levels/ },
  },
  {
    name: 'points as a string',
    fileName: 'types.jsonl',
    content: () => line(query({ points: '9' })),
    expect: { ok: false, line: 1, field: /criteria\[0\]\.points/ },
  },
  {
    name: 'points NaN (not valid JSON)',
    fileName: 'nan.jsonl',
    format: 'native',
    content: () => line(query()).replace('"points":9', '"points":NaN'),
    expect: { ok: false, line: 1, field: /\(line\)/, reason: /not valid JSON/ },
  },
  {
    name: 'points 1e309 (overflows to Infinity)',
    fileName: 'huge.jsonl',
    format: 'native',
    content: () => line(query()).replace('"points":9', '"points":1e309'),
    expect: { ok: false, line: 1, field: /criteria\[0\]\.points/ },
  },
  {
    name: 'points -1e6 (beyond the signed range)',
    fileName: 'negative.jsonl',
    content: () => line(query({ points: -1_000_000 })),
    expect: { ok: false, line: 1, field: /criteria\[0\]\.points/ },
  },
  {
    name: 'an unknown tier',
    fileName: 'tier.jsonl',
    content: () => line(query({ tier: 'LEGENDARY' })),
    expect: { ok: false, line: 1, field: /criteria\[0\]\.tier/ },
  },
  {
    name: 'a prototype-pollution key',
    fileName: 'proto.jsonl',
    format: 'native',
    content: () => line(query()).replace('{"id":"hq-1"', '{"__proto__":{"admin":true},"id":"hq-1"'),
    expect: { ok: false, line: 1, field: /__proto__/ },
  },
  {
    name: 'a NUL character in a title',
    fileName: 'nul.jsonl',
    content: () => line(query({ title: UNSTORABLE_TEXT.nul })),
    expect: { ok: false, line: 1, field: /./, reason: /NUL/ },
  },
  {
    name: 'a lone surrogate escape in a title',
    fileName: 'surrogate.jsonl',
    format: 'native',
    content: () => line(query()).replace('Advises emergency care', 'half \\ud83d emoji'),
    expect: { ok: false, line: 1, field: /criteria\[0\]\.title/ },
  },
  {
    name: 'a <script> title is stored verbatim as text',
    fileName: 'xss.jsonl',
    content: () => line(query({ title: `${HOSTILE_TEXT.script}${HOSTILE_TEXT.imgOnerror}` })),
    expect: { ok: true, storedTitle: `${HOSTILE_TEXT.script}${HOSTILE_TEXT.imgOnerror}` },
  },
  {
    name: 'an SQL injection title is stored verbatim as text',
    fileName: 'sql.jsonl',
    content: () => line(query({ title: HOSTILE_TEXT.sqlQuote })),
    expect: { ok: true, storedTitle: HOSTILE_TEXT.sqlQuote },
  },
  {
    name: 'RTL override, zero-width characters and 4-byte emoji survive byte for byte',
    fileName: 'unicode.jsonl',
    content: () => line(query({ title: `${HOSTILE_TEXT.rtlOverride} ${HOSTILE_TEXT.zeroWidth} ${HOSTILE_TEXT.emoji}` })),
    expect: { ok: true, storedTitle: `${HOSTILE_TEXT.rtlOverride} ${HOSTILE_TEXT.zeroWidth} ${HOSTILE_TEXT.emoji}` },
  },
  {
    name: 'a title over 2,000 characters',
    fileName: 'long-title.jsonl',
    content: () => line(query({ title: 'x'.repeat(2_001) })),
    expect: { ok: false, line: 1, field: /criteria\[0\]\.title/, reason: /at most 2,000/ },
  },
  {
    name: 'a JSON array where an object belongs',
    fileName: 'array.jsonl',
    format: 'native',
    content: () => '[1,2,3]\n',
    expect: { ok: false, line: 1, field: /./ },
  },
  {
    name: 'CSV with a formula-injection title is stored as text',
    fileName: 'formula.csv',
    format: 'csv',
    content: () => `query_id,title,tier,points\nhq-1,"${HOSTILE_TEXT.csvFormula.replaceAll('"', '""')}",ESSENTIAL,5\n`,
    expect: { ok: true, storedTitle: HOSTILE_TEXT.csvFormula },
  },
  {
    name: 'CSV with points "NaN"',
    fileName: 'nan.csv',
    format: 'csv',
    content: () => 'query_id,title,tier,points\nhq-1,Title,ESSENTIAL,NaN\n',
    expect: { ok: false, line: 2, field: /points/ },
  },
  {
    name: 'CSV with an unknown column',
    fileName: 'columns.csv',
    format: 'csv',
    content: () => 'query_id,title,tier,points,password\nhq-1,Title,ESSENTIAL,5,x\n',
    expect: { ok: false, line: 1, field: /password/ },
  },
  {
    name: 'HealthBench with a negative-infinity score',
    fileName: 'hb.jsonl',
    format: 'healthbench',
    content: () =>
      line({ prompt_id: 'p1', prompt: [{ role: 'user', content: 'q' }], rubrics: [{ criterion: 'c', points: '-Infinity', tags: [] }] }),
    expect: { ok: false, line: 1, field: /points/ },
  },
  {
    name: 'binary garbage',
    fileName: 'garbage.bin',
    content: () => Uint8Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 256),
    expect: { ok: false, line: 1, field: /./ },
  },
];

export type FormExpectation = { ok: false; field: string } | { ok: true; stored: string };

export interface FormCase {
  name: string;
  /** Which form: an expert's missing-criterion proposal, or an admin creating a user. */
  form: 'proposal' | 'user';
  field: string;
  value: unknown;
  expect: FormExpectation;
}

const storedVerbatim = (name: string, value: string, form: FormCase['form'] = 'proposal', field = 'title'): FormCase => ({
  name,
  form,
  field,
  value,
  expect: { ok: true, stored: value },
});

export const FORM_CASES: FormCase[] = [
  storedVerbatim('SQL quote injection', HOSTILE_TEXT.sqlQuote),
  storedVerbatim('SQL UNION injection', HOSTILE_TEXT.sqlUnion, 'proposal', 'description'),
  storedVerbatim('<script> payload', HOSTILE_TEXT.script),
  storedVerbatim('<img onerror> payload', HOSTILE_TEXT.imgOnerror, 'proposal', 'rationale'),
  storedVerbatim('<svg onload> payload', HOSTILE_TEXT.svgOnload, 'user', 'name'),
  storedVerbatim('javascript: URL', HOSTILE_TEXT.javascriptUrl),
  storedVerbatim('template injection', HOSTILE_TEXT.templateInjection),
  storedVerbatim('RTL override', HOSTILE_TEXT.rtlOverride, 'user', 'name'),
  storedVerbatim('zero-width characters', HOSTILE_TEXT.zeroWidth.replace(/\uFEFF$/, '')),
  storedVerbatim('4-byte emoji and ZWJ sequences', HOSTILE_TEXT.emoji),
  storedVerbatim('combining-mark flood', HOSTILE_TEXT.combining),
  {
    name: 'lone high surrogate',
    form: 'proposal',
    field: 'title',
    value: UNSTORABLE_TEXT.loneHighSurrogate,
    expect: { ok: false, field: 'title' },
  },
  {
    name: 'lone low surrogate',
    form: 'user',
    field: 'name',
    value: UNSTORABLE_TEXT.loneLowSurrogate,
    expect: { ok: false, field: 'name' },
  },
  { name: 'NUL byte', form: 'proposal', field: 'description', value: UNSTORABLE_TEXT.nul, expect: { ok: false, field: 'description' } },
  {
    name: 'title over 2,000 characters',
    form: 'proposal',
    field: 'title',
    value: 'a'.repeat(2_001),
    expect: { ok: false, field: 'title' },
  },
  {
    name: 'description of 1 MB',
    form: 'proposal',
    field: 'description',
    value: 'a'.repeat(1024 * 1024),
    expect: { ok: false, field: 'description' },
  },
  { name: 'points NaN', form: 'proposal', field: 'points', value: 'NaN', expect: { ok: false, field: 'points' } },
  { name: 'points 1e309', form: 'proposal', field: 'points', value: '1e309', expect: { ok: false, field: 'points' } },
  { name: 'points -1e9', form: 'proposal', field: 'points', value: -1e9, expect: { ok: false, field: 'points' } },
  { name: 'points as an object', form: 'proposal', field: 'points', value: { valueOf: 5 }, expect: { ok: false, field: 'points' } },
  { name: 'tier outside the enum', form: 'proposal', field: 'tier', value: "ESSENTIAL' OR '1'='1", expect: { ok: false, field: 'tier' } },
  {
    name: 'email with a header-injection newline',
    form: 'user',
    field: 'email',
    value: 'a@b.org\r\nBcc: c@d.org',
    expect: { ok: false, field: 'email' },
  },
  { name: 'role escalation to an unknown role', form: 'user', field: 'role', value: 'SUPERUSER', expect: { ok: false, field: 'role' } },
  {
    name: 'password over 128 characters',
    form: 'user',
    field: 'password',
    value: 'p'.repeat(10_000),
    expect: { ok: false, field: 'password' },
  },
];

/**
 * Numbers no id, row version or counter can hold (issue 16): past PostgreSQL's int4, past 2^53, exponent
 * notation, as numbers and as form text. Aimed at every number field of every server action: each must be a
 * field error (INVALID), never a database error.
 */
export const OUT_OF_RANGE_NUMBERS: readonly unknown[] = [2_147_483_648, 1e20, '99999999999999999999', '1e20', 2_147_483_647.5];

/** Route segments no id can be: each is tried in every [param] of every dynamic page and API route. */
export const OUT_OF_RANGE_SEGMENTS = ['2147483648', '99999999999999999999', '1e20'] as const;

export interface UrlCase {
  name: string;
  /** Who asks (a demo role); the URL is requested with that role's session. */
  role: 'ADMIN' | 'EXPERT' | 'REVIEWER';
  url: string;
  status: number;
  /** For JSON responses: the error message expected. */
  error?: RegExp;
}

export const URL_CASES: UrlCase[] = [
  { name: 'criteria: dataset -1 falls back to all datasets', role: 'ADMIN', url: '/criteria?dataset=-1', status: 200 },
  { name: 'criteria: dataset 1e309', role: 'ADMIN', url: '/criteria?dataset=1e309', status: 200 },
  { name: 'criteria: dataset NaN', role: 'ADMIN', url: '/criteria?dataset=NaN', status: 200 },
  { name: 'criteria: tier <script>', role: 'ADMIN', url: `/criteria?tier=${encodeURIComponent(HOSTILE_TEXT.script)}`, status: 200 },
  {
    name: 'criteria: search with SQL injection',
    role: 'ADMIN',
    url: `/criteria?q=${encodeURIComponent(HOSTILE_TEXT.sqlUnion)}`,
    status: 200,
  },
  {
    name: 'criteria: search with <img onerror>',
    role: 'REVIEWER',
    url: `/criteria?q=${encodeURIComponent(HOSTILE_TEXT.imgOnerror)}`,
    status: 200,
  },
  { name: 'criteria: cursor with path traversal', role: 'ADMIN', url: '/criteria?after=..%2F..%2Fetc%2Fpasswd', status: 200 },
  { name: 'criteria: limit 1e309', role: 'ADMIN', url: '/criteria?limit=1e309', status: 200 },
  { name: 'criteria: open -1', role: 'ADMIN', url: '/criteria?open=-1', status: 200 },
  { name: 'criteria: 5,000-character search', role: 'ADMIN', url: `/criteria?q=${'a'.repeat(5_000)}`, status: 200 },
  { name: 'assignment id -1', role: 'EXPERT', url: '/audit/work/-1', status: 404 },
  { name: 'assignment id 1e309', role: 'EXPERT', url: '/audit/work/1e309', status: 404 },
  { name: 'assignment id NaN', role: 'EXPERT', url: '/audit/work/NaN', status: 404 },
  { name: 'assignment id beyond int4', role: 'EXPERT', url: '/audit/work/99999999999999999999', status: 404 },
  { name: 'meta-rubric id with path traversal', role: 'REVIEWER', url: '/meta-rubrics/..%2F..%2Fetc%2Fpasswd', status: 404 },
  { name: 'judge run id 1.5', role: 'ADMIN', url: '/judge/runs/1.5', status: 404 },
  { name: 'API: import id -1', role: 'ADMIN', url: '/api/imports/-1', status: 404, error: /No such import/ },
  { name: 'API: import id NaN', role: 'ADMIN', url: '/api/imports/NaN', status: 404, error: /No such import/ },
  { name: 'API: import id 1e309', role: 'ADMIN', url: '/api/imports/1e309', status: 404, error: /No such import/ },
  { name: 'API: import id with path traversal', role: 'ADMIN', url: '/api/imports/..%2F..%2Fetc%2Fpasswd', status: 404 },
  { name: 'criteria: cursor whose id is 1e20', role: 'ADMIN', url: `/criteria?after=${cursor([1, 1e20])}`, status: 200 },
  { name: 'criteria: cursor whose id is beyond int4', role: 'ADMIN', url: `/criteria?after=${cursor([1, 2_147_483_648])}`, status: 200 },
  { name: 'criteria: id-sorted cursor value 1e20', role: 'ADMIN', url: `/criteria?sort=id&before=${cursor([1e20, 1])}`, status: 200 },
  { name: 'criteria: title cursor with a NUL', role: 'ADMIN', url: `/criteria?sort=title&after=${cursor(['a\u0000b', 1])}`, status: 200 },
  {
    name: 'criteria: date cursor in the year -100000',
    role: 'ADMIN',
    url: `/criteria?sort=updatedAt&after=${cursor(['-100000-01-01T00:00:00.000Z', 1])}`,
    status: 200,
  },
  { name: 'criteria: search with a NUL', role: 'ADMIN', url: '/criteria?q=a%00b', status: 200 },
  { name: 'criteria: open 99999999999', role: 'ADMIN', url: '/criteria?open=99999999999', status: 200 },
  { name: 'analytics: campaign beyond int4', role: 'REVIEWER', url: '/analytics?campaign=2147483648&dataset=1e20', status: 200 },
  { name: 'pairwise analytics: run beyond int4', role: 'ADMIN', url: '/pairwise/analytics?run=99999999999999999999', status: 200 },
  { name: 'adjudication queue: campaign beyond int4', role: 'REVIEWER', url: '/adjudication?campaign=2147483648', status: 200 },
  { name: 'judge: new run for a version beyond int4', role: 'ADMIN', url: '/judge/runs/new?version=99999999999', status: 200 },
  { name: 'proposal: cite beyond int4', role: 'REVIEWER', url: '/meta-rubrics/1/proposals/new?cite=2147483648', status: 200 },
  {
    name: 'API: pairwise export run beyond int4',
    role: 'ADMIN',
    url: '/api/pairwise/export?run=2147483648',
    status: 400,
    error: /run must be a run id/,
  },
  ...routeIdCases(),
];

function cursor(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** Each out-of-range segment in each [param] of each dynamic route (the others keep their sample's value). */
function routeIdCases(): UrlCase[] {
  return ROUTE_POLICY.filter((policy) => policy.sample && /\[(?!\.\.\.)/.test(policy.route) && policy.roles !== 'public').flatMap(
    (policy) => {
      const roles = policy.roles as readonly UrlCase['role'][];
      const role = roles.includes('ADMIN') ? 'ADMIN' : (roles[0] as UrlCase['role']);
      const pattern = policy.route.split('/');
      const sample = (policy.sample ?? '').split('?')[0]?.split('/') ?? [];
      return pattern.flatMap((segment, index) =>
        segment.startsWith('[')
          ? OUT_OF_RANGE_SEGMENTS.map((bad) => ({
              name: `${policy.route}: ${segment} = ${bad}`,
              role,
              url: sample.map((part, at) => (at === index ? bad : part)).join('/'),
              status: 404,
            }))
          : [],
      );
    },
  );
}
