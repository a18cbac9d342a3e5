// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  partnerInviteAcceptBodySchema,
  partnerInviteAcceptResponseSchema,
  partnerInviteLookupResponseSchema,
  partnerInviteTokenBodySchema,
  partnerOrdersResponseSchema,
  partnerRestaurantSchema,
  partnerRestaurantsResponseSchema,
  signInBodySchema,
  signInResponseSchema,
  type PartnerInviteAcceptBody,
} from '@caterway/contracts';
import {
  contractBody,
  contractJson,
  errorAnswer,
  setupContractServer,
  validationFailure,
} from '@caterway/contracts/testing';
import { messages } from '@caterway/domain';
import { Component as PartnerRoutes } from '../../../app/routes/partner';
import { modalStore } from '../../../stores/modals';
import { sessionStore } from '../../../stores/session';
import { partnerRestaurant } from '../../../test/partner-wire';
import { customer, describedText, renderPage, signIn } from '../../../test/render';

// The invitation page at /partner/invite#token=...: the token read from the fragment and taken
// out of the address bar, the lookup, a new account's form (the sign-up's rules and messages),
// an existing account signing in first, and links that are used or expired.

let accountExists: boolean;
let lookups: string[];
let accepts: { body: PartnerInviteAcceptBody; auth: string | null }[];
let lookupRefusal: Response | null;
let acceptRefusal: Response | null;
let signIns: string[];

const invitedEmail = 'jo@maple.example';

setupContractServer(
  http.post('/api/v2/partner/invites/lookup', async ({ request }) => {
    const { token } = await contractBody(request, partnerInviteTokenBodySchema);
    lookups.push(token);
    if (lookupRefusal) return lookupRefusal;
    return contractJson(partnerInviteLookupResponseSchema, {
      restaurant_name: 'Maple Kitchen',
      role: 'manager',
      email: invitedEmail,
      account_exists: accountExists,
    });
  }),
  http.post('/api/v2/partner/invites/accept', async ({ request }) => {
    const body = await contractBody(request, partnerInviteAcceptBodySchema);
    accepts.push({ body, auth: request.headers.get('authorization') });
    if (acceptRefusal) return acceptRefusal;
    return contractJson(partnerInviteAcceptResponseSchema, {
      message: 'You joined Maple Kitchen on Caterway.',
      restaurant: { id: 1, name: 'Maple Kitchen' },
      role: 'manager',
    });
  }),
  http.post('/user_token', async ({ request }) => {
    const { auth } = await contractBody(request, signInBodySchema);
    signIns.push(auth.email);
    return contractJson(signInResponseSchema, {
      jwt: 'jwt-jo',
      user: {
        id: 31,
        first_name: 'Jo',
        last_name: 'Tremblay',
        email: invitedEmail,
        confirmed: true,
        role: 'customer',
        admin_token: null,
      },
    });
  }),
  // where /partner goes once accepted: two restaurants, listed
  http.get('/api/v2/partner/restaurants', () =>
    contractJson(partnerRestaurantsResponseSchema, {
      restaurants: [
        partnerRestaurant({ role: 'manager' }),
        partnerRestaurant({ id: 2, slug: 'masala-house', name: 'Masala House', role: 'staff' }),
      ],
    }),
  ),
  http.get('/api/v2/partner/restaurants/1', () => contractJson(partnerRestaurantSchema, partnerRestaurant())),
  http.get('/api/v2/partner/restaurants/1/orders', () =>
    contractJson(partnerOrdersResponseSchema, { orders: [], waiting_count: 0 }),
  ),
  // the inbox's live stream: nothing new
  http.get(
    '/api/v2/partner/restaurants/:id/events',
    () => new Response('retry: 3000\n\n', { headers: { 'content-type': 'text/event-stream' } }),
  ),
);

beforeEach(() => {
  accountExists = false;
  lookups = [];
  accepts = [];
  lookupRefusal = null;
  acceptRefusal = null;
  signIns = [];
});

/** Opens the page as the email's link does: the token in the fragment. */
function openInvite(hash = '#token=tok-123') {
  window.history.replaceState(null, '', `/partner/invite${hash}`);
  renderPage(<PartnerRoutes />, { at: '/partner/invite', path: '/partner/*' });
}
const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);

