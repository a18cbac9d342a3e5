// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  partnerOrdersResponseSchema,
  partnerRestaurantSchema,
  partnerRestaurantsResponseSchema,
  type PartnerRestaurant,
} from '@caterway/contracts';
import { contractJson, setupContractServer } from '@caterway/contracts/testing';
import { Component as PartnerRoutes } from '../../../app/routes/partner';
import { modalStore } from '../../../stores/modals';
import { partnerRestaurant } from '../../../test/partner-wire';
import { renderPage, signIn } from '../../../test/render';

// The portal's home at /partner: one restaurant opens its orders, none explains the portal,
// several are listed (with a filter for operations staff, who see them all), a visitor signs in.

let restaurants: PartnerRestaurant[];

setupContractServer(
  http.get('/api/v2/partner/restaurants', () => contractJson(partnerRestaurantsResponseSchema, { restaurants })),
  http.get('/api/v2/partner/restaurants/:id', ({ params }) =>
    contractJson(
      partnerRestaurantSchema,
      restaurants.find((r) => r.id === Number(params.id))!,
    ),
  ),
  http.get('/api/v2/partner/restaurants/:id/orders', () =>
    contractJson(partnerOrdersResponseSchema, { orders: [], waiting_count: 0 }),
  ),
  // the inbox's live stream: nothing new
  http.get(
    '/api/v2/partner/restaurants/:id/events',
    () => new Response('retry: 3000\n\n', { headers: { 'content-type': 'text/event-stream' } }),
  ),
);

beforeEach(() => {
  restaurants = [partnerRestaurant()];
});

const openHome = () => renderPage(<PartnerRoutes />, { at: '/partner', path: '/partner/*' });

describe('the portal’s home', () => {
  it('goes straight to the orders of the one restaurant', async () => {
    signIn();
    openHome();
    await screen.findByRole('heading', { name: 'Orders', level: 1 });
    await screen.findByText('Nothing is waiting for you.', { exact: false });
    screen.getByText('Maple Kitchen');
  });

  it('explains the portal and how to be invited to someone on no team', async () => {
    restaurants = [];
    signIn();
    openHome();
    await screen.findByRole('heading', { name: 'How to join your restaurant’s team' });
    screen.getByText(/Ask your restaurant’s owner or manager to invite you/);
  });

  it('lists several restaurants with the role there, and the switcher moves between them', async () => {
    restaurants = [
      partnerRestaurant(),
      partnerRestaurant({ id: 2, slug: 'masala-house', name: 'Masala House', role: 'staff' }),
    ];
    const user = userEvent.setup();
    signIn();
    openHome();
    await screen.findByRole('heading', { name: 'Your restaurants' });
    expect(screen.getAllByRole('link', { name: /Toronto/ }).map((a) => a.textContent)).toEqual([
      'Maple KitchenToronto · Owner',
      'Masala HouseToronto · Staff',
    ]);
    await user.click(screen.getByRole('link', { name: /Maple Kitchen/ }));
    // the restaurant's bar: a switcher to the other one
    const switcher = await screen.findByRole('button', { name: /Maple Kitchen.*Switch restaurant/ });
    expect(switcher.getAttribute('aria-expanded')).toBe('false');
    await user.click(switcher);
    expect(switcher.getAttribute('aria-expanded')).toBe('true');
    await user.click(screen.getByRole('link', { name: /Masala House/ }));
    await screen.findByRole('button', { name: /Masala House.*Switch restaurant/ });
    // staff there: no Team
    await waitFor(() =>
      expect(screen.getByRole('navigation', { name: 'Restaurant portal' }).textContent).toBe(
        'OrdersMenuSold outPhotosCalendarSettings',
      ),
    );
  });

  it('filters a long list by name or city', async () => {
    restaurants = Array.from({ length: 10 }, (_, i) =>
      partnerRestaurant({
        id: i + 1,
        slug: `r${i}`,
        name: `Restaurant ${i + 1}`,
        city: i === 3 ? 'Montréal' : 'Toronto',
        role: 'operations',
      }),
    );
    const user = userEvent.setup();
    signIn();
    openHome();
    await screen.findByRole('heading', { name: 'Your restaurants' });
    await user.type(screen.getByLabelText('Find a restaurant'), 'montr');
    expect(screen.getAllByRole('link', { name: /Restaurant/ }).map((a) => a.textContent)).toEqual([
      'Restaurant 4Montréal · Caterway operations',
    ]);
    screen.getByText('1 restaurant');
  });

  it('asks a visitor to sign in, with the sign-in dialog', async () => {
    const user = userEvent.setup();
    openHome();
    await user.click(await screen.findByRole('button', { name: 'Sign In' }));
    expect(modalStore.get()).toBe('signIn');
  });
});
