import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The integration project runs with isolate: false (vitest.config.ts): a worker keeps the
// imported API between files. That is sound only while no integration test replaces a module or
// changes the process's environment, which would leak into the files after it in that worker.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const leaks = [
  [/\bvi\.(mock|doMock|stubEnv|stubGlobal)\s*\(/, 'replaces a module or global'],
  [/\bprocess\.env(\.\w+|\[[^\]]+\])\s*=(?!=)/, 'assigns process.env'],
  [/\bdelete\s+process\.env\b/, 'deletes from process.env'],
];

function integrationTests(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : integrationTests(full);
    return entry.name.endsWith('.integration.test.ts') ? [full] : [];
  });
}

describe('integration tests can share a worker', () => {
  it('finds the integration tests', () => {
    expect(integrationTests(path.join(root, 'apps/api')).length).toBeGreaterThan(50);
  });

  it('none of them replaces a module or changes process.env', () => {
    const found = integrationTests(path.join(root, 'apps/api')).flatMap((file) => {
      const text = fs.readFileSync(file, 'utf8');
      return leaks.filter(([re]) => re.test(text)).map(([, what]) => `${path.relative(root, file)} ${what}`);
    });
    expect(found).toEqual([]);
  });
});
