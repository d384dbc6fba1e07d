import type { Page } from '@playwright/test';

/** The page's visible alert with text (Next.js keeps an empty role=alert route announcer on every page). */
export function alertIn(page: Page) {
  return page.getByRole('alert').filter({ hasText: /\S/ });
}
