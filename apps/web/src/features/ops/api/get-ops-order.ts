import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { opsKeys, type OpsOrderDetail } from './types';

// GET api/v2/ops/orders/{id} (staff only): the order with its history (who and when).
export const getOpsOrder = (id: number, signal?: AbortSignal) =>
  api.get<{ order: OpsOrderDetail }>(`/api/v2/ops/orders/${id}`, { signal }).then((body) => body.order);

export const opsOrderQueryOptions = (id: number) =>
  queryOptions({ queryKey: opsKeys.detail(id), queryFn: ({ signal }) => getOpsOrder(id, signal), staleTime: 0 });

export const useOpsOrder = (id: number, enabled: boolean) => useQuery({ ...opsOrderQueryOptions(id), enabled });
