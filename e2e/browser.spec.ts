import { expect, test } from './fixtures';

/*
 * The browser every journey and bench runs in (playwright.config.ts): Chromium keeps only the last
 * `--disable-features` of its command line, so the config's list must hold Playwright's own as well.
 */

test('the test browser keeps Playwright’s disabled features and loads no address-bar popup page', async ({
  page,
  browser,
}) => {
  await page.goto('chrome://version');
  const commandLine = (await page.locator('#command_line').textContent()) ?? '';
  const lists = commandLine
    .split(/\s+/)
    .filter((arg) => arg.startsWith('--disable-features='))
    .map((arg) => arg.slice('--disable-features='.length).split(','));
  const effective = lists.at(-1) ?? [];
  for (const list of lists) expect(effective).toEqual(expect.arrayContaining(list));
  expect(effective).toEqual(expect.arrayContaining(['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup']));

  // Chromium's own pages of this window: its address bar's popup is not among them.
  const cdp = await browser.newBrowserCDPSession();
  const { targetInfos } = await cdp.send('Target.getTargets');
  expect(targetInfos.map((target) => target.url).filter((url) => url.startsWith('chrome://omnibox'))).toEqual(
    [],
  );
});
