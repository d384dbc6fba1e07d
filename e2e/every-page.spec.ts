// Every page of every role (lib/auth/route-policy.ts, with real ids from e2e/page-walk-fixtures.ts), as a phone
// and in dark mode: at 390 px no page is wider than the screen (a wide table scrolls inside its own container,
// which is keyboard-focusable and named), no request answers 404 (the favicon was one on every page), and with
// the system in dark mode every piece of text meets WCAG AA contrast against what is behind it.
import { type Page, expect, test } from '@playwright/test';
import { ROLES } from '@/lib/auth/roles';
import { disconnectDb } from '@/lib/db';
import { type PageWalkIds, WALK_USERS, ensurePageWalkData, openAs, pageWalkUrls } from './page-walk-fixtures';

test.describe.configure({ mode: 'serial' });

let ids: PageWalkIds;
const checkedIcons = new Set<string>();

test.beforeAll(async () => {
  test.setTimeout(120_000);
  ids = await ensurePageWalkData();
});

test.afterAll(async () => {
  await disconnectDb();
});

/** Visits a URL and lists what is wrong with it: status, requests answered 404, then whatever `check` finds. */
async function visit(page: Page, url: string, check: () => Promise<string[]>): Promise<string[]> {
  const missing: string[] = [];
  const onResponse = (response: { status: () => number; url: () => string }) => {
    if (response.status() === 404) missing.push(new URL(response.url()).pathname);
  };
  page.on('response', onResponse);
  const response = await page.goto(url);
  await page.waitForLoadState('load');
  // Charts and tables settle their size after hydration; measuring waits for the fonts and two frames.
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
  const problems = await check();
  page.off('response', onResponse);
  // Browsers ask for /favicon.ico when a page names no icon (a 404 on every page once): every page names one.
  // Next.js streams the metadata (the icon link among it) after the page's content: on a loaded machine it was
  // seen to arrive more than a second after "load" (CI: "/datasets: no <link rel=icon>"), so it gets the
  // expectation timeout rather than one second.
  const icon = await page
    .locator('link[rel~="icon"]')
    .first()
    .getAttribute('href', { timeout: 20_000 })
    .catch(() => null);
  if (!icon) problems.push('no <link rel="icon">');
  else if (!checkedIcons.has(icon)) {
    checkedIcons.add(icon);
    const answer = await page.request.get(icon);
    if (answer.status() !== 200 || !answer.headers()['content-type']?.startsWith('image/')) {
      problems.push(`the icon ${icon} answered ${answer.status()} ${answer.headers()['content-type']}`);
    }
  }
  if (response?.status() !== 200) problems.unshift(`answered ${response?.status()}`);
  for (const path of missing) problems.push(`a request answered 404: ${path}`);
  return problems.map((problem) => `${url}: ${problem}`);
}

/** Sideways scrolling: the page itself must not; a scrolling box inside it must be reachable by keyboard and named. */
async function overflowProblems(page: Page): Promise<string[]> {
  return await page.evaluate(() => {
    const problems: string[] = [];
    const { scrollWidth } = document.documentElement;
    if (scrollWidth > window.innerWidth) {
      const culprits = [...document.querySelectorAll<HTMLElement>('body *')]
        .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
        .filter((element) => !element.parentElement || element.parentElement.getBoundingClientRect().right <= window.innerWidth + 1)
        .slice(0, 3)
        .map((element) => `<${element.tagName.toLowerCase()} class="${element.className}">`);
      problems.push(`the page is ${scrollWidth} px wide in a ${window.innerWidth} px window (${culprits.join(', ')})`);
    }
    for (const element of document.querySelectorAll<HTMLElement>('body *')) {
      const style = getComputedStyle(element);
      if (!['auto', 'scroll'].includes(style.overflowX) || element.scrollWidth <= element.clientWidth + 1) continue;
      if (element.clientWidth === 0 || style.visibility === 'hidden') continue;
      const named = element.getAttribute('aria-label') || element.getAttribute('aria-labelledby');
      if (element.tabIndex < 0 || !named) {
        problems.push(`a sideways-scrolling <${element.tagName.toLowerCase()} class="${element.className}"> is not focusable and named`);
      }
    }
    return problems;
  });
}

test.describe('at 390 px', () => {
  for (const role of ROLES) {
    test(`every page ${role.toLowerCase()}s open fits the screen, and nothing answers 404`, async ({ browser }) => {
      test.setTimeout(240_000);
      const page = await openAs(browser, role, { viewport: { width: 390, height: 844 } });
      const urls = pageWalkUrls(role, ids);
      expect(urls.length).toBeGreaterThan(5);
      const problems: string[] = [];
      for (const url of urls) problems.push(...(await visit(page, url, () => overflowProblems(page))));
      expect(problems).toEqual([]);
      await page.context().close();
    });
  }

  test('the sign-in page fits the screen', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    expect(await visit(page, '/sign-in', () => overflowProblems(page))).toEqual([]);
    await context.close();
  });
});

/**
 * WCAG 2 contrast of every visible text (HTML text nodes and SVG text) against the colours behind it, composed
 * from its ancestors' backgrounds. AA: 4.5:1, or 3:1 for large text (24 px, or 18.66 px bold); disabled
 * controls are exempt, as WCAG exempts inactive components.
 */
