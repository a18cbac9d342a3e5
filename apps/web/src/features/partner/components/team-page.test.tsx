// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  partnerInviteBodySchema,
  partnerInviteSchema,
  partnerOrdersResponseSchema,
  partnerRestaurantSchema,
  partnerRestaurantsResponseSchema,
  partnerTeamResponseSchema,
  type PartnerInviteBody,
  type PartnerTeamResponse,
  type RestaurantRole,
} from '@caterway/contracts';
import { contractBody, contractJson, errorAnswer, setupContractServer } from '@caterway/contracts/testing';
import { messages } from '@caterway/domain';
import { Component as PartnerRoutes } from '../../../app/routes/partner';
import { partnerRestaurant } from '../../../test/partner-wire';
import { customer, describedText, renderPage, signIn } from '../../../test/render';

// The team page at /partner/1/team: the members and open invitations, and the invite form,
// whose roles follow the person's (a manager invites staff only), with the API's refusals.

let role: RestaurantRole | 'operations';
let team: PartnerTeamResponse;
let invites: PartnerInviteBody[];
let refuse: Response | null;
let teamCalls: number;

setupContractServer(
  http.get('/api/v2/partner/restaurants', () =>
    contractJson(partnerRestaurantsResponseSchema, { restaurants: [partnerRestaurant({ role })] }),
  ),
  http.get('/api/v2/partner/restaurants/1', () => contractJson(partnerRestaurantSchema, partnerRestaurant({ role }))),
  http.get('/api/v2/partner/restaurants/1/team', () => {
    teamCalls++;
    return contractJson(partnerTeamResponseSchema, team);
  }),
  http.get('/api/v2/partner/restaurants/1/orders', () =>
    contractJson(partnerOrdersResponseSchema, { orders: [], waiting_count: 0 }),
  ),
  http.post('/api/v2/partner/restaurants/1/invites', async ({ request }) => {
    const body = await contractBody(request, partnerInviteBodySchema);
    invites.push(body);
    if (refuse) return refuse;
    const invite = {
      id: 70 + invites.length,
      email: body.email,
      role: body.role,
      invited_at: '2026-11-27T15:00:00Z',
      expires_at: '2026-12-04T15:00:00Z',
    };
    team = { ...team, invites: [...team.invites, invite] };
    return contractJson(partnerInviteSchema, invite, { status: 201 });
  }),
  // the inbox's live stream: nothing new
  http.get(
    '/api/v2/partner/restaurants/:id/events',
    () => new Response('retry: 3000\n\n', { headers: { 'content-type': 'text/event-stream' } }),
  ),
);

beforeEach(() => {
  role = 'manager';
  team = {
    members: [
      { user_id: 5, first_name: 'Dana', last_name: 'Park', email: 'dana@example.com', role: 'manager' },
      { user_id: 9, first_name: 'Ana', last_name: 'Roy', email: 'ana@maple.example', role: 'owner' },
    ],
    invites: [
      {
        id: 61,
        email: 'cook@maple.example',
        role: 'staff',
        invited_at: '2026-11-25T15:00:00Z',
        expires_at: '2026-12-02T15:00:00Z',
      },
    ],
  };
  invites = [];
  refuse = null;
  teamCalls = 0;
});

async function openTeam() {
  signIn();
  renderPage(<PartnerRoutes />, { at: '/partner/1/team', path: '/partner/*' });
  await screen.findByRole('heading', { name: 'Team', level: 1 });
  await screen.findByText('ana@maple.example');
}
const form = () => screen.getByRole('form', { name: 'Invite someone' });

