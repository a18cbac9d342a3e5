import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The API writes the catalogue (issue 19: the portal's menu editor, 86, photos, calendar), and
// every API instance keeps catalogue rows in memory (docs/architecture.md "In-memory caches").
// A write reaches the other instances only when it is announced: `record(tx, actor, entry,
// { catalogue: true })` of the catalogue-changes service, or its `catalogueChanged(chefIds, tx)`,
// in the writing transaction bumps the restaurant's version and sends NOTIFY catalogue_changed,
// which every instance's catalogue sync turns into dropped cache entries (decisions 051, 056).
// So: every source file that writes a cached table must sit in a module that announces catalogue
// changes (the file itself, or another file of its module folder: a repository writes, its
// service records). A writer that forgets to announce fails here. The one exception is a user's
// saved cart (preset_type 'save_for_later'), which no cache keeps.

const CACHED_TABLES = [
  'presets',
  'preset_chefs',
  'preset_items',
  'preset_tags',
  'chefs',
  'menus',
  'menu_items',
  'menu_categories',
  'tags',
  'cuisines',
  'system_vars',
];
/** writes of saved carts only (checked below): never cached, so nothing to announce */
const SAVED_CARTS = 'modules/saved-presets/saved-presets.repository.ts';
const src = path.resolve(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'seed' || e.name === 'migrations' ? [] : sourceFiles(full);
    return e.name.endsWith('.ts') && !/\.test\.ts$|test-helpers\.ts$/.test(e.name) ? [full] : [];
  });
}

const relative = (f: string) => path.relative(src, f).split(path.sep).join('/');
const write = new RegExp(`\\b(INSERT\\s+INTO|UPDATE|DELETE\\s+FROM)\\s+(${CACHED_TABLES.join('|')})\\b`, 'i');
/** a catalogue announcement: record(..., { catalogue: true }) or catalogueChanged( */
const announces = /catalogue:\s*true\b|\bcatalogueChanged\(/;

describe('catalogue writes in the API', () => {
  const files = sourceFiles(src);
  const writers = files.filter((f) => write.test(fs.readFileSync(f, 'utf8')));

  it('are all announced to every instance in their module (record with catalogue: true, or catalogueChanged)', () => {
    expect(writers.map(relative)).toContain(SAVED_CARTS); // the pattern finds writes
    const silent = writers
      .filter((f) => relative(f) !== SAVED_CARTS)
      .filter((f) => {
        const folder = path.dirname(f);
        const module = files.filter((g) => path.dirname(g) === folder);
        return !module.some((g) => announces.test(fs.readFileSync(g, 'utf8')));
      })
      .map(relative);
    expect(silent, 'these files write cached catalogue tables and nothing in their module announces it').toEqual([]);
  });

  it('leave saved carts as the one unannounced write, of saved carts only', () => {
    const saved = fs.readFileSync(path.join(src, SAVED_CARTS), 'utf8');
    for (const m of saved.matchAll(/(UPDATE|DELETE\s+FROM)\s+presets\b[^`]*/gi)) expect(m[0]).toMatch(/save_for_later/);
  });
});
