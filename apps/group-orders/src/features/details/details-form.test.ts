import { describe, expect, it } from 'vitest';
import type { GroupOrder } from '@caterway/contracts';
import { checkDetails, CORPORATE_FIELD_MAX, formFromGroupOrder, type DetailsForm } from './details-form';

const created = {
  name: 'Team lunch',
  head_count: 12,
  budget_cents: 2500,
  gap_days: 1,
  cutoff_time: 17 * 3600,
  delivery_time: 11 * 3600 + 30 * 60,
  delivery_date: null,
  delivery_address: '',
  delivery_suite_address: '',
  delivery_contact_person: '',
  delivery_phone_number: '',
  delivery_instruction: '',
  company_name: '',
  po_number: '',
  cost_centre: '',
  delivery_params: { delivery_date: '2026-12-03', address: '100 King St W, Toronto' },
} as unknown as GroupOrder;

const complete: DetailsForm = {
  ...formFromGroupOrder(created),
  deliveryContactPerson: 'Dana Demo',
  deliveryPhoneNumber: '416-555-0142',
};
const extra = { latitude: 43.65, longitude: -79.38, openOrdering: true };

describe('the details form', () => {
  it("is prefilled from the account's defaults and the storefront's delivery details", () => {
    expect(formFromGroupOrder(created)).toMatchObject({
      name: 'Team lunch',
      headCount: '12',
      budget: '25.00',
      gapDays: '1',
      cutoffTime: '17:00',
      deliveryTime: '11:30',
      deliveryDate: '2026-12-03',
      deliveryAddress: '100 King St W, Toronto',
    });
    // the query the storefront put on the link, when the saved params lack the date
    const bare = { ...created, delivery_params: {} };
    expect(
      formFromGroupOrder(bare, new URLSearchParams('delivery_date=12/04/2026&address=1%20Front%20St')).deliveryDate,
    ).toBe('2026-12-04');
    // entered details win over both
    expect(formFromGroupOrder({ ...created, delivery_date: '2026-12-10', delivery_address: '5 Bay St' })).toMatchObject(
      { deliveryDate: '2026-12-10', deliveryAddress: '5 Bay St' },
    );
  });

  it('builds the PUT body in the wire units', () => {
    const checked = checkDetails(complete, extra);
    expect(checked).toEqual({
      ok: true,
      body: expect.objectContaining({
        head_count: 12,
        budget_cents: 2500,
        gap_days: 1,
        cutoff_time: 61_200,
        delivery_time: 41_400,
        delivery_date: '2026-12-03',
        latitude: 43.65,
        open_ordering: true,
      }),
    });
  });

  it("puts the API's own messages under the fields that are wrong", () => {
    const checked = checkDetails(
      {
        ...complete,
        gapDays: '0',
        headCount: 'many',
        budget: 'lots',
        deliveryContactPerson: ' ',
        cutoffTime: '',
        deliveryDate: '',
      },
      extra,
    );
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.errors).toEqual({
      gapDays: 'Gap days must be at least 1.',
      headCount: 'Please enter a whole number.',
      budget: 'Please enter the budget in dollars, such as 25.00.',
      deliveryContactPerson: 'Please fill in the required field.',
      cutoffTime: 'Please select a valid time.',
      deliveryDate: 'Please select valid date.',
    });
  });
});

describe('the delivery time', () => {
  it('refuses midnight under the time field, as the API does (issue 17 part 5)', () => {
    for (const deliveryTime of ['00:00', '00:00:30']) {
      expect(checkDetails({ ...complete, deliveryTime }, extra), deliveryTime).toEqual({
        ok: false,
        errors: { deliveryTime: 'Midnight (12:00 AM) is not a delivery time. Please select another time.' },
      });
    }
    // the minutes either side are times of the delivery date
    for (const [deliveryTime, seconds] of [
      ['00:01', 60],
      ['23:59', 86_340],
    ] as const) {
      expect(checkDetails({ ...complete, deliveryTime }, extra)).toEqual({
        ok: true,
        body: expect.objectContaining({ delivery_time: seconds }),
      });
    }
  });
});

describe('the 90-day horizon', () => {
  it('refuses a delivery date past today + 90 days, under the date field', () => {
    const now = new Date(2026, 10, 26, 9, 0);
    expect(checkDetails({ ...complete, deliveryDate: '2027-02-24' }, { ...extra, now }).ok).toBe(true);
    const far = checkDetails({ ...complete, deliveryDate: '2027-02-25' }, { ...extra, now });
    expect(far).toEqual({
      ok: false,
      errors: {
        deliveryDate:
          'Orders can be placed at most 90 days ahead. Please select a delivery date on or before 2027-02-24.',
      },
    });
  });
});

describe('the PO number and cost centre (issue 17 part 3)', () => {
  it('are empty for a new group order and pre-filled from what the API answers', () => {
    expect(formFromGroupOrder(created)).toMatchObject({ poNumber: '', costCentre: '' });
    expect(formFromGroupOrder({ ...created, po_number: 'PO-4471', cost_centre: 'CC 310' })).toMatchObject({
      poNumber: 'PO-4471',
      costCentre: 'CC 310',
    });
  });

  it('go out as po_number and cost_centre', () => {
    expect(checkDetails({ ...complete, poNumber: 'PO-4471', costCentre: 'CC 310' }, extra)).toEqual({
      ok: true,
      body: expect.objectContaining({ po_number: 'PO-4471', cost_centre: 'CC 310' }),
    });
  });

  it("take at most 64 characters, with the API's message under each field", () => {
    expect(CORPORATE_FIELD_MAX).toBe(64);
    expect(checkDetails({ ...complete, poNumber: 'P'.repeat(64), costCentre: 'C'.repeat(64) }, extra).ok).toBe(true);
    expect(checkDetails({ ...complete, poNumber: 'P'.repeat(65), costCentre: 'C'.repeat(65) }, extra)).toEqual({
      ok: false,
      errors: {
        poNumber: 'PO number must be at most 64 characters.',
        costCentre: 'Cost centre must be at most 64 characters.',
      },
    });
  });
});
