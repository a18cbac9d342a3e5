import { inZoneWindowSql, zoneWindowParams, zoneWindows, type ZoneWindows } from '../../db/local-date-filter.js';
import type { Queryable } from '../../db/pool.js';
import type { StoredTaxLine } from '../orders/orders.types.js';

export interface SpendRow {
  id: number;
  order_number: string;
  delivery_at: Date;
  time_zone: string;
  chef_name: string;
  preset_slug: string | null;
  status: string;
  po_number: string;
  cost_centre: string;
  currency: 'cad' | 'usd';
  subtotal_cents: number;
  delivery_fee_cents: number;
  cutlery_cents: number;
  tax_lines: StoredTaxLine[];
  tip_cents: number;
  total_cents: number;
}

export interface SpendFilter {
  userId: number;
  /** yyyy-MM-dd, compared with the delivery date in the order's own zone */
  startDate?: string;
  endDate?: string;
  /** part of a vendor's business name, any letter case */
  vendor?: string;
}

/**
 * Orders that count as spend: placed ones. Drafts were never paid; declined and cancelled
 * orders had their payment voided or refunded, so they are not money spent.
 */
export const NOT_SPEND_STATUSES = ['draft', 'declined', 'Canceled'] as const;

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function where(filter: SpendFilter, windows: ZoneWindows | null): { sql: string; params: unknown[] } {
  const params: unknown[] = [filter.userId, NOT_SPEND_STATUSES];
  const parts = ['o.user_id = $1', 'NOT (o.status = ANY($2::text[]))'];
  if (windows) {
    parts.push(inZoneWindowSql('o.delivery_at', 'o.time_zone', params.length + 1));
    params.push(...zoneWindowParams(windows));
  }
  if (filter.vendor) {
    params.push(likePattern(filter.vendor));
    parts.push(
      `EXISTS (SELECT 1 FROM chefs vc WHERE vc.id = ANY(o.chef_ids || o.chef_id) AND vc.business_name ILIKE $${params.length} ESCAPE '\\')`,
    );
  }
  return { sql: parts.join(' AND '), params };
}

/**
 * The date filter's bounds (decision 025): per zone of the user's spend orders, the instants
 * of the local dates, computed with the runtime's time zone data; null without a date filter.
 */
async function windowsOf(filter: SpendFilter, tx: Queryable): Promise<ZoneWindows | null> {
  if (!filter.startDate && !filter.endDate) return null;
  const { rows } = await tx.query<{ time_zone: string }>(
    'SELECT DISTINCT time_zone FROM catering_orders o WHERE o.user_id = $1 AND NOT (o.status = ANY($2::text[]))',
    [filter.userId, NOT_SPEND_STATUSES],
  );
  return zoneWindows(
    rows.map((r) => r.time_zone),
    filter.startDate,
    filter.endDate,
  );
}

// The only SQL of the spend reports: the user's own orders, never anyone else's.
export function createReportsRepository(db: Queryable) {
  return {
    async countSpend(filter: SpendFilter, tx: Queryable = db): Promise<number> {
      const w = where(filter, await windowsOf(filter, tx));
      const { rows } = await tx.query<{ n: string }>(
        `SELECT count(*) AS n FROM catering_orders o WHERE ${w.sql}`,
        w.params,
      );
      return Number(rows[0]?.n ?? 0);
    },

    /**
     * Newest delivery first; the vendor is every chef of the order, lead chef first. A page of
     * the report, or (limit: the export's cap) all of it.
     */
    async findSpendPage(
      filter: SpendFilter,
      page: { limit: number; offset: number },
      tx: Queryable = db,
    ): Promise<SpendRow[]> {
      const w = where(filter, await windowsOf(filter, tx));
      const { rows } = await tx.query<SpendRow>(
        `SELECT o.id::int AS id, o.order_number, o.delivery_at, o.time_zone, o.status, p.slug AS preset_slug, o.po_number, o.cost_centre,
                o.currency, o.subtotal_cents, o.delivery_fee_cents, o.cutlery_cents, o.tax_lines, o.tip_cents, o.total_cents,
                COALESCE((SELECT string_agg(c.business_name, ', ' ORDER BY (c.id = o.chef_id) DESC, array_position(o.chef_ids, c.id))
                            FROM chefs c WHERE c.id = ANY(o.chef_ids || o.chef_id)), '') AS chef_name
           FROM catering_orders o LEFT JOIN presets p ON p.id = o.preset_id
          WHERE ${w.sql}
          ORDER BY o.delivery_at DESC, o.id DESC
          LIMIT $${w.params.length + 1} OFFSET $${w.params.length + 2}`,
        [...w.params, page.limit, page.offset],
      );
      return rows;
    },
  };
}
export type ReportsRepository = ReturnType<typeof createReportsRepository>;
