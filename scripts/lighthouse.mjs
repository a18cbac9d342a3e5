#!/usr/bin/env node
// npm run lighthouse: Lighthouse (mobile preset: its default form factor and simulated
// throttling) on the production build served by the real server in production mode
// (compression, caching, security headers), median of 3 runs per page, in Debian's Chromium.
// Pages: landing, browse restaurants, a restaurant page, and checkout with a real cart
// (docs/decisions/014-front-end-budgets.md). Prints a table, writes every report to
// .tmp/lighthouse/, exits 1 when a page misses its target. What is older than its sources is built first
// (scripts/lib/ensure-build.mjs).
// Each page first gets a warm-up run that audits accessibility (the DOM audited is the same
// every run) and is not counted for performance; then LH_RUNS measured runs.
//
// The mobile preset's CPU slowdown (4x) assumes a host with Lighthouse's reference speed
// (benchmark index ~1533); on a slower or busier host the simulated phone would be slower than
// the reference phone. Each run is therefore calibrated the way Lighthouse's throttling docs
// describe: right before the run, Lighthouse's own benchmark (computeBenchmarkIndex) runs in the
// tab and a slower host gets a smaller slowdown; a host at or above the reference speed gets the
// preset's 4x (decision 032). LH_CPU_SLOWDOWN=4 (or any number) fixes it.
//
// Env: LH_PORT (server port, default 3310), LH_RUNS (default 3), LH_PAGES (comma-separated
// page names, default all), LH_ATTEMPTS (measurements of a page that misses, default 2), CHROME_PATH (default /usr/bin/chromium), LH_CPU_SLOWDOWN
// ('calibrate', the default, or a fixed multiplier), LH_PERFORMANCE ('gate', the default, or
// 'report': performance misses are printed, not failing; npm test uses it, decision 032).
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import { navigation } from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import puppeteer from 'puppeteer-core';
import { ensureBuild } from './lib/ensure-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.LH_PORT || 3310);
const origin = `http://127.0.0.1:${port}`;
const runs = Number(process.env.LH_RUNS || 3);
const attempts = Number(process.env.LH_ATTEMPTS || 2);
/**
 * 'gate' (the default): a page below its performance target fails the run. 'report': the score
 * and its target are printed and kept in summary.json, but only accessibility and CLS fail the
 * run (npm test sets it: on a shared 2-core host the performance score of one build moves by
 * ±5 points between runs; decision 032).
 */
const performanceMode = process.env.LH_PERFORMANCE || 'gate';
if (!['gate', 'report'].includes(performanceMode)) throw new Error('LH_PERFORMANCE: gate or report');
const outDir = path.join(root, '.tmp/lighthouse');
const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';
const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The targets (issue 7 item 2): performance per page, accessibility and CLS on all. */
const targets = { performance: { key: 0.95, checkout: 0.9 }, accessibility: 0.95, cls: 0.05 };

/**
 * Lighthouse warns that the host CPU is slower than it expects at or below this benchmark
 * index (lighthouse/core/gather/driver/environment.js): the report says so under the table.
 */
const SLOW_HOST_BENCHMARK_INDEX = 1000;

/** Toronto: the demo catalogue's restaurants deliver there. */
const office = { address: '100 King St W, Toronto, ON', lat: '43.6487', lng: '-79.3817' };

/**
 * The CPU slowdown for a run, from the host's benchmark index: the piecewise-linear mapping of
 * Lighthouse's CPU throttling calculator below its reference speed (1300 -> 3x; 800 -> 2x;
 * 150 -> 1x), and the mobile preset's own 4x from the reference speed (~1533) up. A faster host
 * is not throttled harder than the preset (decision 032): the simulation multiplies every task
 * it observes, including the time other processes take from the page on a 2-core machine, and
 * past 4x that noise decided the score (CI: CPU index ~2400, slowdown 7-8x, landing 62-68 with
 * TBT 1.5-3 s, while 3-4x runs of the same build scored 89-96).
 */
