// The stress run's browser stand-in: one cookie jar per simulated user, talking to `next start` the way
// Chromium does (checked against a Playwright capture of the audit screen):
//  - sign-in: POST /api/auth/sign-in/email (better-auth), the session cookie kept from Set-Cookie;
//  - a page load: GET of the HTML; a client navigation or router.refresh(): GET with `RSC: 1`,
//    `Next-Router-State-Tree` (the page it comes from) and `Next-Url`, answered with the page's Flight payload;
//  - a server action: POST to the page's URL with `Next-Action: <id>` (ids from the build's
//    server-reference-manifest.json), `Accept: text/x-component`, the router state tree, and the arguments
//    encoded as React's encodeReply does for JSON; the answer is a Flight stream whose row 0 holds the result.
// Loopback only: anything but 127.0.0.1, ::1 or localhost is refused before a request is made.
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { computeCacheBustingSearchParam } from 'next/dist/shared/lib/router/utils/cache-busting-search-param.js';
import { z } from 'zod';
import type { ExpertClient } from '@/tools/stress/expert-loop';
import { FlightError, decodeActionResult, describeFlight, encodeReplyJson, findProp } from '@/tools/stress/flight';
import { HttpStatusError } from '@/tools/stress/recorder';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

/** Refuses any URL whose host is not this machine's loopback interface. */
export function assertLoopbackUrl(url: string | URL, what: string): URL {
  const parsed = new URL(url);
  if (!LOOPBACK.has(parsed.hostname)) {
    throw new Error(
      `${what} must be on loopback (127.0.0.1, ::1 or localhost), not ${parsed.hostname}: the stress run never leaves this machine`,
    );
  }
  return parsed;
}

// ───────────── server action ids ─────────────

const manifestSchema = z.object({
  node: z.record(z.string(), z.object({ filename: z.string(), exportedName: z.string() }).loose()),
});

export type ActionIds = (file: string, exportedName: string) => string;

/** The build's server-action ids, looked up by source file and export name (as the browser bundle has them). */
export function loadActionIds(distDir = path.join(process.cwd(), '.next')): ActionIds {
  const file = path.join(distDir, 'server', 'server-reference-manifest.json');
  if (!fs.existsSync(file)) throw new Error(`no ${file}: build the app first (next build)`);
  const manifest = manifestSchema.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
  const ids = new Map(Object.entries(manifest.node).map(([id, entry]) => [`${entry.filename}#${entry.exportedName}`, id]));
  return (source, exportedName) => {
    const id = ids.get(`${source}#${exportedName}`);
    if (!id) throw new Error(`the build has no server action ${exportedName} in ${source}; rebuild the app (next build)`);
    return id;
  };
}

// ───────────── router state ─────────────

/**
 * The Next-Router-State-Tree header for a page under the app's (app) route group, as the client router sends
 * it: one [segment, { children }, null, null, 0] level per URL segment down to __PAGE__, the root flagged 16;
 * for router.refresh() the root also carries the "refetch" marker. A numeric segment is the dynamic [id] of
 * the routes used here (/audit/work/[id], /releases/[id], /judge/runs/[id]).
 */
export function routerStateTree(pagePath: string, { refetch = false } = {}): string {
  const parts = pagePath.split('?')[0]?.split('/').filter(Boolean) ?? [];
  const segments: unknown[] = ['(app)', ...parts.map((part) => (/^\d+$/.test(part) ? ['id', part, 'd', null] : part))];
  let tree: unknown[] = ['__PAGE__', {}, null, null, 0];
  for (const segment of segments.reverse()) tree = [segment, { children: tree }, null, null, 0];
  return encodeURIComponent(JSON.stringify(['', { children: tree }, null, refetch ? 'refetch' : null, 16]));
}

// ───────────── one user's session ─────────────

export class HttpSession {
  private readonly cookies = new Map<string, string>();
  readonly base: URL;

  constructor(
    base: string | URL,
    private readonly timeoutMs: number,
  ) {
    this.base = assertLoopbackUrl(base, 'the app');
  }

  private async request(pathAndQuery: string, init: RequestInit & { headers?: Record<string, string> }): Promise<Response> {
    const url = new URL(pathAndQuery, this.base);
    assertLoopbackUrl(url, 'a request');
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      signal: AbortSignal.timeout(this.timeoutMs),
      headers: { origin: this.base.origin, ...(cookie ? { cookie } : {}), ...init.headers },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair?.indexOf('=') ?? -1;
      if (pair && at > 0) this.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
    return response;
  }

  private static async expect(response: Response, status: number, contentType: string): Promise<Buffer> {
    const body = Buffer.from(await response.arrayBuffer());
    const type = response.headers.get('content-type') ?? '';
    if (response.status !== status || !type.startsWith(contentType)) {
      const where = response.headers.get('location');
      throw new HttpStatusError(
        response.status,
        `${type || 'no content type'}${where ? ` → ${where}` : ''}: ${body.toString('utf8', 0, 200).replace(/\s+/g, ' ')}`,
      );
    }
    return body;
  }

