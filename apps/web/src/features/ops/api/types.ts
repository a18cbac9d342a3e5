import type {
  OpsOrder as WireOpsOrder,
  OpsOrderEvent as WireOpsOrderEvent,
  OpsOrdersQuery,
  StaffOrderEvent,
} from '@caterway/contracts';
import { isApiError } from '../../../lib/api-client';
import type { Camelize } from '../../../types/catalogue';

// The operations console's data as the app sees it (camelCased contracts, packages/contracts/src/ops.ts).
export type OpsOrder = Camelize<WireOpsOrder>;
export type OpsOrderEvent = Camelize<WireOpsOrderEvent>;
export type OpsOrderDetail = OpsOrder & { events: OpsOrderEvent[] };
export type { StaffOrderEvent };

/** The delivery days listed: from and to, yyyy-MM-dd (their query keys are the ops client's). */
export type OpsRange = OpsOrdersQuery;

/** The button words for each staff action. */
export const eventLabels: Record<StaffOrderEvent, string> = {
  accept: 'Accept',
  decline: 'Decline',
  mark_delivery_ready: 'Mark delivery-ready',
  mark_delivered: 'Mark delivered',
  cancel: 'Cancel order',
};

/** Actions that release the customer's money: they ask first. */
export const needsConfirmation = (event: StaffOrderEvent) => event === 'decline' || event === 'cancel';

/** An API failure as the console shows it: the server's error, its messages, or the generic sentence. */
export const errorText = (error: unknown) =>
  isApiError(error)
    ? (error.serverError ?? error.messages.join(', ')) || error.message
    : 'Something went wrong. Please try again.';
