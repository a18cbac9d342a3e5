import type { UserCateringOrdersResponse } from '@caterway/contracts';
import { invoiceAvailable, REPORT_PER_PAGE } from '@caterway/domain';
import type { ReportsRepository } from './reports.repository.js';

export interface SpendQuery {
  page: number;
  start_date?: string;
  end_date?: string;
  company?: string;
}

/**
 * GET api/v2/user/user_catering_orders (ordering-payments §2 'Reports page', §7): the user's
 * placed orders (not drafts, declined or cancelled ones), filtered by delivery date in the
 * order's zone and by vendor name, REPORT_PER_PAGE a page. A page past the end is empty.
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
