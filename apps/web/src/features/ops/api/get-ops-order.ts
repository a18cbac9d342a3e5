import { queryOptions, useQuery } from '@tanstack/react-query';
import { opsClient, opsKeys } from '@caterway/contracts/client';
import { connect } from '../../../api/clients';

const ops = connect(opsClient);

// GET api/v2/ops/orders/{id} (staff only): the order with its history (who and when).
export const getOpsOrder = (id: number, signal?: AbortSignal) => ops.order(id, { signal });

export const opsOrderQueryOptions = (id: number) =>
  queryOptions({ queryKey: opsKeys.detail(id), queryFn: ({ signal }) => getOpsOrder(id, signal), staleTime: 0 });

export const useOpsOrder = (id: number, enabled: boolean) => useQuery({ ...opsOrderQueryOptions(id), enabled });
