import { describe, expect, it } from 'vitest';
import { addonOrdersEnabled, CATERING_STATUSES } from './order-lifecycle.js';

describe('addonOrdersEnabled (Add Addon Order in the order detail modal)', () => {
  it('is on for a placed, live or delivered catering order whose restaurant takes add-ons', () => {
    for (const status of [
      'New',
      'Accepted',
      'CardSetup',
      'SetupIntentCreated',
      'ReadyToCapture',
      'DeliveryReady',
      'Delivered',
      'customer_paid',
    ]) {
      expect(addonOrdersEnabled({ status, parentOrderId: null, addonLimit: 10 }), status).toBe(true);
    }
  });

  it('is off for drafts, declined and cancelled orders, add-on orders themselves, and restaurants without add-ons', () => {
    for (const status of ['draft', 'declined', 'Canceled'])
      expect(addonOrdersEnabled({ status, parentOrderId: null, addonLimit: 10 }), status).toBe(false);
    for (const status of CATERING_STATUSES) {
      expect(addonOrdersEnabled({ status, parentOrderId: 7, addonLimit: 10 })).toBe(false);
      expect(addonOrdersEnabled({ status, parentOrderId: null, addonLimit: 0 })).toBe(false);
    }
  });
});
