import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { UserCateringOrdersResponse } from '@caterway/contracts';
import { reportKeys, reportsClient, type ReportQuery } from '@caterway/contracts/client';
import { reportQuery, type ReportFilters } from '@caterway/domain';
import { connect } from '../../../api/clients';
import type { Camelize } from '../../../types/catalogue';

// GET api/v2/user/user_catering_orders (ordering-payments §7): page, start_date, end_date, company; empty values omitted.

const reports = connect(reportsClient);

export type ReportPage = Camelize<UserCateringOrdersResponse>;
export type ReportRow = ReportPage['userCateringOrders'][number];
export interface ReportRequest extends ReportFilters {
  page: number;
}

/** The wire query of a request: the filters that have a value (reportQuery), by their wire names. */
function wireQuery(request: ReportRequest): ReportQuery {
  const q = reportQuery(request);
  return { page: q.page, start_date: q.startDate, end_date: q.endDate, company: q.company };
}

export const getUserCateringOrders = (request: ReportRequest, signal?: AbortSignal) =>
  reports.orders(wireQuery(request), { signal });

export const userCateringOrdersQueryOptions = (request: ReportRequest) =>
  queryOptions({
    queryKey: reportKeys.list(wireQuery(request)),
    queryFn: ({ signal }) => getUserCateringOrders(request, signal),
    staleTime: 0,
    retry: false,
    placeholderData: keepPreviousData,
  });

export const useUserCateringOrders = (request: ReportRequest) => useQuery(userCateringOrdersQueryOptions(request));
