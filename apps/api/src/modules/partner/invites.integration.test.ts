import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers.js';
import { fixedClock } from '../../lib/clock.js';
import { emailsTo, linkIn, signedInUser, signIn } from '../auth/auth.test-helpers.js';
import { auth } from '../order-lifecycle/lifecycle.test-helpers.js';
import { INVITE_DAYS, inviteMessages } from './invites.service.js';
import { teamFixture } from './partner.test-helpers.js';

// Issue 19 (decision 047): restaurant staff are invited by email by the owner (a manager: staff
// only) or by operations; the link sets a password with the customers' rules, or adds the role
// to the account that has the email when it is signed in. The link works once, for 7 days.

const NOW = new Date('2026-03-02T14:00:00Z');
let n = 0;
const freshEmail = () => `invitee-${Date.now()}-${n++}@example.com`;

describe('team invitations', () => {
  let ctx: TestContext;
  const clock = fixedClock(NOW);
  let chefs: { id: number; name: string }[];
  let owner: { id: number; jwt: string };
  let manager: { id: number; jwt: string };
  let cook: { id: number; jwt: string };
  let ops: { id: number; jwt: string };

  const call = (method: 'GET' | 'POST', url: string, jwt: string | null, payload?: object) =>
    ctx.app.inject({ method, url, headers: auth(jwt), ...(payload ? { payload } : {}) });
  const invite = (chefId: number, jwt: string | null, email: string, role = 'staff') =>
    call('POST', `/api/v2/partner/restaurants/${chefId}/invites`, jwt, { email, role });
  /** the token of the newest invitation mailed to an address (the link carries it after #token=) */
  const tokenFor = async (email: string) => {
    const mails = await emailsTo(ctx.db, email, 'restaurant_invite');
    expect(mails.length).toBeGreaterThan(0);
    const link = linkIn(mails.at(-1)!.text_body, 'http');
    return decodeURIComponent(new URL(link).hash.replace(/^#token=/, ''));
  };

  beforeAll(async () => {
    ctx = await createTestApp({ clock });
    const team = await teamFixture(ctx, 2);
    chefs = team.chefs;
    owner = await team.member({ 0: 'owner' });
    manager = await team.member({ 0: 'manager' });
    cook = await team.member({ 0: 'staff' });
    ops = await team.ops();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('invites by email; the link sets a password and the new account is on the team', async () => {
    const email = freshEmail();
    const res = await invite(chefs[0]!.id, owner.jwt, email.toUpperCase(), 'manager');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ email, role: 'manager' });
    expect(new Date(res.json().expires_at).getTime() - NOW.getTime()).toBe(INVITE_DAYS * 24 * 3600 * 1000);

    const mail = (await emailsTo(ctx.db, email, 'restaurant_invite'))[0]!;
    expect(mail.subject).toBe(`Join ${chefs[0]!.name} on Caterway`);
    expect(mail.text_body).toContain('/partner/invite#token=');
    const token = await tokenFor(email);

    const lookup = await call('POST', '/api/v2/partner/invites/lookup', null, { token });
    expect(lookup.statusCode, lookup.body).toBe(200);
    expect(lookup.json()).toEqual({ restaurant_name: chefs[0]!.name, role: 'manager', email, account_exists: false });

    const team = await call('GET', `/api/v2/partner/restaurants/${chefs[0]!.id}/team`, owner.jwt);
    expect(team.json().invites).toEqual([expect.objectContaining({ email, role: 'manager' })]);

    // the customers' password rules, and a name
    const weak = await call('POST', '/api/v2/partner/invites/accept', null, { token, password: 'short' });
    expect(weak.statusCode).toBe(422);
    expect(weak.json().messages).toEqual(expect.arrayContaining([inviteMessages.firstName, inviteMessages.lastName]));
    expect(weak.json().messages.length).toBeGreaterThan(2);

    const accepted = await call('POST', '/api/v2/partner/invites/accept', null, {
      token,
      first_name: 'Rosa',
      last_name: 'Lind',
      password: 'Grill-Master-2026',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toEqual({
      message: inviteMessages.joined(chefs[0]!.name),
      restaurant: { id: chefs[0]!.id, name: chefs[0]!.name },
      role: 'manager',
    });

    // the account is confirmed (the link proved the email) and sees its restaurant
    const signedIn = await signIn(ctx.app, email, 'Grill-Master-2026');
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const mine = await call('GET', '/api/v2/partner/restaurants', signedIn.json().jwt);
    expect(mine.json().restaurants).toEqual([expect.objectContaining({ id: chefs[0]!.id, role: 'manager' })]);

    // once only
    const again = await call('POST', '/api/v2/partner/invites/accept', null, {
      token,
      first_name: 'Rosa',
      last_name: 'Lind',
      password: 'Grill-Master-2026',
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toBe(inviteMessages.invalidLink);
    const after = await call('GET', `/api/v2/partner/restaurants/${chefs[0]!.id}/team`, owner.jwt);
    expect(after.json().invites).toEqual([]);
    expect(after.json().members).toEqual(
      expect.arrayContaining([expect.objectContaining({ email, role: 'manager', first_name: 'Rosa' })]),
    );
  });

  it('adds the role to an existing account only when it is signed in', async () => {
    const customer = await signedInUser(ctx.app, ctx.db);
    const { rows } = await ctx.db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [customer.id]);
    const email = rows[0]!.email;
    expect((await invite(chefs[0]!.id, ops.jwt, email, 'owner')).statusCode).toBe(201);
    const token = await tokenFor(email);
    expect((await call('POST', '/api/v2/partner/invites/lookup', null, { token })).json().account_exists).toBe(true);

    const anonymous = await call('POST', '/api/v2/partner/invites/accept', null, { token, password: 'Whatever-2026' });
    expect(anonymous.statusCode).toBe(403);
    expect(anonymous.json().error).toBe(inviteMessages.signInAs(email));
    const someoneElse = await call('POST', '/api/v2/partner/invites/accept', cook.jwt, { token });
    expect(someoneElse.statusCode).toBe(403);

    const accepted = await call('POST', '/api/v2/partner/invites/accept', customer.jwt, { token });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().role).toBe('owner');
    const mine = await call('GET', `/api/v2/partner/restaurants/${chefs[0]!.id}`, customer.jwt);
    expect(mine.json()).toMatchObject({ role: 'owner' });
    // already on the team: no second invitation
    const twice = await invite(chefs[0]!.id, owner.jwt, email);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe(inviteMessages.alreadyOnTeam);
  });

  it('lets managers invite staff only, and staff nobody', async () => {
    const asManager = await invite(chefs[0]!.id, manager.jwt, freshEmail(), 'manager');
    expect(asManager.statusCode).toBe(403);
    expect(asManager.json().error).toBe(inviteMessages.managersInviteStaff);
    expect((await invite(chefs[0]!.id, manager.jwt, freshEmail(), 'staff')).statusCode).toBe(201);
    expect((await invite(chefs[0]!.id, cook.jwt, freshEmail(), 'staff')).statusCode).toBe(403);
    expect((await call('GET', `/api/v2/partner/restaurants/${chefs[0]!.id}/team`, cook.jwt)).statusCode).toBe(403);
  });

  it("answers 404 for another restaurant's team and invitations", async () => {
    const res = await invite(chefs[1]!.id, owner.jwt, freshEmail());
    expect(res.statusCode).toBe(404);
    expect((await call('GET', `/api/v2/partner/restaurants/${chefs[1]!.id}/team`, owner.jwt)).statusCode).toBe(404);
    expect((await invite(chefs[0]!.id, null, freshEmail())).statusCode).toBe(401);
  });

  it('refuses a bad email, and retires an older link when the same email is invited again', async () => {
    const bad = await invite(chefs[0]!.id, owner.jwt, 'not-an-email');
    expect(bad.statusCode).toBe(422);
    const email = freshEmail();
    await invite(chefs[0]!.id, owner.jwt, email);
    const first = await tokenFor(email);
    await invite(chefs[0]!.id, owner.jwt, email);
    const second = await tokenFor(email);
    expect(second).not.toBe(first);
    expect((await call('POST', '/api/v2/partner/invites/lookup', null, { token: first })).statusCode).toBe(404);
    expect((await call('POST', '/api/v2/partner/invites/lookup', null, { token: second })).statusCode).toBe(200);
  });

  it('stops working after 7 days', async () => {
    const email = freshEmail();
    await invite(chefs[0]!.id, owner.jwt, email);
    const token = await tokenFor(email);
    clock.advance(INVITE_DAYS * 24 * 3600 * 1000 + 1000);
    try {
      const res = await call('POST', '/api/v2/partner/invites/lookup', null, { token });
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe(inviteMessages.invalidLink);
    } finally {
      clock.set(NOW);
    }
  });
});
