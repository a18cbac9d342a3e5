import type { CreateGroupOrderBody } from '@caterway/contracts';

// POST api/v2/group_orders {preset_id, delivery_params} -> 201 {uuid} (ordering-payments §4
// 'Group Order'; only for presets with exactly one chef), through the group-order client the
// group-order site shares (decision 041). The client is loaded on the click: the restaurant and
// preset pages that offer the button sit at their JavaScript budget (docs/decisions/014).
export type GroupOrderDeliveryParams = NonNullable<CreateGroupOrderBody['delivery_params']>;

export async function createGroupOrder(presetId: number, deliveryParams: GroupOrderDeliveryParams) {
  const { groupOrders } = await import('./group-orders-client');
  return groupOrders.create({ preset_id: presetId, delivery_params: deliveryParams });
}
