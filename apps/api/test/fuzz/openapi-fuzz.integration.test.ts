import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDemoData } from '../../src/db/seed/demo.js';
import { controllableClock, fixedClock } from '../../src/lib/clock.js';
import { goodPassword, signIn, signUpBody, signedInUser } from '../../src/modules/auth/auth.test-helpers.js';
import { groupOrderDetails } from '../../src/modules/group-orders/group-orders.test-helpers.js';
import { auth, placeOrder, staffUser } from '../../src/modules/order-lifecycle/lifecycle.test-helpers.js';
import {
  cards,
  deliverySlot,
  orderPayload,
  restaurantFixture,
  sandboxCard,
  type RestaurantFixture,
} from '../../src/modules/orders/orders.test-helpers.js';
import { createTestApp, type TestContext } from '../helpers.js';
import {
  createGenerator,
  createRng,
  createValidator,
  leaksIn,
  operationsOf,
  type Caller,
  type FuzzRequest,
  type Hints,
  type Json,
  type Operation,
  type Schema,
} from './openapi-fuzz.js';

// Issue 7, item 3: every operation of the OpenAPI document gets at least 100 generated requests
// (valid, boundary and invalid bodies, query strings and ids; as anonymous, a customer and
// staff) against the real app. Pass: no 5xx, every status documented for its operation, every
// body matching its documented schema, invalid input a 4xx with a clear message, and no stack
// trace or SQL text anywhere. FUZZ_SEED=<n> replays a run; FUZZ_REQUESTS=<n> per operation.

const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const PER_OPERATION = Math.max(100, Number(process.env.FUZZ_REQUESTS ?? 100));
const NOW = new Date('2026-11-23T15:00:00Z'); // Monday 10:00 in Toronto
const GROUP_DELIVERY_DATE = '2026-11-27';
const quiet = { info() {}, warn() {}, error() {} };
const SUMMARY_FILE = path.resolve(import.meta.dirname, '../../../../.tmp/fuzz-summary.json');

interface Failure {
  request: FuzzRequest;
  status: number;
  problem: string;
  body: string;
}

