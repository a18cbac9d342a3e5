import { queryOptions } from '@tanstack/react-query';
import { orderKeys, ordersClient } from '@caterway/contracts/client';
import { connect } from '../../../api/clients';

const orders = connect(ordersClient);

// GET api/v2/catering_orders/{id}: the placed order the completed page shows, under the key My
// Orders and the edit page read it by (its own file: the completed page's chunk then shares no
// module with the edit page's, which the preset page's first load would pay for).
export const placedOrderQueryOptions = (id: number) =>
  queryOptions({ queryKey: orderKeys.detail(id), queryFn: ({ signal }) => orders.get(id, { signal }), staleTime: 0 });
