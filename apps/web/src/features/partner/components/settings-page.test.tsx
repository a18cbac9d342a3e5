// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  partnerCapacityResponseSchema,
  partnerCapacitySchema,
  partnerRestaurantSchema,
  partnerRestaurantsResponseSchema,
  partnerSettingsResponseSchema,
  partnerSettingsSchema,
  partnerStatsResponseSchema,
  type PartnerCapacity,
  type PartnerSettings,
} from '@caterway/contracts';
import { contractBody, contractJson, setupContractServer } from '@caterway/contracts/testing';
import { Component as PartnerRoutes } from '../../../app/routes/partner';
import { partnerRestaurant } from '../../../test/partner-wire';
import { renderPage, signIn } from '../../../test/render';
import { settingsMessages } from './settings-page';

// The portal's settings page (/partner/1/settings): the record for everyone on the team; order
// emails, auto-accept and capacity for managers and owners, checked here and by the API.

let role: 'owner' | 'staff';
let savedSettings: PartnerSettings[];
let savedCapacity: PartnerCapacity[];

setupContractServer(
  http.get('/api/v2/partner/restaurants', () =>
    contractJson(partnerRestaurantsResponseSchema, { restaurants: [partnerRestaurant({ role })] }),
  ),
  http.get('/api/v2/partner/restaurants/1', () => contractJson(partnerRestaurantSchema, partnerRestaurant({ role }))),
  http.get('/api/v2/partner/restaurants/1/stats', () =>
    contractJson(partnerStatsResponseSchema, {
      stats: {
        days: 90,
        requests: 40,
        accepted: 36,
        declined: 4,
        acceptance_rate: 0.9,
        median_minutes_to_accept: 6.5,
        auto_accepted: 10,
        delivered: 20,
        on_time_rate: 0.95,
      },
    }),
  ),
  http.get('/api/v2/partner/restaurants/1/settings', () =>
    contractJson(partnerSettingsResponseSchema, {
      settings: { notification_emails: ['orders@maple.example'], auto_accept: 'off', auto_accept_max_cents: null },
    }),
  ),
  http.put('/api/v2/partner/restaurants/1/settings', async ({ request }) => {
    const body = await contractBody(request, partnerSettingsSchema);
    savedSettings.push(body);
    return contractJson(partnerSettingsResponseSchema, { settings: body });
  }),
  http.get('/api/v2/partner/restaurants/1/capacity', () =>
    contractJson(partnerCapacityResponseSchema, {
      capacity: { unit: 'orders', per_day: null, per_window: null, window_minutes: 60 },
    }),
  ),
  http.put('/api/v2/partner/restaurants/1/capacity', async ({ request }) => {
    const body = await contractBody(request, partnerCapacitySchema);
    savedCapacity.push(body);
    return contractJson(partnerCapacityResponseSchema, { capacity: body });
  }),
);

beforeEach(() => {
  role = 'owner';
  savedSettings = [];
  savedCapacity = [];
});

const open = () => {
  signIn();
  return renderPage(<PartnerRoutes />, { at: '/partner/1/settings', path: '/partner/*' });
};

describe('the settings page', () => {
  it('shows the record of the last 90 days', async () => {
    open();
    const record = await screen.findByRole('region', { name: 'Your record, last 90 days' });
    await within(record).findByText('90%');
    within(record).getByText('6.5 min');
    within(record).getByText('95% of 20');
  });

  it('sets order emails and auto-accept up to an amount, checking both first', async () => {
    open();
    const form = await screen.findByRole('form', { name: 'Order emails and auto-accept' });
    const emails = within(form).getByLabelText('Email new orders to');
    await userEvent.clear(emails);
    await userEvent.type(emails, 'orders@maple.example{enter}not-an-email');
    await userEvent.click(within(form).getByRole('radio', { name: 'Orders up to an amount of food' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    within(form).getByText(settingsMessages.notAnEmail('not-an-email'));
    within(form).getByText(settingsMessages.amountNeeded);
    expect(savedSettings).toEqual([]);

    await userEvent.clear(emails);
    await userEvent.type(emails, 'orders@maple.example');
    await userEvent.type(within(form).getByLabelText(/Largest order/), '450');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(savedSettings).toEqual([
        { notification_emails: ['orders@maple.example'], auto_accept: 'under', auto_accept_max_cents: 45_000 },
      ]),
    );
  });

  it('sets capacity in servings with a window limit; a limit must be a whole number', async () => {
    open();
    const form = await screen.findByRole('form', { name: 'Capacity' });
    await userEvent.click(within(form).getByRole('radio', { name: 'Servings' }));
    const perWindow = within(form).getByLabelText('Most servings a delivery window');
    await userEvent.type(perWindow, '0');
    await userEvent.click(within(form).getByRole('button', { name: 'Save capacity' }));
    within(form).getByText(settingsMessages.limitNeeded);
    await userEvent.clear(perWindow);
    await userEvent.type(perWindow, '120');
    await userEvent.selectOptions(within(form).getByLabelText('Delivery windows of'), '120');
    await userEvent.click(within(form).getByRole('button', { name: 'Save capacity' }));
    await waitFor(() =>
      expect(savedCapacity).toEqual([{ unit: 'servings', per_day: null, per_window: 120, window_minutes: 120 }]),
    );
  });

  it('shows staff the record only', async () => {
    role = 'staff';
    open();
    await screen.findByRole('region', { name: 'Your record, last 90 days' });
    expect(screen.queryByRole('form', { name: 'Capacity' })).toBeNull();
    screen.getByText(/set by the owner and managers/);
  });
});
