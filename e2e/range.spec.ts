import { expect, test } from './fixtures';

/* Range filters: typed bounds or the slider, a chip like any filter, counts the portal agrees with. */

const API = '/api/explore/v2.1/catalog/datasets';

test('disasters from 2001 to 2017, then Seattle weather in February 2013', async ({ page, request }) => {
  const answer = await request.get(
    `${API}/disasters/records?limit=0&where=${encodeURIComponent('year >= 2001 AND year <= 2017')}`,
  );
  const expected = (await answer.json()).total_count as number;

  await page.goto('/datasets/disasters/table');
  const panel = page.getByRole('region', { name: 'Range' });
  await expect(panel.getByRole('combobox', { name: 'Range' })).toHaveValue('year');
  await expect(panel.getByRole('img', { name: 'Records of Year by range' })).toBeVisible();
  await panel.getByRole('spinbutton', { name: 'From' }).fill('2001');
  await panel.getByRole('spinbutton', { name: 'To' }).fill('2017');
  await panel.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/range=year:2001\.\.2017/);
  await expect(page.locator('.result-count')).toHaveText(`${expected} records`);
  const chips = page.getByRole('list', { name: 'Active filters' });
  await expect(chips).toContainText('Year: 2001 to 2017');
  await page.screenshot({ path: 'test-results/range-disasters.png' });

  // The keyboard moves a handle; the chip goes like any other.
  await panel.getByRole('slider', { name: 'Year: From' }).focus();
  await page.keyboard.press('ArrowRight');
  await panel.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/range=year:2002\.\.2017/);
  await page.getByRole('button', { name: /^Remove filter Year/ }).click();
  await expect(page).not.toHaveURL(/range=/);

  await page.goto('/datasets/seattle-weather/table?range=date:2013-02-01..2013-02-28');
  await expect(page.locator('.result-count')).toHaveText('28 records');
  await expect(chips).toContainText('Date: Feb 1, 2013 to Feb 28, 2013');
});

test('switching the range to a number field asks with a width, never NaN', async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('group_by=')) asked.push(decodeURIComponent(r.url()));
  });
  const refused: string[] = [];
  page.on('response', (r) => {
    if (r.status() >= 400) refused.push(`${r.status()} ${decodeURIComponent(r.url())}`);
  });
  await page.goto('/datasets/seattle-weather/table');
  const panel = page.getByRole('region', { name: 'Range' });
  await expect(panel.getByRole('img', { name: 'Records of Date by range' })).toBeVisible();
  await panel.getByRole('combobox', { name: 'Range' }).selectOption('precipitation');
  await expect(panel.getByRole('img', { name: /^Records of Precipitation/ })).toBeVisible();
  await expect(panel.locator('.range-histogram rect').first()).toBeVisible();
  await expect(panel.getByRole('spinbutton', { name: 'From' })).toHaveValue('0');
  expect(asked.filter((url) => /NaN|undefined/.test(url))).toEqual([]);
  expect(asked.some((url) => /range\(precipitation, [\d.]+\)/.test(url))).toBe(true);
  expect(refused).toEqual([]);
});
