import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEmptyTestDatabase } from '../../test/helpers.js';
import { migrate, migrationChecksum, MigrationEditedError } from './migrate.js';

// The migration runner on a folder of its own: applies in order and records each file's sha256,
// does nothing the second time, refuses an applied file that was edited (naming it), and records
// the checksums of a database migrated before checksums existed.

describe('migration runner', () => {
  let t: Awaited<ReturnType<typeof createEmptyTestDatabase>>;
  let dir: string;
  const write = (file: string, sql: string) => fs.writeFileSync(path.join(dir, file), sql);
  const recorded = async () =>
    (
      await t.db.query<{ version: string; checksum: string | null }>(
        'SELECT version, checksum FROM schema_migrations ORDER BY version',
      )
    ).rows;

  beforeEach(async () => {
    t = await createEmptyTestDatabase();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'caterway-migrations-'));
    write('001_things.sql', 'CREATE TABLE things (id int PRIMARY KEY);\n');
    write('002_thing_names.sql', 'ALTER TABLE things ADD COLUMN name text;\n');
    write('README.md', 'not a migration');
  });
  afterEach(async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    await t.drop();
  });

  it('applies every file in order and records its sha256', async () => {
    expect(await migrate(t.db, { dir })).toEqual({
      applied: ['001_things.sql', '002_thing_names.sql'],
      backfilled: [],
    });
    expect(await recorded()).toEqual([
      { version: '001_things.sql', checksum: migrationChecksum(fs.readFileSync(path.join(dir, '001_things.sql'))) },
      {
        version: '002_thing_names.sql',
        checksum: migrationChecksum('ALTER TABLE things ADD COLUMN name text;\n'),
      },
    ]);
    await t.db.query("INSERT INTO things (id, name) VALUES (1, 'a')");
  });

  it('does nothing when run again, and applies only a new file', async () => {
    await migrate(t.db, { dir });
    expect(await migrate(t.db, { dir })).toEqual({ applied: [], backfilled: [] });
    write('003_thing_sizes.sql', 'ALTER TABLE things ADD COLUMN size int;\n');
    expect(await migrate(t.db, { dir })).toEqual({ applied: ['003_thing_sizes.sql'], backfilled: [] });
    expect((await recorded()).map((r) => r.version)).toEqual([
      '001_things.sql',
      '002_thing_names.sql',
      '003_thing_sizes.sql',
    ]);
  });

  it('refuses to go on when an applied file was edited, naming it, and applies nothing', async () => {
    await migrate(t.db, { stopBefore: '002', dir });
    write('001_things.sql', 'CREATE TABLE things (id bigint PRIMARY KEY);\n');
    const err = await migrate(t.db, { dir }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(MigrationEditedError);
    expect((err as Error).message).toContain('Migration 001_things.sql was edited after it was applied');
    // 002 was pending: it is not applied while 001 does not match
    expect((await recorded()).map((r) => r.version)).toEqual(['001_things.sql']);
    // put back as it was, the runner goes on
    write('001_things.sql', 'CREATE TABLE things (id int PRIMARY KEY);\n');
    expect((await migrate(t.db, { dir })).applied).toEqual(['002_thing_names.sql']);
  });

  it('records the checksums of migrations applied before checksums existed, then holds them', async () => {
    // a database migrated by the runner before checksums: its table had no checksum column
    await t.db
      .query(`CREATE TABLE schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now());
      CREATE TABLE things (id int PRIMARY KEY);
      INSERT INTO schema_migrations (version) VALUES ('001_things.sql');`);
    expect(await migrate(t.db, { dir })).toEqual({ applied: ['002_thing_names.sql'], backfilled: ['001_things.sql'] });
    expect((await recorded()).every((r) => r.checksum?.length === 64)).toBe(true);
    expect(await migrate(t.db, { dir })).toEqual({ applied: [], backfilled: [] });
    write('001_things.sql', '-- edited\nCREATE TABLE things (id int PRIMARY KEY);\n');
    await expect(migrate(t.db, { dir })).rejects.toThrow(/Migration 001_things\.sql was edited/);
  });

  it('checks the real migrations folder without complaint', async () => {
    const files = fs.readdirSync(path.join(import.meta.dirname, 'migrations')).filter((f) => f.endsWith('.sql'));
    const first = await migrate(t.db);
    expect(first.applied).toEqual(files.sort());
    expect(await migrate(t.db)).toEqual({ applied: [], backfilled: [] });
  });
});
