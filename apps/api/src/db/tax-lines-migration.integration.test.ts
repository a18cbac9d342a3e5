import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmptyTestDatabase } from '../../test/helpers.js';
import { migrate } from './migrate.js';

// Migration 032 (issue 17; docs/decisions/033) moves taxes to the place of supply. It must
// recompute nothing already charged: an order placed before it keeps its name, rate, cents and
// total, now as one stored tax line; only new rows are held to total = parts.

describe('migration 032 over orders placed before it', () => {
  let t: Awaited<ReturnType<typeof createEmptyTestDatabase>>;
  const orders = [
    // a Vancouver order charged the old 12% GST+PST, a Montreal order with one combined QST line
    { number: 'CW-2026-000901', taxName: 'GST+PST', taxRate: 12, subtotal: 50_000, fee: 1500, cutlery: 500, tax: 6240 },
    {
      number: 'CW-2026-000902',
      taxName: 'GST+QST',
      taxRate: 14.975,
      subtotal: 71_995,
      fee: 0,
      cutlery: 0,
      tax: 10_781,
    },
  ];

  beforeAll(async () => {
    t = await createEmptyTestDatabase();
    await migrate(t.db, { stopBefore: '032' });
    const { rows: users } = await t.db.query<{ id: number }>(
      `INSERT INTO users (email, password_hash, first_name, last_name) VALUES ('old@example.com', 'x', 'Old', 'Order') RETURNING id`,
    );
    await t.db.query(
      `INSERT INTO chefs (slug, business_name, first_name, last_name, address1, city, province, zip, country, latitude, longitude, tax_name, tax_rate)
       VALUES ('old-kitchen', 'Old Kitchen', 'A', 'B', '1 Main St', 'Vancouver', 'BC', 'V6B 1A1', 'CA', 49.28, -123.12, 'GST+PST', 12)`,
    );
    for (const o of orders) {
      await t.db.query(
        `INSERT INTO catering_orders (order_number, purchase_id, user_id, status, receiving_method, first_name, last_name, phone_number, email,
           serving_style, delivery_at, order_processing_at, subtotal_cents, delivery_fee_cents, cutlery_cents, tax_cents, total_cents,
           tax_name, tax_rate, request_payload)
         VALUES ($1, $1, $2, 'New', 'delivery', 'Old', 'Order', '604-555-0100', 'old@example.com', 'Family Style',
           '2026-10-01T18:00:00Z', '2026-09-30T18:00:00Z', $3::int, $4::int, $5::int, $6::int, $3::int + $4::int + $5::int + $6::int, $7, $8, '{}')`,
        [o.number, users[0]!.id, o.subtotal, o.fee, o.cutlery, o.tax, o.taxName, o.taxRate],
      );
    }
    await migrate(t.db);
  }, 60_000);
  afterAll(async () => {
    await t?.drop();
  });

  it('keeps every amount and turns the one tax into one line with the same name, rate and cents', async () => {
    const { rows } = await t.db.query(
      `SELECT order_number, subtotal_cents, delivery_fee_cents, cutlery_cents, tax_cents, total_cents, tax_name, tax_rate::float AS tax_rate, tax_lines, tip_cents
         FROM catering_orders ORDER BY order_number`,
    );
    expect(rows).toEqual(
      orders.map((o) => ({
        order_number: o.number,
        subtotal_cents: o.subtotal,
        delivery_fee_cents: o.fee,
        cutlery_cents: o.cutlery,
        tax_cents: o.tax,
        total_cents: o.subtotal + o.fee + o.cutlery + o.tax,
        tax_name: o.taxName,
        tax_rate: o.taxRate,
        tax_lines: [{ name: o.taxName, rate_percent: o.taxRate, cents: o.tax, jurisdiction: null }],
        tip_cents: 0,
      })),
    );
  });

  it("drops the restaurants' tax columns and holds new rows to total = parts", async () => {
    const { rows } = await t.db.query(
      `SELECT column_name FROM information_schema.columns WHERE table_name = 'chefs' AND column_name LIKE 'tax%'`,
    );
    expect(rows).toEqual([]);
    await expect(
      t.db.query(`UPDATE catering_orders SET total_cents = total_cents + 1 WHERE order_number = $1`, [
        orders[0]!.number,
      ]),
    ).rejects.toThrow(/catering_orders_total_is_its_parts/);
  });
});
