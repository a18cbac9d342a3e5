import type {
  PartnerAffectedQuery,
  PartnerAffectedResponse,
  PartnerOrderMessageBody,
  PartnerOrderMessageResponse,
  PartnerOrderMessagesResponse,
  PartnerSoldOutBody,
  PartnerSoldOutChangeResponse,
  PartnerSoldOutResponse,
} from '../partner-sold-out.js';
import { partnerKeys } from './partner.js';
import type { CallOptions, Transport } from './transport.js';

// "86 an item" in the restaurant portal (issue 19 part 3; decision 053): the menu with its
// availability, an 86 or its end, the orders it affects and the messages to their customers.

const restaurant = (chefId: number) => `/api/v2/partner/restaurants/${chefId}`;

/** Query keys of the Sold out page, under the restaurant's (partnerKeys.restaurant). */
export const partnerSoldOutKeys = {
  menu: (chefId: number) => [...partnerKeys.restaurant(chefId), 'sold-out'] as const,
  affected: (chefId: number, query: PartnerAffectedQuery) =>
    [...partnerKeys.restaurant(chefId), 'sold-out', 'affected', query] as const,
  orderMessages: (chefId: number, orderId: number) => [...partnerKeys.order(chefId, orderId), 'messages'] as const,
};

export function partnerSoldOutClient(send: Transport) {
  return {
    /** GET .../sold-out: dishes and options by category, with whether each is sold out */
    menu: (chefId: number, o?: CallOptions) => send<PartnerSoldOutResponse>('GET', `${restaurant(chefId)}/sold-out`, o),
    /** POST .../sold-out: 86 a dish or option for a duration, or turn it back on; answers the affected orders */
    change: (chefId: number, body: PartnerSoldOutBody, o?: CallOptions) =>
      send<PartnerSoldOutChangeResponse>('POST', `${restaurant(chefId)}/sold-out`, { ...o, body }),
    /** GET .../sold-out/affected?menu_id=|menu_item_id= */
    affected: (chefId: number, query: PartnerAffectedQuery, o?: CallOptions) =>
      send<PartnerAffectedResponse>('GET', `${restaurant(chefId)}/sold-out/affected`, {
        ...o,
        query: { menu_id: query.menu_id as number | undefined, menu_item_id: query.menu_item_id as number | undefined },
      }),
    /** GET .../orders/{orderId}/messages: what the restaurant told the customer */
    orderMessages: (chefId: number, orderId: number, o?: CallOptions) =>
      send<PartnerOrderMessagesResponse>('GET', `${restaurant(chefId)}/orders/${orderId}/messages`, o).then(
        (r) => r.messages,
      ),
    /** POST .../orders/{orderId}/messages: a substitute or a note, emailed and shown on the order */
    messageOrder: (chefId: number, orderId: number, body: PartnerOrderMessageBody, o?: CallOptions) =>
      send<PartnerOrderMessageResponse>('POST', `${restaurant(chefId)}/orders/${orderId}/messages`, {
        ...o,
        body,
      }).then((r) => r.message),
    /** POST .../group-orders/{groupOrderId}/messages: to a group order's organiser */
    messageGroupOrder: (chefId: number, groupOrderId: number, body: PartnerOrderMessageBody, o?: CallOptions) =>
      send<PartnerOrderMessageResponse>('POST', `${restaurant(chefId)}/group-orders/${groupOrderId}/messages`, {
        ...o,
        body,
      }).then((r) => r.message),
  };
}

export type PartnerSoldOutClient = ReturnType<typeof partnerSoldOutClient>;
