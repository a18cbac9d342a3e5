import { describe, expect, it } from 'vitest';
import { orderPayloadSchema } from '@caterway/contracts';
import { availableTimeSlots, deliveryInstant, localDateOf, messages } from '@caterway/domain';
import {
  buildOrderPayload,
  CORPORATE_FIELD_MAX,
  cutleryCountOf,
  extraMessages,
  noExtras,
  orderFormValues,
  serverFieldErrors,
  setCutleryCount,
  setCutleryNeeded,
  tipOf,
  validateCheckoutForm,
  type CheckoutFormValues,
} from './checkout-form';
import { placedOrder, withTip } from './checkout.test-helpers';

const now = new Date(2026, 10, 22, 9, 0); // 22 Nov 2026 09:00 local
const valid: CheckoutFormValues = {
  firstName: 'Dana',
  lastName: 'Park',
  companyName: 'Maple Analytics',
  phoneNumber: '416-555-0142',
  emailAddress: 'dana@example.com',
  address: '100 King St W, Toronto',
  address2: 'Suite 400',
  date: '2026-11-25',
  time: '11:30 AM',
  notes: 'Front desk',
  servingStyle: 'Family Style',
  cutleryNeeded: false,
  cutleryCount: '',
  ...noExtras,
};

describe('validateCheckoutForm', () => {
  it('accepts a complete delivery form', () => {
    expect(validateCheckoutForm(valid, { receivingMethod: 'delivery', now })).toEqual({});
  });

  it('requires company, phone, email and the address for delivery', () => {
    const errors = validateCheckoutForm(
      { ...valid, companyName: ' ', phoneNumber: '', emailAddress: '', address: '' },
      { receivingMethod: 'delivery', now },
    );
    expect(errors).toEqual({
      companyName: messages.required,
      phoneNumber: messages.required,
      emailAddress: messages.required,
      address: messages.required,
    });
  });

  it('does not require the address for pickup, nor company or address for add-on orders', () => {
    expect(validateCheckoutForm({ ...valid, address: '' }, { receivingMethod: 'pickup', now })).toEqual({});
    expect(
      validateCheckoutForm(
        { ...valid, address: '', companyName: '' },
        { receivingMethod: 'delivery', isAddOn: true, now },
      ),
    ).toEqual({});
  });

  it('checks the email, date and time', () => {
    const errors = validateCheckoutForm(
      { ...valid, emailAddress: 'dana@', date: '2026-11-21' },
      { receivingMethod: 'delivery', now },
    );
    expect(errors.emailAddress).toBe(messages.invalidEmail);
    expect(errors.date).toBe(messages.invalidDate);
    expect(
      validateCheckoutForm({ ...valid, date: '2026-11-22', time: '08:00 AM' }, { receivingMethod: 'delivery', now })
        .time,
    ).toBe(messages.invalidTime);
    expect(validateCheckoutForm({ ...valid, time: '11:31 AM' }, { receivingMethod: 'delivery', now }).time).toBe(
      messages.invalidTime,
    );
  });
});

describe('cutlery', () => {
  it('ignores unticking while the count is above 0', () => {
    const ticked = { ...valid, cutleryNeeded: true, cutleryCount: '12' };
    expect(setCutleryNeeded(ticked, false)).toBe(ticked);
    expect(setCutleryNeeded({ ...ticked, cutleryCount: '0' }, false).cutleryNeeded).toBe(false);
    expect(setCutleryNeeded({ ...ticked, cutleryCount: '' }, false).cutleryNeeded).toBe(false);
  });

  it('accepts digits only, and only while ticked', () => {
    expect(setCutleryCount(valid, '5')).toBe(valid);
    const ticked = setCutleryNeeded(valid, true);
    expect(setCutleryCount(ticked, '1a2-').cutleryCount).toBe('12');
    expect(setCutleryCount(ticked, '007').cutleryCount).toBe('7');
    expect(setCutleryCount(ticked, '-3').cutleryCount).toBe('3');
  });

  it('counts nothing unless ticked', () => {
    expect(cutleryCountOf({ cutleryNeeded: true, cutleryCount: '40' })).toBe(40);
    expect(cutleryCountOf({ cutleryNeeded: false, cutleryCount: '40' })).toBe(0);
    expect(cutleryCountOf({ cutleryNeeded: true, cutleryCount: '' })).toBe(0);
  });
});