describe('the invitation page', () => {
  it('reads the token from the fragment, takes it out of the address bar and says what the invitation offers', async () => {
    openInvite();
    await screen.findByRole('heading', { name: 'Join Maple Kitchen as manager' });
    screen.getByText(invitedEmail);
    expect(lookups).toEqual(['tok-123']);
    expect(window.location.hash).toBe('');
    expect(window.location.pathname).toBe('/partner/invite');
    await waitFor(() => expect(document.title).toBe('Join Maple Kitchen · Caterway for restaurants'));
  });

  it('checks a new account’s form with the sign-up’s messages, sending nothing', async () => {
    const user = userEvent.setup();
    openInvite();
    const submit = await screen.findByRole('button', { name: 'Create my account and join' });
    await user.click(submit);
    expect(describedText(field('First name'))).toBe(messages.required);
    expect(describedText(field('Last name'))).toBe(messages.required);
    expect(describedText(field('Password'))).toContain(messages.required);
    await waitFor(() => expect(document.activeElement).toBe(field('First name')));

    await user.type(field('First name'), 'Jo');
    await user.type(field('Last name'), 'Tremblay');
    await user.type(field('Password'), 'short');
    await user.type(field('Confirm password'), 'shorter');
    await user.click(submit);
    expect(describedText(field('First name'))).toBe('');
    expect(describedText(field('Password'))).toContain(messages.passwordTooShort);
    expect(describedText(field('Confirm password'))).toBe(messages.passwordsMustMatch);

    // the site's name is refused, as at sign-up
    await user.clear(field('Password'));
    await user.type(field('Password'), 'caterway kitchen');
    await user.click(submit);
    expect(describedText(field('Password'))).toContain(messages.passwordHasContext);
    expect(accepts).toEqual([]);
  });

  it('makes the account, signs in with it and goes to the portal', async () => {
    const user = userEvent.setup();
    openInvite();
    await screen.findByRole('button', { name: 'Create my account and join' });
    await user.type(field('First name'), ' Jo ');
    await user.type(field('Last name'), 'Tremblay');
    await user.type(field('Password'), 'lunch for forty');
    await user.type(field('Confirm password'), 'lunch for forty');
    await user.click(screen.getByRole('button', { name: 'Create my account and join' }));
    await screen.findByRole('heading', { name: 'Your restaurants' });
    expect(accepts).toEqual([
      {
        body: { token: 'tok-123', first_name: 'Jo', last_name: 'Tremblay', password: 'lunch for forty' },
        auth: null,
      },
    ]);
    expect(signIns).toEqual([invitedEmail]);
    expect(sessionStore.get()?.email).toBe(invitedEmail);
    screen.getByText('You joined Maple Kitchen on Caterway.');
  });

  it('shows the API’s messages when it refuses the new account (422)', async () => {
    acceptRefusal = validationFailure(['This password is on a list of common or breached passwords.']);
    const user = userEvent.setup();
    openInvite();
    await screen.findByRole('button', { name: 'Create my account and join' });
    await user.type(field('First name'), 'Jo');
    await user.type(field('Last name'), 'Tremblay');
    await user.type(field('Password'), 'password1234');
    await user.type(field('Confirm password'), 'password1234');
    await user.click(screen.getByRole('button', { name: 'Create my account and join' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This password is on a list of common or breached passwords.',
    );
    expect(signIns).toEqual([]);
    screen.getByRole('heading', { name: 'Join Maple Kitchen as manager' });
  });

  it('asks an existing account to sign in as the invited email, then accepts as it', async () => {
    accountExists = true;
    const user = userEvent.setup();
    openInvite();
    await screen.findByRole('heading', { name: 'Join Maple Kitchen as manager' });
    expect(screen.queryByLabelText('Password')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(modalStore.get()).toBe('signIn');
    // signed in (the sign-in dialog's work): the page offers to accept
    signIn({ ...customer, id: 31, email: invitedEmail, jwt: 'jwt-jo' });
    await user.click(await screen.findByRole('button', { name: 'Accept and join Maple Kitchen' }));
    await screen.findByRole('heading', { name: 'Your restaurants' });
    expect(accepts).toEqual([{ body: { token: 'tok-123' }, auth: 'Bearer jwt-jo' }]);
  });

  it('tells someone signed in as another email to sign in as the invited one', async () => {
    accountExists = true;
    signIn();
    openInvite();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      `You are signed in as dana@example.com. Sign out, then sign in as ${invitedEmail} to accept.`,
    );
    screen.getByRole('button', { name: `Sign out and sign in as ${invitedEmail}` });
    expect(screen.queryByRole('button', { name: /Accept/ })).toBeNull();
  });

  it.each([
    [404, 'This invitation link is invalid or has expired.'],
    [409, 'This invitation was already accepted.'],
    [410, 'This invitation has expired.'],
  ])('shows the API’s message for a link it refuses (%i)', async (status, message) => {
    lookupRefusal = errorAnswer(status, message);
    openInvite();
    await screen.findByRole('heading', { name: 'This invitation cannot be used' });
    screen.getByText(message);
    expect(screen.queryByRole('button', { name: /Create my account/ })).toBeNull();
  });

  it('reads another link opened in the same tab, which changes only the fragment', async () => {
    lookupRefusal = errorAnswer(404, 'This invitation link is invalid or has expired.');
    openInvite('#token=old-link');
    await screen.findByRole('heading', { name: 'This invitation cannot be used' });
    lookupRefusal = null;
    window.location.hash = '#token=new-link';
    await screen.findByRole('heading', { name: 'Join Maple Kitchen as manager' });
    expect(lookups).toEqual(['old-link', 'new-link']);
    await waitFor(() => expect(window.location.hash).toBe(''));
  });

  it('says a link without its token is incomplete, and asks nothing of the API', async () => {
    openInvite('');
    await screen.findByRole('heading', { name: 'This invitation link is incomplete' });
    expect(lookups).toEqual([]);
  });
});
