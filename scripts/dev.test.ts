// `npm run dev` is a Next.js developer's first command (issue 18.7: it once pointed at a missing file): it must
// migrate the database, seed the demo data and serve pages from the dev server, then stop cleanly on Ctrl+C.
import { type ChildProcess, spawn } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { findFreePort } from '@/lib/db/embedded-postgres';
import { killProcessGroup } from '@/tools/app-process/kill-process-group';
import { prisma } from '@/lib/db';

/** The page's status once the dev server answers (it compiles on first request), or null while it is not up. */
async function fetchStatus(url: string): Promise<{ status: number; body: string } | null> {
  try {
    const response = await fetch(url, { redirect: 'manual' });
    return { status: response.status, body: await response.text() };
  } catch {
    return null;
  }
}

let child: ChildProcess | undefined;
afterAll(() => killProcessGroup(child?.pid));

describe('npm run dev', () => {
  it('migrates, seeds the demo data, serves the sign-in page from next dev, and stops on SIGINT', { timeout: 240_000 }, async () => {
    expect(await prisma.dataset.count()).toBe(0);
    const port = await findFreePort();
    let output = '';
    const started = spawn(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'scripts/dev.ts'], {
      cwd: process.cwd(),
      env: { ...process.env, PORT: String(port), NEXT_TELEMETRY_DISABLED: '1' },
      detached: true,
    });
    child = started;
    started.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    started.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const exited = new Promise<number | null>((resolve) => started.on('exit', (code) => resolve(code)));

    let page: { status: number; body: string } | null = null;
    const deadline = Date.now() + 200_000;
    while (Date.now() < deadline && started.exitCode === null) {
      page = await fetchStatus(`http://127.0.0.1:${port}/sign-in`);
      if (page?.status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(page?.status, output).toBe(200);
    expect(page?.body).toContain('Sign in');
    expect(output).toContain('[dev] serving on');
    expect(output).toMatch(/Next\.js .*\n[\s\S]*Ready/);
    // The demo data is in the database the dev server uses (this file's own database).
    expect(await prisma.dataset.count()).toBeGreaterThan(0);

    started.kill('SIGINT');
    expect(await exited).toBe(0);
  });
});
