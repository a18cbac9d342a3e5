import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers.js';
import { withTransaction } from '../../db/pool.js';
import { createPgListener } from '../../lib/pg-listener.js';
import { auth } from '../order-lifecycle/lifecycle.test-helpers.js';
import { teamFixture } from '../partner/partner.test-helpers.js';
import { CATALOGUE_CHANNEL, createCatalogueChangesService } from './catalogue-changes.service.js';

// Decision 051: a change records who made it, and a catalogue change bumps the restaurant's
// version and is announced at commit, never when it rolls back. Owners and operations read the
// audit log; managers and staff do not, another restaurant's team learns nothing.

describe('audit log and catalogue versions', () => {
  let ctx: TestContext;
  let team: Awaited<ReturnType<typeof teamFixture>>;
  const quiet = { error() {} };

  beforeAll(async () => {
    ctx = await createTestApp();
    team = await teamFixture(ctx, 2);
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('announces a committed catalogue change once, and nothing of one rolled back', async () => {
    const changes = createCatalogueChangesService(ctx.db);
    const chef = team.chefs[0]!.id;
    const listener = createPgListener(ctx.db, quiet);
    const heard: (string | null)[] = [];
    await listener.subscribe(CATALOGUE_CHANNEL, (p) => heard.push(p));
    try {
      const before = (await changes.versions()).get(chef) ?? 0;
      await withTransaction(ctx.db, (tx) =>
        changes.record(
          tx,
          { userId: null, role: 'system' },
          {
            chefId: chef,
            entity: 'dish',
            entityId: 7,
            action: 'update',
            before: { price: 100 },
            after: { price: 120 },
          },
          { catalogue: true },
        ),
      );
      await expect(
        withTransaction(ctx.db, async (tx) => {
          await changes.record(
            tx,
            { userId: null, role: 'system' },
            { chefId: chef, entity: 'dish', action: 'update' },
            { catalogue: true },
          );
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      await expect.poll(() => heard.length).toBe(1);
      await new Promise((r) => setTimeout(r, 100));
      expect(heard).toEqual([String(chef)]);
      expect((await changes.versions()).get(chef)).toBe(before + 1);
      const log = await changes.auditLog(chef, { limit: 10 });
      expect(log).toHaveLength(1);
      expect(log[0]).toMatchObject({ entity: 'dish', entity_id: '7', before: { price: 100 }, after: { price: 120 } });
    } finally {
      await listener.close();
    }
  });

  it('lets owners and operations read the log, pages it, and refuses others', async () => {
    const chef = team.chefs[1]!.id;
    const owner = await team.member({ 1: 'owner' });
    const manager = await team.member({ 1: 'manager' });
    const stranger = await team.member({ 0: 'owner' });
    const ops = await team.ops();
    const changes = createCatalogueChangesService(ctx.db);
    for (let i = 1; i <= 3; i++)
      await changes.record(
        ctx.db,
        { userId: owner.id, role: 'owner' },
        { chefId: chef, entity: 'settings', action: 'update', summary: `change ${i}` },
        { catalogue: false },
      );
    const url = `/api/v2/partner/restaurants/${chef}/audit`;
    const first = await ctx.app.inject({ url: `${url}?limit=2`, headers: auth(owner.jwt) });
    expect(first.statusCode, first.body).toBe(200);
    const page = first.json();
    expect(page.entries.map((e: { summary: string }) => e.summary)).toEqual(['change 3', 'change 2']);
    expect(page.entries[0].actor).toMatchObject({ user_id: owner.id, email: owner.email, role: 'owner' });
    const second = await ctx.app.inject({ url: `${url}?limit=2&before=${page.next_before}`, headers: auth(ops.jwt) });
    expect(second.json()).toMatchObject({ entries: [{ summary: 'change 1' }], next_before: null });
    expect((await ctx.app.inject({ url, headers: auth(manager.jwt) })).statusCode).toBe(403);
    expect((await ctx.app.inject({ url, headers: auth(stranger.jwt) })).statusCode).toBe(404);
  });
});
