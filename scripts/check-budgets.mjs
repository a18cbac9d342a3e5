#!/usr/bin/env node
// npm run check:budgets: the front-end budgets (issue 7 item 2, docs/decisions/014), checked
// on the production builds (run `npm run build` first). A page's initial JavaScript is what a
// browser loads before the page can show: the entry chunk, the chunks index.html preloads, the
// page's route chunk, the lazy parts it renders on first view, and every chunk those import
// statically (read from Vite's build manifest, dist/.vite/manifest.json). Sizes are gzipped
// (level 9, as the server's precompressed .gz files). Exits 1 when a budget is missed.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const KB = 1024;

/** Budgets in bytes, gzipped. */
export const budgets = { keyPageJs: 120 * KB, anyPageJs: 200 * KB, css: 25 * KB };

/**
 * Each app's pages. `key` pages have the tighter budget; every route module (`routes`) is a
 * page too, with the 200 KB budget. `firstView` lists the lazy modules a page renders at once.
 */
const apps = [
  {
    name: 'storefront',
    dist: path.join(root, 'apps/web/dist'),
    routes: /^src\/app\/routes\/[^/]+\.tsx$/,
    pages: [
      {
        name: 'landing /',
        key: true,
        modules: ['src/app/routes/home.tsx', 'src/features/landing/components/landing-sections.tsx'],
      },
      { name: 'browse restaurants', key: true, modules: ['src/app/routes/browse-restaurants.tsx'] },
      { name: 'browse presets', key: true, modules: ['src/app/routes/browse-presets.tsx'] },
      { name: 'restaurant /chefs/:slug', key: true, modules: ['src/app/routes/restaurant.tsx'] },
      { name: 'preset detail', key: true, modules: ['src/app/routes/preset-detail.tsx'] },
      { name: 'checkout', modules: ['src/app/routes/checkout.tsx'] },
      {
        name: '/ signed in (preset browse)',
        modules: ['src/app/routes/home.tsx', 'src/features/browse/components/preset-browse-page.tsx'],
      },
    ],
  },
  {
    name: 'group-orders',
    dist: path.join(root, 'apps/group-orders/dist'),
    routes: /^src\/features\/[^/]+\/[^/]+-page\.tsx$/,
    pages: [],
  },
];

const gzipCache = new Map();
function gzipSize(file) {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
    gzipCache.set(file, size);
  }
  return size;
}

/** The files (JS and CSS, relative to dist) a page loads from these manifest entries. */
export function pageFiles(manifest, html, modules) {
  const js = new Set();
  const css = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk)
      throw new Error(
        `${key} is not in the build manifest: rebuild, or fix the page list in scripts/check-budgets.mjs`,
      );
    if (js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const c of chunk.css ?? []) css.add(c);
    for (const i of chunk.imports ?? []) visit(i);
  };
  for (const key of Object.keys(manifest)) if (manifest[key].isEntry) visit(key);
  for (const m of modules) visit(m);
  // whatever index.html itself loads (scripts, modulepreloads, stylesheets) counts too
  for (const [, ref] of html.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="\.?\/?(assets\/[^"]+)"/g)) {
    (ref.endsWith('.css') ? css : js).add(ref);
  }
  return { js: [...js], css: [...css] };
}

const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;
const sum = (dist, files) => files.reduce((total, f) => total + gzipSize(path.join(dist, f)), 0);

let failed = 0;
const rows = [];
for (const app of apps) {
  const manifestFile = path.join(app.dist, '.vite/manifest.json');
  if (!fs.existsSync(manifestFile)) {
    console.error(`${app.name}: ${path.relative(root, manifestFile)} is missing: run npm run build first`);
    process.exit(1);
  }
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  const html = fs.readFileSync(path.join(app.dist, 'index.html'), 'utf8');
  const pages = [...app.pages];
  for (const key of Object.keys(manifest).sort()) {
    if (manifest[key].isDynamicEntry && app.routes.test(key) && !pages.some((p) => p.modules[0] === key)) {
      pages.push({ name: key.replace(/^src\//, ''), modules: [key] });
    }
  }
  for (const page of pages) {
    const files = pageFiles(manifest, html, page.modules);
    const js = sum(app.dist, files.js);
    const css = sum(app.dist, files.css);
    const jsBudget = page.key ? budgets.keyPageJs : budgets.anyPageJs;
    const ok = js <= jsBudget && css <= budgets.css;
    if (!ok) failed++;
    rows.push([app.name, page.name, kb(js), kb(jsBudget), kb(css), ok ? 'ok' : 'OVER']);
  }
  // every stylesheet of the app together, so no page can exceed the CSS budget
  const allCss = Object.values(manifest).flatMap((c) => c.css ?? []);
  const total = sum(app.dist, [...new Set(allCss)]);
  const ok = total <= budgets.css;
  if (!ok) failed++;
  rows.push([app.name, 'all CSS together', '', '', kb(total), ok ? 'ok' : 'OVER']);
}

const head = ['app', 'page', 'initial JS (gzip)', 'budget', 'CSS (gzip)', ''];
const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
const line = (r) => r.map((c, i) => (i >= 2 && i <= 4 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ');
console.log(line(head));
for (const r of rows) console.log(line(r));
console.log(
  `\nbudgets: key pages ${kb(budgets.keyPageJs)} JS, any page ${kb(budgets.anyPageJs)} JS, CSS ${kb(budgets.css)} (gzip)`,
);
if (failed) {
  console.error(`${failed} budget(s) missed`);
  process.exit(1);
}
