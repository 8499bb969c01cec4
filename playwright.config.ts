import { defineConfig } from '@playwright/test';

// Overridable so that several checkouts can run their browser tests side by side.
const PORT = Number(process.env.E2E_PORT ?? 8097);
const baseURL = `http://127.0.0.1:${PORT}`;

/** Debian's Chromium (Playwright's own browsers are not downloaded on these machines). */
export const chromiumLaunch = {
  executablePath: '/usr/bin/chromium',
  // Not --disable-software-rasterizer: it removes WebGL, which the map needs.
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    // Each new context is a new browser window, and Chromium 156 loads its address bar's popup (a web
    // page of its own, chrome://omnibox-popup.top-chrome) into every new window: about 0.9 s of CPU in
    // another renderer while the test's page loads, on machines of two cores. A visitor's window has it
    // long before they type an address; a page timed here would share the cores with it.
    '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup',
  ],
};

export default defineConfig({
  testDir: 'e2e',
  testMatch: '*.spec.ts',
  fullyParallel: true,
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL,
    browserName: 'chromium',
    launchOptions: chromiumLaunch,
    viewport: { width: 1360, height: 900 },
    locale: 'en-US',
    timezoneId: 'UTC',
    trace: 'retain-on-failure',
  },
  webServer: {
    command: 'npx tsx --require ./src/server/threadpool.cjs e2e/serve.ts',
    env: {
      PORT: String(PORT),
      DATA_DIR: process.env.E2E_DATA_DIR ?? '.data-e2e',
      ...(process.env.STATIC_DIR ? { STATIC_DIR: process.env.STATIC_DIR } : {}),
    },
    // The first start ingests the built-in catalog.
    url: `${baseURL}/api/explore/v2.1/catalog/datasets?limit=1`,
    timeout: 180_000,
    reuseExistingServer: !process.env.CI,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
