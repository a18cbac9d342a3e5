// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  editorDietaryTags,
  partnerCategoryOrderBodySchema,
  partnerDishResponseSchema,
  partnerDishUpdateBodySchema,
  partnerMenuResponseSchema,
  partnerOptionBodySchema,
  partnerPresetsResponseSchema,
  partnerRestaurantSchema,
  partnerRestaurantsResponseSchema,
  priorityAllergens,
  type PartnerDish,
  type PartnerMenu,
} from '@caterway/contracts';
import { contractBody, contractJson, setupContractServer } from '@caterway/contracts/testing';
import { Component as PartnerRoutes } from '../../../app/routes/partner';
import { partnerRestaurant } from '../../../test/partner-wire';
import { renderPage, signIn } from '../../../test/render';
import { menuMessages } from './menu-page';

// The portal's menu page (/partner/1/menu): categories of dishes for everyone on the team;
// managers and owners edit a dish (checked here and by the API), its options and the order.

let role: 'owner' | 'staff';
let savedDishes: unknown[];
let savedOptions: unknown[];
let orders: string[][];
let stale: boolean;

const dish = (over: Partial<PartnerDish> = {}): PartnerDish => ({
  id: 11,
  name: 'Butter Chicken Tray',
  description: 'Serves about 10.',
  price_cents: 8900,
  serves: 10,
  min_order_amount: 1,
  menu_type: 'other',
  dietary_types: ['Gluten Free'],
  allergens: ['Milk'],
  lead_time_hours: null,
  tax_category: 'prepared_food',
  category_name: 'Mains',
  position: 0,
  unavailable_until: null,
  main_image_url: '',
  updated_at: '2026-11-28T10:00:00.000Z',
  options: [
    {
      id: 5,
      name: 'Extra naan',
      price_cents: 300,
      dietary_types: [],
      max_quantity: null,
      position: 0,
      unavailable_until: null,
    },
  ],
  ...over,
});

const menu = (): PartnerMenu => ({
  categories: [
    { name: 'Mains', position: 0, dishes: [dish(), dish({ id: 12, name: 'Paneer Tikka', position: 1 })] },
    { name: 'Desserts', position: 1, dishes: [dish({ id: 13, name: 'Gulab Jamun', category_name: 'Desserts' })] },
  ],
  notice_hours: 24,
  dietary_tags: [...editorDietaryTags],
  allergens: [...priorityAllergens],
});

setupContractServer(
  http.get('/api/v2/partner/restaurants', () =>
    contractJson(partnerRestaurantsResponseSchema, { restaurants: [partnerRestaurant({ role })] }),
  ),
  http.get('/api/v2/partner/restaurants/1', () => contractJson(partnerRestaurantSchema, partnerRestaurant({ role }))),
  http.get('/api/v2/partner/restaurants/1/menu', () => contractJson(partnerMenuResponseSchema, menu())),
  http.get('/api/v2/partner/restaurants/1/menu/presets', () =>
    contractJson(partnerPresetsResponseSchema, { presets: [] }),
  ),
  http.put('/api/v2/partner/restaurants/1/menu/dishes/11', async ({ request }) => {
    const body = await contractBody(request, partnerDishUpdateBodySchema);
    savedDishes.push(body);
    if (stale) return HttpResponse.json({ error: 'Someone changed this dish on another device.' }, { status: 409 });
    return contractJson(partnerDishResponseSchema, { dish: dish({ price_cents: body.price_cents }) });
  }),
  http.put('/api/v2/partner/restaurants/1/menu/dishes/11/options/5', async ({ request }) => {
    savedOptions.push(await contractBody(request, partnerOptionBodySchema));
    return contractJson(partnerDishResponseSchema, { dish: dish() });
  }),
  http.put('/api/v2/partner/restaurants/1/menu/categories/order', async ({ request }) => {
    const body = await contractBody(request, partnerCategoryOrderBodySchema);
    orders.push(body.names);
    return contractJson(partnerMenuResponseSchema, menu());
  }),
);

beforeEach(() => {
  role = 'owner';
  savedDishes = [];
  savedOptions = [];
  orders = [];
  stale = false;
});

const open = () => {
  signIn();
  return renderPage(<PartnerRoutes />, { at: '/partner/1/menu', path: '/partner/*' });
};

describe('the menu page', () => {
  it('lists the categories in order with their dishes, price, serves and tags', async () => {
    open();
    const mains = await screen.findByRole('region', { name: /Mains/ });
    within(mains).getByText('Butter Chicken Tray');
    within(mains).getAllByText(/\$89\.00 · serves 10/);
    within(mains).getAllByText('Gluten Free');
    screen.getByRole('region', { name: /Desserts/ });
    screen.getByRole('link', { name: 'Menu' });
  });

  it('moves a category down with a keyboard-reachable button', async () => {
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Move Mains down' }));
    await waitFor(() => expect(orders).toEqual([['Desserts', 'Mains']]));
  });

  it('checks a dish before saving, then sends it with its version', async () => {
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Butter Chicken Tray' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Butter Chicken Tray' });
    // the dish's price comes first, its options' after
    const price = within(dialog).getAllByLabelText('Price ($)')[0]!;
    await userEvent.clear(price);
    await userEvent.type(price, '9.999');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save dish' }));
    within(dialog).getByText(menuMessages.price);
    expect(savedDishes).toEqual([]);

    await userEvent.clear(price);
    await userEvent.type(price, '94');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Halal' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save dish' }));
    await waitFor(() => expect(savedDishes).toHaveLength(1));
    expect(savedDishes[0]).toMatchObject({
      price_cents: 9400,
      dietary_types: ['Gluten Free', 'Halal'],
      allergens: ['Milk'],
      updated_at: '2026-11-28T10:00:00.000Z',
      lead_time_hours: null,
    });
  });

  it('says when another device changed the dish first', async () => {
    stale = true;
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Butter Chicken Tray' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Butter Chicken Tray' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save dish' }));
    await within(dialog).findByText(menuMessages.stale);
  });

  it('changes an option inline', async () => {
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Butter Chicken Tray' }));
    const option = await screen.findByRole('form', { name: 'Option Extra naan' });
    const price = within(option).getByLabelText('Price ($)');
    await userEvent.clear(price);
    await userEvent.type(price, '3.50');
    await userEvent.click(within(option).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(savedOptions).toEqual([{ name: 'Extra naan', price_cents: 350, max_quantity: null, dietary_types: [] }]),
    );
  });

  it('shows staff the menu without editing', async () => {
    role = 'staff';
    open();
    await screen.findByText('Butter Chicken Tray');
    screen.getByText(/the owner and managers change it/);
    expect(screen.queryByRole('button', { name: 'Edit Butter Chicken Tray' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add dish' })).toBeNull();
  });
});