  async signIn(email: string, password: string): Promise<void> {
    const response = await this.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    await HttpSession.expect(response, 200, 'application/json');
    if (![...this.cookies.keys()].some((name) => name.endsWith('session_token'))) {
      throw new HttpStatusError(response.status, 'sign-in answered without a session cookie');
    }
  }

  /** A full page load (HTML). */
  async page(pagePath: string): Promise<void> {
    await HttpSession.expect(await this.request(pagePath, { method: 'GET', headers: { accept: 'text/html' } }), 200, 'text/html');
  }

  /**
   * A client-side navigation from page `from` to `pagePath`, or router.refresh() when both are the same page
   * (the router then marks its whole tree for refetching; otherwise the server answers "nothing changed").
   * Returns the page's Flight payload.
   */
  async rsc(pagePath: string, from: string): Promise<Buffer> {
    const refresh = from === pagePath;
    const tree = routerStateTree(from, { refetch: refresh });
    const nextUrl = refresh ? undefined : from;
    // The cache-busting `_rsc` parameter the router adds; without the right one Next.js redirects (307).
    const rscParam = await computeCacheBustingSearchParam(undefined, undefined, tree, nextUrl);
    const response = await this.request(`${pagePath}?_rsc=${rscParam}`, {
      method: 'GET',
      headers: { rsc: '1', 'next-router-state-tree': tree, ...(nextUrl ? { 'next-url': nextUrl } : {}) },
    });
    return await HttpSession.expect(response, 200, 'text/x-component');
  }

  /** Calls server action `actionId` from page `pagePath`; returns the action's (decoded) result. */
  async action(pagePath: string, actionId: string, args: readonly unknown[]): Promise<unknown> {
    const response = await this.request(pagePath, {
      method: 'POST',
      headers: {
        'next-action': actionId,
        'next-router-state-tree': routerStateTree(pagePath),
        accept: 'text/x-component',
        'content-type': 'text/plain;charset=UTF-8',
      },
      body: encodeReplyJson(args),
    });
    return decodeActionResult(await HttpSession.expect(response, 200, 'text/x-component'));
  }

  /** GET of a JSON API route. */
  async json(pathAndQuery: string): Promise<unknown> {
    const body = await HttpSession.expect(await this.request(pathAndQuery, { method: 'GET' }), 200, 'application/json');
    return JSON.parse(body.toString('utf8'));
  }

  /** Streams a file as the raw request body (the import page's upload); expects `status` and JSON back. */
  async upload(pathAndQuery: string, file: string, headers: Record<string, string>, status: number): Promise<unknown> {
    const size = fs.statSync(file).size;
    const response = await this.request(pathAndQuery, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream', 'content-length': String(size), ...headers },
      body: Readable.toWeb(fs.createReadStream(file)) as ReadableStream<Uint8Array>,
      duplex: 'half',
    } as RequestInit & { headers: Record<string, string> });
    return JSON.parse((await HttpSession.expect(response, status, 'application/json')).toString('utf8'));
  }
}

// ───────────── an expert over HTTP ─────────────

const AUDIT_ACTIONS = 'lib/audit/actions.ts';

export function httpExpertClient({
  session,
  email,
  actionIds,
}: {
  session: HttpSession;
  email: string;
  actionIds: ActionIds;
}): ExpertClient {
  const ids = {
    claim: actionIds(AUDIT_ACTIONS, 'claimNextAction'),
    save: actionIds(AUDIT_ACTIONS, 'saveVerdictAction'),
    update: actionIds(AUDIT_ACTIONS, 'updateAssignmentAction'),
    submit: actionIds(AUDIT_ACTIONS, 'submitAssignmentAction'),
  };
  const work = (assignmentId: number) => `/audit/work/${assignmentId}`;
  /** The audit screen's payload must carry its `assignment` prop, or the page did not render. */
  const auditScreen = async (page: string, from: string) => {
    const payload = await session.rsc(page, from);
    const assignment = findProp(payload, 'assignment');
    if (assignment === undefined) throw new FlightError(`the audit screen came without its assignment (${describeFlight(payload)})`);
    return assignment;
  };
  return {
    email,
    home: () => session.page('/audit'),
    claim: (campaignId, from) => session.action(from === null ? '/audit' : work(from), ids.claim, [{ campaignId }]),
    open: (assignmentId, from) => auditScreen(work(assignmentId), from === null ? '/audit' : work(from)),
    saveVerdict: (assignmentId, draft) => session.action(work(assignmentId), ids.save, [draft]),
    rate: (assignmentId, input) => session.action(work(assignmentId), ids.update, [input]),
    submit: (assignmentId, input) => session.action(work(assignmentId), ids.submit, [input]),
  };
}
