// Helpers for the partner module's integration tests (not loaded by the app).
import type { RestaurantRole } from '@caterway/contracts';
import type { TestContext } from '../../../test/helpers.js';
import { ensureDemoData } from '../../db/seed/demo.js';
import { signedInUser } from '../auth/auth.test-helpers.js';
import { staffUser } from '../order-lifecycle/lifecycle.test-helpers.js';
import { createPartnerRepository } from './partner.repository.js';

const quiet = { info() {}, warn() {}, error() {} };

export interface SignedIn {
  id: number;
  email: string;
  jwt: string;
}

/**
 * The demo catalogue's first `count` restaurants, and signed-in accounts: `team` puts one on
 * restaurants with roles ({ [chef index]: role }), `ops` is an operations account.
 */
export async function teamFixture(ctx: TestContext, count: number) {
  await ensureDemoData(ctx.db, quiet);
  const { rows: chefs } = await ctx.db.query<{ id: number; name: string; slug: string }>(
    'SELECT id::int AS id, business_name AS name, slug FROM chefs ORDER BY id LIMIT $1',
    [count],
  );
  if (chefs.length < count) throw new Error(`the demo catalogue has ${chefs.length} restaurants, not ${count}`);
  const partners = createPartnerRepository(ctx.db);
  return {
    chefs,
    async member(roles: Record<number, RestaurantRole> = {}): Promise<SignedIn> {
      const user = await signedInUser(ctx.app, ctx.db);
      for (const [index, role] of Object.entries(roles))
        await partners.addMember({ chefId: chefs[Number(index)]!.id, userId: user.id, role });
      return user;
    },
    ops: (): Promise<SignedIn> => staffUser(ctx.app, ctx.db),
  };
}
