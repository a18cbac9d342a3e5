import type {
  AddonOrder as WireAddonOrder,
  CateringOrderDetail as WireDetail,
  CreditNoteList as WireCreditNoteList,
  GroupOrderDetail as WireGroupDetail,
  OrderHistoryEntry as WireEntry,
} from '@caterway/contracts';
import type { Camelize } from '../../../types/catalogue';

// My Orders as the app sees them (camelCased contracts, browse-account-orders §3).
export type OrderHistoryEntry = Camelize<WireEntry>;
export type CateringOrderDetail = Camelize<WireDetail>;
export type AddonOrder = Camelize<WireAddonOrder>;
export type GroupOrderDetail = Camelize<WireGroupDetail>;
export type CreditNoteList = Camelize<WireCreditNoteList>;
export type CreditNote = CreditNoteList['creditNotes'][number];
export interface OrderHistory {
  upcoming: OrderHistoryEntry[];
  past: OrderHistoryEntry[];
}

/** One query-key factory for orders (CONVENTIONS.md). */
export const orderKeys = {
  all: ['orders'] as const,
  history: () => [...orderKeys.all, 'history'] as const,
  detail: (id: number) => [...orderKeys.all, 'detail', id] as const,
  addons: (id: number) => [...orderKeys.all, 'addons', id] as const,
  creditNotes: (id: number) => [...orderKeys.all, 'credit-notes', id] as const,
};

/** The spec's copy for this page (browse-account-orders §2, §4, §8). */
export const myOrdersMessages = {
  empty: 'No orders available',
  cancelConfirm: 'Are you sure you want to cancel this order?',
  addonCreateFailed: 'Sorry, we are not able to create the add on order. Please try again later.',
  creditNotesFailed: "We could not load this order's credit notes.",
} as const;
