// Records every response body a page receives (HTML documents, RSC/flight payloads of navigations and server
// actions, JSON), for the blindness leak scans (e2e/blindness.spec.ts for the audit, e2e/grading.spec.ts for
// grading campaigns).
import type { Page, Response } from '@playwright/test';

export interface RecordedBody {
  url: string;
  type: string;
  body: string;
}

export function recorder(page: Page) {
  const bodies: RecordedBody[] = [];
  const pending: Promise<void>[] = [];
  page.on('response', (response: Response) => {
    const type = response.headers()['content-type'] ?? '';
    const request = response.request();
    const interesting =
      /text\/html|text\/x-component|application\/json|text\/plain/.test(type) ||
      request.headers().rsc === '1' ||
      request.method() === 'POST';
    if (!interesting || /\/_next\/static\//.test(response.url())) return;
    pending.push(
      response
        .text()
        .then((body) => {
          bodies.push({ url: `${request.method()} ${response.url()}`, type, body });
        })
        .catch(() => {}),
    );
  });
  return { bodies, settle: () => Promise.all(pending) };
}

/** "<string> in <request>" for every forbidden string found in any recorded body. */
export function findLeaks(bodies: readonly RecordedBody[], forbidden: readonly string[]): string[] {
  const leaks: string[] = [];
  for (const token of forbidden) for (const entry of bodies) if (entry.body.includes(token)) leaks.push(`${token} in ${entry.url}`);
  return leaks;
}
