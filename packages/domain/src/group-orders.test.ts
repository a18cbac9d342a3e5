import { describe, expect, it } from 'vitest';
import {
  GROUP_ORDER_EVENTS,
  GROUP_ORDER_STATUSES,
  availableGroupEvents,
  budgetRule,
  groupTaxLabel,
  groupCutoffInstant,
  groupDeliveryInstant,
  isGroupDeliverySeconds,
  groupEditable,
  groupStatusForCatering,
  groupTransition,
  orderingOpen,
  secondsToTimeLabel,
  shownGroupStatus,
  type GroupOrderStatus,
} from './group-orders.js';
import { groupStatusLabel } from './order-states.js';

describe('group order state machine', () => {
  it('walks created, detail_entered, accepting, then closes with an order', () => {
    let s: GroupOrderStatus = 'created';
    for (const [event, actor] of [
      ['enter_details', 'creator'],
      ['open', 'creator'],
      ['close_with_order', 'system'],
    ] as const) {
      const r = groupTransition(s, event, actor);
      expect(r.ok, `${s} --${event}-->`).toBe(true);
      if (r.ok) s = r.to;
    }
    expect(s).toBe('waiting_for_delivery');
  });

  it('closes an empty group order as canceled, even one never opened', () => {
    expect(groupTransition('accepting', 'close_empty', 'system')).toEqual({ ok: true, to: 'canceled' });
    expect(groupTransition('detail_entered', 'close_empty', 'system')).toEqual({ ok: true, to: 'canceled' });
  });

  it('lets the creator or staff cancel only while editable; members and the system cannot', () => {
    for (const s of ['created', 'detail_entered', 'accepting'] as const) {
      expect(groupTransition(s, 'cancel', 'creator')).toEqual({ ok: true, to: 'canceled' });
      expect(groupTransition(s, 'cancel', 'staff')).toEqual({ ok: true, to: 'canceled' });
      expect(groupTransition(s, 'cancel', 'system')).toMatchObject({ ok: false });
    }
    expect(groupTransition('waiting_for_delivery', 'cancel', 'creator')).toEqual({
      ok: false,
      message: 'A group order that is Waiting for delivery cannot be cancelled.',
    });
  });

  it('refuses opening before details and the creator closing it', () => {
    expect(groupTransition('created', 'open', 'creator')).toMatchObject({ ok: false });
    expect(groupTransition('accepting', 'close_with_order', 'creator')).toEqual({
      ok: false,
      message: 'This action is not available to you (closed with an order).',
    });
  });

  it('final statuses have no events; every status has a label', () => {
    for (const s of ['delivered', 'declined', 'canceled'] as const) {
      expect(availableGroupEvents(s, 'creator')).toEqual([]);
      expect(availableGroupEvents(s, 'staff')).toEqual([]);
      expect(availableGroupEvents(s, 'system')).toEqual([]);
    }
    for (const s of GROUP_ORDER_STATUSES) expect(groupStatusLabel(s)).toMatch(/^[A-Z]/);
    expect(GROUP_ORDER_EVENTS.length).toBeGreaterThan(0);
  });

  it('follows the combined catering order after the cut-off', () => {
    for (const s of ['New', 'Accepted', 'CardSetup', 'SetupIntentCreated', 'ReadyToCapture'])
      expect(groupStatusForCatering(s)).toBe('waiting_for_delivery');
    expect(groupStatusForCatering('DeliveryReady')).toBe('delivery_ready');
    expect(groupStatusForCatering('Delivered')).toBe('delivered');
    expect(groupStatusForCatering('customer_paid')).toBe('delivered');
    expect(groupStatusForCatering('Canceled')).toBe('canceled');
    expect(groupStatusForCatering('declined')).toBe('declined');
    expect(shownGroupStatus('accepting', null)).toBe('accepting');
    expect(shownGroupStatus('waiting_for_delivery', 'DeliveryReady')).toBe('delivery_ready');
  });
});

