import type { UserCateringOrdersCsvQuery, UserCateringOrdersQuery, UserCateringOrdersResponse } from '../reports.js';
import type { CallOptions, Transport, WireQuery } from './transport.js';

// Spend reports (ordering-payments §2 'Reports page', §7) and their CSV export (decision 035):
// the same filters, empty values left out; the export has no page, it holds every order.

export type ReportQuery = WireQuery<UserCateringOrdersQuery>;
export type ReportCsvQuery = WireQuery<UserCateringOrdersCsvQuery>;

/** Query keys of report data. */
export const reportKeys = {
  all: ['reports'] as const,
  list: (query: ReportQuery) => [...reportKeys.all, 'list', query] as const,
};

export function reportsClient(send: Transport) {
  return {
    /** GET api/v2/user/user_catering_orders: one page of the user's orders */
    orders: (query: ReportQuery, o?: CallOptions) =>
      send<UserCateringOrdersResponse>('GET', '/api/v2/user/user_catering_orders', { ...o, query }),
    /** GET api/v2/user/user_catering_orders.csv: a file; too many orders answer 422 { error } */
    csv: (query: ReportCsvQuery, o?: CallOptions) =>
      send<Blob>('GET', '/api/v2/user/user_catering_orders.csv', { ...o, query, answer: 'blob' }),
  };
}

export type ReportsClient = ReturnType<typeof reportsClient>;
