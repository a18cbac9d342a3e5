import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Why the per-process card, detail, delivery-fee chef, system-var and cuisine caches need no
// sharing between instances (docs/decisions/016, 018): the API never writes what they hold.
// Catalogue rows (presets of the catalogue, chefs, menus, tags, cart lines, cuisines, system vars) change only through seeds, migrations and
// SQL outside the API, which every instance sees after the same TTL. The one catalogue-shaped
// row the API writes is a user's saved cart (preset_type 'save_for_later'), which is read fresh,
// never through a cache. If this test fails, a route now edits the catalogue: give the caches a
// shared invalidation (Redis) before merging it.

const CACHED_TABLES = [
  'presets',
  'preset_chefs',
  'preset_items',
  'preset_tags',
  'chefs',
  'menus',
  'menu_items',
  'tags',
  'cuisines',
  'system_vars',
];
const ALLOWED = new Set([
  'modules/saved-presets/saved-presets.repository.ts',
  // chefs.store_hours, paused_until, pause_reason and the ordering rules (decision 055): every write
  // is made by calendar.service.ts inside a transaction that calls record(..., { catalogue: true })
  'modules/calendar/calendar.repository.ts',
]);
const src = path.resolve(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'seed' || e.name === 'migrations' ? [] : sourceFiles(full);
    return e.name.endsWith('.ts') && !/\.test\.ts$|test-helpers\.ts$/.test(e.name) ? [full] : [];
  });
}

describe('catalogue writes in the API', () => {
  it('none but saved carts, so cached catalogue rows cannot go stale by an API request', () => {
    const write = new RegExp(`\\b(INSERT\\s+INTO|UPDATE|DELETE\\s+FROM)\\s+(${CACHED_TABLES.join('|')})\\b`, 'i');
    const writers = sourceFiles(src)
      .filter((f) => write.test(fs.readFileSync(f, 'utf8')))
      .map((f) => path.relative(src, f).split(path.sep).join('/'));
    expect(writers).toContain('modules/saved-presets/saved-presets.repository.ts'); // the pattern finds writes
    expect(writers.filter((f) => !ALLOWED.has(f))).toEqual([]);
    // the allowed writer only touches saved carts
    const saved = fs.readFileSync(path.join(src, 'modules/saved-presets/saved-presets.repository.ts'), 'utf8');
    for (const m of saved.matchAll(/(UPDATE|DELETE\s+FROM)\s+presets\b[^`]*/gi)) expect(m[0]).toMatch(/save_for_later/);
  });
});
