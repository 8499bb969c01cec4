import { test as base, expect, type Locator, type Page } from '@playwright/test';

/*
 * Every journey fails on a console error or an uncaught page error. A journey that provokes a failing
 * request on purpose names the browser's own report of it with `allowConsoleErrors`.
 */

interface Fixtures {
  /** Console error texts this journey expects (a request it makes fail on purpose). */
  allowedErrors: RegExp[];
  allowConsoleErrors: (...patterns: RegExp[]) => void;
  consoleGuard: undefined;
}

export const test = base.extend<Fixtures>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures declare their dependencies this way
  allowedErrors: async ({}, use) => {
    await use([]);
  },
  allowConsoleErrors: async ({ allowedErrors }, use) => {
    await use((...patterns) => {
      allowedErrors.push(...patterns);
    });
  },
  consoleGuard: [
    async ({ page, allowedErrors }, use) => {
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const text = message.text();
        if (!allowedErrors.some((pattern) => pattern.test(text))) problems.push(`console.error: ${text}`);
      });
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      await use(undefined);
      expect(problems, 'the page reported errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** The number in a text such as "1,461 records". */
export function numberIn(text: string | null): number {
  const match = /[\d,]+/.exec(text ?? '');
  if (!match) throw new Error(`No number in “${text}”`);
  return Number(match[0].replace(/,/g, ''));
}

/** The result count line ("N records", "N datasets"). */
export function resultCount(page: Page): Locator {
  return page.locator('.result-count');
}

/** A facet group of the sidebar, by its label. */
export function facet(page: Page, label: string): Locator {
  return page.getByRole('navigation', { name: 'Facets' }).getByRole('region', { name: label, exact: true });
}

/** The refine button of a facet value; its accessible name is its visible text, "value count". */
export function facetValue(group: Locator, value: string): Locator {
  return group.getByRole('button', {
    name: new RegExp(`^${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(,? [\\d,]+)?$`),
  });
}

/** The count a facet value shows, once the facets answer the current filters. */
export async function facetCount(group: Locator, value: string): Promise<number> {
  await expect(group.page().getByRole('navigation', { name: 'Facets' })).not.toHaveAttribute(
    'aria-busy',
    'true',
  );
  return numberIn(await facetValue(group, value).locator('.facet-count').textContent());
}

export function searchParams(page: Page): URLSearchParams {
  return new URL(page.url()).searchParams;
}
