import { defineConfig } from '@playwright/test';

// Overridable so that several checkouts can run their browser tests side by side.
const PORT = Number(process.env.E2E_PORT ?? 8097);
const baseURL = `http://127.0.0.1:${PORT}`;

/**
 * Chromium features the test browser runs without. Chromium keeps only the last `--disable-features` of
 * its command line, and Playwright passes its own list first: so this one repeats Playwright's
 * (playwright-core 1.65.1, chromiumSwitches.ts; e2e/browser.spec.ts fails when they part) and adds ours.
 */
const DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
  // Ours: Chromium 156 loads its address bar's popup, a page of its own (chrome://omnibox-popup.top-chrome),
  // into every new window, and each Playwright context opens one: about 0.9 s of CPU in another renderer
  // while the test's page loads, on machines of two cores. A visitor's window loaded it long before they
  // typed an address; here it would compete with the page being timed.
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
];

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
    `--disable-features=${DISABLED_FEATURES.join(',')}`,
  ],
};

export default defineConfig({
  testDir: 'e2e',
  testMatch: '*.spec.ts',
  fullyParallel: true,
  workers: 2,
  // One more try in CI, where two browsers share two cores with the server: a test failing twice fails,
  // and one that passed on its second try is reported as flaky.
  retries: process.env.CI ? 1 : 0,
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
