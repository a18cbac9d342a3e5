import type {
  PartnerCommission,
  PartnerCommissionBody,
  PartnerRestaurant,
  PartnerStatement,
  PartnerStatementLine,
  PartnerStatementPeriod,
} from '@caterway/contracts';
import {
  adjacentPeriod,
  DEFAULT_COMMISSION_BPS,
  formatRateBps,
  localDateOf,
  rateOn,
  restaurantShare,
  statementAmounts,
  statementPeriod,
  statementTotals,
  type StatementPeriodKind,
} from '@caterway/domain';
import { withTransaction, type Db } from '../../db/pool.js';
import type { Clock } from '../../lib/clock.js';
import { forbidden, notFound, validationFailed } from '../../lib/errors.js';
import { actorOf, createCatalogueChangesService } from '../catalogue-changes/catalogue-changes.service.js';
import { createStatementsRepository } from './statements.repository.js';

// A restaurant's statements and its commission rate (issue 19 part 5; docs/decisions/057).

/** How many periods the navigation lists. */
const PERIODS_LISTED = 36;

export function createStatementsService(deps: { db: Db; clock: Clock }) {
  const repo = createStatementsRepository(deps.db);
  const changes = createCatalogueChangesService(deps.db);

  async function restaurantOf(chefId: number) {
    const r = await repo.restaurant(chefId);
    if (!r) throw notFound();
    return r;
  }

  /** The rate in force today and every rate set; operations may change it. */
  async function commission(chefId: number, role: PartnerRestaurant['role']): Promise<PartnerCommission> {
    const restaurant = await restaurantOf(chefId);
    const rates = await repo.rates(chefId);
    return {
      current_bps: rateOn(rates, localDateOf(deps.clock.now(), restaurant.time_zone)),
      default_bps: DEFAULT_COMMISSION_BPS,
      history: rates.map((r) => ({
        rate_bps: r.rate_bps,
        effective_from: r.effective_from,
        set_at: r.set_at.toISOString(),
        set_by: r.set_by,
      })),
      can_edit: role === 'operations',
    };
  }

  return {
    commission,

    /** The statement of the week or month that holds `start` (today in the restaurant's zone by default). */
    async statement(
      chefId: number,
      query: { period: StatementPeriodKind; start?: string | undefined },
    ): Promise<PartnerStatement> {
      const restaurant = await restaurantOf(chefId);
      const today = localDateOf(deps.clock.now(), restaurant.time_zone);
      const period = statementPeriod(query.period, query.start ?? today);
      const [orders, rates, days] = await Promise.all([
        repo.deliveredOrders(chefId, period.start, period.end),
        repo.rates(chefId),
        repo.deliveredDays(chefId),
      ]);
      const lines: PartnerStatementLine[] = orders.map((o) => {
        const rate = rateOn(rates, o.local_date);
        const amounts = statementAmounts(restaurantShare(o, chefId), rate);
        return {
          order_id: o.id,
          order_number: o.order_number,
          delivery_date: o.local_date,
          customer: o.company_name.trim() || `${o.first_name} ${o.last_name}`.trim(),
          ...amounts,
          commission_rate_bps: rate,
          shared: o.food_by_chef.some((f) => f.chef_id !== chefId),
        };
      });
      const next = adjacentPeriod(period, 1);
      const listed = new Map<string, PartnerStatementPeriod & { orders: number }>();
      for (const d of days) {
        const p = statementPeriod(query.period, d.local_date);
        const known = listed.get(p.start);
        if (known) known.orders += d.orders;
        else if (listed.size < PERIODS_LISTED) listed.set(p.start, { ...p, orders: d.orders });
      }
      return {
        restaurant: { id: restaurant.id, name: restaurant.name, time_zone: restaurant.time_zone },
        currency: orders[0]?.currency ?? (restaurant.country === 'US' ? 'usd' : 'cad'),
        period,
        previous: adjacentPeriod(period, -1),
        next: next.start <= today ? next : null,
        lines,
        totals: statementTotals(lines),
        periods_with_orders: [...listed.values()],
      };
    },

    /**
     * Operations set a rate from a day on: today or later in the restaurant's zone, so that no
     * delivered order's rate (and no past statement) changes. Recorded in the audit log.
     */
    async setCommission(
      chefId: number,
      actor: { userId: number; restaurant: Pick<PartnerRestaurant, 'role'> },
      body: PartnerCommissionBody,
    ): Promise<PartnerCommission> {
      if (actor.restaurant.role !== 'operations') throw forbidden('Only Caterway operations can set the commission.');
      const restaurant = await restaurantOf(chefId);
      const now = deps.clock.now();
      const today = localDateOf(now, restaurant.time_zone);
      if (body.effective_from < today) {
        throw validationFailed([
          `Effective from must be today (${today}) or later: past statements keep the rate they were made with.`,
        ]);
      }
      await withTransaction(deps.db, async (tx) => {
        const rates = await repo.rates(chefId);
        const { before } = await repo.setRate(tx, chefId, body, actor.userId, now);
        const was = before ?? rateOn(rates, body.effective_from);
        await changes.record(
          tx,
          actorOf(actor.userId, actor.restaurant),
          {
            chefId,
            entity: 'commission',
            entityId: body.effective_from,
            action: before === null ? 'create' : 'update',
            summary: `Commission from ${body.effective_from}: ${formatRateBps(was)} → ${formatRateBps(body.rate_bps)}`,
            before: { rate_bps: was, effective_from: body.effective_from },
            after: body,
          },
          { catalogue: false },
        );
      });
      return commission(chefId, actor.restaurant.role);
    },
  };
}

export type StatementsService = ReturnType<typeof createStatementsService>;
