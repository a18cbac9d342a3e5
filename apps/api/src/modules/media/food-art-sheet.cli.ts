// Contact sheet of the generated food art (decision 074): every dish the demo seed can name,
// with its dish type and picture, as one HTML page; with --png it also screenshots the page
// so a person can check by eye that each picture shows its dish.
//   npx tsx apps/api/src/modules/media/food-art-sheet.cli.ts [--limit 100] [--png out.png]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dishTypeOf } from '@caterway/domain';
import { concepts, parseDish, sharedPools } from '../../db/seed/vocabulary.js';
import { renderArt } from './media.art.js';

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const limit = Number(option('--limit') ?? 100);
const png = option('--png');

const seen = new Set<string>();
const dishes: { name: string; cuisine: string; category: string }[] = [];
const add = (name: string, category: string, cuisine: string) => {
  if (seen.has(name)) return;
  seen.add(name);
  dishes.push({ name, category, cuisine });
};
for (const concept of concepts)
  for (const [category, lines] of Object.entries(concept.dishes))
    for (const line of lines ?? []) add(parseDish(category, line).name, category, concept.cuisines.join(', '));
for (const pool of Object.values(sharedPools))
  for (const [category, lines] of Object.entries(pool))
    for (const line of lines ?? []) add(parseDish(category, line).name, category, '');

// an even sample over the whole catalogue, so every cuisine shows up
const step = Math.max(1, dishes.length / limit);
const sample = Array.from({ length: Math.min(limit, dishes.length) }, (_, i) => dishes[Math.floor(i * step)]!);
const tiles = sample
  .map((d, i) => {
    const type = dishTypeOf({ name: d.name, category: d.category, cuisines: d.cuisine ? [d.cuisine] : [] });
    const art = renderArt('dish', `${i + 1}-${type}`)!;
    const src = `data:image/svg+xml;base64,${Buffer.from(art).toString('base64')}`;
    return `<figure><img src="${src}" alt=""><figcaption><b>${d.name}</b><br>${type} · ${Buffer.byteLength(art)} B</figcaption></figure>`;
  })
  .join('');
const html = `<!doctype html><meta charset="utf-8"><title>Food art</title><style>
body{margin:8px;font:11px/1.25 system-ui,sans-serif;display:grid;grid-template-columns:repeat(10,1fr);gap:6px}
figure{margin:0}img{width:100%;aspect-ratio:3/2;display:block;border-radius:4px}figcaption{height:3.8em;overflow:hidden}
</style>${tiles}`;
const out = path.join(os.tmpdir(), 'food-art-sheet.html');
fs.writeFileSync(out, html);
console.log(`${sample.length} of ${dishes.length} dishes -> ${out}`);

if (png) {
  const { chromium } = await import('playwright-core');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'food-art-chromium-'));
  const browser = await chromium.launchPersistentContext(dataDir, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    viewport: { width: 1600, height: 900 },
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-sync'],
  });
  const page = await browser.newPage();
  await page.goto(`file://${out}`);
  await page.screenshot({ path: png, fullPage: true });
  await browser.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  console.log(`contact sheet -> ${png}`);
}
