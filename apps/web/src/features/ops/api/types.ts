import type {
  OpsOrder as WireOpsOrder,
  OpsOrderEvent as WireOpsOrderEvent,
  StaffOrderEvent,
} from '@caterway/contracts';
import type { Camelize } from '../../../types/catalogue';

// The operations console's data as the app sees it (camelCased contracts, packages/contracts/src/ops.ts).
export type OpsOrder = Camelize<WireOpsOrder>;
export type OpsOrderEvent = Camelize<WireOpsOrderEvent>;
export type OpsOrderDetail = OpsOrder & { events: OpsOrderEvent[] };
export type { StaffOrderEvent };

export interface OpsRange {
  from: string;
  to: string;
}

/** One query-key factory for the console (CONVENTIONS.md). */
export const opsKeys = {
  all: ['ops'] as const,
  lists: () => [...opsKeys.all, 'list'] as const,
  list: (range: OpsRange) => [...opsKeys.lists(), range] as const,
  detail: (id: number) => [...opsKeys.all, 'detail', id] as const,
};

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
