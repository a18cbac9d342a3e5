// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  opsNewRestaurantBodySchema,
  opsRestaurantResponseSchema,
  opsRestaurantsResponseSchema,
  opsRestaurantStatusBodySchema,
  type OpsRestaurant,
} from '@caterway/contracts';
import { contractBody, contractJson, setupContractServer } from '@caterway/contracts/testing';
import { customer, renderPage, signIn } from '../../../test/render';
import { RestaurantsPanel } from './restaurants-panel';

// The console's restaurants (issue 19, decision 059): the list with its status, adding one with
// its owner's invitation, publishing and suspending with a reason.

const restaurant = (over: Partial<OpsRestaurant>): OpsRestaurant => ({
  id: 3,
  slug: 'kiln-and-crumb',
  name: 'Kiln & Crumb',
  city: 'Toronto',
  province: 'ON',
  country: 'CA',
  status: 'live',
  status_reason: '',
  status_changed_at: null,
  dishes: 24,
  team: 2,
  has_owner: true,
  pending_invites: 0,
  recent_orders: 12,
  ...over,
});

let list: OpsRestaurant[] = [];
const added: unknown[] = [];
const moves: { id: string; body: unknown }[] = [];

setupContractServer(
  http.get('/api/v2/ops/restaurants', ({ request }) => {
    const q = new URL(request.url).searchParams.get('q') ?? '';
    return contractJson(opsRestaurantsResponseSchema, {
      restaurants: list.filter((r) => r.name.toLowerCase().includes(q.toLowerCase())),
    });
  }),
  http.post('/api/v2/ops/restaurants', async ({ request }) => {
    const body = await contractBody(request, opsNewRestaurantBodySchema);
    added.push(body);
    const created = restaurant({ id: 9, name: body.business_name, status: 'onboarding', dishes: 0, team: 0 });
    list = [created, ...list];
    return contractJson(opsRestaurantResponseSchema, { restaurant: created }, { status: 201 });
  }),
  http.post('/api/v2/ops/restaurants/:chefId/status', async ({ params, request }) => {
    const body = await contractBody(request, opsRestaurantStatusBodySchema);
    moves.push({ id: String(params.chefId), body });
    list = list.map((r) =>
      r.id === Number(params.chefId) ? { ...r, status: body.status, status_reason: body.reason ?? '' } : r,
    );
    return contractJson(opsRestaurantResponseSchema, { restaurant: list.find((r) => r.id === Number(params.chefId))! });
  }),
);

beforeEach(() => {
  signIn({ ...customer, id: 2, email: 'ops@caterway.ca', role: 'staff', jwt: 'jwt-ops' });
  added.length = 0;
  moves.length = 0;
});

describe('RestaurantsPanel', () => {
  it('lists restaurants with their status and suspends one with a reason', async () => {
    list = [restaurant({}), restaurant({ id: 4, name: 'Sakura Sushi', status: 'onboarding', dishes: 0, team: 0 })];
    const user = userEvent.setup();
    renderPage(<RestaurantsPanel />, { at: '/ops' });
    const card = (await screen.findByRole('heading', { name: 'Kiln & Crumb' })).closest('article')!;
    expect(within(card).getByText('Live')).toBeTruthy();
    expect(within(card).getByText(/24 dishes · 2 people · 12 orders ±30 days/)).toBeTruthy();
    const sakura = screen.getByRole('heading', { name: 'Sakura Sushi' }).closest('article')!;
    expect(within(sakura).getByText(/No dishes yet · No team yet/)).toBeTruthy();
    expect(within(sakura).getByRole('button', { name: 'Publish Sakura Sushi' })).toBeTruthy();

    await user.click(within(card).getByRole('button', { name: 'Suspend Kiln & Crumb' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend Kiln & Crumb?' });
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(
      await within(dialog).findByText('Say why the restaurant is suspended (at least 3 characters).'),
    ).toBeTruthy();
    expect(moves).toEqual([]);
    await user.type(within(dialog).getByLabelText('Reason (its team sees it)'), 'Health inspection pending');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    await waitFor(() =>
      expect(moves).toEqual([{ id: '3', body: { status: 'suspended', reason: 'Health inspection pending' } }]),
    );
    expect(await screen.findByText('Suspended: Health inspection pending')).toBeTruthy();
  });

  it('adds a restaurant: checks the form, then sends it with the zone of its province', async () => {
    list = [];
    const user = userEvent.setup();
    renderPage(<RestaurantsPanel />, { at: '/ops' });
    expect(await screen.findByText('No restaurant matches.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add restaurant' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a restaurant' });
    await user.click(within(dialog).getByRole('button', { name: 'Add and invite the owner' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Check the fields marked below.');
    expect(added).toEqual([]);

    await user.type(within(dialog).getByLabelText('Restaurant name'), 'Bánh Mì Corner');
    await user.type(within(dialog).getByLabelText("Owner's first name"), 'Linh');
    await user.type(within(dialog).getByLabelText("Owner's last name"), 'Tran');
    await user.type(within(dialog).getByLabelText("Owner's email"), 'linh@banhmi.example');
    await user.type(within(dialog).getByLabelText('Street address'), '1055 W Georgia St');
    await user.type(within(dialog).getByLabelText('City'), 'Vancouver');
    await user.type(within(dialog).getByLabelText('Province or state'), 'bc');
    await user.type(within(dialog).getByLabelText('Postal or ZIP code'), 'V6E 3P3');
    await user.type(within(dialog).getByLabelText(/Cuisines/), 'Vietnamese, Sandwiches');
    await user.click(within(dialog).getByRole('button', { name: 'Add and invite the owner' }));
    await waitFor(() => expect(added).toHaveLength(1));
    expect(added[0]).toMatchObject({
      business_name: 'Bánh Mì Corner',
      owner_email: 'linh@banhmi.example',
      province: 'BC',
      time_zone: 'America/Vancouver',
      cuisine_types: ['Vietnamese', 'Sandwiches'],
      pre_order_notice_hours: 24,
    });
    expect(await screen.findByRole('heading', { name: 'Bánh Mì Corner' })).toBeTruthy();
  });
});
