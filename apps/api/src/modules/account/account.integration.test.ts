// Account settings: GET api/v2/current and PUT api/v2/accounts (browse-account-orders §3 User /
// account, §5 'Account settings', §7, §8).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMessages, messages, nextOccurrenceEpochSeconds } from '@caterway/domain';
import { createTestApp, type TestContext } from '../../../test/helpers.js';
import { ensureDemoData } from '../../db/seed/demo.js';
import { signedInUser, signIn, testGeocoder } from '../auth/auth.test-helpers.js';

const quiet = { info() {}, warn() {} };
/** the wire form of a time of day: epoch seconds of its next occurrence in Toronto (the accounts here are in ON) */
const at = (secondsOfDay: number) => nextOccurrenceEpochSeconds(secondsOfDay, 'America/Toronto', new Date());

describe('account settings', () => {
  let ctx: TestContext;
  let cuisines: string[];
  let diets: string[];

  beforeAll(async () => {
    ctx = await createTestApp({ geocoder: testGeocoder });
    await ensureDemoData(ctx.db, quiet);
    const vars = (
      await ctx.app.inject({
        method: 'GET',
        url: '/api/v2/system_vars?value_types=preset_dietary_type,preset_cuisine_type',
      })
    ).json();
    cuisines = vars.preset_cuisine_type.map((v: { name: string }) => v.name);
    diets = vars.preset_dietary_type.map((v: { name: string }) => v.name);
  }, 120_000);
  afterAll(async () => {
    await ctx.close();
  });

  const current = (token: string | null) =>
    ctx.app.inject({
      method: 'GET',
      url: '/api/v2/current',
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  const put = (user: object, token: string | null) =>
    ctx.app.inject({
      method: 'PUT',
      url: '/api/v2/accounts',
      payload: { user },
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  const form = (email: string) => ({
    first_name: 'Priya',
    last_name: 'Raman',
    email,
    company_name: 'Maple Analytics',
    city: 'Toronto',
    address1: '200 Bay St',
    address2: 'Floor 12',
    phone: '416-555-0142',
    zip: 'M5J 2J5',
    about_me: 'Office manager',
    default_delivery_instructions: 'Reception on 12',
    favorite_cousine_types: [cuisines[0], cuisines[1]],
    dietary_types: [diets[0]],
    go_name: 'Friday lunch',
    go_head_count: 25,
    go_budget_cents: 1850,
    go_gap_days: 2,
    go_cutoff_time: 16 * 3600 + 30 * 60,
    go_delivery_time: 12 * 3600,
  });

  it('starts with the group-order defaults: 5:00 PM cut-off, 11:30 AM delivery, gap 1 day', async () => {
    const user = await signedInUser(ctx.app, ctx.db);
    const res = await current(user.jwt);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      email: user.email,
      go_cutoff_time: at(61_200),
      go_delivery_time: at(41_400),
      go_gap_days: 1,
    });
  });

  it('saves every field, answers the profile, and GET api/v2/current shows it after', async () => {
    const user = await signedInUser(ctx.app, ctx.db);
    const res = await put(form(user.email), user.jwt);
    expect(res.statusCode).toBe(200);
    const expected = {
      ...form(user.email),
      go_cutoff_time: at(59_400),
      go_delivery_time: at(43_200),
      latitude: 43.6487,
      longitude: -79.3817,
      province: 'ON',
      confirmed: true,
      role: 'customer',
    };
    expect(res.json().user).toMatchObject(expected);
    expect((await current(user.jwt)).json().user).toMatchObject(expected);
    expect(res.body).not.toContain('password');
  });

  it('keeps optional fields that are not sent, and the email may be left out', async () => {
    const user = await signedInUser(ctx.app, ctx.db);
    expect((await put(form(user.email), user.jwt)).statusCode).toBe(200);
    const { last_name, company_name, city, address1, phone, zip } = form(user.email);
    const res = await put({ first_name: 'Pri', last_name, company_name, city, address1, phone, zip }, user.jwt);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      first_name: 'Pri',
      about_me: 'Office manager',
      go_head_count: 25,
      go_cutoff_time: at(59_400),
      address2: 'Floor 12',
    });
  });

  it('refuses missing required fields with the spec message, listing each', async () => {
    const user = await signedInUser(ctx.app, ctx.db);
    const res = await put({ ...form(user.email), first_name: ' ', city: '', zip: '' }, user.jwt);
    expect(res.statusCode).toBe(422);
    const list = res.json().messages as string[];
    expect(list).toEqual([
      `First name: ${messages.required}`,
      `City: ${messages.required}`,
      `Zip: ${messages.required}`,
    ]);
    const missing = await put({ first_name: 'A' }, user.jwt);
    expect(missing.statusCode).toBe(422);
    expect((await current(user.jwt)).json().user.first_name).toBe('Dana');
  });

  it('never changes the email: another one is refused with the spec message', async () => {
    const user = await signedInUser(ctx.app, ctx.db);
    const res = await put(form('someone.else@example.com'), user.jwt);
    expect(res.statusCode).toBe(422);
    expect(res.json().messages).toEqual([accountMessages.emailNotEditable]);
    expect((await current(user.jwt)).json().user.email).toBe(user.email);
    // the same email in another letter case is the same email
    expect((await put(form(user.email.toUpperCase()), user.jwt)).statusCode).toBe(200);
  });

  it('refuses role, confirmed, ids and other unknown fields, and applies nothing', async () => {
    const user = await signedInUser(ctx.app, ctx.db);
    for (const extra of [
      { role: 'staff' },
      { confirmed: false },
      { id: 1 },
      { admin_token: 'x' },
      { password_hash: 'x' },
    ]) {
      const res = await put({ ...form(user.email), first_name: 'Hacker', ...extra }, user.jwt);
      expect(res.statusCode, JSON.stringify(extra)).toBe(422);
      expect(res.json().messages).toEqual([`Unrecognized key: "${Object.keys(extra)[0]}"`]);
    }
    const after = (await current(user.jwt)).json().user;
    expect(after).toMatchObject({
      role: 'customer',
      confirmed: true,
      id: user.id,
      first_name: 'Dana',
      admin_token: null,
    });
  });

  it('checks the group-order defaults: gap days at least 1, head count at least 1, times of day, budget in cents', async () => {
    const user = await signedInUser(ctx.app, ctx.db);
    const bad = async (patch: object, message: string) => {
      const res = await put({ ...form(user.email), ...patch }, user.jwt);
      expect(res.statusCode, JSON.stringify(patch)).toBe(422);
      expect(res.json().messages.join(' | ')).toContain(message);
    };
    await bad({ go_gap_days: 0 }, accountMessages.gapDaysMin);
    await bad({ go_gap_days: 1.5 }, accountMessages.gapDaysMin);
    await bad({ go_head_count: 0 }, accountMessages.headCountMin);
    await bad({ go_budget_cents: -1 }, accountMessages.budgetInvalid);
    await bad({ go_budget_cents: 12.5 }, accountMessages.budgetInvalid);
    await bad({ go_cutoff_time: 61_200.5 }, accountMessages.timeInvalid);
    await bad({ go_cutoff_time: 4_102_444_800 }, accountMessages.timeInvalid);
    await bad({ go_delivery_time: -60 }, accountMessages.timeInvalid);
    expect(
      (await put({ ...form(user.email), go_gap_days: 1, go_cutoff_time: 0, go_delivery_time: 86_399 }, user.jwt))
        .statusCode,
    ).toBe(200);
  });

  it("takes the group-order times as epoch seconds in the account's zone and answers them so (issue 16 item 8)", async () => {
    const user = await signedInUser(ctx.app, ctx.db);
    // 1795730400 = 2026-11-26T22:00:00Z: 5:00 PM in Toronto; 1795708800 = 2026-11-26T16:00:00Z: 11:00 AM
    const res = await put(
      { ...form(user.email), go_cutoff_time: 1_795_730_400, go_delivery_time: 1_795_708_800 },
      user.jwt,
    );
    expect(res.statusCode, res.body).toBe(200);
    // answered as the next 5:00 PM and 11:00 AM in Toronto
    expect(res.json().user).toMatchObject({ go_cutoff_time: at(17 * 3600), go_delivery_time: at(11 * 3600) });
    const stored = await ctx.db.query(
      "SELECT to_char(go_cutoff_time, 'HH24:MI') AS cutoff, to_char(go_delivery_time, 'HH24:MI') AS delivery FROM users WHERE id = $1",
      [user.id],
    );
    expect(stored.rows[0]).toEqual({ cutoff: '17:00', delivery: '11:00' });
    // what the answer says is taken back unchanged
    const again = await put(
      {
        ...form(user.email),
        go_cutoff_time: res.json().user.go_cutoff_time,
        go_delivery_time: res.json().user.go_delivery_time,
      },
      user.jwt,
    );
    expect(again.json().user).toMatchObject({
      go_cutoff_time: res.json().user.go_cutoff_time,
      go_delivery_time: res.json().user.go_delivery_time,
    });
  });

  it('accepts only the system vars as cuisines and dietary types', async () => {
    const user = await signedInUser(ctx.app, ctx.db);
    const res = await put(
      { ...form(user.email), favorite_cousine_types: ['Martian'], dietary_types: ['Rocks'] },
      user.jwt,
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().messages).toEqual([
      accountMessages.unknownCuisine('Martian'),
      accountMessages.unknownDietaryType('Rocks'),
    ]);
  });

  it('places a changed address again; an address that cannot be found loses its old coordinates', async () => {
    const user = await signedInUser(ctx.app, ctx.db);
    const res = await put({ ...form(user.email), address1: 'Nowhere Lane' }, user.jwt);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ address1: 'Nowhere Lane', latitude: null, longitude: null });
  });

  describe('password change', () => {
    it('needs the confirmation to match and the sign-up strength rules', async () => {
      const user = await signedInUser(ctx.app, ctx.db);
      const mismatch = await put(
        {
          ...form(user.email),
          password: 'Dinner5Twenty',
          password_confirmation: 'Dinner5Twentyy',
          current_password: user.password,
        },
        user.jwt,
      );
      expect(mismatch.statusCode).toBe(422);
      expect(mismatch.json().messages).toEqual([messages.bothPasswordsSame]);
      const weak = await put(
        { ...form(user.email), password: 'short', password_confirmation: 'short', current_password: user.password },
        user.jwt,
      );
      expect(weak.statusCode).toBe(422);
      expect(weak.json().messages).toEqual([messages.passwordTooShort]);
      // empty password fields change nothing
      expect((await put({ ...form(user.email), password: '', password_confirmation: '' }, user.jwt)).statusCode).toBe(
        200,
      );
      expect((await signIn(ctx.app, user.email, user.password)).statusCode).toBe(200);
    });

    it('keeps this session, ends the others, and the new password signs in', async () => {
      const user = await signedInUser(ctx.app, ctx.db);
      const elsewhere = (await signIn(ctx.app, user.email, user.password)).json().jwt as string;
      const res = await put(
        {
          ...form(user.email),
          password: 'Dinner5Twenty',
          password_confirmation: 'Dinner5Twenty',
          current_password: user.password,
        },
        user.jwt,
      );
      expect(res.statusCode).toBe(200);
      expect((await current(user.jwt)).statusCode).toBe(200);
      const other = await current(elsewhere);
      expect(other.statusCode).toBe(401);
      expect(other.json().error).toBe(messages.loggedOutInactivity);
      expect((await signIn(ctx.app, user.email, user.password)).statusCode).toBe(401);
      expect((await signIn(ctx.app, user.email, 'Dinner5Twenty')).statusCode).toBe(200);
    });
  });

  describe('password change needs the current password', () => {
    it('refuses a missing or wrong current password with 422 (not a 401 that signs out), changing nothing', async () => {
      const user = await signedInUser(ctx.app, ctx.db);
      const next = { password: 'a brand new passphrase', password_confirmation: 'a brand new passphrase' };
      const missing = await put({ ...form(user.email), first_name: 'Changed', ...next }, user.jwt);
      expect(missing.statusCode).toBe(422);
      expect(missing.json()).toEqual({
        error: messages.currentPasswordRequired,
        messages: [messages.currentPasswordRequired],
      });
      const wrong = await put(
        { ...form(user.email), first_name: 'Changed', ...next, current_password: 'not my password' },
        user.jwt,
      );
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json()).toEqual({ error: messages.currentPasswordWrong, messages: [messages.currentPasswordWrong] });
      // nothing changed: the old password signs in, the new one does not, the name is the old one, the session lives
      expect((await current(user.jwt)).json().user.first_name).not.toBe('Changed');
      expect((await signIn(ctx.app, user.email, user.password)).statusCode).toBe(200);
      expect((await signIn(ctx.app, user.email, next.password)).statusCode).toBe(401);
    });

    it('counts wrong current passwords in the account sign-in backoff: a stolen session cannot guess fast', async () => {
      const user = await signedInUser(ctx.app, ctx.db);
      const next = { password: 'a brand new passphrase', password_confirmation: 'a brand new passphrase' };
      for (let i = 0; i < 5; i++) {
        expect(
          (await put({ ...form(user.email), ...next, current_password: `guess number ${i}` }, user.jwt)).statusCode,
        ).toBe(422);
      }
      const waiting = await put({ ...form(user.email), ...next, current_password: user.password }, user.jwt);
      expect(waiting.statusCode).toBe(429);
      expect(waiting.headers['retry-after']).toBe('1');
      expect(waiting.json()).toEqual({ error: messages.signInBackoff(1) });
      // the same count as sign-in's, and the session lives on
      expect((await signIn(ctx.app, user.email, user.password)).statusCode).toBe(429);
      expect((await current(user.jwt)).statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect((await put({ ...form(user.email), ...next, current_password: user.password }, user.jwt)).statusCode).toBe(
        200,
      );
      expect((await signIn(ctx.app, user.email, next.password)).statusCode).toBe(200);
    });

    it('applies the password rules to the new one: breached passwords and the email are refused, passphrases welcome', async () => {
      const user = await signedInUser(ctx.app, ctx.db);
      const common = await put(
        {
          ...form(user.email),
          password: 'Password123',
          password_confirmation: 'Password123',
          current_password: user.password,
        },
        user.jwt,
      );
      expect(common.statusCode).toBe(422);
      expect(common.json().messages).toEqual([messages.passwordTooCommon]);
      const local = user.email.split('@')[0]!;
      const context = await put(
        {
          ...form(user.email),
          password: `${local} again`,
          password_confirmation: `${local} again`,
          current_password: user.password,
        },
        user.jwt,
      );
      expect(context.json().messages).toEqual([messages.passwordHasContext]);
      const phrase = 'correct horse battery staple';
      const ok = await put(
        { ...form(user.email), password: phrase, password_confirmation: phrase, current_password: user.password },
        user.jwt,
      );
      expect(ok.statusCode).toBe(200);
      expect((await signIn(ctx.app, user.email, phrase)).statusCode).toBe(200);
    });
  });

  it('answers 401 to anonymous callers and 403 to unconfirmed ones; each user changes only their own account', async () => {
    expect((await current(null)).statusCode).toBe(401);
    expect((await put(form('a@example.com'), null)).statusCode).toBe(401);
    const a = await signedInUser(ctx.app, ctx.db);
    const b = await signedInUser(ctx.app, ctx.db);
    expect((await put({ ...form(a.email), first_name: 'Alpha' }, a.jwt)).statusCode).toBe(200);
    expect((await current(b.jwt)).json().user.first_name).toBe('Dana');
    await ctx.db.query('UPDATE users SET confirmed_at = NULL WHERE id = $1', [b.id]);
    const refused = await put(form(b.email), b.jwt);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: messages.confirmEmail });
  });
});