async function contrastProblems(page: Page): Promise<string[]> {
  return await page.evaluate(() => {
    type Rgba = [number, number, number, number];
    // Computed colours may be oklch() (Tailwind 4's palette): a canvas converts any CSS colour to sRGB.
    const canvas = document.createElement('canvas').getContext('2d', { willReadFrequently: true });
    const parse = (value: string): Rgba | null => {
      if (!canvas || !value || value === 'none') return null;
      canvas.clearRect(0, 0, 1, 1);
      canvas.fillStyle = '#000';
      canvas.fillStyle = value;
      canvas.fillRect(0, 0, 1, 1);
      const [r = 0, g = 0, b = 0, a = 0] = canvas.getImageData(0, 0, 1, 1).data;
      return [r, g, b, a / 255];
    };
    const over = (top: Rgba, below: Rgba): Rgba => {
      const alpha = top[3] + below[3] * (1 - top[3]);
      const mix = (index: 0 | 1 | 2) => (top[index] * top[3] + below[index] * below[3] * (1 - top[3])) / (alpha || 1);
      return [mix(0), mix(1), mix(2), alpha];
    };
    const luminance = ([r, g, b]: Rgba) => {
      const channel = (value: number) => {
        const c = value / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    };
    const background = (element: Element): Rgba => {
      const layers: Rgba[] = [];
      for (let node: Element | null = element; node; node = node.parentElement) {
        const colour = parse(getComputedStyle(node).backgroundColor);
        if (colour && colour[3] > 0) layers.push(colour);
        if (colour && colour[3] >= 1) break;
      }
      // The canvas behind everything: what the page's colour scheme paints.
      let result: Rgba = parse(getComputedStyle(document.documentElement).backgroundColor) ?? [255, 255, 255, 1];
      if (result[3] < 1) result = [255, 255, 255, 1];
      for (const layer of layers.reverse()) result = over(layer, result);
      return result;
    };
    const problems: string[] = [];
    const seen = new Set<Element>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      if (!element || seen.has(element) || !node.textContent?.trim()) continue;
      seen.add(element);
      if (element.closest('.sr-only, [hidden], script, style, noscript, option')) continue;
      if (element.closest('button:disabled, input:disabled, select:disabled, textarea:disabled, fieldset:disabled, [aria-disabled="true"]'))
        continue;
      const rect = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      if (rect.width === 0 || rect.height === 0 || style.visibility === 'hidden' || Number(style.opacity) === 0) continue;
      const svg = element instanceof SVGElement;
      const colour = parse(svg ? style.fill : style.color);
      if (!colour) continue;
      const behind = background(svg ? (element.closest('svg')?.parentElement ?? element) : element);
      const fg = over(colour, behind);
      const [light, dark] = [luminance(fg), luminance(behind)].sort((a, b) => b - a) as [number, number];
      const ratio = (light + 0.05) / (dark + 0.05);
      const size = Number.parseFloat(style.fontSize);
      const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
      if (ratio < (large ? 3 : 4.5)) {
        problems.push(
          `${ratio.toFixed(2)}:1 for "${node.textContent.trim().slice(0, 40)}" (${style.color} on rgb(${behind.slice(0, 3).map(Math.round).join(',')}))`,
        );
      }
    }
    return problems.slice(0, 8);
  });
}

test.describe('in dark mode', () => {
  for (const role of ROLES) {
    test(`every page ${role.toLowerCase()}s open is dark and readable`, async ({ browser }) => {
      test.setTimeout(240_000);
      const page = await openAs(browser, role, { viewport: { width: 1280, height: 900 }, colorScheme: 'dark' });
      const problems: string[] = [];
      for (const url of pageWalkUrls(role, ids)) {
        problems.push(
          ...(await visit(page, url, async () => {
            const dark = await page.evaluate(() => {
              const probe = document.createElement('canvas').getContext('2d');
              if (!probe) return false;
              probe.fillStyle = getComputedStyle(document.body).backgroundColor;
              probe.fillRect(0, 0, 1, 1);
              const [r = 255, g = 255, b = 255] = probe.getImageData(0, 0, 1, 1).data;
              return r + g + b < 3 * 60;
            });
            return [...(dark ? [] : ['the page background is not dark']), ...(await contrastProblems(page))];
          })),
        );
      }
      expect(problems).toEqual([]);
      await page.context().close();
    });
  }
});

test('the kappa heatmap shows every expert’s whole name, on a phone and on a desktop', async ({ browser }) => {
  for (const width of [390, 1280]) {
    const page = await openAs(browser, 'ADMIN', { viewport: { width, height: 900 } });
    await page.goto(`/analytics?campaign=${ids.campaignId}`);
    const heatmap = page.getByRole('table', { name: /Cohen’s kappa per pair of experts/ });
    const headers = heatmap.locator('th');
    await expect(headers.first()).toBeVisible();
    const cut = await headers.evaluateAll((cells) =>
      cells
        .filter((cell) => cell.scrollWidth > cell.clientWidth + 1 || getComputedStyle(cell).textOverflow === 'ellipsis')
        .map((cell) => cell.textContent),
    );
    expect(cut, `at ${width} px`).toEqual([]);
    await expect(heatmap.getByRole('columnheader', { name: WALK_USERS.EXPERT.name })).toBeVisible();
    await expect(heatmap.getByRole('rowheader', { name: WALK_USERS.EXPERT.name })).toBeVisible();
    await page.context().close();
  }
});