describe('buildOrderPayload', () => {
  const input = {
    presetId: 3,
    presetName: 'Lunch',
    presetItems: [{ id: 1, menu_id: 9, quantity: 10 }],
    lat: 43.6,
    lng: -79.4,
  };

  it('sends delivery fields for delivery, with HH:mm time', () => {
    const payload = buildOrderPayload({
      ...input,
      values: { ...valid, cutleryNeeded: true, cutleryCount: '20' },
      receivingMethod: 'delivery',
      deliveryFeeCents: 1250,
    });
    expect(payload).toMatchObject({
      delivery_fee: 1250,
      preset_id: 3,
      num_cutlery: 20,
      serving_style: 'Family Style',
      receiving_method: 'delivery',
      delivery_address: '100 King St W, Toronto',
      delivery_suite_address: 'Suite 400',
      delivery_date: '2026-11-25',
      delivery_time: '11:30',
      delivery_instruction: 'Front desk',
      latitude: 43.6,
      longitude: -79.4,
      email: 'dana@example.com',
    });
    expect(payload).not.toHaveProperty('pickup_date');
  });

  it('leaves the delivery fee out when the cart had no quote, and for pickup', () => {
    expect(buildOrderPayload({ ...input, values: valid, receivingMethod: 'delivery' })).not.toHaveProperty(
      'delivery_fee',
    );
    expect(
      buildOrderPayload({ ...input, values: valid, receivingMethod: 'pickup', deliveryFeeCents: 1250 }),
    ).not.toHaveProperty('delivery_fee');
  });

  it('sends pickup fields for pickup', () => {
    const payload = buildOrderPayload({ ...input, values: { ...valid, time: '01:15 PM' }, receivingMethod: 'pickup' });
    expect(payload).toMatchObject({
      receiving_method: 'pickup',
      pickup_date: '2026-11-25',
      pickup_time: '13:15',
      pickup_instruction: 'Front desk',
    });
    expect(payload).not.toHaveProperty('delivery_address');
    expect(payload).not.toHaveProperty('delivery_date');
  });
});

describe('the delivery time slots on the wire (issue 17 part 5)', () => {
  const input = {
    presetId: 3,
    presetName: 'Lunch',
    presetItems: [{ id: 1, menu_id: 9, quantity: 10 }],
    lat: 43.6,
    lng: -79.4,
  };
  const zone = 'America/Toronto';

  it('sends every offered slot as a time on the chosen date, the last one 11:45 PM, none at midnight', () => {
    const slots = availableTimeSlots('2026-12-03', now);
    expect(slots.at(-1)).toBe('11:45 PM');
    expect(slots).not.toContain('12:00 AM');
    let previous = -Infinity;
    for (const time of slots) {
      const payload = buildOrderPayload({
        ...input,
        values: { ...valid, date: '2026-12-03', time },
        receivingMethod: 'delivery',
      });
      expect(orderPayloadSchema.safeParse(payload).success, time).toBe(true);
      // the instant the API makes of it lies on Dec 3 in the restaurant's zone, and each slot is
      // 15 minutes after the one above it in the list (the old closing '12:00 AM' jumped back to
      // the start of Dec 3)
      const at = deliveryInstant(payload.delivery_date!, payload.delivery_time!, zone)!;
      expect(localDateOf(at, zone), time).toBe('2026-12-03');
      if (previous !== -Infinity) expect(at.getTime() - previous, time).toBe(15 * 60_000);
      previous = at.getTime();
    }
    const last = buildOrderPayload({
      ...input,
      values: { ...valid, date: '2026-12-03', time: '11:45 PM' },
      receivingMethod: 'delivery',
    });
    expect([last.delivery_date, last.delivery_time]).toEqual(['2026-12-03', '23:45']);
  });

  it("refuses '12:00 AM' in the form, and the API refuses the '00:00' it would have sent", () => {
    expect(
      validateCheckoutForm({ ...valid, date: '2026-12-03', time: '12:00 AM' }, { receivingMethod: 'delivery', now })
        .time,
    ).toBe(messages.invalidTime);
    const stale = buildOrderPayload({
      ...input,
      values: { ...valid, date: '2026-12-03', time: '12:00 AM' },
      receivingMethod: 'delivery',
    });
    expect(stale.delivery_time).toBe('00:00');
    const parsed = orderPayloadSchema.safeParse(stale);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['delivery_time', messages.invalidTime],
    ]);
  });
});

