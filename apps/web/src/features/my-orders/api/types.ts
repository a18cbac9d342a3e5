import type {
  AddonOrder as WireAddonOrder,
  CancelledOrderResponse,
  CateringOrderDetail as WireDetail,
  CreditNoteList as WireCreditNoteList,
  GroupOrderDetail as WireGroupDetail,
  OrderHistoryEntry as WireEntry,
  OrderHistoryResponse,
} from '@caterway/contracts';
import type { Camelize } from '../../../types/catalogue';

// My Orders as the app sees them (camelCased contracts, browse-account-orders §3). Their query
// keys are the orders client's (@caterway/contracts/client orderKeys), shared with the edit page.
export type OrderHistoryEntry = Camelize<WireEntry>;
export type OrderHistory = Camelize<OrderHistoryResponse>;
export type CateringOrderDetail = Camelize<WireDetail>;
export type AddonOrder = Camelize<WireAddonOrder>;
export type GroupOrderDetail = Camelize<WireGroupDetail>;
export type CreditNoteList = Camelize<WireCreditNoteList>;
export type CreditNote = CreditNoteList['creditNotes'][number];
export type CanceledOrder = Camelize<CancelledOrderResponse>;

/** The spec's copy for this page (browse-account-orders §2, §4, §8). */
export const myOrdersMessages = {
  empty: 'No orders available',
  cancelConfirm: 'Are you sure you want to cancel this order?',
  addonCreateFailed: 'Sorry, we are not able to create the add on order. Please try again later.',
  creditNotesFailed: "We could not load this order's credit notes.",
} as const;
