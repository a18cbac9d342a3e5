import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers.js';
import { afterCommit, withTransaction } from './pool.js';

// afterCommit (decision 069): what a writer announces outside the database (a Redis publish)
// runs once its transaction has committed, never for one that rolled back, and at once for
// statements outside a transaction (already committed when they answered).
describe('afterCommit', () => {
  let t: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    t = await createTestDatabase();
    await t.db.query('CREATE TABLE after_commit_probe (n int)');
  });
  afterAll(async () => {
    await t.drop();
  });

  it('runs after the COMMIT, when another session already sees the rows', async () => {
    const seen: number[] = [];
    let ranInside = false;
    let resolveSeen = () => {};
    const looked = new Promise<void>((resolve) => (resolveSeen = resolve));
    await withTransaction(t.db, async (tx) => {
      await tx.query('INSERT INTO after_commit_probe VALUES (1)');
      afterCommit(tx, () => {
        void t.db.query<{ c: number }>('SELECT count(*)::int AS c FROM after_commit_probe').then(({ rows }) => {
          seen.push(rows[0]!.c);
          resolveSeen();
        });
      });
      ranInside = seen.length > 0;
    });
    await looked;
    expect(ranInside).toBe(false);
    expect(seen).toEqual([1]);
  });

  it('never runs for a transaction that rolled back, and a throwing hook does not fail a commit', async () => {
    const ran: string[] = [];
    await expect(
      withTransaction(t.db, async (tx) => {
        await tx.query('INSERT INTO after_commit_probe VALUES (2)');
        afterCommit(tx, () => ran.push('rolled back'));
        throw new Error('the change is refused');
      }),
    ).rejects.toThrow('the change is refused');
    const answer = await withTransaction(t.db, async (tx) => {
      await tx.query('SELECT 1');
      afterCommit(tx, () => {
        throw new Error('a broken hook');
      });
      afterCommit(tx, () => ran.push('committed'));
      return 'kept';
    });
    expect(answer).toBe('kept');
    expect(ran).toEqual(['committed']);
    const { rows } = await t.db.query<{ c: number }>('SELECT count(*)::int AS c FROM after_commit_probe WHERE n = 2');
    expect(rows[0]!.c).toBe(0);
  });

  it('runs at once outside a transaction', () => {
    const ran: string[] = [];
    afterCommit(t.db, () => ran.push('now'));
    expect(ran).toEqual(['now']);
  });
});