export function calibratedSlowdown(benchmarkIndex) {
  const preset = throttling.mobileSlow4G.cpuSlowdownMultiplier;
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex <= 0) return preset;
  if (benchmarkIndex >= 1300) return Math.min(preset, 3 + (benchmarkIndex - 1300) / 233);
  if (benchmarkIndex >= 800) return 2 + (benchmarkIndex - 800) / 500;
  if (benchmarkIndex >= 150) return 1 + (benchmarkIndex - 150) / 650;
  return 1;
}
const fixedSlowdown =
  process.env.LH_CPU_SLOWDOWN && process.env.LH_CPU_SLOWDOWN !== 'calibrate'
    ? Number(process.env.LH_CPU_SLOWDOWN)
    : null;
if (fixedSlowdown !== null && !(fixedSlowdown >= 1))
  throw new Error('LH_CPU_SLOWDOWN: calibrate, or a number of at least 1');

const weekdays = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const isoDate = (d) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const cleanups = [];
async function cleanup() {
  while (cleanups.length) {
    try {
      await cleanups.pop()();
    } catch {
      // best effort: the rest still runs
    }
  }
}
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    void cleanup().finally(() => process.exit(130));
  });
}

/** The real server in production mode on a fresh embedded PostgreSQL with the demo catalogue. */
async function startServer() {
  // the compiled API and both sites as production runs them, rebuilt when older than their sources
  ensureBuild((m) => console.error(`lighthouse: ${m}`));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'caterway-lighthouse-'));
  // production requires a real geocoder (docs/decisions/028): a Photon-compatible one on loopback
  // that knows no address (the audited pages geocode nothing; the demo customer's address is saved)
  const geocoder = http.createServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"type":"FeatureCollection","features":[]}'),
  );
  await new Promise((resolve) => geocoder.listen(0, '127.0.0.1', resolve));
  cleanups.push(async () => new Promise((resolve) => geocoder.close(resolve)));
  cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    JWT_SECRET: crypto.randomBytes(32).toString('hex'),
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    PORT: String(port),
    PUBLIC_URL: origin,
    LOG_LEVEL: 'warn',
    // production refuses to start without these: test-mode payments, an SMTP relay (none listens
    // on port 9: the emails wait in the outbox) and the geocoder above
    PAYMENTS: 'sandbox',
    SMTP_URL: 'smtp://127.0.0.1:9',
    GEOCODER_URL: `http://127.0.0.1:${geocoder.address().port}`,
    // and the merchant of record on invoices (the documentation's example values)
    COMPANY_LEGAL_NAME: 'Caterway Lighthouse Inc.',
    COMPANY_ADDRESS: '100 King St W, Suite 5600, Toronto, ON M5X 1A9, Canada',
    TAX_GST_HST_NUMBER: '123456789 RT0001',
    TAX_QST_NUMBER: '1234567890 TQ0001',
    // and the support line the storefront shows (a number of the fictional 555-01xx range)
    SUPPORT_PHONE: '+1 416-555-0100',
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const child = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'apps/api/dist/server.js')], {
    cwd: root,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true, // its own process group: stopped with everything it started
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  cleanups.push(async () => {
    if (child.exitCode !== null) return;
    process.kill(-child.pid, 'SIGTERM');
    const timer = setTimeout(() => child.exitCode === null && process.kill(-child.pid, 'SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${origin}/api/ready`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error('the server did not become ready within 120 s');
}

async function api(pathname, init) {
  const res = await fetch(`${origin}${pathname}`, init);
  if (!res.ok) throw new Error(`${init?.method ?? 'GET'} ${pathname}: ${res.status}`);
  return res.json();
}

function openAt1130(hours, day) {
  const h = hours?.[weekdays[day.getDay()]];
  return !!h && h.enabled && h.open <= '11:30' && h.close >= '11:30';
}

/** The preset's default cart meets each chef's minimum, so its Checkout button leads on. */
function meetsChefMinimums(preset) {
  return preset.chefs.every((chef) => {
    const menus = new Map(chef.menus.map((m) => [m.id, m]));
    const subtotal = preset.preset_items
      .filter((item) => item.chef_id === chef.id)
      .reduce((sum, item) => {
        const menu = menus.get(item.menu_id);
        const extras = Object.entries(item.menu_items_mapping).reduce(
          (s, [id, q]) => s + (menu.menu_items.find((mi) => mi.id === Number(id))?.price_cents ?? 0) * q,
          0,
        );
        return sum + menu.price_cents * item.quantity + extras;
      }, 0);
    return subtotal >= chef.pre_order_min_order_amount_cents;
  });
}

/**
 * The pages and what the device holds before each (as a visitor who entered an address has):
 * a restaurant near the office, and a Toronto catering preset whose default cart can be paid
 * for on a day it delivers at 11:30 AM (its cart then goes to /checkout).
 */
async function choosePages() {
  const home = await api('/api/v2/presets');
  const restaurant = home.presets.trending_restaurants[0];
  if (!restaurant) throw new Error('the demo catalogue has no trending restaurant');
  const slugs = [
    ...new Set(
      home.presets.all_presets
        .flatMap(([, list]) => list)
        .filter((p) => p.preset_type === 'catering')
        .map((p) => p.slug),
    ),
  ];
  for (const slug of slugs) {
    const { preset } = await api(`/api/v2/presets/${slug}`);
    const chef = preset.chefs[0];
    if (
      preset.chefs.length !== 1 ||
      chef?.city !== 'Toronto' ||
      preset.pre_order_notice_hour > 48 ||
      !meetsChefMinimums(preset)
    )
      continue;
    for (let i = 5; i < 19; i++) {
      const day = new Date();
      day.setDate(day.getDate() + i);
      if (!openAt1130(preset.store_hours, day)) continue;
      const device = {
        delivery_date: isoDate(day),
        delivery_time: '11:30 AM',
        address: office.address,
        lat: office.lat,
        lng: office.lng,
        'caterway.receiving_method': 'delivery',
      };
      return {
        device,
        pages: [
          { name: 'landing', path: '/', performance: targets.performance.key },
          { name: 'browse', path: '/browse-restaurants', performance: targets.performance.key },
          { name: 'restaurant', path: `/chefs/${restaurant.slug}`, performance: targets.performance.key },
          {
            name: 'checkout',
            path: '/checkout',
            cartFrom: `/preset-detail/${preset.slug}`,
            performance: targets.performance.checkout,
          },
        ],
      };
    }
  }
  throw new Error('no Toronto catering preset in the demo data can be checked out');
}

/** Signs the demo customer in through the storefront's own dialog, as a user does. */
async function signIn(page) {
  await page.goto(`${origin}/`, { waitUntil: 'networkidle0' });
  await page.locator('nav[aria-label="Main"] ::-p-text(Sign In)').click();
  const dialog = '[role="dialog"]';
  await page.waitForSelector(dialog);
  await page.locator(`${dialog} input[type="email"]`).fill('demo@caterway.ca');
  await page.locator(`${dialog} input[type="password"]`).fill('Lunch4Forty');
  await page.locator(`${dialog} form button[type="submit"]`).click();
  await page.waitForFunction(() => {
    try {
      return JSON.parse(localStorage.getItem('caterway.user') ?? 'null')?.confirmed === true;
    } catch {
      return false;
    }
  });
}

/** The cart of the preset page, handed to /checkout by its Checkout button (navigation state). */
async function openCheckout(page, cartFrom) {
  await page.goto(`${origin}${cartFrom}`, { waitUntil: 'networkidle0' });
  await page
    .locator('::-p-aria([name="Your order"][role="complementary"]) ::-p-aria([name="Checkout"][role="button"])')
    .click();
  await page.waitForFunction(
    // runs in the page: the browser's location and document
    () =>
      globalThis.location.pathname === '/checkout' &&
      globalThis.document.querySelector('h1')?.textContent === 'Checkout',
  );
}

/** Mobile form factor, simulated mobile throttling with a calibrated CPU slowdown; storage is prepared above. */
const lighthouseConfig = (categories, cpuSlowdownMultiplier) => ({
  extends: 'lighthouse:default',
  settings: {
    onlyCategories: categories,
    disableStorageReset: true,
    throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier },
  },
});

/** Lighthouse could not record the run (e.g. NO_NAVSTART on a busy machine): worth one more try. */
class RunError extends Error {}

async function measure(browser, device, page, categories) {
  const tab = await browser.newPage();
  try {
    // The device state a visitor with an entered address has (set on the origin, before the run).
    await tab.goto(`${origin}/favicon.svg`);
    await tab.evaluate((items) => {
      for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v);
    }, device);
    const cdp = await tab.createCDPSession();
    // the setup steps use the desktop layout (the run itself emulates Lighthouse's phone)
    await tab.setViewport({ width: 1280, height: 900 });
    let requestor = `${origin}${page.path}`;
    if (page.cartFrom) {
      if (!(await tab.evaluate(() => localStorage.getItem('caterway.user')))) await signIn(tab);
      await openCheckout(tab, page.cartFrom);
      // The measured load: /checkout reloaded with its cart (the browser keeps navigation state).
      requestor = async () => {
        await tab.reload();
      };
    }
    // A cold load: nothing cached (storage is kept on purpose: it holds the address and session).
    await cdp.send('Network.clearBrowserCache');
    // the host's speed now, by Lighthouse's own benchmark, in the tab about to be measured
    const slowdown = fixedSlowdown ?? calibratedSlowdown(await tab.evaluate(pageFunctions.computeBenchmarkIndex));
    const result = await navigation(tab, requestor, { config: lighthouseConfig(categories, slowdown) });
    const lhr = result.lhr;
    lhr.caterwaySlowdown = slowdown;
    if (lhr.runtimeError) throw new RunError(`${page.name}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    if (page.cartFrom && !lhr.finalDisplayedUrl.endsWith('/checkout'))
      throw new Error(`checkout: the run ended on ${lhr.finalDisplayedUrl}`);
    return lhr;
  } finally {
    await tab.close();
  }
}

const metric = (lhr, id) => lhr.audits[id]?.numericValue ?? NaN;

/** One page: a warm-up run (accessibility), then LH_RUNS measured runs and their median. */
async function measurePage(browser, device, page) {
  const results = [];
  // Run 0 audits accessibility (the same DOM every run) and warms the server's caches the way
  // a live site's traffic keeps them warm; runs 1..n measure performance (their median counts).
  let accessibility = NaN;
  for (let i = 0; i <= runs; i++) {
    const categories = i === 0 ? ['performance', 'accessibility'] : ['performance'];
    let lhr;
    try {
      lhr = await measure(browser, device, page, categories);
    } catch (err) {
      if (!(err instanceof RunError)) throw err;
      console.log(`  ${err.message}: once more`);
      lhr = await measure(browser, device, page, categories);
    }
    fs.writeFileSync(path.join(outDir, `${page.name}-${i}.json`), JSON.stringify(lhr));
    if (i === 0) {
      accessibility = lhr.categories.accessibility?.score ?? NaN;
      console.log(
        `  ${page.name} warm-up: accessibility ${Math.round(accessibility * 100)}, performance ${Math.round(lhr.categories.performance.score * 100)} (not counted; CPU index ${Math.round(lhr.environment.benchmarkIndex)}, slowdown ${lhr.caterwaySlowdown.toFixed(2)}x)`,
      );
      continue;
    }
    results.push({
      performance: lhr.categories.performance.score,
      cls: metric(lhr, 'cumulative-layout-shift'),
      fcp: metric(lhr, 'first-contentful-paint'),
      lcp: metric(lhr, 'largest-contentful-paint'),
      tbt: metric(lhr, 'total-blocking-time'),
      benchmarkIndex: lhr.environment.benchmarkIndex,
      slowdown: lhr.caterwaySlowdown,
    });
    const last = results.at(-1);
    console.log(
      `  ${page.name} run ${i}: performance ${Math.round(last.performance * 100)} (CPU index ${Math.round(last.benchmarkIndex)}, slowdown ${last.slowdown.toFixed(2)}x)`,
    );
  }
  const med = Object.fromEntries(Object.keys(results[0]).map((k) => [k, median(results.map((r) => r[k]))]));
  med.accessibility = accessibility;
  const misses = [];
  const reported = [];
  if (!(med.performance >= page.performance))
    (performanceMode === 'gate' ? misses : reported).push(`performance < ${page.performance * 100}`);
  if (!(med.accessibility >= targets.accessibility)) misses.push(`accessibility < ${targets.accessibility * 100}`);
  if (!(med.cls <= targets.cls)) misses.push(`CLS > ${targets.cls}`);
  return { page: page.name, path: page.path, ...med, runs: results, misses, reported };
}

async function main() {
  const started = Date.now();
  const only = (process.env.LH_PAGES || '').split(',').filter(Boolean);
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.mkdirSync(outDir, { recursive: true });
  await startServer();
  const { device, pages } = await choosePages();

  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'caterway-lighthouse-chrome-'));
  cleanups.push(async () => fs.rmSync(userDataDir, { recursive: true, force: true }));
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags, userDataDir, logLevel: 'silent' });
  cleanups.push(async () => chrome.kill());
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
  cleanups.push(async () => browser.disconnect());

  const rows = [];
  for (const page of pages) {
    if (only.length && !only.includes(page.name)) continue;
    let row = await measurePage(browser, device, page);
    // A miss is measured once more (LH_ATTEMPTS, default 2): a score at its target moves a
    // point either way between runs; both medians are kept in the report.
    for (let attempt = 2; row.misses.length && attempt <= attempts; attempt++) {
      console.log(
        `  ${page.name}: ${row.misses.join(', ')} (median ${Math.round(row.performance * 100)}); measuring again (attempt ${attempt} of ${attempts})`,
      );
      row = {
        ...(await measurePage(browser, device, page)),
        earlier: [...(row.earlier ?? []), { performance: row.performance, misses: row.misses }],
      };
    }
    rows.push(row);
  }

  const summary = {
    origin,
    runs,
    loadavg: os.loadavg(),
    seconds: Math.round((Date.now() - started) / 1000),
    pages: rows,
  };
  fs.writeFileSync(path.join(outDir, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`);

  const table = [
    ['page', 'performance', 'accessibility', 'CLS', 'FCP', 'LCP', 'TBT', 'CPU index', 'slowdown', 'result'],
  ];
  for (const r of rows) {
    table.push([
      r.page,
      `${Math.round(r.performance * 100)} (≥ ${Math.round((pages.find((p) => p.name === r.page)?.performance ?? 0) * 100)})`,
      `${Math.round(r.accessibility * 100)} (≥ ${targets.accessibility * 100})`,
      `${r.cls.toFixed(3)} (≤ ${targets.cls})`,
      `${Math.round(r.fcp)} ms`,
      `${Math.round(r.lcp)} ms`,
      `${Math.round(r.tbt)} ms`,
      String(Math.round(r.benchmarkIndex)),
      `${r.slowdown.toFixed(2)}x`,
      r.misses.length
        ? `MISS: ${r.misses.join(', ')}`
        : r.reported.length
          ? `reported: ${r.reported.join(', ')}`
          : 'ok',
    ]);
  }
  const widths = table[0].map((_, i) => Math.max(...table.map((row) => row[i].length)));
  console.log(
    `\nLighthouse ${runs > 1 ? `median of ${runs} runs` : '1 run'}, mobile preset, ${origin} (load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')})`,
  );
  for (const row of table) console.log(row.map((c, i) => c.padEnd(widths[i])).join('  '));
  console.log(
    "CPU index: Lighthouse's benchmark of this machine during the runs (median; lower when the machine is busy)",
  );
  console.log(
    fixedSlowdown === null
      ? "slowdown: the CPU multiplier of each run, from the host's index: lower on a slower or busier host, the preset's 4x at Lighthouse's reference speed and above (median; LH_CPU_SLOWDOWN=4 fixes it)"
      : `slowdown: fixed at ${fixedSlowdown}x (LH_CPU_SLOWDOWN)`,
  );
  const slow = rows.filter((r) => r.benchmarkIndex <= SLOW_HOST_BENCHMARK_INDEX).map((r) => r.page);
  if (slow.length && fixedSlowdown !== null) {
    console.log(
      `note: CPU index at most ${SLOW_HOST_BENCHMARK_INDEX} (${slow.join(', ')}), Lighthouse's own slow-host threshold: the simulation multiplies the ` +
        "CPU time it observes, so TBT (and so performance) reflects the machine's load as much as the page (docs/decisions/014)",
    );
  }
  if (rows.some((r) => r.reported.length)) {
    console.log(
      'reported: a performance score below its target, printed but not failing the run (LH_PERFORMANCE=report; decision 032)',
    );
  }
  console.log(`reports: ${path.relative(root, outDir)}/ (${summary.seconds} s)`);
  return rows.every((r) => r.misses.length === 0);
}

let ok = false;
try {
  ok = await main();
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
} finally {
  await cleanup();
}
process.exit(ok ? 0 : 1);
