// Helpers for the reports unit tests (not loaded by the app).
import type { SpendRow } from './reports.repository.js';

/** A spend row as the repository reads it: an Accepted Toronto order of $10.00 with no tax, fee or tip. */
export function spendRow(id: number, overrides: Partial<SpendRow> = {}): SpendRow {
  return {
    id,
    order_number: `CW-2026-${String(id).padStart(6, '0')}`,
    delivery_at: new Date('2026-03-09T16:00:00Z'),
    time_zone: 'America/Toronto',
    chef_name: 'Chef',
    preset_slug: 'lunch',
    status: 'Accepted',
    po_number: '',
    cost_centre: '',
    currency: 'cad',
    subtotal_cents: 1000,
    delivery_fee_cents: 0,
    cutlery_cents: 0,
    tax_lines: [],
    tip_cents: 0,
    total_cents: 1000,
    ...overrides,
  };
}
