import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@caterway/domain';
import { createTestApp, type TestContext } from '../../../test/helpers.js';
import { fixedClock } from '../../lib/clock.js';
import { verifyPassword } from '../../lib/passwords.js';
import { call, emailsTo, goodPassword, linkIn, pathOf, signUpBody, testGeocoder, uniqueEmail } from './auth.test-helpers.js';

describe('sign-up (POST /api/v2/users)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ geocoder: testGeocoder });
  });
  afterAll(async () => {
    await ctx.close();
  });

  const signUp = (payload: unknown) => call(ctx.app, { method: 'POST', url: '/api/v2/users', payload: payload as object });

  it('creates an unconfirmed account with a geocoded address and an argon2id hash', async () => {
    const body = signUpBody({ email: uniqueEmail('Dana').replace('dana', 'DaNa'), ref: 'newsletter' });
    const res = await signUp(body);
    expect(res.statusCode).toBe(201);
    const { user } = res.json();
    expect(user).toEqual({
      id: expect.any(Number),
      first_name: 'Dana',
      last_name: 'Morgan',
      email: body.user.email.toLowerCase(),
      confirmed: false,
      role: 'customer',
      admin_token: null,
    });
    const { rows } = await ctx.db.query('SELECT * FROM users WHERE id = $1', [user.id]);
    const row = rows[0];
    expect(row).toMatchObject({
      address1: '100 King St W',
      address2: 'Suite 500',
      city: 'Toronto',
      province: 'ON',
      zip: 'M5X 1A9',
      country: 'CA',
      latitude: 43.6487,
      longitude: -79.3817,
      company_name: 'Northwind Consulting',
      phone: '416-555-0101',
      referral: 'newsletter',
      confirmed_at: null,
    });
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(row.password_hash, goodPassword)).toBe(true);
  });

  it('emails a confirmation link that confirms the account once', async () => {
    const body = signUpBody({ first_name: 'Zoë Anne' });
    expect((await signUp(body)).statusCode).toBe(201);
    const mails = await emailsTo(ctx.db, body.user.email, 'confirm_email');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Confirm your Caterway account');
    expect(mails[0]!.text_body).toContain('Hi Zoë Anne,');
    const link = linkIn(mails[0]!.text_body, `${ctx.deps.config.publicUrl}/api/v2/users/confirmation?confirmation_token=`);
    expect(mails[0]!.html_body).toContain(`href="${link}"`);

    const res = await call(ctx.app, { method: 'GET', url: pathOf(link) });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/confirmation?confirmed=ok&name=Zo%C3%AB%20Anne');
    const { rows } = await ctx.db.query('SELECT confirmed_at FROM users WHERE lower(email) = $1', [body.user.email]);
    expect(rows[0].confirmed_at).toBeInstanceOf(Date);

    const again = await call(ctx.app, { method: 'GET', url: pathOf(link) });
    expect(again.statusCode).toBe(302);
    expect(again.headers.location).toBe('/confirmation?confirmed=failed');
  });

  it('stores only a hash of the confirmation token', async () => {
    const body = signUpBody();
    await signUp(body);
    const [mail] = await emailsTo(ctx.db, body.user.email, 'confirm_email');
    const token = new URL(linkIn(mail!.text_body, 'http')).searchParams.get('confirmation_token')!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const { rows } = await ctx.db.query("SELECT token_hash FROM user_tokens WHERE purpose = 'confirm_email'");
    expect(rows.map((r) => r.token_hash)).not.toContain(token);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  });

  it('redirects to confirmed=failed for a missing or unknown token', async () => {
    for (const url of ['/api/v2/users/confirmation', '/api/v2/users/confirmation?confirmation_token=nope']) {
      const res = await call(ctx.app, { method: 'GET', url });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/confirmation?confirmed=failed');
    }
  });

  it('lists every problem at once, joined by commas', async () => {
    const res = await signUp({
      user: { first_name: '', last_name: 'M', email: 'not-an-email', phone: '', address1: '', password: 'short', password_confirmation: 'other' },
    });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.messages).toEqual(
      expect.arrayContaining([
        `First name: ${messages.required}`,
        messages.invalidEmail,
        `Phone: ${messages.required}`,
        `Address1: ${messages.required}`,
        messages.passwordTooShort,
        messages.passwordNeedsLetterAndNumber,
        messages.passwordsMustMatch,
      ]),
    );
    expect(body.error).toBe(body.messages.join(', '));
  });

  it("answers 'Passwords must match' for a mismatch", async () => {
    const res = await signUp(signUpBody({ password_confirmation: 'Lunch4Fifty' }));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ error: messages.passwordsMustMatch, messages: [messages.passwordsMustMatch] });
  });

  it('applies the password rules', async () => {
    const res = await signUp(signUpBody({ password: 'onlyletters', password_confirmation: 'onlyletters' }));
    expect(res.statusCode).toBe(422);
    expect(res.json().messages).toEqual([messages.passwordNeedsLetterAndNumber]);
  });

  it('refuses an email already taken, in any letter case', async () => {
    const email = uniqueEmail('taken');
    expect((await signUp(signUpBody({ email }))).statusCode).toBe(201);
    const res = await signUp(signUpBody({ email: email.toUpperCase() }));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ error: messages.emailTaken, messages: [messages.emailTaken] });
    const { rows } = await ctx.db.query('SELECT count(*)::int AS n FROM users WHERE lower(email) = $1', [email]);
    expect(rows[0].n).toBe(1);
  });

  it('reports a taken email and a broad address together', async () => {
    const email = uniqueEmail('both');
    await signUp(signUpBody({ email }));
    const res = await signUp(signUpBody({ email, address1: 'Toronto' }));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      error: `${messages.emailTaken}, ${messages.tooBroad}`,
      messages: [messages.emailTaken, messages.tooBroad],
    });
  });

  it('refuses a too broad address even with client coordinates', async () => {
    const res = await signUp(signUpBody({ address1: 'Ontario', latitude: 43.7, longitude: -79.4 }));
    expect(res.statusCode).toBe(422);
    expect(res.json().messages).toEqual([messages.tooBroad]);
  });

  it('refuses an unknown address without coordinates', async () => {
    const res = await signUp(signUpBody({ address1: '1 Nowhere Lane' }));
    expect(res.statusCode).toBe(422);
    expect(res.json().messages).toEqual([messages.addressNotFound]);
  });

  it("accepts the client's coordinates for an address the geocoder does not know", async () => {
    const res = await signUp(signUpBody({ address1: '1 Nowhere Lane', latitude: 45.42, longitude: -75.69 }));
    expect(res.statusCode).toBe(201);
    const { rows } = await ctx.db.query('SELECT address1, city, latitude, longitude FROM users WHERE id = $1', [res.json().user.id]);
    expect(rows[0]).toEqual({ address1: '1 Nowhere Lane', city: '', latitude: 45.42, longitude: -75.69 });
  });

  it("keeps nearby client coordinates and replaces far-off ones with the geocoder's", async () => {
    const near = await signUp(signUpBody({ latitude: 43.65, longitude: -79.38 }));
    const far = await signUp(signUpBody({ latitude: 49.28, longitude: -123.12 }));
    const coords = async (id: number) =>
      (await ctx.db.query('SELECT latitude, longitude FROM users WHERE id = $1', [id])).rows[0];
    expect(await coords(near.json().user.id)).toEqual({ latitude: 43.65, longitude: -79.38 });
    expect(await coords(far.json().user.id)).toEqual({ latitude: 43.6487, longitude: -79.3817 });
  });

  it('does not block sign-up while the geocoder is down', async () => {
    const res = await signUp(signUpBody({ address1: '5 Geocoder Down Rd' }));
    expect(res.statusCode).toBe(201);
  });
});