describe('the 90-day horizon', () => {
  it("refuses a date past today + 90 days with the server's message", () => {
    expect(
      validateCheckoutForm({ ...valid, date: '2027-02-20' }, { receivingMethod: 'delivery', now }).date,
    ).toBeUndefined();
    expect(validateCheckoutForm({ ...valid, date: '2027-02-21' }, { receivingMethod: 'delivery', now }).date).toBe(
      messages.tooFarAhead(90, '2027-02-20'),
    );
  });
});

describe('the tip (issue 17 part 4)', () => {
  const input = {
    presetId: 3,
    presetName: 'Lunch',
    presetItems: [{ id: 1, menu_id: 9, quantity: 10 }],
    lat: 43.6,
    lng: -79.4,
  };
  const payload = (values: Partial<CheckoutFormValues>) =>
    buildOrderPayload({ ...input, values: { ...valid, ...values }, receivingMethod: 'delivery' });

  it('sends none by default, explicitly, so an edit can take a tip away', () => {
    const p = payload({});
    expect([p.tip_percent, p.tip_cents]).toEqual([null, null]);
    expect(orderPayloadSchema.safeParse(p).success).toBe(true);
    expect(tipOf(valid)).toBeNull();
  });

  it('sends a percent as tip_percent and an amount in dollars as tip_cents, never both', () => {
    for (const percent of [10, 15, 18] as const) {
      const p = payload({ tip: String(percent) as '10' | '15' | '18' });
      expect([p.tip_percent, p.tip_cents]).toEqual([percent, null]);
      expect(orderPayloadSchema.safeParse(p).success).toBe(true);
    }
    const p = payload({ tip: 'amount', tipAmount: '$12.50' });
    expect([p.tip_percent, p.tip_cents]).toEqual([null, 1250]);
    expect(orderPayloadSchema.safeParse(p).success).toBe(true);
    expect(tipOf({ tip: 'amount', tipAmount: '7' })).toEqual({ cents: 700 });
    // a percent typed earlier into the amount does not leak into a percent choice
    expect(payload({ tip: '15', tipAmount: '9.99' }).tip_cents).toBeNull();
  });

  it("asks for an amount in dollars, and refuses one above the largest tip with the server's message", () => {
    const check = (tipAmount: string) =>
      validateCheckoutForm({ ...valid, tip: 'amount', tipAmount }, { receivingMethod: 'delivery', now }).tipAmount;
    expect(check('')).toBe(extraMessages.amount);
    expect(check('12.345')).toBe(extraMessages.amount);
    expect(check('-5')).toBe(extraMessages.amount);
    expect(check('0')).toBeUndefined();
    expect(check('100,000.00')).toBeUndefined();
    expect(check('100,000.01')).toBe('The tip is too large.');
    // the same words as the server's
    const tooLarge = orderPayloadSchema.safeParse({ ...payload({}), tip_cents: 10_000_001 });
    expect(tooLarge.error?.issues.map((i) => i.message)).toEqual([extraMessages.tooLarge]);
    // only the amount choice is checked
    expect(
      validateCheckoutForm({ ...valid, tip: '10', tipAmount: 'junk' }, { receivingMethod: 'delivery', now }),
    ).toEqual({});
  });
});

