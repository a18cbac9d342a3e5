import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  PartnerAffectedResponse as WireAffected,
  PartnerOrderMessageBody,
  PartnerSoldOutBody,
  PartnerSoldOutResponse as WireSoldOut,
  OrderMessage as WireOrderMessage,
} from '@caterway/contracts';
import { partnerSoldOutClient, partnerSoldOutKeys } from '@caterway/contracts/client';
import { connect } from '../../../api/clients';
import type { Camelize } from '../../../types/catalogue';

// "86 an item" in the portal (decision 053): the Sold out page's menu, an 86 or its end (its
// answer lists the orders it affects), those orders again later, and the messages to customers.

const soldOut = connect(partnerSoldOutClient);

export type SoldOutMenu = Camelize<WireSoldOut>;
export type SoldOutDish = SoldOutMenu['categories'][number]['dishes'][number];
export type SoldOutOption = SoldOutDish['options'][number];
export type AffectedOrders = Camelize<WireAffected>;
export type AffectedOrder = AffectedOrders['orders'][number];
export type OrderMessage = Camelize<WireOrderMessage>;
export type { PartnerOrderMessageBody, PartnerSoldOutBody };

/** How long an 86 lasts, as the page offers it (the API takes 1 to 72 hours). */
export const soldOutChoices: { label: string; body: Pick<PartnerSoldOutBody, 'duration' | 'hours'> }[] = [
  { label: 'Until end of day', body: { duration: 'end_of_day' } },
  { label: '1 hour', body: { duration: 'hours', hours: 1 } },
  { label: '2 hours', body: { duration: 'hours', hours: 2 } },
  { label: '4 hours', body: { duration: 'hours', hours: 4 } },
  { label: '8 hours', body: { duration: 'hours', hours: 8 } },
  { label: 'Until I turn it back on', body: { duration: 'indefinitely' } },
];

export const useSoldOutMenu = (chefId: number) =>
  useQuery({
    queryKey: partnerSoldOutKeys.menu(chefId),
    queryFn: ({ signal }) => soldOut.menu(chefId, { signal }),
    // an 86 "for 2 hours" ends by itself: the page reads the menu again now and then
    refetchInterval: 60_000,
    meta: { handlesErrors: true },
  });

/** An 86 or its end; the menu is read again after it (the answer carries the affected orders). */
export function useSoldOutChange(chefId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PartnerSoldOutBody) => soldOut.change(chefId, body),
    meta: { handlesErrors: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: partnerSoldOutKeys.menu(chefId) }),
  });
}

/** The orders holding a dish or option (the panel's list after the page opened it again). */
export const useAffectedOrders = (chefId: number, target: { menuId?: number; menuItemId?: number } | null) =>
  useQuery({
    queryKey: partnerSoldOutKeys.affected(chefId, { menu_id: target?.menuId, menu_item_id: target?.menuItemId }),
    queryFn: ({ signal }) =>
      soldOut.affected(chefId, { menu_id: target?.menuId, menu_item_id: target?.menuItemId }, { signal }),
    enabled: target !== null,
    meta: { handlesErrors: true },
  });

export const useOrderMessages = (chefId: number, orderId: number) =>
  useQuery({
    queryKey: partnerSoldOutKeys.orderMessages(chefId, orderId),
    queryFn: ({ signal }) => soldOut.orderMessages(chefId, orderId, { signal }),
    meta: { handlesErrors: true },
  });

/** Who a message goes to: an order's customer, or a group order's organiser. */
export type MessageTarget = { kind: 'order'; orderId: number } | { kind: 'group_order'; groupOrderId: number };

export function useSendMessage(chefId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ to, body }: { to: MessageTarget; body: PartnerOrderMessageBody }) =>
      to.kind === 'order'
        ? soldOut.messageOrder(chefId, to.orderId, body)
        : soldOut.messageGroupOrder(chefId, to.groupOrderId, body),
    meta: { handlesErrors: true },
    onSuccess: (_message, { to }) => {
      // the counts of messages sent in the affected lists, and the order's own list
      void queryClient.invalidateQueries({ queryKey: partnerSoldOutKeys.menu(chefId) });
      if (to.kind === 'order')
        void queryClient.invalidateQueries({ queryKey: partnerSoldOutKeys.orderMessages(chefId, to.orderId) });
    },
  });
}
