import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@caterway/domain';
import { createTestApp, type TestContext } from '../../../test/helpers.js';
import { fixedClock } from '../../lib/clock.js';
import {
  call,
  emailsTo,
  linkIn,
  signIn,
  signedInUser,
  signUpBody,
  testGeocoder,
  uniqueEmail,
} from './auth.test-helpers.js';

describe('password reset', () => {
  let ctx: TestContext;
  const clock = fixedClock(new Date('2026-04-06T13:00:00Z'));
  beforeAll(async () => {
    ctx = await createTestApp({ geocoder: testGeocoder, clock });
  });
  afterAll(async () => {
    await ctx.close();
  });

  const requestReset = (email: string) =>
    call(ctx.app, { method: 'POST', url: '/users/password.json', payload: { user: { email } } });
  const reset = (user: Record<string, unknown>) =>
    call(ctx.app, { method: 'PUT', url: '/api/v2/accounts/reset-password', payload: { user } });

  /** Requests a reset and answers the token of the emailed link (read from the outbox row). */
  async function resetToken(email: string): Promise<string> {
    await requestReset(email);
    const mails = await emailsTo(ctx.db, email, 'reset_password');
    const link = linkIn(mails.at(-1)!.text_body, `${ctx.deps.config.publicUrl}/accounts/reset-password?token=`);
    return new URL(link).searchParams.get('token')!;
  }

  it('answers the same whether or not the email has an account', async () => {
    const user = await signedInUser(ctx.app, ctx.db);
    const known = await requestReset(user.email);
    const unknownEmail = uniqueEmail('ghost');
    const unknown = await requestReset(unknownEmail);
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual({ message: messages.resetRequested });
    expect(unknown.json()).toEqual(known.json());
    expect(await emailsTo(ctx.db, user.email, 'reset_password')).toHaveLength(1);
    expect(await emailsTo(ctx.db, unknownEmail)).toHaveLength(0);
  });

  it('answers errors with message beside error and messages (ordering-payments §7)', async () => {
    const invalid = await requestReset('not-an-email');
    expect([invalid.statusCode, invalid.json()]).toEqual([
      422,
      { error: messages.invalidEmail, messages: [messages.invalidEmail], message: messages.invalidEmail },
    ]);
    const missing = await call(ctx.app, { method: 'POST', url: '/users/password.json', payload: { user: {} } });
    const required = `Email: ${messages.required}`;
    expect([missing.statusCode, missing.json()]).toEqual([
      422,
      { error: required, messages: [required], message: required },
    ]);
    // other routes keep { error, messages }
    const other = await call(ctx.app, { method: 'POST', url: '/api/v2/users/confirmation', payload: { user: {} } });
    expect(other.json()).toEqual({ error: required, messages: [required] });
  });

  it('emails a link to the reset page', async () => {
    const user = await signedInUser(ctx.app, ctx.db, { first_name: 'Priya' });
    await requestReset(user.email.toUpperCase());
    const [mail] = await emailsTo(ctx.db, user.email, 'reset_password');
    expect(mail!.subject).toBe('Reset your Caterway password');
    expect(mail!.text_body).toContain('Hi Priya,');
    const link = linkIn(mail!.text_body, `${ctx.deps.config.publicUrl}/accounts/reset-password?token=`);
    expect(mail!.html_body).toContain(`href="${link}"`);
  });

  it('resets the password end to end, signing out every session', async () => {
    const user = await signedInUser(ctx.app, ctx.db);
    const token = await resetToken(user.email);
    const res = await reset({ reset_password_token: token, password: 'NewLunch5', password_confirmation: 'NewLunch5' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: messages.successfullyUpdated });

    const old = await call(ctx.app, { method: 'GET', url: '/api/v2/current', token: user.jwt });
    expect(old.statusCode).toBe(401);
    expect(old.json()).toEqual({ error: messages.loggedOutInactivity });
    expect((await signIn(ctx.app, user.email, user.password)).statusCode).toBe(401);
    expect((await signIn(ctx.app, user.email, 'NewLunch5')).statusCode).toBe(200);

    const reused = await reset({
      reset_password_token: token,
      password: 'Other6Pass',
      password_confirmation: 'Other6Pass',
    });
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toEqual({ error: messages.resetLinkExpired, messages: [messages.resetLinkExpired] });
  });

  it('confirms an unconfirmed account: the link proved the mailbox', async () => {
    const body = signUpBody();
    await call(ctx.app, { method: 'POST', url: '/api/v2/users', payload: body });
    expect((await signIn(ctx.app, body.user.email, body.user.password)).statusCode).toBe(403);
    const token = await resetToken(body.user.email);
    await reset({ reset_password_token: token, password: 'Fresh7Start', password_confirmation: 'Fresh7Start' });
    const res = await signIn(ctx.app, body.user.email, 'Fresh7Start');
    expect(res.statusCode).toBe(200);
    expect(res.json().user.confirmed).toBe(true);
  });

  it('retires older reset links once one is used', async () => {
    const user = await signedInUser(ctx.app, ctx.db);
    const first = await resetToken(user.email);
    const second = await resetToken(user.email);
    expect(
      (await reset({ reset_password_token: second, password: 'Second2Go', password_confirmation: 'Second2Go' }))
        .statusCode,
    ).toBe(200);
    const res = await reset({ reset_password_token: first, password: 'First1Go', password_confirmation: 'First1Go' });
    expect(res.json().error).toBe(messages.resetLinkExpired);
  });

  it('expires a reset link after 2 hours', async () => {
    const user = await signedInUser(ctx.app, ctx.db);
    const token = await resetToken(user.email);
    clock.advance(2 * 3600_000 + 1000);
    const res = await reset({
      reset_password_token: token,
      password: 'Late3Again',
      password_confirmation: 'Late3Again',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().messages).toEqual([messages.resetLinkExpired]);
    expect((await signIn(ctx.app, user.email, user.password)).statusCode).toBe(200);
  });

  it("answers 'Both password need to be the same' for a mismatch", async () => {
    const user = await signedInUser(ctx.app, ctx.db);
    const token = await resetToken(user.email);
    const res = await reset({ reset_password_token: token, password: 'NewLunch5', password_confirmation: 'NewLunch6' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ error: messages.bothPasswordsSame, messages: [messages.bothPasswordsSame] });
    // the link still works after a form error
    expect(
      (await reset({ reset_password_token: token, password: 'NewLunch5', password_confirmation: 'NewLunch5' }))
        .statusCode,
    ).toBe(200);
  });

  it("answers 'Invalid link' without a token", async () => {
    for (const user of [
      { reset_password_token: '', password: 'NewLunch5', password_confirmation: 'NewLunch5' },
      { password: 'NewLunch5', password_confirmation: 'NewLunch5' },
    ]) {
      const res = await reset(user);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ error: messages.invalidLink, messages: [messages.invalidLink] });
    }
    const both = await reset({ password: 'NewLunch5', password_confirmation: 'x' });
    expect(both.json().messages).toEqual([messages.invalidLink, messages.bothPasswordsSame]);
  });

  it('answers the expired-link message for an unknown token', async () => {
    const res = await reset({
      reset_password_token: 'made-up-token',
      password: 'NewLunch5',
      password_confirmation: 'NewLunch5',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ error: messages.resetLinkExpired, messages: [messages.resetLinkExpired] });
  });

  it('applies the password rules to the new password', async () => {
    const res = await reset({ reset_password_token: 'any', password: 'short', password_confirmation: 'short' });
    expect(res.statusCode).toBe(422);
    expect(res.json().messages).toEqual([messages.passwordTooShort]);
  });

  it('refuses a breached password and a context word with a working link, which stays usable', async () => {
    const user = await signedInUser(ctx.app, ctx.db, { email: uniqueEmail('quinn.harper') });
    const token = await resetToken(user.email);
    const common = await reset({
      reset_password_token: token,
      password: 'Password123',
      password_confirmation: 'Password123',
    });
    expect(common.statusCode).toBe(422);
    expect(common.json()).toEqual({ error: messages.passwordTooCommon, messages: [messages.passwordTooCommon] });
    const local = user.email.split('@')[0]!;
    const context = await reset({
      reset_password_token: token,
      password: `${local}!!`,
      password_confirmation: `${local}!!`,
    });
    expect(context.statusCode).toBe(422);
    expect(context.json().messages).toEqual([messages.passwordHasContext]);
    // the link was not used up by the refusals; a passphrase without digits is fine
    const ok = await reset({
      reset_password_token: token,
      password: 'correct horse battery staple',
      password_confirmation: 'correct horse battery staple',
    });
    expect(ok.statusCode).toBe(200);
    expect((await signIn(ctx.app, user.email, 'correct horse battery staple')).statusCode).toBe(200);
  });
});
