#!/usr/bin/env node
// No class name is defined by two features (docs/decisions/040): the stylesheets of apps/*/src
// and packages/ui/src are scanned, and a class that two different feature folders both define
// is reported. A stylesheet's feature is its folder under src (features/cart, components/catalogue,
// app/...). A rule defines the classes of a selector made of one compound selector (`.cart-line`,
// `.btn.is-busy:hover`), not those it only styles in a context (`.cart-panel .form-alert`) nor
// those inside :not()/:has()/:is(). CSS modules (*.module.css) are scoped by the bundler, and the
// apps' global stylesheets (src/styles/) are the shared design layer: neither can collide.
// Run: node scripts/css-class-collisions.mjs (exit 1 on a collision); the unit test
// scripts/css-class-collisions.test.mjs runs the same check.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The folders scanned, relative to the repository. */
export const SOURCE_ROOTS = ['apps/web/src', 'apps/group-orders/src', 'packages/ui/src'];

/** True for stylesheets that may define any class: the apps' global sheets and CSS modules. */
export function isExempt(file) {
  return file.endsWith('.module.css') || /(^|\/)src\/styles\//.test(file);
}

/** The feature a stylesheet belongs to: its source root and first two folders under it. */
export function featureOf(file) {
  const normalised = file.split(path.sep).join('/');
  const sourceRoot = SOURCE_ROOTS.find((r) => normalised.startsWith(`${r}/`));
  if (!sourceRoot) return path.dirname(normalised);
  const parts = normalised
    .slice(sourceRoot.length + 1)
    .split('/')
    .slice(0, -1);
  return [sourceRoot, ...parts.slice(0, 2)].join('/');
}

/** Removes the parenthesised arguments of pseudo-classes (:not(.a), :has(.b)) from a selector. */
function withoutArguments(selector) {
  let out = '';
  let depth = 0;
  for (const ch of selector) {
    if (ch === '(') depth++;
    else if (ch === ')') depth = Math.max(0, depth - 1);
    else if (depth === 0) out += ch;
  }
  return out;
}

/** The classes a stylesheet defines (see the header), each with the line of its first definition. */
export function definedClasses(css) {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '));
  const found = new Map();
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '}' || ch === ';') start = i + 1;
    else if (ch === '{') {
      const prelude = text.slice(start, i).trim();
      start = i + 1;
      if (prelude === '' || prelude.startsWith('@')) continue;
      const line = text.slice(0, i).split('\n').length;
      for (const raw of prelude.split(',')) {
        const selector = withoutArguments(raw.trim());
        // one compound selector only: no descendant, child or sibling combinator
        if (/[\s>+~]/.test(selector)) continue;
        for (const [, name] of selector.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)) {
          if (!found.has(name)) found.set(name, line);
        }
      }
    }
  }
  return found;
}

function listCss(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : listCss(full);
    return entry.name.endsWith('.css') ? [full] : [];
  });
}

/** Every class defined by stylesheets of more than one feature: [{ name, places: ['file:line'] }]. */
export function findCollisions(files) {
  const byClass = new Map();
  for (const { file, css } of files) {
    if (isExempt(file)) continue;
    const feature = featureOf(file);
    for (const [name, line] of definedClasses(css)) {
      const entries = byClass.get(name) ?? [];
      entries.push({ feature, place: `${file}:${line}` });
      byClass.set(name, entries);
    }
  }
  const collisions = [];
  for (const [name, entries] of [...byClass].sort(([a], [b]) => a.localeCompare(b))) {
    if (new Set(entries.map((e) => e.feature)).size > 1) {
      collisions.push({ name, places: entries.map((e) => e.place) });
    }
  }
  return collisions;
}

/** The stylesheets of the repository, as { file (relative, '/'-separated), css }. */
export function repositoryStylesheets() {
  return SOURCE_ROOTS.flatMap((r) => listCss(path.join(root, r))).map((full) => ({
    file: path.relative(root, full).split(path.sep).join('/'),
    css: fs.readFileSync(full, 'utf8'),
  }));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const collisions = findCollisions(repositoryStylesheets());
  for (const c of collisions) console.error(`.${c.name} is defined by more than one feature: ${c.places.join(', ')}`);
  if (collisions.length > 0) process.exit(1);
  console.log('no class is defined by two features');
}
