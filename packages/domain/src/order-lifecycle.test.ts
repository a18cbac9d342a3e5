import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CATERING_STATUSES,
  ORDER_EVENTS,
  TERMINAL_STATUSES,
  availableEvents,
  displayStatus,
  editRule,
  editRuleMessages,
  invoiceAvailable,
  isUpcoming,
  transition,
  type CateringStatus,
  type OrderActor,
} from './order-lifecycle.js';
import { statusLabel } from './order-states.js';

const NOW = new Date('2026-11-22T15:00:00Z');
const later = (h: number) => new Date(NOW.getTime() + h * 3_600_000);

describe('order state machine', () => {
  it('walks the happy path: pay, accept, delivery-ready, delivered, settled', () => {
    let s: CateringStatus = 'draft';
    for (const [event, actor] of [
      ['pay', 'customer'],
      ['accept', 'staff'],
      ['mark_delivery_ready', 'staff'],
      ['mark_delivered', 'staff'],
      ['settle', 'system'],
    ] as const) {
      const r = transition(s, event, actor);
      expect(r.ok, `${s} --${event}-->`).toBe(true);
      if (r.ok) s = r.to;
    }
    expect(s).toBe('customer_paid');
  });

  it('refuses moves from the wrong status or by the wrong actor, with a message', () => {
    expect(transition('New', 'mark_delivered', 'staff')).toEqual({
      ok: false,
      message: 'An order that is New cannot be marked delivered.',
    });
    expect(transition('New', 'accept', 'customer')).toMatchObject({ ok: false });
    // a New order is declined by staff; the customer cannot cancel it before acceptance
    expect(transition('New', 'cancel', 'customer')).toMatchObject({ ok: false });
    expect(transition('Accepted', 'cancel', 'customer')).toEqual({ ok: true, to: 'Canceled' });
  });

  it('keeps final statuses final whatever the sequence of events and actors', () => {
    const actors: OrderActor[] = ['customer', 'staff', 'restaurant', 'system'];
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...ORDER_EVENTS), fc.constantFrom(...actors)), { maxLength: 40 }),
        (steps) => {
          let s: CateringStatus = 'draft';
          let final = false;
          for (const [event, actor] of steps) {
            const r = transition(s, event, actor);
            if (final) expect(r.ok).toBe(false);
            if (r.ok) s = r.to;
            final = TERMINAL_STATUSES.includes(s);
            expect(CATERING_STATUSES).toContain(s);
          }
        },
      ),
    );
  });

  it('lists the buttons an actor has', () => {
    expect(availableEvents('New', 'staff')).toEqual(['accept', 'decline']);
    expect(availableEvents('Accepted', 'staff')).toEqual(['mark_delivery_ready', 'cancel']);
    expect(availableEvents('customer_paid', 'staff')).toEqual([]);
    // a restaurant answers a new order, and nothing else moves by its hand
    expect(availableEvents('New', 'restaurant')).toEqual(['accept', 'decline']);
    expect(availableEvents('Accepted', 'restaurant')).toEqual([]);
  });
});

describe('upcoming-order rule', () => {
  const order = { status: 'Accepted', deliveryAt: later(72), processingAt: later(48), editable: true };
  it('allows edit and cancel while accepted and before processing', () => {
    expect(editRule(order, NOW)).toEqual({ allowed: true });
  });
  it('tells a New order to wait for acceptance', () => {
    expect(editRule({ ...order, status: 'New' }, NOW)).toEqual({
      allowed: false,
      message: editRuleMessages.notAccepted,
    });
  });
  it('says the order is being prepared past processing, when delivery-ready, or not editable', () => {
    for (const o of [
      { ...order, processingAt: NOW },
      { ...order, status: 'DeliveryReady' },
      { ...order, editable: false },
      { ...order, deliveryAt: later(-1), processingAt: later(-2) },
    ]) {
      expect(editRule(o, NOW)).toEqual({ allowed: false, message: 'Your order is being prepared for delivery!' });
    }
  });
  it('the boundary instant itself is no longer editable (the server clock decides)', () => {
    expect(editRule({ ...order, processingAt: new Date(NOW.getTime() + 1) }, NOW)).toEqual({ allowed: true });
    expect(editRule({ ...order, processingAt: new Date(NOW.getTime()) }, NOW).allowed).toBe(false);
  });
});

describe('labels, tabs and invoices', () => {
  it('labels the spec status values', () => {
    expect(
      ['CardSetup', 'SetupIntentCreated', 'ReadyToCapture', 'DeliveryReady', 'waiting_for_delivery'].map(statusLabel),
    ).toEqual(['Card Setup', 'Setup Intent Created', 'Ready To Capture', 'Delivery Ready', 'Waiting for delivery']);
    expect(statusLabel('New')).toBe('New');
    // every other value the document lists is shown as it is, spellings and all
    for (const value of [
      'Accepted',
      'Delivered',
      'cancelled',
      'Canceled',
      'accepting',
      'delivered',
      'declined',
      'created',
      'detail_entered',
      'delivery_ready',
      'canceled',
    ]) {
      expect(statusLabel(value)).toBe(value);
    }
    expect(statusLabel('customer_paid')).toBe('Delivered');
    expect(displayStatus('processed')).toBe('Processed');
    expect(displayStatus('pending')).toBeNull();
    // a captured order cancelled or declined afterwards shows its own label, not Processed
    expect(displayStatus('processed', 'Canceled')).toBeNull();
    expect(displayStatus('processed', 'declined')).toBeNull();
    expect(displayStatus('processed', 'Accepted')).toBe('Processed');
  });
  it('upcoming until delivered, final or past delivery', () => {
    expect(isUpcoming({ status: 'Accepted', deliveryAt: later(1) }, NOW)).toBe(true);
    expect(isUpcoming({ status: 'Delivered', deliveryAt: later(1) }, NOW)).toBe(false);
    expect(isUpcoming({ status: 'Accepted', deliveryAt: later(-1) }, NOW)).toBe(false);
  });
  it('invoices exist for delivery-ready and delivered orders only', () => {
    expect(CATERING_STATUSES.filter(invoiceAvailable)).toEqual(['DeliveryReady', 'Delivered', 'customer_paid']);
  });
});