describe('the PO number, cost centre and on-site contact (issue 17 part 3)', () => {
  const input = {
    presetId: 3,
    presetName: 'Lunch',
    presetItems: [{ id: 1, menu_id: 9, quantity: 10 }],
    lat: 43.6,
    lng: -79.4,
  };
  const payload = (values: Partial<CheckoutFormValues>, receivingMethod: 'delivery' | 'pickup' = 'delivery') =>
    buildOrderPayload({ ...input, values: { ...valid, ...values }, receivingMethod });

  it('sends the PO number and cost centre trimmed, empty when not given', () => {
    expect(payload({ poNumber: ' PO-4471 ', costCentre: ' CC 310-Marketing ' })).toMatchObject({
      po_number: 'PO-4471',
      cost_centre: 'CC 310-Marketing',
    });
    expect(payload({}, 'pickup')).toMatchObject({ po_number: '', cost_centre: '' });
  });

  it('takes at most the 64 characters the server takes, and puts its messages under the fields', () => {
    expect(CORPORATE_FIELD_MAX).toBe(64);
    expect(
      orderPayloadSchema.safeParse(payload({ poNumber: 'P'.repeat(64), costCentre: 'C'.repeat(64) })).success,
    ).toBe(true);
    // the server's answer to 65 characters, as its contract words it, lands on the right fields
    const refused = orderPayloadSchema.safeParse(payload({ poNumber: 'P'.repeat(65), costCentre: 'C'.repeat(65) }));
    const serverMessages = refused.error!.issues.map((i) => i.message);
    expect(serverMessages).toEqual([
      'PO number must be at most 64 characters.',
      'Cost centre must be at most 64 characters.',
    ]);
    expect(serverFieldErrors([...serverMessages, 'Store is closed on this day!'])).toEqual({
      fields: {
        poNumber: 'PO number must be at most 64 characters.',
        costCentre: 'Cost centre must be at most 64 characters.',
      },
      rest: ['Store is closed on this day!'],
    });
  });

  it("sends the on-site contact only while 'Someone else will receive the order' is ticked, and only for delivery", () => {
    const contact = { onsiteContactName: ' Sam Lee ', onsiteContactPhone: ' 514-555-0199 ' };
    expect(payload({ onsiteContact: true, ...contact })).toMatchObject({
      onsite_contact_name: 'Sam Lee',
      onsite_contact_phone: '514-555-0199',
    });
    expect(payload({ onsiteContact: false, ...contact })).toMatchObject({
      onsite_contact_name: '',
      onsite_contact_phone: '',
    });
    expect(payload({ onsiteContact: true, ...contact }, 'pickup')).not.toHaveProperty('onsite_contact_name');
    expect(orderPayloadSchema.safeParse(payload({ onsiteContact: true, ...contact })).success).toBe(true);
  });

  it('asks for both the name and the phone, or neither, as the server does', () => {
    const check = (values: Partial<CheckoutFormValues>) =>
      validateCheckoutForm({ ...valid, onsiteContact: true, ...values }, { receivingMethod: 'delivery', now });
    expect(check({ onsiteContactName: 'Sam Lee' })).toEqual({ onsiteContactPhone: extraMessages.onsitePair });
    expect(check({ onsiteContactPhone: '514-555-0199' })).toEqual({ onsiteContactName: extraMessages.onsitePair });
    expect(check({})).toEqual({});
    const server = orderPayloadSchema.safeParse(payload({ onsiteContact: true, onsiteContactName: 'Sam Lee' }));
    expect(server.error?.issues.map((i) => i.message)).toEqual([extraMessages.onsitePair]);
    expect(serverFieldErrors(['On-site contact phone must be a phone number.']).fields).toEqual({
      onsiteContactPhone: 'On-site contact phone must be a phone number.',
    });
  });
});

describe('the edit page starts from the order (issue 17)', () => {
  it('pre-fills the tip as the percent chosen, else as the amount, else none', () => {
    expect(orderFormValues(placedOrder({ tipPercent: 18, totals: withTip(1801) }))).toMatchObject({
      tip: '18',
      tipAmount: '',
    });
    expect(orderFormValues(placedOrder({ totals: withTip(725) }))).toMatchObject({ tip: 'amount', tipAmount: '7.25' });
    expect(orderFormValues(placedOrder({ totals: withTip(0) }))).toMatchObject({ tip: 'none', tipAmount: '' });
  });

  it('pre-fills the PO number, cost centre and on-site contact, and sends them back unchanged', () => {
    const values = orderFormValues(placedOrder({ costCentre: 'CC-310' }));
    expect(values).toMatchObject({
      poNumber: 'PO-4471',
      costCentre: 'CC-310',
      onsiteContact: true,
      onsiteContactName: 'Sam Lee',
      onsiteContactPhone: '514-555-0199',
    });
    expect(orderFormValues(placedOrder({ onsiteContactName: '', onsiteContactPhone: '' })).onsiteContact).toBe(false);
    const again = buildOrderPayload({
      values,
      presetId: 3,
      presetName: 'Lunch',
      presetItems: [],
      receivingMethod: 'delivery',
      lat: null,
      lng: null,
    });
    expect(again).toMatchObject({
      po_number: 'PO-4471',
      cost_centre: 'CC-310',
      onsite_contact_name: 'Sam Lee',
      onsite_contact_phone: '514-555-0199',
    });
  });
});
