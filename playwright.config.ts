import { defineConfig } from '@playwright/test';

// End-to-end specs drive the built app (npm run build) in Debian's Chromium: browser downloads are
// impossible on our machines, so Playwright launches the system binary (scripts/ensure-chromium.mjs
// installs it). Each worker starts its own Cairn server on 127.0.0.1 (e2e/support/server.ts).
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  // One retry on CI only: under a loaded 2-core machine two specs (trace-editing's overlay click,
  // trace-list's view toggle) failed once and passed on re-run; a real regression fails twice.
  // Remove once those two are understood (noted in the closing note of 2026-11-26).
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      executablePath,
      // Without these Chromium keeps trying to reach Google's services, which a closed network refuses.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-dev-shm-usage',
      ],
    },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
