// One table from every stored order state to what the API sends and what people read
// (browse-account-orders §4 'Order statuses'; decision 036). Storage keeps one spelling per
// state (migration 035): catering_orders.status and order_events use the catering spellings
// below, group_orders.status the group ones. The wire value of a state is its stored value,
// which is the spelling the document lists for it; every serialiser takes the wire value and
// the label from here (wireStatus, statusLabel, groupStatusLabel), never from the column.
//
// The document's list also shows 'cancelled', a second spelling of a cancelled catering order
// from the old system: it is no stored state any more (migration 035 rewrote it to 'Canceled'),
// and like any value outside the table it is shown as it is.

export interface OrderStateView {
  /** the value of `status` in the API's answers */
  wire: string;
  /** what the storefront, the console, reports and emails show for it */
  label: string;
}

/** Catering orders (catering_orders.status), in the order of their life. */
export const CATERING_ORDER_STATES = {
  draft: { wire: 'draft', label: 'draft' },
  New: { wire: 'New', label: 'New' },
  Accepted: { wire: 'Accepted', label: 'Accepted' },
  CardSetup: { wire: 'CardSetup', label: 'Card Setup' },
  SetupIntentCreated: { wire: 'SetupIntentCreated', label: 'Setup Intent Created' },
  ReadyToCapture: { wire: 'ReadyToCapture', label: 'Ready To Capture' },
  DeliveryReady: { wire: 'DeliveryReady', label: 'Delivery Ready' },
  Delivered: { wire: 'Delivered', label: 'Delivered' },
  // not among the values the document shows: the status a catering order completes with, and
  // what the customer sees of it
  customer_paid: { wire: 'customer_paid', label: 'Delivered' },
  declined: { wire: 'declined', label: 'declined' },
  Canceled: { wire: 'Canceled', label: 'Canceled' },
} as const satisfies Record<string, OrderStateView>;

/**
 * Group orders (group_orders.status). `label` is the document's (the order lists); `pageLabel`
 * is what the group-order site and its emails show.
 */
export const GROUP_ORDER_STATES = {
  created: { wire: 'created', label: 'created', pageLabel: 'Created' },
  detail_entered: { wire: 'detail_entered', label: 'detail_entered', pageLabel: 'Details Entered' },
  accepting: { wire: 'accepting', label: 'accepting', pageLabel: 'Accepting' },
  waiting_for_delivery: {
    wire: 'waiting_for_delivery',
    label: 'Waiting for delivery',
    pageLabel: 'Waiting for delivery',
  },
  delivery_ready: { wire: 'delivery_ready', label: 'delivery_ready', pageLabel: 'Delivery Ready' },
  delivered: { wire: 'delivered', label: 'delivered', pageLabel: 'Delivered' },
  declined: { wire: 'declined', label: 'declined', pageLabel: 'Declined' },
  canceled: { wire: 'canceled', label: 'canceled', pageLabel: 'Cancelled' },
} as const satisfies Record<string, OrderStateView & { pageLabel: string }>;

export type StoredCateringState = keyof typeof CATERING_ORDER_STATES;
export type StoredGroupState = keyof typeof GROUP_ORDER_STATES;

// made on first use, not at import: a module-level Map is kept in every bundle that imports the
// package, and the storefront's restaurant and preset pages sit at their JavaScript budget
let byStored: Map<string, OrderStateView> | undefined;
const views = (): Map<string, OrderStateView> =>
  (byStored ??= new Map<string, OrderStateView>([
    ...Object.entries(GROUP_ORDER_STATES),
    ...Object.entries(CATERING_ORDER_STATES),
  ]));

/** The view of a stored state (catering or group); undefined for a value that is no stored state. */
export function orderStateView(stored: string): OrderStateView | undefined {
  return views().get(stored);
}

/** The value of `status` in the API's answers for a stored state (a value outside the table as it is). */
export function wireStatus(stored: string): string {
  return views().get(stored)?.wire ?? stored;
}

/** The label shown for a stored state (catering or group); a value outside the table is shown as it is. */
export function statusLabel(stored: string): string {
  return views().get(stored)?.label ?? stored;
}

/** The group-order site's label of a group order's state. */
export function groupStatusLabel(stored: StoredGroupState): string {
  return GROUP_ORDER_STATES[stored].pageLabel;
}

/** The stored states of catering orders that end them unserved (declined, cancelled). */
export const CLOSED_STATUSES: readonly string[] = ['Canceled', 'declined'];
