// Helpers for the statements' integration tests (not loaded by the app): orders written straight
// into the tables with known figures, so that every cent of a statement can be checked.
import type { Db } from '../../db/pool.js';

let next = 1;

export interface TestOrder {
  userId: number;
  status: string;
  deliveryAt: string;
  /** the food of each restaurant: one line each */
  food: { chefId: number; cents: number }[];
  deliveryFee?: number;
  cutlery?: number;
  tax?: number;
  tip?: number;
  company?: string;
}

/** Writes a placed order with one line per restaurant; answers its id and number. */
export async function insertOrder(db: Db, o: TestOrder): Promise<{ id: number; number: string }> {
  const n = next++;
  const number = `CW-2026-9${String(n).padStart(5, '0')}`;
  const subtotal = o.food.reduce((s, f) => s + f.cents, 0);
  const [fee, cutlery, tax, tip] = [o.deliveryFee ?? 0, o.cutlery ?? 0, o.tax ?? 0, o.tip ?? 0];
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO catering_orders (order_number, purchase_id, user_id, chef_id, chef_ids, status, receiving_method,
        first_name, last_name, company_name, phone_number, email, serving_style, delivery_at, time_zone,
        order_processing_at, subtotal_cents, delivery_fee_cents, cutlery_cents, tax_cents, tip_cents, total_cents,
        request_payload)
     VALUES ($1, $2, $3, $4, $5, $6, 'delivery', 'Dana', 'Lee', $7, '4165550100', 'dana@example.com', 'Family Style',
        $8, 'America/Toronto', $8::timestamptz - interval '1 day', $9, $10, $11, $12, $13, $14, '{}')
     RETURNING id::int AS id`,
    [
      number,
      `statement-test-${n}-${Date.now()}`,
      o.userId,
      o.food[0]!.chefId,
      o.food.map((f) => f.chefId),
      o.status,
      o.company ?? 'Acme Corp',
      o.deliveryAt,
      subtotal,
      fee,
      cutlery,
      tax,
      tip,
      subtotal + fee + cutlery + tax + tip,
    ],
  );
  const id = rows[0]!.id;
  for (const [position, f] of o.food.entries())
    await db.query(
      `INSERT INTO catering_order_items (catering_order_id, position, chef_id, menu_name, quantity, unit_price_cents, line_subtotal_cents)
       VALUES ($1, $2, $3, 'Lunch tray', 1, $4, $4)`,
      [id, position, f.chefId, f.cents],
    );
  return { id, number };
}
