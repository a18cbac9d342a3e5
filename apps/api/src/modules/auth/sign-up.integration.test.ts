import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@caterway/domain';
import { createTestApp, type TestContext } from '../../../test/helpers.js';
import { fixedClock } from '../../lib/clock.js';
import { verifyPassword } from '../../lib/passwords.js';
import {
  call,
  emailsTo,
  goodPassword,
  linkIn,
  pathOf,
  signUpBody,
  testGeocoder,
  uniqueEmail,
  userIdOf,
} from './auth.test-helpers.js';

describe('sign-up (POST /api/v2/users)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ geocoder: testGeocoder });
  });
  afterAll(async () => {
    await ctx.close();
  });

  const signUp = (payload: unknown) =>
    call(ctx.app, { method: 'POST', url: '/api/v2/users', payload: payload as object });

  it('creates an unconfirmed account with a geocoded address and an argon2id hash', async () => {
    const body = signUpBody({ email: uniqueEmail('Dana').replace('dana', 'DaNa'), ref: 'newsletter' });
    const res = await signUp(body);
    expect(res.statusCode).toBe(201);
    // the answer names no account: it is the same for a registered email (docs/decisions/029)
    expect(res.json()).toEqual({ message: messages.signUpCheckEmail });
    const { rows } = await ctx.db.query('SELECT * FROM users WHERE lower(email) = lower($1)', [body.user.email]);
    const row = rows[0];
    expect(row).toMatchObject({
      email: body.user.email.toLowerCase(),
      first_name: 'Dana',
      last_name: 'Morgan',
      role: 'customer',
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
    const link = linkIn(
      mails[0]!.text_body,
      `${ctx.deps.config.publicUrl}/api/v2/users/confirmation?confirmation_token=`,
    );
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
      user: {
        first_name: '',
        last_name: 'M',
        email: 'not-an-email',
        phone: '',
        address1: '',
        password: 'short',
        password_confirmation: 'other',
      },
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

  it('applies the password rules: no composition rules, 8 to 128 characters of anything, not common, no context word', async () => {
    const accepted = [
      'correct horse battery staple',
      'onlyletters',
      'x7'.repeat(32),
      `${'🍕'.repeat(60)} été ${'z'.repeat(60)}`,
      'Y'.repeat(128),
    ];
    for (const password of accepted) {
      const res = await signUp(signUpBody({ password, password_confirmation: password }));
      expect(res.statusCode, password).toBe(201);
    }
    const refused: [string, string, string?][] = [
      ['password1', messages.passwordTooCommon],
      ['Iloveyou123', messages.passwordTooCommon],
      ['x'.repeat(129), messages.passwordTooLong],
      ['caterway-lunches', messages.passwordHasContext],
      ['robin.hood and friends', messages.passwordHasContext, 'Robin.Hood@example.com'],
    ];
    for (const [password, message, email] of refused) {
      const res = await signUp(signUpBody({ password, password_confirmation: password, ...(email ? { email } : {}) }));
      expect(res.statusCode, password).toBe(422);
      expect(res.json().messages).toEqual([message]);
    }
  });

  it('answers a registered email exactly like a new one, creates nothing and emails the owner instead', async () => {
    const email = uniqueEmail('taken');
    const first = await signUp(signUpBody({ email, first_name: 'Owner' }));
    const again = await signUp(
      signUpBody({
        email: email.toUpperCase(),
        first_name: 'Mallory',
        password: 'another long password',
        password_confirmation: 'another long password',
      }),
    );
    const fresh = await signUp(signUpBody());
    for (const res of [first, again, fresh]) {
      expect(res.statusCode, res.body).toBe(201);
      expect(res.body).toBe(JSON.stringify({ message: messages.signUpCheckEmail }));
    }
    expect(Object.keys(again.headers).sort()).toEqual(Object.keys(fresh.headers).sort());
    const { rows } = await ctx.db.query('SELECT first_name, password_hash FROM users WHERE lower(email) = $1', [email]);
    expect(rows).toHaveLength(1);
    expect(rows[0].first_name).toBe('Owner');
    expect(await verifyPassword(rows[0].password_hash, goodPassword)).toBe(true);
    // the owner learns of the attempt, with the way to reset a forgotten password
    const notices = await emailsTo(ctx.db, email, 'sign_up_existing');
    expect(notices).toHaveLength(1);
    expect(notices[0]!.subject).toBe('Someone tried to sign up to Caterway with your email');
    expect(notices[0]!.text_body).toContain('Hi Owner,');
    expect(notices[0]!.text_body).toContain('Forgot password?');
    expect(notices[0]!.text_body).toContain(`${ctx.deps.config.publicUrl}/`);
    expect(await emailsTo(ctx.db, email, 'confirm_email')).toHaveLength(1);
  });

  it('reports the same problems for a registered email as for a new one', async () => {
    const email = uniqueEmail('both');
    await signUp(signUpBody({ email }));
    const registered = await signUp(signUpBody({ email, address1: 'Toronto' }));
    const fresh = await signUp(signUpBody({ address1: 'Toronto' }));
    expect(registered.statusCode).toBe(422);
    expect(registered.json()).toEqual({ error: messages.tooBroad, messages: [messages.tooBroad] });
    expect(fresh.json()).toEqual(registered.json());
  });

  it('refuses a too broad address even with client coordinates', async () => {
    const res = await signUp(signUpBody({ address1: 'Ontario', latitude: 43.7, longitude: -79.4 }));
    expect(res.statusCode).toBe(422);
    expect(res.json().messages).toEqual([messages.tooBroad]);
  });

  it('refuses a sign-up without latitude and longitude: the address must be geocoded (issue 16 item 12)', async () => {
    const { latitude: _lat, longitude: _lng, ...user } = signUpBody().user;
    for (const body of [
      { user },
      { user: { ...user, latitude: null, longitude: null } },
      { user: { ...user, latitude: 43.6487 } },
    ]) {
      const res = await signUp(body);
      expect([res.statusCode, res.json()]).toEqual([
        422,
        { error: messages.addressNotFound, messages: [messages.addressNotFound] },
      ]);
      expect(messages.addressNotFound).toBe(
        'We could not find that address. Please choose a street address from the suggestions.',
      );
    }
    const { rowCount } = await ctx.db.query('SELECT 1 FROM users WHERE lower(email) = lower($1)', [user.email]);
    expect(rowCount).toBe(0);
  });

  it('refuses coordinates out of range, and of the wrong type', async () => {
    const res = await signUp(signUpBody({ latitude: 91, longitude: -181 }));
    expect([res.statusCode, res.json().messages]).toEqual([
      422,
      ['Latitude must be between -90 and 90.', 'Longitude must be between -180 and 180.'],
    ]);
    const text = await signUp({ user: { ...signUpBody().user, latitude: '43.6' } });
    expect(text.json().messages).toEqual(['Latitude: has an invalid value']);
  });

  it("accepts the client's coordinates for an address the geocoder does not know", async () => {
    const body = signUpBody({ address1: '1 Nowhere Lane', latitude: 45.42, longitude: -75.69 });
    const res = await signUp(body);
    expect(res.statusCode).toBe(201);
    const { rows } = await ctx.db.query('SELECT address1, city, latitude, longitude FROM users WHERE id = $1', [
      await userIdOf(ctx.db, body.user.email),
    ]);
    expect(rows[0]).toEqual({ address1: '1 Nowhere Lane', city: '', latitude: 45.42, longitude: -75.69 });
  });

  it("keeps nearby client coordinates and replaces far-off ones with the geocoder's", async () => {
    const near = signUpBody({ latitude: 43.65, longitude: -79.38 });
    const far = signUpBody({ latitude: 49.28, longitude: -123.12 });
    await signUp(near);
    await signUp(far);
    const coords = async (email: string) =>
      (await ctx.db.query('SELECT latitude, longitude FROM users WHERE lower(email) = lower($1)', [email])).rows[0];
    expect(await coords(near.user.email)).toEqual({ latitude: 43.65, longitude: -79.38 });
    expect(await coords(far.user.email)).toEqual({ latitude: 43.6487, longitude: -79.3817 });
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

  const signUp = (payload: unknown) =>
    call(ctx.app, { method: 'POST', url: '/api/v2/users', payload: payload as object });
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
    await signUp(body); // 1 email, counted too
    for (let i = 0; i < 7; i++) {
      const res = await resend(body.user.email);
      expect(res.statusCode).toBe(200);
    }
    expect(await emailsTo(ctx.db, body.user.email, 'confirm_email')).toHaveLength(5);
    // signing up again with the address is no way round it: no notice beyond the five
    expect((await signUp(signUpBody({ email: body.user.email }))).statusCode).toBe(201);
    expect(await emailsTo(ctx.db, body.user.email, 'sign_up_existing')).toHaveLength(0);
  });
});