describe('OpenAPI fuzzing', () => {
  let ctx: TestContext;
  let f: RestaurantFixture;
  let doc: Schema;
  const distDirs: string[] = [];
  const tokens: Record<Caller, string | null> = { anonymous: null, customer: null, staff: null };
  const signOutTokens: Record<Caller, string[]> = { anonymous: [], customer: [], staff: [] };
  const hints: Hints = { values: {}, pathValues: {}, bodies: {} };

  beforeAll(async () => {
    // a tiny storefront and group-order site, so the SPA fallback and static files are served
    for (const name of ['web', 'group-orders']) {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), `caterway-fuzz-${name}-`));
      fs.mkdirSync(path.join(dir, 'assets'));
      fs.writeFileSync(path.join(dir, 'index.html'), `<!doctype html><title>${name}</title><div id="root"></div>`);
      fs.writeFileSync(path.join(dir, 'assets', 'app.js'), 'console.log(1)');
      distDirs.push(dir);
    }
    ctx = await createTestApp({
      clock: controllableClock(fixedClock(NOW)),
      env: {
        // the fuzzer is one client sending thousands of requests: limits high enough not to
        // answer 429 to all of them (429 stays documented where it can happen)
        SIGNIN_BACKOFF_AFTER: '1000000',
        RATE_LIMIT_SEARCH_PER_MINUTE: '1000000', // read by the search limit where it exists; ignored otherwise
        SESSION_IDLE_MINUTES: '525600',
        E2E_CONTROLLABLE_CLOCK: '1',
        WEB_DIST_DIR: distDirs[0] ?? '',
        GROUP_ORDERS_DIST_DIR: distDirs[1] ?? '',
      },
    });
    await ensureDemoData(ctx.db, quiet);
    doc = ctx.app.swagger();
    await seedObjects();
  }, 180_000);

  afterAll(async () => {
    await ctx?.close();
    for (const dir of distDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  const send = (opts: InjectOptions) => ctx.app.inject(opts);

  /** Real objects the customer owns, so valid requests reach deep code paths. */
  async function seedObjects() {
    f = await restaurantFixture(ctx.db);
    const customer = await signedInUser(ctx.app, ctx.db);
    const staff = await staffUser(ctx.app, ctx.db);
    tokens.customer = customer.jwt;
    tokens.staff = staff.jwt;
    for (let i = 0; i < 3; i++) {
      signOutTokens.customer.push((await signIn(ctx.app, customer.email, customer.password)).json().jwt);
      signOutTokens.staff.push((await signIn(ctx.app, staff.email, staff.password)).json().jwt);
    }
    const staffEvent = (id: number, event: string) =>
      send({ method: 'POST', url: `/api/v2/ops/orders/${id}/events`, headers: auth(staff.jwt), payload: { event } });
    const accepted = await placeOrder(ctx, f, customer.jwt, NOW);
    await staffEvent(accepted.id, 'accept');
    const delivered = await placeOrder(ctx, f, customer.jwt, NOW);
    for (const event of ['accept', 'mark_delivery_ready', 'mark_delivered']) await staffEvent(delivered.id, event);
    const fresh = await placeOrder(ctx, f, customer.jwt, NOW);
    const created = await send({
      method: 'POST',
      url: '/api/v2/catering_orders',
      headers: auth(customer.jwt),
      payload: { catering_order: orderPayload(f, NOW) },
    });
    const unpaid = created.json().catering_order as { id: number; purchase_id: string };
    const addOnRes = await send({
      method: 'POST',
      url: `/api/v2/catering_orders/${accepted.id}/add_on_order`,
      headers: auth(customer.jwt),
    });
    const addOn = addOnRes.json<{ id: number; purchase_id?: string }>();
    const { rows: addOnRows } = await ctx.db.query<{ purchase_id: string }>(
      'SELECT purchase_id FROM catering_orders WHERE id = $1',
      [addOn.id],
    );
    const addOnPurchase = addOnRows[0]?.purchase_id ?? String(addOn.id);

    const pm = await sandboxCard(ctx.deps.payments, cards.ok);
    const saved = await send({
      method: 'POST',
      url: '/api/v2/user_payment_methods',
      headers: auth(customer.jwt),
      payload: { payment_method_id: pm },
    });
    const savedRowId = saved.json().payment_method.id as number;
    const freshCards = await Promise.all(
      [cards.ok, cards.ok, cards.declined, cards.insufficient].map((n) => sandboxCard(ctx.deps.payments, n)),
    );
    const line = orderPayload(f, NOW).preset_items;
    const savedPreset = await send({
      method: 'POST',
      url: '/api/v2/presets',
      headers: auth(customer.jwt),
      payload: {
        preset: { preset_type: 'save_for_later', base_preset_id: f.presetId, name: 'Friday lunch', preset_items: line },
      },
    });
    const savedPresetId = savedPreset.json().preset.id as number;

    const { rows: menus } = await ctx.db.query<{ id: number; price_cents: number }>(
      `SELECT id, price_cents FROM menus WHERE chef_id = $1 AND NOT is_deleted AND menu_type = 'single' AND category_name <> 'Drinks' AND price_cents > 0 ORDER BY price_cents, id LIMIT 5`,
      [f.chef.id],
    );
    const details = groupOrderDetails(f, {
      budget_cents: menus[menus.length - 1]?.price_cents ?? 2000,
      delivery_date: GROUP_DELIVERY_DATE,
    });
    const group = await send({
      method: 'POST',
      url: '/api/v2/group_orders',
      headers: auth(customer.jwt),
      payload: { preset_id: f.presetId, delivery_params: {} },
    });
    const uuid = group.json().uuid as string;
    const put = await send({
      method: 'PUT',
      url: `/api/v2/group_orders/${uuid}`,
      headers: auth(customer.jwt),
      payload: details,
    });
    expect(put.statusCode, put.body).toBe(200);
    const shareToken = put.json().group_order.share_token as string;
    const member = await send({
      method: 'POST',
      url: `/api/v2/group/${shareToken}/members`,
      payload: { name: 'Sam', email: 'sam@example.com', dietary_needs: 'vegan' },
    });
    const memberToken = member.json().member_token as string;
    const { rows: mails } = await ctx.db.query<{ id: number }>('SELECT id FROM outbox_emails ORDER BY id LIMIT 3');
    const slot = deliverySlot(f, NOW);

    const orderIds = [accepted.id, delivered.id, fresh.id, unpaid.id, addOn.id].map(String);
    hints.values = {
      id: orderIds,
      preset_id: [f.presetId],
      base_preset_id: [f.presetId],
      presetId: [String(f.presetId)],
      chef_id: [f.chef.id],
      menu_id: menus.map((m) => m.id),
      payment_method_id: [pm, ...freshCards],
      purchase_id: [unpaid.purchase_id, accepted.purchase_id, addOnPurchase],
      'idempotency-key': [crypto.randomUUID(), crypto.randomUUID()],
      'x-member-token': [memberToken],
      email: [customer.email, 'dana@example.com'],
      password: [goodPassword],
      password_confirmation: [goodPassword],
      number: [cards.ok, cards.declined, '4000000000000069'],
      exp_month: [12],
      exp_year: [2030],
      cvc: ['123'],
      institution_number: ['004'],
      transit_number: ['12345'],
      account_number: ['0001234567'],
      latitude: [f.chef.latitude + 0.005],
      longitude: [f.chef.longitude],
      lat: [f.chef.latitude + 0.005],
      lng: [f.chef.longitude],
      user_lat: [f.chef.latitude + 0.005],
      user_lng: [f.chef.longitude],
      address: ['100 King St W, Toronto, ON'],
      delivery_address: ['100 King St W, Toronto, ON'],
      delivery_date: [slot.date],
      delivery_time: [slot.time],
      phone: ['416-555-0101'],
      phone_number: ['416-555-0101'],
      q: ['pizza', 'sushi', 'king', 'thai'],
      from: ['2026-11-01'],
      to: ['2026-11-30'],
      start_date: ['2026-01-01'],
      end_date: ['2026-12-31'],
      kind: ['dish', 'chef-profile', 'preset', 'logo'],
      file: ['12.svg', '12-bc.svg', '34-bowl.svg'],
      share_token: [shareToken],
      ref: [uuid],
      creator_id: [String(customer.id)],
    };
    const orderPaths = { id: orderIds };
    hints.pathValues = {
      'PUT /api/v2/catering_orders/{id}/update_addon_order': { id: [addOnPurchase, String(addOn.id)] },
      'POST /api/v2/catering_orders/{id}/finalize': { id: [String(unpaid.id), String(addOn.id)] },
      // one in three renders a PDF (slow on a busy machine); the others are not invoiceable
      'GET /api/v2/catering_order_invoices/{id}.pdf': {
        id: [String(delivered.id), String(accepted.id), String(fresh.id)],
      },
      'GET /api/v2/presets/{id}': { id: [String(f.presetId)] },
      'DELETE /api/v2/presets/{id}': { id: [String(savedPresetId)] },
      'DELETE /api/v2/user_payment_methods/{id}': { id: [String(savedRowId)] },
      'POST /api/v2/payment_methods/{id}/set_as_default': { id: [String(savedRowId)] },
      'GET /api/v2/dev/mailbox/{id}': { id: mails.map((m) => String(m.id)) },
      'GET /api/v2/ops/orders/{id}': orderPaths,
    };
    const addOnCart = {
      cart: {
        preset_items: line.slice(0, 1),
        num_cutlery: 0,
        serving_style: 'Individually Packaged',
        first_name: 'Dana',
        last_name: 'Morgan',
        phone_number: '416-555-0101',
        email: 'dana@example.com',
      },
      eft: false,
    };
    // the largest cart the schema allows: 300 lines at the highest quantity (totals past 32 bits)
    const huge = orderPayload(f, NOW, {
      preset_items: Array.from({ length: 300 }, (_, i) => ({
        ...line[i % line.length]!,
        id: `big-${i}`,
        quantity: 10_000,
      })),
    });
    hints.bodies = {
      'POST /api/v2/catering_orders': [
        { catering_order: orderPayload(f, NOW) as unknown as Json, is_eft: false },
        { catering_order: huge as unknown as Json },
      ],
      'PUT /api/v2/catering_orders/{id}': [
        { catering_order: orderPayload(f, NOW) as unknown as Json },
        { catering_order: huge as unknown as Json },
      ],
      'PUT /api/v2/catering_orders/{id}/update_addon_order': [addOnCart],
      'POST /api/v2/presets': [
        {
          preset: {
            preset_type: 'save_for_later',
            base_preset_id: f.presetId,
            name: 'Team lunch',
            preset_items: line as unknown as Json,
          },
        },
      ],
      'POST /api/v2/users': [
        ...Array.from({ length: 5 }, () => signUpBody() as unknown as Json),
        signUpBody({ email: customer.email }),
      ],
      'POST /user_token': [
        { auth: { email: customer.email, password: goodPassword } },
        { auth: { email: customer.email, password: 'wrong-password' } },
      ],
      'PUT /api/v2/group_orders/{ref}': [details],
      'POST /api/v2/group/{share_token}/members': [{ name: 'Alex', email: 'alex@example.com', dietary_needs: '' }],
      'PUT /api/v2/accounts': [
        {
          user: {
            first_name: 'Priya',
            last_name: 'Raman',
            email: customer.email,
            company_name: 'Maple Analytics',
            city: 'Toronto',
            address1: '200 Bay St',
            address2: 'Floor 12',
            phone: '416-555-0142',
            zip: 'M5J 2J5',
            about_me: 'Office manager',
            default_delivery_instructions: 'Reception on 12',
            go_name: 'Friday lunch',
            go_head_count: 25,
            go_budget_cents: 1850,
            go_gap_days: 2,
            go_cutoff_time: 16 * 3600 + 30 * 60,
            go_delivery_time: 12 * 3600,
          },
        },
      ],
      'POST /api/v2/catering_orders/{id}/finalize': [
        { purchase_id: unpaid.purchase_id, payment_method_id: freshCards[0]! },
      ],
    };
  }

  function check(
    op: Operation,
    req: FuzzRequest,
    res: LightMyRequestResponse,
    validator: ReturnType<typeof createValidator>,
  ): string[] {
    const problems: string[] = [];
    const status = res.statusCode;
    if (status >= 500) problems.push(`answered ${status}`);
    const documented = op.doc.responses?.[String(status)] ?? op.doc.responses?.[`${String(status)[0]}XX`];
    if (!documented)
      problems.push(
        `status ${status} is not documented (documented: ${Object.keys(op.doc.responses ?? {}).join(', ')})`,
      );
    if (req.invalid && status < 400) problems.push(`invalid input (${req.kind}) answered ${status}`);
    const leaks = leaksIn(res.body);
    if (leaks.length) problems.push(`body leaks: ${leaks.join(', ')}`);
    const contentType = String(res.headers['content-type'] ?? '');
    const content = documented?.content as Record<string, { schema?: Record<string, unknown> }> | undefined;
    if (status === 204 || status === 304 || req.method === 'HEAD') return problems;
    if (
      content &&
      !contentType.includes('application/json') &&
      !Object.keys(content).some((t) => contentType.startsWith(t))
    ) {
      problems.push(`content type ${contentType} is not documented (${Object.keys(content).join(', ')})`);
    }
    if (contentType.includes('application/json')) {
      let body: unknown;
      try {
        body = JSON.parse(res.body);
      } catch {
        problems.push('content type is JSON but the body is not');
      }
      const schema = content?.['application/json']?.schema;
      if (schema && body !== undefined) {
        const validate = validator.compile(`res ${op.key} ${status}`, schema);
        if (!validate(body))
          problems.push(`body does not match the documented ${status} schema: ${validator.errorsText(validate)}`);
      }
      if (status >= 400) {
        const e = body as { error?: unknown; messages?: unknown };
        if (typeof e?.error !== 'string' || !e.error.trim()) problems.push('error answer without an {error} message');
        if (
          e?.messages !== undefined &&
          !(Array.isArray(e.messages) && e.messages.every((m) => typeof m === 'string' && m.trim()))
        )
          problems.push('messages is not a list of texts');
      }
    } else if (status >= 400) {
      problems.push(`error answered as ${contentType || 'no content type'}`);
    }
    return problems;
  }

  it('every documented operation: 100+ generated requests each, no 5xx, documented statuses and bodies, no leaks', async () => {
    const validator = createValidator(doc);
    const generator = createGenerator(doc, hints, validator);
    // destructive calls (DELETE, sign-out) after the rest; the test clock last (it moves time)
    const rank = (op: Operation) => (op.path === '/api/v2/test/clock' ? 2 : op.method === 'DELETE' ? 1 : 0);
    // the restaurant inbox's event stream never ends while its client stays (app.inject would
    // wait for ever): partner-events.integration.test.ts drives it over HTTP instead
    const streaming = (op: Operation) => op.path.endsWith('/events');
    const operations = operationsOf(doc)
      .filter((op) => !streaming(op))
      .sort((a, b) => rank(a) - rank(b));
    expect(operations.length).toBeGreaterThanOrEqual(60);
    expect(operations.map((o) => o.path)).toContain('/api/v2/test/clock');

    const rng = createRng(SEED);
    const failures: Failure[] = [];
    const summary: Record<
      string,
      {
        requests: number;
        ms: number;
        statuses: Record<string, number>;
        kinds: Record<string, number>;
        samples: Record<string, string>;
      }
    > = {};
    let total = 0;
    let checkMs = 0;
    const started = Date.now();
    for (const op of operations) {
      const requests = generator.requestsFor(op, PER_OPERATION, rng);
      const row: (typeof summary)[string] = (summary[op.key] = {
        requests: 0,
        ms: 0,
        statuses: {},
        kinds: {},
        samples: {},
      });
      const opStarted = Date.now();
      for (const [i, req] of requests.entries()) {
        const signOut = op.key === 'DELETE /user_token' && req.caller !== 'anonymous';
        const token = signOut ? (signOutTokens[req.caller][i % 3] ?? null) : tokens[req.caller];
        const res = await send({
          method: req.method,
          url: req.url,
          headers: token ? { ...req.headers, ...auth(token) } : req.headers,
          payload: req.payload,
          remoteAddress: `127.0.${(i >> 8) & 255}.${i & 255}`,
        });
        total++;
        row.requests++;
        row.statuses[res.statusCode] = (row.statuses[res.statusCode] ?? 0) + 1;
        row.kinds[req.kind] = (row.kinds[req.kind] ?? 0) + 1;
        // one answer per status and kind of request, to see how deep the valid ones reach
        row.samples[`${res.statusCode} ${req.kind}`] ??=
          `${req.caller} ${req.method} ${req.url.slice(0, 100)} -> ${res.body.slice(0, 160).replace(/[^\x20-\x7e]+/g, ' ')}`;
        const checkStarted = performance.now();
        for (const problem of check(op, req, res, validator))
          failures.push({ request: req, status: res.statusCode, problem, body: res.body.slice(0, 400) });
        checkMs += performance.now() - checkStarted;
      }
      row.ms = Date.now() - opStarted;
    }
    const seconds = (Date.now() - started) / 1000;
    writeSummary({
      seed: SEED,
      operations: operations.length,
      requests: total,
      seconds,
      checkSeconds: checkMs / 1000,
      failures: failures.length,
      perOperation: summary,
      problems: report(failures, Infinity).split('\n'),
    });
    console.log(
      `fuzz: seed ${SEED}, ${operations.length} operations, ${total} requests in ${seconds.toFixed(1)}s (checks ${(checkMs / 1000).toFixed(1)}s), ${failures.length} problems (summary: .tmp/fuzz-summary.json)`,
    );

    expect(total).toBeGreaterThanOrEqual(5000);
    for (const [key, row] of Object.entries(summary)) expect(row.requests, key).toBeGreaterThanOrEqual(100);
    expect(failures.length, report(failures)).toBe(0);
  }, 600_000); // ~40 s on a quiet machine; the limit only guards against a hang

  it('routes outside the document (SPA fallback, static files, group-order site, API docs, unknown paths): no 5xx, no leaks', async () => {
    const rng = createRng(SEED + 1);
    const tails = [
      '',
      'x',
      'assets/app.js',
      'assets/missing.js',
      'index.html',
      '..%2f..%2fetc%2fpasswd',
      '%00',
      'a'.repeat(3000),
      'favicon.ico',
      'chefs/1/2',
      '%F0%9F%8D%B0',
      "'%20or%201=1",
      'my-orders?x=1',
    ];
    const prefixes = [
      '/',
      '/group-orders-site/',
      '/g/',
      '/group-orders/',
      '/grouporder-dashboard/',
      '/api/docs/',
      '/api/docs/static/',
      '/api/',
      '/api/v2/',
      '/api/v3/',
      '/users/',
      '/messages/',
      '/media/',
    ];
    const failures: Failure[] = [];
    for (let i = 0; i < 300; i++) {
      const url = rng.pick(prefixes) + rng.pick(tails);
      const method = rng.pick(['GET', 'GET', 'GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH']);
      const caller = rng.pick<Caller>(['anonymous', 'customer', 'staff']);
      const req: FuzzRequest = {
        op: 'outside',
        kind: 'route',
        caller,
        method,
        url,
        headers: { ...auth(tokens[caller]) },
        invalid: false,
      };
      if (method !== 'GET' && method !== 'HEAD' && rng.chance(0.5)) {
        req.payload = rng.pick(['{"a":', '{}', 'plain']);
        req.headers['content-type'] = rng.pick(['application/json', 'text/plain']);
      }
      const res = await send({
        method: method,
        url,
        headers: req.headers,
        payload: req.payload,
        remoteAddress: `127.1.0.${i & 255}`,
      });
      const problems: string[] = [];
      if (res.statusCode >= 500) problems.push(`answered ${res.statusCode}`);
      const leaks = leaksIn(res.body);
      if (leaks.length) problems.push(`body leaks: ${leaks.join(', ')}`);
      const type = String(res.headers['content-type'] ?? '');
      if (method !== 'HEAD' && res.statusCode >= 400 && res.body && !type.includes('application/json'))
        problems.push(`error answered as ${type}`);
      if (
        method !== 'HEAD' &&
        res.statusCode === 200 &&
        !/text\/html|javascript|application\/json|text\/css|image\//.test(type)
      )
        problems.push(`200 as ${type}`);
      for (const problem of problems)
        failures.push({ request: req, status: res.statusCode, problem, body: res.body.slice(0, 400) });
    }
    expect(failures.length, report(failures)).toBe(0);
  });
});

function report(failures: Failure[], kinds = 60): string {
  const byProblem = new Map<string, Failure[]>();
  for (const x of failures) {
    const key = `${x.request.op} :: ${x.problem.replace(/\d{4,}/g, 'N')}`;
    byProblem.set(key, [...(byProblem.get(key) ?? []), x]);
  }
  const lines = [...byProblem.entries()].slice(0, kinds).map(([key, list]) => {
    const x = list[0]!;
    return `${key} (x${list.length})\n    ${x.request.caller} ${x.request.method} ${x.request.url.slice(0, 160)} [${x.request.kind}${x.request.note ? `: ${x.request.note}` : ''}] ${(x.request.payload ?? '').slice(0, 200)}\n    -> ${x.status} ${x.body.slice(0, 240).replace(/[^\x20-\x7e]+/g, ' ')}`;
  });
  return `fuzz seed ${SEED} (replay: FUZZ_SEED=${SEED}); ${failures.length} problems, ${byProblem.size} kinds:\n${lines.join('\n')}`;
}

function writeSummary(data: unknown) {
  fs.mkdirSync(path.dirname(SUMMARY_FILE), { recursive: true });
  fs.writeFileSync(SUMMARY_FILE, JSON.stringify(data, null, 2));
}
