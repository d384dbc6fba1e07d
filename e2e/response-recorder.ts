// Records every response body a page receives (HTML documents, RSC/flight payloads of navigations and server
// actions, JSON), for the blindness leak scans (e2e/blindness.spec.ts for the audit, e2e/grading.spec.ts for
// grading campaigns). The bodies are taken at the network layer (each request is fetched by the test and handed to
// the page), because a body read from the page's 'response' event is lost once the page moves on (Chromium drops
// it: "not available for a response that was navigated away from"), and an unread body would go unscanned.
import type { Page, Route } from '@playwright/test';

export interface RecordedBody {
  url: string;
  type: string;
  body: string;
}

/**
 * The response and its body; a GET is fetched once more when the first attempt fails (a kept-alive connection the
 * server closed meanwhile resets: ECONNRESET under load). Other methods are never repeated: a server action runs once.
 */
async function fetchBody(route: Route) {
  for (let attempt = 1; ; attempt++) {
    try {
      // Redirects are handed to the page as they are, so it follows them itself (and its URL changes).
      const response = await route.fetch({ maxRedirects: 0 });
      return { response, body: await response.body() };
    } catch (error) {
      if (attempt >= 2 || route.request().method() !== 'GET') throw error;
    }
  }
}

export async function recorder(page: Page) {
  const bodies: RecordedBody[] = [];
  await page.route('**/*', async (route) => {
    const request = route.request();
    if (/\/_next\/static\//.test(request.url()) || !request.url().startsWith('http://localhost')) return route.continue();
    let fetched: { response: Awaited<ReturnType<typeof route.fetch>>; body: Buffer };
    try {
      fetched = await fetchBody(route);
    } catch {
      // The page gave the request up (a navigation cancels its pending RSC fetches, disposing the response) or the
      // connection failed twice: nothing reached the page, so nothing is left unscanned; the page sees a failed
      // request, which fails the spec wherever the page needed it.
      await route.abort().catch(() => {});
      return;
    }
    const { response, body } = fetched;
    const type = response.headers()['content-type'] ?? '';
    if (
      /text\/html|text\/x-component|application\/json|text\/plain/.test(type) ||
      request.headers().rsc === '1' ||
      request.method() === 'POST'
    ) {
      bodies.push({ url: `${request.method()} ${request.url()}`, type, body: body.toString('utf8') });
    }
    await route.fulfill({ response, body });
  });
  // Every body is recorded before the page gets it; nothing is left to wait for.
  return { bodies, settle: async () => {} };
}

/** "<string> in <request>" for every forbidden string found in any recorded body. */
export function findLeaks(bodies: readonly RecordedBody[], forbidden: readonly string[]): string[] {
  const leaks: string[] = [];
  for (const token of forbidden) for (const entry of bodies) if (entry.body.includes(token)) leaks.push(`${token} in ${entry.url}`);
  return leaks;
}
