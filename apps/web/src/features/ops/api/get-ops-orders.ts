import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { opsKeys, type OpsOrder, type OpsRange } from './types';

// GET api/v2/ops/orders?from&to (staff only): placed orders by delivery day.
export const getOpsOrders = (range: OpsRange, signal?: AbortSignal) =>
  api
    .get<{ orders: OpsOrder[] }>('/api/v2/ops/orders', { query: { from: range.from, to: range.to }, signal })
    .then((body) => body.orders);

export const opsOrdersQueryOptions = (range: OpsRange) =>
  queryOptions({
    queryKey: opsKeys.list(range),
    queryFn: ({ signal }) => getOpsOrders(range, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export const useOpsOrders = (range: OpsRange) => useQuery(opsOrdersQueryOptions(range));
