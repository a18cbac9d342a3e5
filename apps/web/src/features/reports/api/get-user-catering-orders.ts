import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { UserCateringOrdersResponse } from '@caterway/contracts';
import { reportQuery, type ReportFilters } from '@caterway/domain';
import { api } from '../../../lib/api-client';
import type { Camelize } from '../../../types/catalogue';

// GET api/v2/user/user_catering_orders (ordering-payments §7): page, startDate, endDate, company; empty values omitted.
export type ReportPage = Camelize<UserCateringOrdersResponse>;
export type ReportRow = ReportPage['userCateringOrders'][number];
export interface ReportRequest extends ReportFilters {
  page: number;
}

/** One query-key factory for report data (CONVENTIONS.md). */
export const reportKeys = {
  all: ['reports'] as const,
  list: (request: ReportRequest) => [...reportKeys.all, 'list', reportQuery(request)] as const,
};

export const getUserCateringOrders = (request: ReportRequest, signal?: AbortSignal) =>
  api.get<ReportPage>('/api/v2/user/user_catering_orders', { query: reportQuery(request), signal });

export const userCateringOrdersQueryOptions = (request: ReportRequest) =>
  queryOptions({
    queryKey: reportKeys.list(request),
    queryFn: ({ signal }) => getUserCateringOrders(request, signal),
    staleTime: 0,
    retry: false,
    placeholderData: keepPreviousData,
  });

export const useUserCateringOrders = (request: ReportRequest) => useQuery(userCateringOrdersQueryOptions(request));
