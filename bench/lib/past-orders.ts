// Past orders for the benchmark (issue 7: 10,000 past orders beside the large catalogue).
// A few orders are placed for real through the HTTP checkout (priced, authorised by the
// sandbox, confirmation emailed); the rest are set-based copies of them in SQL, each delivered
// on a different past day with its own number, purchase id and captured payment, with its
// purchase items. Idempotent: copies are numbered (purchase id bench-past-<n>) and a rerun adds
// only the missing ones, so reruns cost one count.
import type { Db } from '../../apps/api/src/db/pool.js';
import { withTransaction } from '../../apps/api/src/db/pool.js';
import type { RestaurantFixture } from '../../apps/api/src/modules/orders/orders.test-helpers.js';
import type { Customer } from './customers.js';
import { runLoad } from './load.js';
import { createDrafts, finalizeRequest } from './orders.js';

const PREFIX = 'bench-past-';
/** columns set for each copy; every other column is copied from its template order */
const SET = [
  'id',
  'order_number',
  'purchase_id',
  'status',
  'payment_status',
  'payment_intent_id',
  'delivery_at',
  'order_processing_at',
  'created_at',
  'updated_at',
  'paid_at',
  'editable',
  'processing',
  'authorized_cents',
  'captured_cents',
  'refunded_cents',
  'accepted_at',
  'delivery_ready_at',
  'delivered_at',
  'canceled_at',
  'group_order_uuid',
  'parent_order_id',
  'user_id',
];

export async function ensurePastOrders(
  db: Db,
  port: number,
  customers: Customer[],
  presets: RestaurantFixture[],
  count: number,
): Promise<{ existing: number; added: number; ms: number }> {
  const started = Date.now();
  const { rows: have } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM catering_orders WHERE purchase_id LIKE '${PREFIX}%'`,
  );
  const existing = have[0]!.n;
  if (existing >= count) return { existing, added: 0, ms: Date.now() - started };

  // templates: real orders placed through the API, one per preset up to 12
  const templates = presets.slice(0, 12);
  const { drafts } = await createDrafts(port, templates, customers, templates.length, 4);
  const paid = await runLoad({
    port,
    requests: drafts.map((d) => finalizeRequest(d)),
    concurrency: 4,
    maxSeconds: 120,
  });
  const templateIds = drafts.filter((_, i) => paid.statuses[i] === 200).map((d) => d.id);
  if (!templateIds.length)
    throw new Error(`no template order could be placed (finalize answered ${paid.statuses.join(', ')})`);

  const { rows: columns } = await db.query<{ column_name: string }>(
    `SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'catering_orders' AND is_generated = 'NEVER' AND identity_generation IS NULL`,
  );
  const copied = columns.map((c) => c.column_name).filter((c) => !SET.includes(c));
  const { rows: itemColumns } = await db.query<{ column_name: string }>(
    `SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'catering_order_items' AND column_name NOT IN ('id', 'catering_order_id')`,
  );
  const itemCols = itemColumns.map((c) => c.column_name);
  const userIds = customers.map((c) => c.id);

  const added = await withTransaction(db, async (client) => {
    // n-th copy: template n mod k, customer n mod c, delivered 1 + n mod 700 days ago at lunch
    const inserted = await client.query(
      `WITH t AS (SELECT array_agg(id ORDER BY id) AS ids FROM catering_orders WHERE id = ANY($1::bigint[])),
            n AS (SELECT g, t.ids[1 + g % array_length(t.ids, 1)] AS template_id,
                         date_trunc('day', now()) - make_interval(days => 1 + g % 700) + interval '16 hours' AS at
                    FROM generate_series(1, $2::int) g, t)
       INSERT INTO catering_orders (${copied.join(', ')}, user_id, order_number, purchase_id, status, payment_status, delivery_at, order_processing_at,
                                    created_at, updated_at, paid_at, editable, processing, authorized_cents, captured_cents, refunded_cents,
                                    accepted_at, delivery_ready_at, delivered_at)
       SELECT ${copied.map((c) => `o.${c}`).join(', ')}, ($3::bigint[])[1 + n.g % array_length($3::bigint[], 1)],
              'CW-' || extract(year FROM n.at)::int || '-' || lpad(nextval('catering_order_number_seq')::text, 6, '0'), '${PREFIX}' || n.g,
              'Delivered', 'captured', n.at, n.at - interval '24 hours', n.at - interval '3 days', n.at, n.at - interval '3 days', false, 'processed',
              0, o.total_cents, 0, n.at - interval '2 days', n.at - interval '1 hour', n.at
         FROM n JOIN catering_orders o ON o.id = n.template_id
       ON CONFLICT (purchase_id) DO NOTHING`,
      [templateIds, count, userIds],
    );
    await client.query(
      `INSERT INTO catering_order_items (catering_order_id, ${itemCols.join(', ')})
       SELECT c.id, ${itemCols.map((col) => `i.${col}`).join(', ')}
         FROM catering_orders c
         JOIN LATERAL (SELECT ($1::bigint[])[1 + substr(c.purchase_id, ${PREFIX.length + 1})::int % array_length($1::bigint[], 1)] AS template_id) t ON true
         JOIN catering_order_items i ON i.catering_order_id = t.template_id
        WHERE c.purchase_id LIKE '${PREFIX}%'
          AND NOT EXISTS (SELECT 1 FROM catering_order_items x WHERE x.catering_order_id = c.id)`,
      [templateIds.sort((a, b) => a - b)],
    );
    return inserted.rowCount ?? 0;
  });
  await db.query('VACUUM (ANALYZE) catering_orders, catering_order_items');
  return { existing, added, ms: Date.now() - started };
}

/** Past orders of these customers (invoice sources), newest first. */
export async function pastOrdersOf(
  db: Db,
  customers: Customer[],
  limit: number,
): Promise<{ id: number; customer: Customer }[]> {
  const byId = new Map(customers.map((c) => [c.id, c]));
  const { rows } = await db.query<{ id: string; user_id: string }>(
    `SELECT id, user_id FROM catering_orders WHERE purchase_id LIKE '${PREFIX}%' AND user_id = ANY($1::bigint[]) ORDER BY id DESC LIMIT $2`,
    [customers.map((c) => c.id), limit],
  );
  return rows.map((r) => ({ id: Number(r.id), customer: byId.get(Number(r.user_id))! })).filter((r) => r.customer);
}
