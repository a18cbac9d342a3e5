import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AltchaChallenge } from '@caterway/contracts';
import { createTestApp, type TestContext } from '../../../test/helpers.js';
import { fixedClock } from '../../lib/clock.js';
import { decodeAltchaPayload, encodeAltchaPayload } from '../altcha/altcha.service.js';

// POST messages/json_create.json with a real ALTCHA challenge from GET api/v2/altcha/challenge,
// solved here the way the browser does it (browse-account-orders §5, §7, §8).

const HUMAN = 'Please verify if you are human.';
const REQUIRED = 'Please fill in the required field.';
const SELECT = 'Please select one of the options below';

describe('demo requests', () => {
  let ctx: TestContext;
  const clock = fixedClock(new Date());
  let ipCounter = 0;
  // each test gets its own client address, so the per-IP rate limit never couples tests
  const nextIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

  beforeAll(async () => {
    ctx = await createTestApp({ clock });
  });
  afterAll(async () => {
    await ctx.close();
  });

  async function solvedAltcha(): Promise<string> {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v2/altcha/challenge' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const challenge = res.json<AltchaChallenge>();
    const solution = await solveChallenge({ challenge, deriveKey });
    return encodeAltchaPayload({ challenge, solution: solution! });
  }

  const fields = () => ({
    name: 'Dana Reyes',
    email: 'dana@northwind.ca',
    company: 'Northwind Logistics',
    phone: '416-555-0199',
    num_people_range: '25-50',
    order_frequency: 'Weekly',
    message: 'Lunch for the Toronto office, mostly vegetarian.',
  });

  const post = (message: Record<string, unknown>, ip = nextIp()) =>
    ctx.app.inject({ method: 'POST', url: '/messages/json_create.json', payload: { message }, remoteAddress: ip });

  it('stores a valid request with a solved challenge and emails the sales inbox', async () => {
    const res = await post({ ...fields(), altcha: await solvedAltcha() });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      message: 'Your message was successfully sent! One of our experts will be in contact with you shortly',
    });
    const { rows } = await ctx.db.query(
      "SELECT name, email, company, phone, num_people_range, order_frequency, message, emailed_at FROM demo_requests WHERE email = 'dana@northwind.ca'",
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ ...fields() });
    expect(rows[0].emailed_at).not.toBeNull();
    const mail = await ctx.db.query(
      "SELECT to_address, subject, text_body, template FROM outbox_emails WHERE template = 'demo_request' ORDER BY id DESC LIMIT 1",
    );
    expect(mail.rows[0].to_address).toBe('sales@caterway.ca');
    expect(mail.rows[0].subject).toContain('Northwind Logistics');
    expect(mail.rows[0].text_body).toContain('Email: dana@northwind.ca');
    expect(mail.rows[0].text_body).toContain('Order frequency: Weekly');
  });

  it('takes the message as optional', async () => {
    const { message: _omit, ...withoutMessage } = fields();
    const res = await post({ ...withoutMessage, email: 'no-message@northwind.ca', altcha: await solvedAltcha() });
    expect(res.statusCode).toBe(201);
  });

  it.each([
    ['name', `Name: ${REQUIRED}`],
    ['email', `Email: ${REQUIRED}`],
    ['company', `Company: ${REQUIRED}`],
    ['phone', `Phone: ${REQUIRED}`],
    ['num_people_range', `Number of people: ${SELECT}`],
    ['order_frequency', `Order frequency: ${SELECT}`],
  ])('refuses a request without %s', async (field, expected) => {
    const body: Record<string, unknown> = { ...fields(), altcha: await solvedAltcha() };
    delete body[field];
    const res = await post(body);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ error: expected, messages: [expected] });
  });

  it('treats blank text as missing and lists every problem at once', async () => {
    const res = await post({ name: '  ', email: '', company: '', phone: '' });
    expect(res.statusCode).toBe(422);
    expect(res.json().messages).toEqual([
      `Name: ${REQUIRED}`,
      `Email: ${REQUIRED}`,
      `Company: ${REQUIRED}`,
      `Phone: ${REQUIRED}`,
      `Number of people: ${SELECT}`,
      `Order frequency: ${SELECT}`,
      HUMAN,
    ]);
  });

  it('refuses a bad email', async () => {
    const res = await post({ ...fields(), email: 'dana@northwind', altcha: await solvedAltcha() });
    expect(res.statusCode).toBe(422);
    expect(res.json().messages).toEqual(['Email: Invalid email address']);
  });

  it('refuses options outside the spec lists', async () => {
    const res = await post({
      ...fields(),
      num_people_range: '20-30',
      order_frequency: 'Yearly',
      altcha: await solvedAltcha(),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().messages).toEqual([`Number of people: ${SELECT}`, `Order frequency: ${SELECT}`]);
  });

  it('refuses a missing captcha', async () => {
    const res = await post(fields());
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ error: HUMAN, messages: [HUMAN] });
  });

  it('refuses an invalid captcha: garbage, a wrong solution, an unsigned challenge', async () => {
    const good = decodeAltchaPayload(await solvedAltcha())!;
    // the derived key is the proof (the server checks it against the key signature inside the challenge)
    const flipped = good.solution.derivedKey.replace(/^./, (c) => (c === '0' ? '1' : '0'));
    const wrong = encodeAltchaPayload({ ...good, solution: { counter: good.solution.counter, derivedKey: flipped } });
    const unsigned = encodeAltchaPayload({ ...good, challenge: { ...good.challenge, signature: 'ab'.repeat(32) } });
    for (const altcha of ['bm90IGpzb24=', wrong, unsigned]) {
      const res = await post({ ...fields(), altcha });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ error: HUMAN, messages: [HUMAN] });
    }
    const { rows } = await ctx.db.query('SELECT count(*)::int AS n FROM demo_requests WHERE email = $1', [
      'dana@northwind.ca',
    ]);
    expect(rows[0].n).toBe(1); // only the first test's request
  });

  it('refuses an expired captcha', async () => {
    const altcha = await solvedAltcha();
    clock.advance(21 * 60 * 1000);
    try {
      const res = await post({ ...fields(), altcha });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ error: HUMAN, messages: [HUMAN] });
    } finally {
      clock.set(new Date());
    }
  });

  it('accepts a solution once: a replay is refused', async () => {
    const altcha = await solvedAltcha();
    const first = await post({ ...fields(), email: 'replay@northwind.ca', altcha });
    expect(first.statusCode).toBe(201);
    const again = await post({ ...fields(), email: 'replay@northwind.ca', altcha });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ error: HUMAN, messages: [HUMAN] });
    const { rows } = await ctx.db.query('SELECT count(*)::int AS n FROM altcha_used_challenges');
    expect(rows[0].n).toBeGreaterThanOrEqual(1);
  });

  it('keeps the captcha usable when the fields were wrong', async () => {
    const altcha = await solvedAltcha();
    const bad = await post({ ...fields(), phone: '', altcha });
    expect(bad.statusCode).toBe(422);
    const fixed = await post({ ...fields(), email: 'fixed@northwind.ca', altcha });
    expect(fixed.statusCode).toBe(201);
  });

  it('rate-limits one address', async () => {
    const ip = '10.9.9.9';
    let last = 0;
    for (let i = 0; i < 21; i++) last = (await post({}, ip)).statusCode;
    expect(last).toBe(429);
  });
});
