import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { opsClient, opsKeys } from '@caterway/contracts/client';
import { connect } from '../../../api/clients';
import type { OpsRange } from './types';

const ops = connect(opsClient);

// GET api/v2/ops/orders?from&to (staff only): placed orders by delivery day.
export const getOpsOrders = (range: OpsRange, signal?: AbortSignal) =>
  ops.orders({ from: range.from, to: range.to }, { signal });

export const opsOrdersQueryOptions = (range: OpsRange) =>
  queryOptions({
    queryKey: opsKeys.list({ from: range.from, to: range.to }),
    queryFn: ({ signal }) => getOpsOrders(range, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export const useOpsOrders = (range: OpsRange) => useQuery(opsOrdersQueryOptions(range));
