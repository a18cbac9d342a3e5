// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  partnerAffectedResponseSchema,
  partnerOrderMessageBodySchema,
  partnerOrderMessageResponseSchema,
  partnerRestaurantSchema,
  partnerRestaurantsResponseSchema,
  partnerSoldOutBodySchema,
  partnerSoldOutChangeResponseSchema,
  partnerSoldOutResponseSchema,
  type PartnerAffectedOrder,
  type PartnerOrderMessageBody,
  type PartnerSoldOutBody,
  type PartnerSoldOutDish,
} from '@caterway/contracts';
import { contractBody, contractJson, errorAnswer, setupContractServer } from '@caterway/contracts/testing';
import { Component as PartnerRoutes } from '../../../app/routes/partner';
import { partnerRestaurant } from '../../../test/partner-wire';
import { renderPage, signIn } from '../../../test/render';

// The Sold out page (/partner/1/sold-out; decision 053): switches per dish and option, the
// durations of an 86, turning back on at once, the affected orders after an 86 and Message
// customer; its loading, empty and error states, by keyboard as well.

const until = '2026-11-24T05:00:00.000Z';
const dish = (over: Partial<PartnerSoldOutDish> = {}): PartnerSoldOutDish => ({
  id: 11,
  name: 'Butter Chicken Tray',
  price_cents: 8900,
  sold_out: false,
  unavailable_until: null,
  until_text: null,
  category_name: 'Mains',
  options: [{ id: 111, name: 'Raita', price_cents: 300, sold_out: false, unavailable_until: null, until_text: null }],
  ...over,
});
const affectedOrder: PartnerAffectedOrder = {
  kind: 'order',
  order_id: 41,
  order_number: 'CW-2026-000041',
  group_order_id: null,
  group_order_name: null,
  state: 'accepted',
  customer_name: 'Dana Morgan',
  company_name: 'Northwind',
  email: 'dana@example.com',
  phone: '416-555-0101',
  delivery_at: '2026-11-25T17:00:00.000Z',
  display_delivery: 'Nov 25, 2026, 12:00 PM',
  quantity: 3,
  messages_sent: 0,
};

let menuState: 'ok' | 'empty' | 'fail';
let dishes: PartnerSoldOutDish[];
let changes: PartnerSoldOutBody[];
let sent: { orderId: string; body: PartnerOrderMessageBody }[];

setupContractServer(
  http.get('/api/v2/partner/restaurants', () =>
    contractJson(partnerRestaurantsResponseSchema, { restaurants: [partnerRestaurant({ role: 'staff' })] }),
  ),
  http.get('/api/v2/partner/restaurants/1', () =>
    contractJson(partnerRestaurantSchema, partnerRestaurant({ role: 'staff' })),
  ),
  http.get('/api/v2/partner/restaurants/1/sold-out', () => {
    if (menuState === 'fail') return errorAnswer(500, 'Something went wrong. Please try again.');
    return contractJson(partnerSoldOutResponseSchema, {
      time_zone: 'America/Toronto',
      categories: menuState === 'empty' ? [] : [{ name: 'Mains', dishes }],
    });
  }),
  http.post('/api/v2/partner/restaurants/1/sold-out', async ({ request }) => {
    const body = await contractBody(request, partnerSoldOutBodySchema);
    changes.push(body);
    const out = !body.available;
    dishes = dishes.map((d) =>
      d.id === body.menu_id
        ? {
            ...d,
            sold_out: out,
            unavailable_until: out ? until : null,
            until_text: out ? 'until end of day' : null,
          }
        : d,
    );
    return contractJson(partnerSoldOutChangeResponseSchema, {
      item: {
        kind: 'dish',
        id: body.menu_id!,
        menu_id: body.menu_id!,
        name: 'Butter Chicken Tray',
        price_cents: 8900,
        sold_out: out,
        unavailable_until: out ? until : null,
        until_text: out ? 'until end of day' : null,
      },
      affected: { subject: 'Butter Chicken Tray', orders: out ? [affectedOrder] : [] },
    });
  }),
  http.get('/api/v2/partner/restaurants/1/sold-out/affected', () =>
    contractJson(partnerAffectedResponseSchema, { subject: 'Butter Chicken Tray', orders: [affectedOrder] }),
  ),
  http.post('/api/v2/partner/restaurants/1/orders/:orderId/messages', async ({ request, params }) => {
    const body = await contractBody(request, partnerOrderMessageBodySchema);
    sent.push({ orderId: String(params.orderId), body });
    return contractJson(partnerOrderMessageResponseSchema, {
      message: {
        id: 1,
        kind: body.kind,
        body: body.body,
        subject: 'Butter Chicken Tray',
        restaurant_name: 'Maple Kitchen',
        author_name: 'Rosa Diaz',
        created_at: '2026-11-23T15:00:00.000Z',
      },
    });
  }),
);

