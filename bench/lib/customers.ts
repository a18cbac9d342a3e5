// The benchmark's customers, made the way people make them: sign up over HTTP, follow the
// emailed confirmation link (read from the outbox the app wrote it to), sign in, and create
// sandbox cards through the API. Idempotent: a customer who exists is only signed in again.
import type { Db } from '../../apps/api/src/db/pool.js';

export const BENCH_PASSWORD = 'Bench4Lunch';
export const benchEmail = (n: number) => `bench.customer.${n}@bench.caterway.test`;

export interface Customer {
  id: number;
  email: string;
  jwt: string;
  /** an approved sandbox card, and one the sandbox declines (the expected refusals) */
  card: string;
  declinedCard: string;
}

async function call(port: number, method: string, path: string, body?: unknown, jwt?: string) {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, {
    method,
    redirect: 'manual',
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(jwt ? { authorization: `Bearer ${jwt}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json: Record<string, unknown> = {};
  try {
    json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    // a redirect or a page
  }
  return { status: res.status, json, headers: res.headers };
}

export async function ensureCustomers(db: Db, port: number, count: number): Promise<Customer[]> {
  const out: Customer[] = [];
  // Every run adds two sandbox cards per customer from 127.0.0.1, and the sandbox allows only so
  // many cards per address in 10 minutes (its abuse limit, kept as it is): a rerun within that
  // window would be refused. This is the bench's own database, so its card-limit count is cleared.
  await db.query("DELETE FROM rate_limit_hits WHERE key LIKE 'sandbox-card:%'");
  for (let n = 1; n <= count; n++) {
    const email = benchEmail(n);
    const { rowCount } = await db.query('SELECT 1 FROM users WHERE lower(email) = $1', [email]);
    if (!rowCount) {
      const signUp = await call(port, 'POST', '/api/v2/users', {
        user: {
          first_name: 'Bench',
          last_name: `Customer ${n}`,
          email,
          phone: '416-555-0101',
          company_name: 'Benchmark Office',
          address1: '100 King St W, Toronto, ON',
          address2: `Suite ${100 + n}`,
          latitude: 43.6487,
          longitude: -79.3817,
          password: BENCH_PASSWORD,
          password_confirmation: BENCH_PASSWORD,
        },
      });
      if (signUp.status !== 201)
        throw new Error(`sign-up of ${email} answered ${signUp.status}: ${JSON.stringify(signUp.json)}`);
      const { rows } = await db.query<{ text_body: string }>(
        "SELECT text_body FROM outbox_emails WHERE lower(to_address) = $1 AND template = 'confirm_email' ORDER BY id DESC LIMIT 1",
        [email],
      );
      const link = /https?:\/\/[^\s"<>]*confirmation_token=[^\s"<>]*/.exec(rows[0]?.text_body ?? '')?.[0];
      if (!link) throw new Error(`no confirmation link was emailed to ${email}`);
      const url = new URL(link);
      const confirm = await call(port, 'GET', `${url.pathname}${url.search}`);
      if (!/confirmed=ok/.test(confirm.headers.get('location') ?? ''))
        throw new Error(`confirming ${email} failed (${confirm.status})`);
    }
    const signIn = await call(port, 'POST', '/user_token', { auth: { email, password: BENCH_PASSWORD } });
    if (signIn.status !== 200)
      throw new Error(`sign-in of ${email} answered ${signIn.status}: ${JSON.stringify(signIn.json)}`);
    const jwt = signIn.json.jwt as string;
    const card = async (number: string) => {
      const res = await call(port, 'POST', '/api/v2/sandbox/payment_methods', {
        number,
        exp_month: 12,
        exp_year: 2031,
        cvc: '123',
        name: `Bench Customer ${n}`,
      });
      if (res.status !== 200)
        throw new Error(`sandbox card ${number} answered ${res.status}: ${JSON.stringify(res.json)}`);
      return (res.json.payment_method as { id: string }).id;
    };
    const { rows: user } = await db.query<{ id: string }>('SELECT id FROM users WHERE lower(email) = $1', [email]);
    out.push({
      id: Number(user[0]!.id),
      email,
      jwt,
      card: await card('4242424242424242'),
      declinedCard: await card('4000000000000002'),
    });
  }
  return out;
}