describe('confirmation links over time and resending them', () => {
  let ctx: TestContext;
  const clock = fixedClock(new Date('2026-03-02T15:00:00Z'));
  beforeAll(async () => {
    ctx = await createTestApp({ geocoder: testGeocoder, clock });
  });
  afterAll(async () => {
    await ctx.close();
  });

  const signUp = (payload: unknown) => call(ctx.app, { method: 'POST', url: '/api/v2/users', payload: payload as object });
  const resend = (email: string) =>
    call(ctx.app, { method: 'POST', url: '/api/v2/users/confirmation', payload: { user: { email } } });

  it('expires a confirmation link after 7 days', async () => {
    const body = signUpBody();
    await signUp(body);
    const [mail] = await emailsTo(ctx.db, body.user.email, 'confirm_email');
    clock.advance(7 * 24 * 3600_000 + 1000);
    const res = await call(ctx.app, { method: 'GET', url: pathOf(linkIn(mail!.text_body, 'http')) });
    expect(res.headers.location).toBe('/confirmation?confirmed=failed');
  });

  it('resends a working link to an unconfirmed account', async () => {
    const body = signUpBody({ first_name: 'Lee' });
    await signUp(body);
    const res = await resend(body.user.email.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: messages.confirmationResent });
    const mails = await emailsTo(ctx.db, body.user.email, 'confirm_email');
    expect(mails).toHaveLength(2);
    const confirm = await call(ctx.app, { method: 'GET', url: pathOf(linkIn(mails[1]!.text_body, 'http')) });
    expect(confirm.headers.location).toBe('/confirmation?confirmed=ok&name=Lee');
  });

  it('answers the same for unknown emails and confirmed accounts, and sends nothing', async () => {
    const unknown = uniqueEmail('ghost');
    const a = await resend(unknown);
    expect(a.statusCode).toBe(200);
    expect(a.json()).toEqual({ message: messages.confirmationResent });
    expect(await emailsTo(ctx.db, unknown)).toHaveLength(0);

    const body = signUpBody();
    await signUp(body);
    const [mail] = await emailsTo(ctx.db, body.user.email, 'confirm_email');
    await call(ctx.app, { method: 'GET', url: pathOf(linkIn(mail!.text_body, 'http')) });
    const b = await resend(body.user.email);
    expect(b.json()).toEqual(a.json());
    expect(await emailsTo(ctx.db, body.user.email, 'confirm_email')).toHaveLength(1);
  });

  it('sends at most 5 emails an hour to one address, answering the same', async () => {
    const body = signUpBody();
    await signUp(body); // 1 email (sign-up is not counted)
    for (let i = 0; i < 7; i++) {
      const res = await resend(body.user.email);
      expect(res.statusCode).toBe(200);
    }
    expect(await emailsTo(ctx.db, body.user.email, 'confirm_email')).toHaveLength(1 + 5);
  });
});
