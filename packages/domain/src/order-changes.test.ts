import { describe, expect, it } from 'vitest';
import { messages } from './messages.js';
import {
  addOnLinesProblem,
  addOnParentProblem,
  collectedEditSettlement,
  coverageEvent,
  heldCentsOf,
  intentIsLive,
  orderNoticeHours,
  orderTotalProblems,
  paymentMethodChangeRule,
  paymentStatusOfIntent,
  tipOf,
} from './order-changes.js';
import { editRuleMessages } from './order-lifecycle.js';

const now = new Date('2026-03-02T12:00:00Z');
const later = new Date('2026-03-09T12:00:00Z');
const earlier = new Date('2026-03-01T12:00:00Z');

describe('paymentMethodChangeRule (Update Payment Method)', () => {
  const order = {
    status: 'Accepted',
    paymentStatus: 'authorized',
    deliveryAt: later,
    processingAt: later,
    editable: true,
  };

  it('follows the upcoming-order rule', () => {
    expect(paymentMethodChangeRule(order, now)).toEqual({ allowed: true });
    expect(paymentMethodChangeRule({ ...order, editable: false }, now)).toEqual({
      allowed: false,
      message: editRuleMessages.beingPrepared,
    });
    expect(paymentMethodChangeRule({ ...order, status: 'New' }, now)).toEqual({
      allowed: false,
      message: editRuleMessages.notAccepted,
    });
  });

  it('is open to a New order whose scheduled authorisation failed, while its times are ahead', () => {
    const asked = { ...order, status: 'New', paymentStatus: 'failed' };
    expect(paymentMethodChangeRule(asked, now)).toEqual({ allowed: true });
    expect(paymentMethodChangeRule({ ...asked, processingAt: earlier }, now)).toEqual({
      allowed: false,
      message: editRuleMessages.notAccepted,
    });
    expect(paymentMethodChangeRule({ ...asked, deliveryAt: now }, now).allowed).toBe(false);
  });
});

describe('addOnParentProblem', () => {
  it('accepts a live parent whose delivery is ahead', () => {
    for (const status of ['New', 'Accepted', 'CardSetup', 'SetupIntentCreated', 'ReadyToCapture', 'DeliveryReady'])
      expect(addOnParentProblem({ status, deliveryInPast: false }), status).toBeNull();
  });

  it('names a cancelled or declined parent first, then a past delivery, then any other status', () => {
    expect(addOnParentProblem({ status: 'Canceled', deliveryInPast: true })).toBe('cancelled');
    expect(addOnParentProblem({ status: 'declined', deliveryInPast: false })).toBe('cancelled');
    expect(addOnParentProblem({ status: 'Accepted', deliveryInPast: true })).toBe('delivered');
    expect(addOnParentProblem({ status: 'Delivered', deliveryInPast: false })).toBe('closed');
    expect(addOnParentProblem({ status: 'draft', deliveryInPast: false })).toBe('closed');
  });
});

describe('the payment of an intent', () => {
  it('is live while authorised or processing', () => {
    expect(intentIsLive({ status: 'requires_capture', amountCents: 100 })).toBe(true);
    expect(intentIsLive({ status: 'processing', amountCents: 100 })).toBe(true);
    expect(intentIsLive({ status: 'succeeded', amountCents: 100 })).toBe(false);
    expect(intentIsLive({ status: 'canceled', amountCents: 100 })).toBe(false);
    expect(intentIsLive(null)).toBe(false);
  });

  it('gives the order payment status and the held amount', () => {
    expect(paymentStatusOfIntent({ status: 'requires_capture', amountCents: 1 })).toBe('authorized');
    expect(paymentStatusOfIntent({ status: 'processing', amountCents: 1 })).toBe('processing');
    expect(paymentStatusOfIntent({ status: 'succeeded', amountCents: 1 })).toBe('captured');
    expect(paymentStatusOfIntent({ status: 'requires_payment_method', amountCents: 1 })).toBe('failed');
    expect(heldCentsOf({ status: 'requires_capture', amountCents: 4200 })).toBe(4200);
    expect(heldCentsOf({ status: 'processing', amountCents: 4200 })).toBe(0);
  });
});

describe('coverageEvent', () => {
  it('authorises an order waiting for a method once covered, and sends a held order back when not', () => {
    expect(coverageEvent('CardSetup', true)).toBe('payment_authorised');
    expect(coverageEvent('SetupIntentCreated', true)).toBe('payment_authorised');
    expect(coverageEvent('Accepted', false)).toBe('payment_needs_setup');
    expect(coverageEvent('ReadyToCapture', false)).toBe('payment_needs_setup');
  });

  it('moves nothing otherwise', () => {
    expect(coverageEvent('Accepted', true)).toBeNull();
    expect(coverageEvent('CardSetup', false)).toBeNull();
    expect(coverageEvent('New', false)).toBeNull();
    expect(coverageEvent('DeliveryReady', false)).toBeNull();
  });
});

describe('collectedEditSettlement', () => {
  it('refunds the difference to what was received net of refunds', () => {
    expect(collectedEditSettlement({ totalCents: 7000, receivedCents: 10000, refundedCents: 1000 })).toEqual({
      refundCents: 2000,
      covered: true,
    });
  });

  it('refunds nothing for the same total and is not covered for a higher one', () => {
    expect(collectedEditSettlement({ totalCents: 9000, receivedCents: 10000, refundedCents: 1000 })).toEqual({
      refundCents: 0,
      covered: true,
    });
    expect(collectedEditSettlement({ totalCents: 9001, receivedCents: 10000, refundedCents: 1000 })).toEqual({
      refundCents: 0,
      covered: false,
    });
  });
});

describe('preparing an order', () => {
  it('takes 1 hour of notice for an add-on, else the longest of its chefs', () => {
    expect(orderNoticeHours(true, [24, 48])).toBe(1);
    expect(orderNoticeHours(false, [24, 48, 12])).toBe(48);
    expect(orderNoticeHours(false, [])).toBe(0);
  });

  it('prefers a tip percentage (0 included) to an amount', () => {
    expect(tipOf(0, 500)).toEqual({ percent: 0 });
    expect(tipOf(null, 500)).toEqual({ cents: 500 });
    expect(tipOf(null, 0)).toBeNull();
    expect(tipOf(null, undefined)).toBeNull();
  });

  it('caps the lines of an add-on only', () => {
    expect(addOnLinesProblem(false, 50, 1)).toBeNull();
    expect(addOnLinesProblem(true, 1, 1)).toBeNull();
    expect(addOnLinesProblem(true, 2, 1)).toEqual(expect.any(String));
  });

  it('checks the restaurant minimum, an empty add-on and the ceiling in that order', () => {
    const base = {
      isAddOn: false,
      isDelivery: true,
      presetType: 'restaurant',
      presetMinimumCents: 10000,
      lineCount: 1,
      totalCents: 5000,
    };
    expect(orderTotalProblems(base)).toHaveLength(1);
    expect(orderTotalProblems({ ...base, isDelivery: false })).toEqual([]);
    expect(orderTotalProblems({ ...base, presetType: 'catering' })).toEqual([]);
    expect(orderTotalProblems({ ...base, lineCount: 0 })).toEqual([]);
    expect(orderTotalProblems({ ...base, isAddOn: true, totalCents: 0 })).toEqual([messages.cartEmpty]);
    expect(orderTotalProblems({ ...base, totalCents: 100_000_001, presetMinimumCents: 0 })).toEqual([
      messages.orderTooLarge('$1,000,000.00'),
    ]);
  });
});
