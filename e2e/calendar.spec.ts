import { readFile } from 'node:fs/promises';
import ICAL from 'ical.js';
import { expect, facet, facetValue, numberIn, test } from './fixtures';

/*
 * The Calendar tab as a visitor uses it, on the movies and their release dates: a month of events, the
 * week and the day, moving with the buttons and the arrow keys, an event's popover and its record, a
 * filter, the address that keeps it all, and the .ics file of the selection read back with ical.js.
 */

const api = '/api/explore/v2.1/catalog/datasets/movies';
const SHOTS = '/work/shots/calendar';

/** Movies released from `from` to `to` (exclusive), under extra filters. */
async function releases(
  request: import('@playwright/test').APIRequestContext,
  from: string,
  to: string,
  extra = '',
): Promise<number> {
  const where = encodeURIComponent(`release_date >= date'${from}' AND release_date < date'${to}'`);
  const answer = await request.get(`${api}/records?limit=0&where=${where}${extra}`);
  return ((await answer.json()) as { total_count: number }).total_count;
}

test('a month of movies, then a week and a day, by buttons and keys, kept in the address', async ({
  page,
  request,
}) => {
  await page.goto('/datasets/movies/calendar?calendar.date=2006-04-15');
  const grid = page.getByRole('grid', { name: 'Calendar, April 2006' });
  await expect(grid).toBeVisible();
  await expect(page.getByRole('heading', { name: 'April 2006' })).toBeVisible();
  // The grid shows whole weeks, Sunday first in American English: March 26 to May 6.
  await expect(grid.getByRole('gridcell')).toHaveCount(42);
  await expect(grid.getByRole('columnheader').first()).toHaveText('Sun');
  const inGrid = await releases(request, '2006-03-26', '2006-05-07');
  expect(inGrid).toBeGreaterThan(20);
  await expect(page.locator('.result-count')).toHaveText(`${inGrid} events`);
  await expect(grid.locator('.calendar-event').first()).toBeVisible();
  // April 21 has more releases than a month's day shows.
  const april21 = await releases(request, '2006-04-21', '2006-04-22');
  await expect(grid.locator('[data-day="2006-04-21"] .calendar-more')).toHaveText(`+${april21 - 3} more`);
  await page.screenshot({ path: `${SHOTS}/month-en-desktop.png`, fullPage: true });

  // An event's popover: its fields and its record.
  const event = grid.locator('[data-day="2006-04-12"] .calendar-event').first();
  const title = (await event.textContent()) ?? '';
  await event.click();
  const popover = page.getByRole('dialog', { name: title });
  await expect(popover).toContainText('Release date');
  await expect(popover).toContainText('Apr 12, 2006');
  await page.keyboard.press('Escape');
  await expect(popover).toBeHidden();
  await expect(event).toBeFocused();

  // The week of the 15th, then the next one.
  await page.getByRole('button', { name: 'Week', exact: true }).click();
  await expect(page).toHaveURL(/calendar\.view=week/);
  const week = page.getByRole('grid', { name: /Calendar, Apr 9 – 15, 2006/ });
  await expect(week.getByRole('gridcell')).toHaveCount(7);
  await page.getByRole('button', { name: 'Next week' }).click();
  await expect(page.getByRole('grid', { name: /Calendar, Apr 16 – 22, 2006/ })).toBeVisible();
  await expect(page.locator('.result-count')).toHaveText(
    `${await releases(request, '2006-04-16', '2006-04-23')} events`,
  );

  // Arrow keys move the focused day; Enter opens it.
  const friday = page.locator('[data-day="2006-04-21"]');
  await friday.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(page.locator('[data-day="2006-04-20"]')).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(friday).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/calendar\.view=day&calendar\.date=2006-04-21/);
  const day = page.getByRole('grid', { name: 'Calendar, Friday, April 21, 2006' });
  await expect(day.locator('.calendar-event')).toHaveCount(april21);

  // The link keeps the view and the day.
  await page.reload();
  await expect(page.getByRole('grid', { name: 'Calendar, Friday, April 21, 2006' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Day', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // The record opens in the table, with its detail.
  await day.locator('.calendar-event').first().click();
  await page.getByRole('link', { name: 'Open the record' }).click();
  await expect(page).toHaveURL(/\/datasets\/movies\/table\?.*record=[0-9a-f]+/);
});

test('opens where the records are, follows the filters, and keeps the month once the visitor moves', async ({
  page,
  request,
}) => {
  // The latest movie up to today is a stray of December 2025; the releases thin out after August 2010.
  await page.goto('/datasets/movies/calendar');
  await expect(page.getByRole('grid', { name: 'Calendar, August 2010' })).toBeVisible();
  const inAugust = await releases(request, '2010-08-01', '2010-09-05');
  expect(inAugust).toBeGreaterThan(5);
  await expect(page.locator('.result-count')).toHaveText(`${inAugust} events`);
  await expect(page).not.toHaveURL(/calendar\.date/);

  // A filter moves the opening month where its own records are: the last NC-17 movie, in September 2007.
  await facetValue(facet(page, 'MPAA rating'), 'NC-17').click();
  await expect(page).toHaveURL(/refine=mpaa_rating:NC-17/);
  const september = page.getByRole('grid', { name: 'Calendar, September 2007' });
  await expect(september.locator('.calendar-event')).toHaveCount(1);

  // Once the visitor moves, the month is in the link, and stays there through Back and a reload.
  await page.getByRole('button', { name: 'Previous month' }).click();
  await expect(page).toHaveURL(/calendar\.date=2007-08-01/);
  await page.reload();
  await expect(page.getByRole('grid', { name: 'Calendar, August 2007' })).toBeVisible();
  await page.goBack();
  await expect(september).toBeVisible();
});

test('a filter reduces the events, and the .ics file holds the selection', async ({ page, request }) => {
  await page.goto('/datasets/movies/calendar?calendar.date=2006-04-15');
  const all = await releases(request, '2006-03-26', '2006-05-07');
  await expect(page.locator('.result-count')).toHaveText(`${all} events`);
  await facetValue(facet(page, 'Major genre'), 'Comedy').click();
  await expect(page).toHaveURL(/refine=major_genre:Comedy/);
  await expect(page).toHaveURL(/calendar\.date=2006-04-15/);
  const comedies = await releases(request, '2006-03-26', '2006-05-07', '&refine=major_genre:Comedy');
  expect(comedies).toBeLessThan(all);
  await expect(page.locator('.result-count')).toHaveText(`${comedies} events`);
  expect(numberIn(await page.locator('.result-count').textContent())).toBe(
    await page.locator('.calendar-grid .calendar-event').count(),
  );

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Add to calendar (.ics)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('movies.ics');
  await expect(page.getByRole('status').filter({ hasText: 'Saved movies.ics' })).toBeVisible();
  const text = await readFile((await download.path())!, 'utf8');
  const events = new ICAL.Component(ICAL.parse(text))
    .getAllSubcomponents('vevent')
    .map((v) => new ICAL.Event(v));
  const selection = (await (
    await request.get(`${api}/records?limit=0&refine=major_genre:Comedy`)
  ).json()) as {
    total_count: number;
  };
  expect(events).toHaveLength(selection.total_count);
  const first = (await (
    await request.get(`${api}/records?limit=1&refine=major_genre:Comedy&order_by=release_date,title`)
  ).json()) as { results: { title: string; release_date: string }[] };
  expect(events[0]!.summary).toBe(first.results[0]!.title);
  expect(events[0]!.startDate.toString()).toBe(first.results[0]!.release_date);
});

test('a week in French on a phone starts on Monday', async ({ browser }) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await page.goto('/datasets/movies/calendar?lang=fr&calendar.view=week&calendar.date=2006-04-12');
  const week = page.getByRole('grid', { name: /Calendrier, 10\s?–\s?16 avr\. 2006/ });
  await expect(week).toBeVisible();
  await expect(week.getByRole('gridcell').first()).toHaveAttribute('data-day', '2006-04-10');
  await expect(week.locator('.calendar-day-weekday').first()).toHaveText('lun.');
  await expect(page.getByRole('button', { name: 'Semaine', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByRole('button', { name: 'Ajouter au calendrier (.ics)' })).toBeVisible();
  await expect(week.locator('.calendar-event').first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/week-fr-phone.png`, fullPage: true });
  await context.close();
});

test('datasets without a date and a title field have no Calendar tab', async ({ page }) => {
  await page.goto('/datasets/penguins');
  const tabs = page.getByRole('navigation', { name: 'Dataset views' });
  await expect(tabs.getByRole('link', { name: 'Table', exact: true })).toBeVisible();
  await expect(tabs.getByRole('link', { name: 'Calendar', exact: true })).toHaveCount(0);
  await page.goto('/datasets/movies/export');
  await expect(page.getByRole('radio', { name: /^iCalendar/ })).toBeVisible();
});
