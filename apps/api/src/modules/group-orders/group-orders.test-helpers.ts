// Helpers for the group-order integration tests (not loaded by the app).
import type { GroupOrderDetailsBody } from '@caterway/contracts';
import type { RestaurantFixture } from '../orders/orders.test-helpers.js';

/** The details a creator completes on the group-order site, a few hundred metres from the chef; opens ordering. */
export function groupOrderDetails(
  f: RestaurantFixture,
  required: Pick<GroupOrderDetailsBody, 'budget_cents' | 'delivery_date'>,
  overrides: Partial<GroupOrderDetailsBody> = {},
): GroupOrderDetailsBody {
  return {
    name: 'Friday lunch',
    head_count: 5,
    gap_days: 1,
    cutoff_time: 17 * 3600,
    delivery_time: 12 * 3600,
    delivery_address: '100 King St W, Toronto, ON',
    delivery_suite_address: 'Suite 500',
    latitude: f.chef.latitude + 0.005,
    longitude: f.chef.longitude,
    delivery_contact_person: 'Dana Morgan',
    delivery_phone_number: '416-555-0101',
    delivery_instruction: 'Front desk',
    company_name: 'Northwind Consulting',
    open_ordering: true,
    ...required,
    ...overrides,
  };
}