describe('the team page', () => {
  it('lists the members and the open invitations', async () => {
    await openTeam();
    const members = screen.getByRole('heading', { name: 'Members' }).nextElementSibling as HTMLElement;
    expect(
      within(members)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Dana Park (you)dana@example.comManager', 'Ana Royana@maple.exampleOwner']);
    const open = screen.getByRole('heading', { name: 'Open invitations' }).nextElementSibling as HTMLElement;
    within(open).getByText('cook@maple.example');
    within(open).getByText('Staff');
    within(open).getByText(/expires Dec 2, 2026/);
    await waitFor(() => expect(document.title).toBe('Team · Caterway for restaurants'));
  });

  it('offers a manager the staff role only, and invites staff', async () => {
    const user = userEvent.setup();
    await openTeam();
    const roles = within(form()).getAllByRole('radio');
    expect(roles.map((r) => r.closest('label')?.querySelector('.partner-radio-label')?.textContent)).toEqual(['Staff']);
    expect((roles[0] as HTMLInputElement).checked).toBe(true);
    await user.type(within(form()).getByLabelText('Email'), 'new.cook@maple.example');
    await user.click(within(form()).getByRole('button', { name: 'Send invitation' }));
    await within(form()).findByText('new.cook@maple.example');
    within(form()).getByRole('status');
    expect(invites).toEqual([{ email: 'new.cook@maple.example', role: 'staff' }]);
    // the form is ready for the next one, and the list shows the new invitation
    expect(within(form()).getByLabelText<HTMLInputElement>('Email').value).toBe('');
    await waitFor(() => expect(teamCalls).toBe(2));
    const open = screen.getByRole('heading', { name: 'Open invitations' }).nextElementSibling as HTMLElement;
    await within(open).findByText('new.cook@maple.example');
  });

  it('offers an owner every role', async () => {
    role = 'owner';
    const user = userEvent.setup();
    await openTeam();
    const roles = within(form()).getAllByRole('radio');
    expect(roles.map((r) => r.closest('label')?.querySelector('.partner-radio-label')?.textContent)).toEqual([
      'Owner',
      'Manager',
      'Staff',
    ]);
    await user.type(within(form()).getByLabelText('Email'), 'sous.chef@maple.example');
    await user.click(within(form()).getByRole('radio', { name: /Manager/ }));
    await user.click(within(form()).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(invites).toEqual([{ email: 'sous.chef@maple.example', role: 'manager' }]));
  });

  it('checks the email before sending', async () => {
    const user = userEvent.setup();
    await openTeam();
    const email = within(form()).getByLabelText('Email');
    await user.click(within(form()).getByRole('button', { name: 'Send invitation' }));
    expect(describedText(email)).toBe(messages.required);
    await user.type(email, 'not an email');
    await user.click(within(form()).getByRole('button', { name: 'Send invitation' }));
    expect(describedText(email)).toBe(messages.invalidEmail);
    expect(document.activeElement).toBe(email);
    expect(invites).toEqual([]);
  });

  it('shows the API’s refusal: already on the team (409), too many today (429)', async () => {
    const user = userEvent.setup();
    await openTeam();
    refuse = errorAnswer(409, 'This person is already on the team.');
    await user.type(within(form()).getByLabelText('Email'), 'ana@maple.example');
    await user.click(within(form()).getByRole('button', { name: 'Send invitation' }));
    expect((await within(form()).findByRole('alert')).textContent).toBe('This person is already on the team.');
    refuse = errorAnswer(429, 'This restaurant has sent too many invitations today. Please try again tomorrow.');
    await user.click(within(form()).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() =>
      expect(within(form()).getByRole('alert').textContent).toBe(
        'This restaurant has sent too many invitations today. Please try again tomorrow.',
      ),
    );
    // no confirmation, and the email stays for a correction
    expect(within(form()).queryByRole('status')).toBeNull();
    expect(within(form()).getByLabelText<HTMLInputElement>('Email').value).toBe('ana@maple.example');
  });

  it('tells staff the team is for owners and managers, and hides Team from them', async () => {
    role = 'staff';
    signIn({ ...customer, id: 12, email: 'cook@maple.example' });
    renderPage(<PartnerRoutes />, { at: '/partner/1/team', path: '/partner/*' });
    await screen.findByText('The team is managed by the restaurant’s owner and managers.');
    screen.getByRole('link', { name: 'Go to the orders' });
    expect(screen.getByRole('navigation', { name: 'Restaurant portal' }).textContent).toBe(
      'OrdersMenuSold outPhotosCalendarSettings',
    );
    expect(teamCalls).toBe(0);
  });
});
