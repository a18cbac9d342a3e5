import { describe, expect, it } from 'vitest';
import { GROUP_ORDER_STATUSES } from './group-orders.js';
import { CATERING_STATUSES } from './order-lifecycle.js';
import {
  CATERING_ORDER_STATES,
  CLOSED_STATUSES,
  GROUP_ORDER_STATES,
  groupStatusLabel,
  orderStateView,
  statusLabel,
  wireStatus,
} from './order-states.js';

describe('the order state table (decision 036)', () => {
  it('has exactly one entry per stored catering and group state', () => {
    expect(Object.keys(CATERING_ORDER_STATES).sort()).toEqual([...CATERING_STATUSES].sort());
    expect(Object.keys(GROUP_ORDER_STATES).sort()).toEqual([...GROUP_ORDER_STATUSES].sort());
  });

  it('sends each state as the spelling the document lists, stored as it is sent', () => {
    for (const [stored, view] of [...Object.entries(CATERING_ORDER_STATES), ...Object.entries(GROUP_ORDER_STATES)])
      expect(view.wire, stored).toBe(stored);
    expect(wireStatus('Canceled')).toBe('Canceled');
    expect(wireStatus('canceled')).toBe('canceled');
  });

  it('labels the states as the document does', () => {
    expect(statusLabel('CardSetup')).toBe('Card Setup');
    expect(statusLabel('customer_paid')).toBe('Delivered');
    expect(statusLabel('waiting_for_delivery')).toBe('Waiting for delivery');
    expect(statusLabel('Canceled')).toBe('Canceled');
    expect(groupStatusLabel('canceled')).toBe('Cancelled');
    expect(groupStatusLabel('detail_entered')).toBe('Details Entered');
  });

  it('knows one spelling of a cancelled catering order: the old one is no stored state', () => {
    expect(orderStateView('Canceled')).toEqual({ wire: 'Canceled', label: 'Canceled' });
    expect(orderStateView('cancelled')).toBeUndefined();
    expect(statusLabel('cancelled')).toBe('cancelled');
    expect(CLOSED_STATUSES).toEqual(['Canceled', 'declined']);
  });
});
