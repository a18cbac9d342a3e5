import type { UserCateringOrdersResponse } from '@caterway/contracts';
import {
  DEFAULT_TIME_ZONE,
  formatLocalDateTime,
  invoiceAvailable,
  isValidTimeZone,
  localDateOf,
  REPORT_PER_PAGE,
  reportMessages,
  SPEND_EXPORT_MAX_ROWS,
  statusLabel,
  wireStatus,
} from '@caterway/domain';
import type { Clock } from '../../lib/clock.js';
import { validationFailed } from '../../lib/errors.js';
import type { ReportsRepository, SpendFilter } from './reports.repository.js';
import { spendCsv } from './spend-csv.js';

export interface SpendFilters {
  start_date?: string;
  end_date?: string;
  company?: string;
}
export interface SpendQuery extends SpendFilters {
  page: number;
}

/** The row's Delivery Date: in the order's zone; in UTC, said so, for a zone the runtime does not know. */
export function deliveryText(instant: Date, timeZone: string): string {
  return isValidTimeZone(timeZone)
    ? formatLocalDateTime(instant, timeZone)
    : `${formatLocalDateTime(instant, 'UTC')} UTC`;
}

const filterOf = (userId: number, query: SpendFilters): SpendFilter => ({
  userId,
  startDate: query.start_date,
  endDate: query.end_date,
  vendor: query.company,
});

/**
 * GET api/v2/user/user_catering_orders (ordering-payments §2 'Reports page', §7): the user's
 * placed orders (not drafts, declined or cancelled ones), filtered by delivery date in the
 * order's zone and by vendor name, REPORT_PER_PAGE a page. A page past the end is empty. Each
 * row's delivery date and time is formatted here, in the order's zone, with the rules that
 * filtered it (decision 025), so the page and the filter agree in every browser.
 * GET api/v2/user/user_catering_orders.csv: the same orders, all of them, as a file (spend-csv.ts).
 */
export function createReportsService(deps: {
  reports: ReportsRepository;
  clock: Clock;
  perPage?: number;
  maxExportRows?: number;
}) {
  const perPage = deps.perPage ?? REPORT_PER_PAGE;
  const maxExportRows = deps.maxExportRows ?? SPEND_EXPORT_MAX_ROWS;
  return {
    async spend(userId: number, query: SpendQuery): Promise<UserCateringOrdersResponse> {
      const filter = filterOf(userId, query);
      const [total, rows] = await Promise.all([
        deps.reports.countSpend(filter),
        deps.reports.findSpendPage(filter, { limit: perPage, offset: (query.page - 1) * perPage }),
      ]);
      return {
        user_catering_orders: rows.map((r) => ({
          id: r.id,
          order_date_time: r.delivery_at.toISOString(),
          time_zone: r.time_zone,
          // the text, not only the instant: a browser's own time zone data may be older than ours
          display_delivery_date_time: deliveryText(r.delivery_at, r.time_zone),
          chef_name: r.chef_name,
          total_price: r.total_cents,
          preset_slug: r.preset_slug,
          invoice_available: invoiceAvailable(r.status),
          order_number: r.order_number,
          po_number: r.po_number,
          cost_centre: r.cost_centre,
          subtotal_cents: r.subtotal_cents,
          delivery_fee_cents: r.delivery_fee_cents,
          cutlery_cents: r.cutlery_cents,
          tax_lines: r.tax_lines.map((l) => ({
            name: l.name,
            rate_percent: Number(l.rate_percent),
            cents: l.cents,
            jurisdiction: l.jurisdiction,
          })),
          tip_cents: r.tip_cents,
          status: wireStatus(r.status),
          status_label: statusLabel(r.status),
        })),
        pagination: { per_page: perPage, total_count: total, total_pages: Math.ceil(total / perPage) },
      };
    },

    /**
     * Every order of the report's filters as CSV, newest delivery first, in one file named by
     * today's date in the default zone. More than maxExportRows is refused (422) rather than cut
     * short: a silently truncated export would under-report spend.
     */
    async spendCsv(userId: number, query: SpendFilters): Promise<{ filename: string; csv: string }> {
      const filter = filterOf(userId, query);
      const total = await deps.reports.countSpend(filter);
      if (total > maxExportRows) throw validationFailed([reportMessages.tooManyToExport(total)]);
      const rows = await deps.reports.findSpendPage(filter, { limit: maxExportRows, offset: 0 });
      const today = localDateOf(deps.clock.now(), DEFAULT_TIME_ZONE);
      return {
        filename: `caterway-spend-${today}.csv`,
        csv: spendCsv(rows, (r) => deliveryText(r.delivery_at, r.time_zone)),
      };
    },
  };
}
