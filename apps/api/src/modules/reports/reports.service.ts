import type { UserCateringOrdersResponse } from '@caterway/contracts';
import { formatLocalDateTime, invoiceAvailable, isValidTimeZone, REPORT_PER_PAGE } from '@caterway/domain';
import type { ReportsRepository } from './reports.repository.js';

export interface SpendQuery {
  page: number;
  start_date?: string;
  end_date?: string;
  company?: string;
}

/** The row's Delivery Date: in the order's zone; in UTC, said so, for a zone the runtime does not know. */
export function deliveryText(instant: Date, timeZone: string): string {
  return isValidTimeZone(timeZone) ? formatLocalDateTime(instant, timeZone) : `${formatLocalDateTime(instant, 'UTC')} UTC`;
}

/**
 * GET api/v2/user/user_catering_orders (ordering-payments §2 'Reports page', §7): the user's
 * placed orders (not drafts, declined or cancelled ones), filtered by delivery date in the
 * order's zone and by vendor name, REPORT_PER_PAGE a page. A page past the end is empty. Each
 * row's delivery date and time is formatted here, in the order's zone, with the rules that
 * filtered it (decision 025), so the page and the filter agree in every browser.
 */
export function createReportsService(deps: { reports: ReportsRepository; perPage?: number }) {
  const perPage = deps.perPage ?? REPORT_PER_PAGE;
  return {
    async spend(userId: number, query: SpendQuery): Promise<UserCateringOrdersResponse> {
      const filter = { userId, startDate: query.start_date, endDate: query.end_date, vendor: query.company };
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
        })),
        pagination: { per_page: perPage, total_count: total, total_pages: Math.ceil(total / perPage) },
      };
    },
  };
}
