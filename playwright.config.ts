import fs from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { tileUrlFor } from './e2e/tile-server';

// The suite uses CHROME_PATH, else Debian's headless shell of its Chromium (the
// chromium-headless-shell package: the same Blink without the desktop browser around it, which
// opens a page about twice as fast on two cores; decision 044), else Debian's /usr/bin/chromium,
// else a Chromium that Playwright installed itself (npx playwright install chromium).
const chromePath =
  process.env.CHROME_PATH ||
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((candidate) => fs.existsSync(candidate));
const port = Number(process.env.E2E_PORT || 3210);
const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: 'e2e',
  timeout: 45_000,
  expect: { timeout: 8_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    // A failure keeps its trace (actions, network, console), its screenshot and the page's aria
    // snapshot (error-context.md). In CI the trace leaves out the screencast and DOM snapshots:
    // recording them on every test cost a quarter of the suite's time on two cores, for the few
    // that fail; locally it records everything.
    trace: process.env.CI ? { mode: 'retain-on-failure', screenshots: false, snapshots: false } : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    // @phone: runs at both sizes; @phone-only: a test of the phone layout itself, run only there
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined }, grepInvert: /@phone-only/ },
    { name: 'phone', use: { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true }, grep: /@phone/ },
  ],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `${baseURL}/api/ready`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    // the map's tiles from the loopback tile server e2e/browse-decide.spec.ts starts while it
    // needs it; while it is not running the map panel falls back to its schematic (decision 067)
    env: { E2E_PORT: String(port), MAP_TILE_URL: tileUrlFor(port) },
  },
});