beforeEach(() => {
  menuState = 'ok';
  dishes = [dish()];
  changes = [];
  sent = [];
});

const open = () => {
  signIn();
  return renderPage(<PartnerRoutes />, { at: '/partner/1/sold-out', path: '/partner/*' });
};

describe('the Sold out page', () => {
  it('86s a dish until end of day from its switch, lists the affected order and messages its customer', async () => {
    const user = userEvent.setup();
    open();
    const toggle = await screen.findByRole('switch', { name: 'Butter Chicken Tray available' });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    screen.getByRole('switch', { name: 'Raita (Butter Chicken Tray) available' });
    expect(screen.getByRole('link', { name: 'Sold out' }).getAttribute('href')).toBe('/partner/1/sold-out');

    await user.click(toggle);
    const durations = await screen.findByRole('dialog', { name: 'Sold out: Butter Chicken Tray' });
    expect(
      within(durations)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(
      expect.arrayContaining([
        'Until end of day',
        '1 hour',
        '2 hours',
        '4 hours',
        '8 hours',
        'Until I turn it back on',
      ]),
    );
    await user.click(within(durations).getByRole('button', { name: 'Until end of day' }));
    await waitFor(() => expect(changes).toEqual([{ menu_id: 11, available: false, duration: 'end_of_day' }]));

    const panel = await screen.findByRole('region', { name: 'Orders with Butter Chicken Tray' });
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Orders with Butter Chicken Tray'));
    within(panel).getByText('Order CW-2026-000041');
    within(panel).getByText('Accepted');
    within(panel).getByText('Nov 25, 2026, 12:00 PM');
    expect(within(panel).getByRole('link', { name: '416-555-0101' }).getAttribute('href')).toBe('tel:4165550101');
    await screen.findByText('Sold out until end of day');
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Butter Chicken Tray available' }).getAttribute('aria-checked')).toBe(
        'false',
      ),
    );

    await user.click(within(panel).getByRole('button', { name: 'Message customer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Message the customer' });
    within(dialog).getByText(/To Dana Morgan, order CW-2026-000041/);
    expect(within(dialog).getByRole('radio', { name: /Propose a substitute for Butter Chicken Tray/ })).toHaveProperty(
      'checked',
      true,
    );
    // an empty message is refused here with the contract's words
    await user.click(within(dialog).getByRole('button', { name: 'Send message' }));
    within(dialog).getByText('Write the message to the customer.');
    expect(sent).toEqual([]);
    await user.type(within(dialog).getByLabelText('Message'), 'May we send Chana Masala instead?');
    await user.click(within(dialog).getByRole('button', { name: 'Send message' }));
    await waitFor(() =>
      expect(sent).toEqual([
        { orderId: '41', body: { kind: 'substitute', body: 'May we send Chana Masala instead?', menu_id: 11 } },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('turns a sold-out dish back on at once, and lists its orders on demand', async () => {
    const user = userEvent.setup();
    dishes = [dish({ sold_out: true, unavailable_until: until, until_text: 'until end of day' })];
    open();
    await screen.findByText('1 sold out now');
    await user.click(screen.getByRole('button', { name: 'Orders with Butter Chicken Tray' }));
    const panel = await screen.findByRole('region', { name: 'Orders with Butter Chicken Tray' });
    await within(panel).findByText('Order CW-2026-000041');
    await user.click(within(panel).getByRole('button', { name: 'Close the orders' }));
    expect(screen.queryByRole('region', { name: 'Orders with Butter Chicken Tray' })).toBeNull();

    const toggle = screen.getByRole('switch', { name: 'Butter Chicken Tray available' });
    toggle.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(changes).toEqual([{ menu_id: 11, available: true }]));
    expect(screen.queryByRole('dialog')).toBeNull();
    await screen.findByText('Everything is available.');
  });

  it('says when the menu has no dishes', async () => {
    menuState = 'empty';
    open();
    await screen.findByText('Your menu has no dishes yet.');
  });

  it('offers Try again when the menu could not load', async () => {
    menuState = 'fail';
    const user = userEvent.setup();
    open();
    const retry = await screen.findByRole('button', { name: 'Try again' });
    menuState = 'ok';
    await user.click(retry);
    await screen.findByRole('switch', { name: 'Butter Chicken Tray available' });
  });
});
