// A signed-in user of a running app over plain HTTP, for harnesses (npm run faults): it signs in through
// better-auth's endpoint, loads pages, calls server actions the way the browser does (POST with the
// Next-Action header, arguments as JSON, the result read from the RSC reply), and uploads files.
import fs from 'node:fs';
import path from 'node:path';

export interface PageResult {
  status: number;
  body: string;
  ms: number;
}

/** What defineAction returns (lib/auth/action.ts), as read from the reply. */
export type ActionReply =
  | { ok: true; data: unknown; message?: string }
  | { ok: false; code: string; error: string; fieldErrors?: Record<string, string[]> };

export interface ActionCall {
  status: number;
  /** Null when the reply carried no action result (e.g. the action threw: Next answers with an error row). */
  result: ActionReply | null;
  ms: number;
}

/** Server action ids of the build in `root`, keyed "lib/judge/actions.ts#startRunAction". */
export function readActionIds(root: string): Map<string, string> {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, '.next/server/server-reference-manifest.json'), 'utf8')) as {
    node: Record<string, { filename?: string; exportedName?: string }>;
  };
  const ids = new Map<string, string>();
  for (const [id, entry] of Object.entries(manifest.node)) {
    if (entry.filename && entry.exportedName) ids.set(`${entry.filename}#${entry.exportedName}`, id);
  }
  return ids;
}

/** The action result in an RSC reply: the row whose JSON is an object with a boolean `ok`. */
export function parseActionReply(body: string): ActionReply | null {
  for (const line of body.split('\n')) {
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const json = line.slice(colon + 1);
    if (!json.startsWith('{')) continue;
    try {
      const value = JSON.parse(json) as { ok?: unknown };
      if (typeof value.ok === 'boolean') return value as ActionReply;
    } catch {
      // Not a JSON row.
    }
  }
  return null;
}

const elapsed = (started: number) => Math.round(performance.now() - started);

export class AppUser {
  private constructor(
    readonly baseUrl: string,
    readonly email: string,
    private readonly cookie: string,
    private readonly actionIds: Map<string, string>,
  ) {}

  static async signIn({
    baseUrl,
    email,
    password,
    actionIds,
  }: {
    baseUrl: string;
    email: string;
    password: string;
    actionIds: Map<string, string>;
  }): Promise<AppUser> {
    const response = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl },
      body: JSON.stringify({ email, password }),
      signal: AbortSignal.timeout(30_000),
    });
    if (!response.ok) throw new Error(`sign-in as ${email} failed: HTTP ${response.status} ${await response.text()}`);
    const cookie = response.headers
      .getSetCookie()
      .map((header) => header.split(';')[0])
      .join('; ');
    if (!cookie) throw new Error(`sign-in as ${email} set no cookie`);
    return new AppUser(baseUrl, email, cookie, actionIds);
  }

  /** The same session against another server (the app restarted on the same database). */
  at(baseUrl: string): AppUser {
    return new AppUser(baseUrl, this.email, this.cookie, this.actionIds);
  }

  async request(pathname: string, init: RequestInit & { timeoutMs?: number } = {}): Promise<Response> {
    const { timeoutMs = 30_000, headers, ...rest } = init;
    return await fetch(`${this.baseUrl}${pathname}`, {
      ...rest,
      redirect: 'manual',
      headers: { cookie: this.cookie, origin: this.baseUrl, ...headers },
      signal: AbortSignal.timeout(timeoutMs),
    });
  }

  async page(pathname: string, timeoutMs = 30_000): Promise<PageResult> {
    const started = performance.now();
    const response = await this.request(pathname, { timeoutMs });
    const body = await response.text();
    return { status: response.status, body, ms: elapsed(started) };
  }

  /** Calls a server action as the page at `pagePath` would (the action must be used by that page). */
  async action(pagePath: string, action: string, input: unknown, timeoutMs = 60_000): Promise<ActionCall> {
    const id = this.actionIds.get(action);
    if (!id) throw new Error(`no server action ${action} in this build`);
    const started = performance.now();
    const response = await this.request(pagePath, {
      method: 'POST',
      headers: { 'next-action': id, 'content-type': 'text/plain;charset=UTF-8', accept: 'text/x-component' },
      body: JSON.stringify([input]),
      timeoutMs,
    });
    const body = await response.text();
    return { status: response.status, result: parseActionReply(body), ms: elapsed(started) };
  }

  /** Calls a server action that must succeed and returns its data; anything else throws with what came back. */
  async actionData<T>(pagePath: string, action: string, input: unknown): Promise<T> {
    const call = await this.action(pagePath, action, input);
    if (!call.result?.ok) {
      throw new Error(
        `${action} on ${pagePath} failed: HTTP ${call.status} ${call.result ? JSON.stringify(call.result) : '(no action result)'}`,
      );
    }
    return call.result.data as T;
  }
}
