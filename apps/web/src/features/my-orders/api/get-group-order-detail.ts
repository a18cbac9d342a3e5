import { queryOptions, useQuery } from '@tanstack/react-query';
import { groupOrderKeys, groupOrdersClient } from '@caterway/contracts/client';
import { connect } from '../../../api/clients';

// GET api/v2/group_orders/{id}/detail (browse-account-orders §3 'Group order detail', §7): the
// detail modal of a Group Order entry; the entry's id is the group order's id. Through the
// group-order client the group-order site shares (decision 041).

const groupOrders = connect(groupOrdersClient);

export const getGroupOrderDetail = (id: number, signal?: AbortSignal) => groupOrders.detail(id, { signal });

export const groupOrderDetailQueryOptions = (id: number) =>
  queryOptions({
    queryKey: groupOrderKeys.detail(id),
    queryFn: ({ signal }) => getGroupOrderDetail(id, signal),
    staleTime: 0,
  });

export const useGroupOrderDetail = (id: number) => useQuery(groupOrderDetailQueryOptions(id));
