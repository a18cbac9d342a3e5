import { groupOrdersClient, type CreateGroupOrderBody } from '@caterway/contracts/client';
import { wireTransport } from '../../../lib/api-client';

// POST api/v2/group_orders {preset_id, delivery_params} -> 201 {uuid} (ordering-payments §4
// 'Group Order'; only for presets with exactly one chef), through the group-order client the
// group-order site shares (decision 041).
export type GroupOrderDeliveryParams = NonNullable<CreateGroupOrderBody['delivery_params']>;

export const createGroupOrder = (presetId: number, deliveryParams: GroupOrderDeliveryParams) =>
  groupOrdersClient(wireTransport).create({ preset_id: presetId, delivery_params: deliveryParams });