describe('cut-off instant', () => {
  it('is (delivery date − gap days) at the cut-off time in the chef zone', () => {
    // Toronto in November is UTC-5: 5:00 PM on the 24th is 22:00Z
    expect(
      groupCutoffInstant({
        deliveryDate: '2026-11-25',
        gapDays: 1,
        cutoffSeconds: 17 * 3600,
        timeZone: 'America/Toronto',
      })?.toISOString(),
    ).toBe('2026-11-24T22:00:00.000Z');
    // Vancouver is UTC-7 all year since 2026 (time zone data 2026a)
    expect(
      groupCutoffInstant({
        deliveryDate: '2026-11-25',
        gapDays: 2,
        cutoffSeconds: 17 * 3600,
        timeZone: 'America/Vancouver',
      })?.toISOString(),
    ).toBe('2026-11-24T00:00:00.000Z');
  });

  it('crosses month ends and daylight saving changes', () => {
    expect(
      groupCutoffInstant({
        deliveryDate: '2026-03-01',
        gapDays: 1,
        cutoffSeconds: 9 * 3600 + 30 * 60,
        timeZone: 'America/Toronto',
      })?.toISOString(),
    ).toBe('2026-02-28T14:30:00.000Z');
    // DST starts on 2026-03-08 in Toronto: the 9th is UTC-4
    expect(
      groupCutoffInstant({
        deliveryDate: '2026-03-10',
        gapDays: 1,
        cutoffSeconds: 17 * 3600,
        timeZone: 'America/Toronto',
      })?.toISOString(),
    ).toBe('2026-03-09T21:00:00.000Z');
  });

  it('is null for an invalid date, gap days below 1 or a time outside the day', () => {
    expect(
      groupCutoffInstant({ deliveryDate: '2026-02-30', gapDays: 1, cutoffSeconds: 0, timeZone: 'America/Toronto' }),
    ).toBeNull();
    expect(
      groupCutoffInstant({ deliveryDate: '2026-02-20', gapDays: 0, cutoffSeconds: 0, timeZone: 'America/Toronto' }),
    ).toBeNull();
    expect(
      groupCutoffInstant({
        deliveryDate: '2026-02-20',
        gapDays: 1,
        cutoffSeconds: 86_400,
        timeZone: 'America/Toronto',
      }),
    ).toBeNull();
  });

  it('delivery instant and time labels', () => {
    expect(
      groupDeliveryInstant({
        deliveryDate: '2026-11-25',
        deliverySeconds: 41_400,
        timeZone: 'America/Toronto',
      })?.toISOString(),
    ).toBe('2026-11-25T16:30:00.000Z');
    expect(secondsToTimeLabel(41_400)).toBe('11:30 AM');
    expect(secondsToTimeLabel(17 * 3600)).toBe('05:00 PM');
    expect(secondsToTimeLabel(0)).toBe('12:00 AM');
  });

  it('makes no delivery at midnight, as catering orders do not (issue 17 part 5)', () => {
    for (const deliverySeconds of [0, 59]) {
      expect(isGroupDeliverySeconds(deliverySeconds)).toBe(false);
      expect(
        groupDeliveryInstant({ deliveryDate: '2026-12-03', deliverySeconds, timeZone: 'America/Toronto' }),
      ).toBeNull();
    }
    expect([
      isGroupDeliverySeconds(60),
      isGroupDeliverySeconds(86_399),
      isGroupDeliverySeconds(86_400),
      isGroupDeliverySeconds(-1),
    ]).toEqual([true, true, false, false]);
    expect(
      groupDeliveryInstant({
        deliveryDate: '2026-12-03',
        deliverySeconds: 23 * 3600 + 45 * 60,
        timeZone: 'America/Toronto',
      })?.toISOString(),
    ).toBe('2026-12-04T04:45:00.000Z');
  });

  it('ordering is open only while accepting and strictly before the cut-off', () => {
    const cutoffAt = new Date('2026-11-24T22:00:00Z');
    expect(orderingOpen({ status: 'accepting', cutoffAt }, new Date('2026-11-24T21:59:59Z'))).toBe(true);
    expect(orderingOpen({ status: 'accepting', cutoffAt }, cutoffAt)).toBe(false);
    expect(orderingOpen({ status: 'detail_entered', cutoffAt }, new Date('2026-11-20T00:00:00Z'))).toBe(false);
    expect(groupEditable({ status: 'created', cutoffAt: null }, cutoffAt)).toBe(true);
    expect(groupEditable({ status: 'accepting', cutoffAt }, cutoffAt)).toBe(false);
    expect(groupEditable({ status: 'waiting_for_delivery', cutoffAt }, new Date(0))).toBe(false);
  });
});

describe('budget rule', () => {
  it('accepts a meal at or under the budget and refuses one over it with the message', () => {
    expect(budgetRule(2000, 2000)).toEqual({ ok: true, leftCents: 0 });
    expect(budgetRule(1250, 2000)).toEqual({ ok: true, leftCents: 750 });
    expect(budgetRule(2001, 2000)).toEqual({ ok: false, message: 'This meal is over your budget of $20.00.' });
  });
});

describe('tax label', () => {
  it('shows the rate without trailing zeros', () => {
    expect(groupTaxLabel('HST', 13)).toBe('HST 13%');
    expect(groupTaxLabel('QST', 9.975)).toBe('QST 9.975%');
    expect(groupTaxLabel('', 13)).toBe('HST 13%');
  });
});
