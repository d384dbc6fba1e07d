// Every server action the app exports, found by walking lib/**/actions.ts: the registry the access-control
// matrices (lib/auth/action-matrix.test.ts, lib/auth/ownership-matrix.test.ts) are generated from.
import fs from 'node:fs';
import path from 'node:path';
import type { ServerAction } from '@/lib/auth/action';

/** Actions open to anonymous visitors by design, and why. */
export const PUBLIC_ACTIONS: Record<string, string> = {
  signInAction: 'signing in is what anonymous visitors do',
  signOutAction: 'ends whatever session the caller has, if any',
};

function actionModules(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'generated' ? [] : actionModules(full);
    return entry.name === 'actions.ts' ? [full] : [];
  });
}

export async function loadActions() {
  const found: { exportName: string; action: ServerAction<unknown, unknown> }[] = [];
  const unguarded: string[] = [];
  for (const file of actionModules('lib')) {
    const module = (await import(/* @vite-ignore */ path.resolve(file))) as Record<string, unknown>;
    for (const [exportName, value] of Object.entries(module)) {
      if (typeof value !== 'function') continue;
      const meta = (value as Partial<ServerAction<unknown, unknown>>).meta;
      if (meta) found.push({ exportName, action: value as ServerAction<unknown, unknown> });
      else if (!(exportName in PUBLIC_ACTIONS)) unguarded.push(`${file}#${exportName}`);
    }
  }
  return { found, unguarded };
}
