// Order writes through HTTP for the fault tests: a few clients each open a checkout and finalize
// it with an Idempotency-Key, retrying the same key until the API gives a final answer.
import crypto from 'node:crypto';
import type { Db } from '../../src/db/pool.js';
import {
  orderPayload,
  restaurantFixture,
  type RestaurantFixture,
} from '../../src/modules/orders/orders.test-helpers.js';

export interface Sample {
  at: number;
  ms: number;
  status: number; // 0: no answer (connection refused or reset, or our own timeout)
  body: string;
  retryAfter: string | null;
}

export interface LoadResult {
  samples: Sample[];
  /** orders whose finalize answered 2xx */
  acknowledged: { id: number; orderNumber: string; key: string }[];
  /** finalizes never answered 2xx within the run (their orders must not be paid) */
  unfinished: number[];
}

const CLIENT_TIMEOUT_MS = 10_000;

/** The fields of the API's JSON answers this load reads. */
interface Answer {
  jwt?: string;
  id?: string;
  payment_method?: { id?: string };
  payment_method_id?: string;
  catering_order?: { id: number; purchase_id: string; order_number: string };
}

export async function request(
  base: string,
  method: string,
  url: string,
  body: unknown,
  headers: Record<string, string>,
  samples: Sample[],
): Promise<Sample & { json?: Answer }> {
  const at = Date.now();
  let s: Sample & { json?: Answer };
  try {
    const res = await fetch(base + url, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS),
    });
    const text = await res.text();
    s = { at, ms: Date.now() - at, status: res.status, body: text, retryAfter: res.headers.get('retry-after') };
    try {
      s.json = JSON.parse(text) as Answer;
    } catch {
      /* not JSON: the assertions report it */
    }
  } catch (err) {
    s = { at, ms: Date.now() - at, status: 0, body: String((err as Error).message), retryAfter: null };
  }
  samples.push({ at: s.at, ms: s.ms, status: s.status, body: s.body.slice(0, 300), retryAfter: s.retryAfter });
  return s;
}

export async function signInDemo(base: string): Promise<string> {
  const res = await request(
    base,
    'POST',
    '/user_token',
    { auth: { email: 'demo@caterway.ca', password: 'Lunch4Forty' } },
    {},
    [],
  );
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${res.body}`);
  return res.json!.jwt as string;
}

export async function sandboxCard(base: string, jwt: string): Promise<string> {
  const res = await request(
    base,
    'POST',
    '/api/v2/sandbox/payment_methods',
    { number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '123' },
    { authorization: `Bearer ${jwt}` },
    [],
  );
  if (res.status !== 200) throw new Error(`sandbox card failed: ${res.status} ${res.body}`);
  return (res.json!.id ?? res.json!.payment_method?.id ?? res.json!.payment_method_id) as string;
}

export async function fixture(db: Db): Promise<RestaurantFixture> {
  return restaurantFixture(db);
}

/**
 * Runs `clients` loops for durationMs. Each loop: create an order (retried until 201), then
 * finalize it under one key, retried with the same key until 2xx or a final 4xx.
 */
export async function runCheckoutLoad(opts: {
  base: () => string;
  jwt: string;
  pm: string;
  f: RestaurantFixture;
  clients: number;
  durationMs: number;
  /** writes go on past durationMs until this settles (and durationMs more after it) */
  until?: Promise<unknown>;
  retryDelayMs?: number;
  settleMs?: number;
}): Promise<LoadResult> {
  const samples: Sample[] = [];
  const acknowledged: LoadResult['acknowledged'] = [];
  const unfinished: number[] = [];
  let end = opts.until ? Infinity : Date.now() + opts.durationMs;
  void opts.until?.finally(() => {
    end = Date.now() + opts.durationMs;
  });
  const auth = { authorization: `Bearer ${opts.jwt}` };
  const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const retryDelay = opts.retryDelayMs ?? 200;
  // retries of a started finalize may continue past the end, so every acknowledged order is known
  const hardEnd = () => end + (opts.settleMs ?? 30_000);

  async function client() {
    while (Date.now() < end) {
      const created = await request(
        opts.base(),
        'POST',
        '/api/v2/catering_orders',
        { catering_order: orderPayload(opts.f, new Date()), is_eft: false },
        auth,
        samples,
      );
      if (created.status !== 201) {
        await pause(retryDelay);
        continue;
      }
      const order = created.json!.catering_order!;
      const key = crypto.randomUUID();
      for (;;) {
        const res = await request(
          opts.base(),
          'POST',
          `/api/v2/catering_orders/${order.id}/finalize`,
          { purchase_id: order.purchase_id, payment_method_id: opts.pm },
          { ...auth, 'idempotency-key': key },
          samples,
        );
        if (res.status >= 200 && res.status < 300) {
          acknowledged.push({ id: order.id, orderNumber: res.json!.catering_order!.order_number, key });
          break;
        }
        const retryable = res.status === 0 || res.status === 409 || res.status >= 500;
        if (!retryable) throw new Error(`finalize of order ${order.id} refused: ${res.status} ${res.body}`);
        if (Date.now() > hardEnd()) {
          unfinished.push(order.id);
          break;
        }
        await pause(retryDelay);
      }
    }
  }
  await Promise.all(Array.from({ length: opts.clients }, client));
  return { samples, acknowledged, unfinished };
}

/** What a finalize that never answered 2xx left behind, for the failure message. */
export async function describeUnfinished(db: Db, load: LoadResult): Promise<string> {
  if (!load.unfinished.length) return '';
  const orders = await db.query(
    'SELECT id, payment_status, payment_started_at, payment_attempts FROM catering_orders WHERE id = ANY($1)',
    [load.unfinished],
  );
  const keys = await db.query("SELECT key, status, created_at FROM idempotency_keys WHERE status = 'in_progress'");
  const last = load.samples.filter((s) => s.status !== 200 && s.status !== 201).slice(-3);
  return JSON.stringify({ orders: orders.rows, keys: keys.rows, last });
}
