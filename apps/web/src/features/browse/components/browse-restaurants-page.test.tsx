// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { restaurantSearchResponseSchema, searchQuerySchema, siteConfigResponseSchema } from '@caterway/contracts';
import { contractJson, setupContractServer } from '@caterway/contracts/testing';
import { renderPage } from '../../../test/render';
import { restaurantCard, siteConfig } from '../../../test/wire';
import { BrowseRestaurantsPage } from './browse-restaurants-page';

// The restaurant list's cards that decide, its sort and dietary filter, and the map panel's
// schematic without a tile source (issue 20 §2, decision 067).

const searches: URLSearchParams[] = [];
const cards = [
  restaurantCard({ id: 1, slug: 'maple-kitchen', name: 'Maple Kitchen', latitude: 43.652, longitude: -79.38 }),
  restaurantCard({
    id: 2,
    slug: 'sushi-bay',
    name: 'Sushi Bay',
    distance: 3.1,
    latitude: 43.63,
    longitude: -79.41,
    available_for_ordering: false,
    unavailable_reason: 'closed',
    next_available: {
      delivery_date: '2026-11-30',
      delivery_time: '11:00 AM',
      text: 'Monday, November 30, 2026 at 11:00 AM',
    },
    delivery_fee_cents: 0,
    minimum_order_cents: 0,
    rating_count: 0,
    price_level: 4,
    price_per_person_cents: 5200,
  }),
  restaurantCard({
    id: 3,
    slug: 'far-away',
    name: 'Far Away Grill',
    distance: 31,
    latitude: 43.85,
    longitude: -79.1,
    available_for_ordering: false,
    unavailable_reason: 'distance',
    delivery_fee_cents: null,
  }),
];
setupContractServer(
  http.get('/api/v2/search.json', ({ request }) => {
    const params = new URL(request.url).searchParams;
    searches.push(params);
    // what the page sends is what the API accepts
    searchQuerySchema.parse(Object.fromEntries(params));
    return contractJson(restaurantSearchResponseSchema, {
      presets: { all_presets: cards, favorite_restaurants: [], saved_for_later_restaurants: [] },
      meta_data: {
        preset_category_names: ['Canadian'],
        preset_category_name_with_icon: [{ name: 'Canadian', icon: '🍁' }],
        current_page: 1,
        full_count: cards.length,
        full_count_capped: false,
        total_page: 1,
      },
    });
  }),
  http.get('/api/v2/site_config', () => contractJson(siteConfigResponseSchema, siteConfig({ test_mode: true }))),
);

const delivery = {
  address: '100 King St W, Toronto',
  lat: 43.6487,
  lng: -79.3817,
  deliveryDate: '2026-11-29',
  deliveryTime: '12:00 PM',
};

function renderList() {
  searches.length = 0;
  return renderPage(<BrowseRestaurantsPage delivery={delivery} />, { at: '/browse-restaurants' });
}
const card = (name: string) =>
  screen.getAllByTestId('restaurant-card').find((c) => within(c).queryByRole('heading', { name }))!;
const fact = (c: HTMLElement, term: string) =>
  within(c).getByText(term, { selector: 'dt' }).nextElementSibling!.textContent;

describe('the restaurant list', () => {
  it("shows each card's reviews, delivery fee, minimum, notice, price level and next available time", async () => {
    renderList();
    await screen.findByRole('heading', { name: 'Maple Kitchen' });
    const maple = card('Maple Kitchen');
    expect(fact(maple, 'Reviews')).toBe('4.5 · 4 reviews');
    expect(fact(maple, 'Delivery')).toBe('$15.00');
    expect(fact(maple, 'Minimum')).toBe('$200.00');
    expect(fact(maple, 'Notice')).toBe('24 h');
    expect(fact(maple, 'Price')).toContain('$$');
    expect(fact(maple, 'Price')).toContain('level 2 of 4, about $28.00 a person');
    expect(within(maple).queryByText(/Next available/)).toBeNull();

    const sushi = card('Sushi Bay');
    expect(within(sushi).getByText('Closed on this day')).toBeTruthy();
    expect(within(sushi).getByText('Next available Mon, Nov 30, 11:00 AM')).toBeTruthy();
    expect(fact(sushi, 'Reviews')).toBe('No reviews yet');
    expect(fact(sushi, 'Delivery')).toBe('Free');
    expect(fact(sushi, 'Minimum')).toBe('None');
    expect(fact(sushi, 'Price')).toContain('$$$$');

    expect(fact(card('Far Away Grill'), 'Delivery')).toBe('Does not deliver here');
  });

  it('makes the next available time one click that hands the date and time to the route (decision 072)', async () => {
    const user = userEvent.setup();
    const chosen: [string, string][] = [];
    searches.length = 0;
    renderPage(<BrowseRestaurantsPage delivery={delivery} onChooseTime={(date, time) => chosen.push([date, time])} />, {
      at: '/browse-restaurants',
    });
    await screen.findByRole('heading', { name: 'Sushi Bay' });
    const next = within(card('Sushi Bay')).getByRole('button', { name: 'Deliver Mon, Nov 30, 11:00 AM instead' });
    expect(next.textContent).toBe('Mon, Nov 30, 11:00 AM');
    expect(next.parentElement!.textContent).toBe('Next available Mon, Nov 30, 11:00 AM');
    await user.click(next);
    expect(chosen).toEqual([['2026-11-30', '11:00 AM']]);
  });

  it('asks the server for the chosen order and the dietary needs (after the filter pause)', async () => {
    const user = userEvent.setup();
    renderList();
    await screen.findByRole('heading', { name: 'Maple Kitchen' });
    expect(searches[0]!.get('restaurant_sort')).toBeNull();
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Soonest available');
    await waitFor(() => expect(searches.at(-1)!.get('restaurant_sort')).toBe('soonest'));

    const needs = screen.getByRole('group', { name: 'Dietary needs' });
    expect(
      within(needs)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Vegetarian', 'Vegan', 'Gluten-free', 'Dairy-free', 'Nut-free', 'Halal', 'Kosher']);
    await user.click(within(needs).getByRole('button', { name: 'Halal' }));
    await user.click(within(needs).getByRole('button', { name: 'Vegan' }));
    expect(within(needs).getByRole('button', { name: 'Halal' }).getAttribute('aria-pressed')).toBe('true');
    // one search for the settled choice, the needs in their canonical order, the sort kept
    await waitFor(() => expect(searches.at(-1)!.get('dietary_types')).toBe('Vegan,Halal'), { timeout: 3000 });
    expect(searches.filter((s) => s.get('dietary_types') !== null)).toHaveLength(1);
    expect(searches.at(-1)!.get('restaurant_sort')).toBe('soonest');
  });

  it('draws the schematic map without a tile source: no coordinates, names on focus and tap', async () => {
    const user = userEvent.setup();
    renderList();
    await screen.findByRole('heading', { name: 'Maple Kitchen' });
    await user.click(screen.getByRole('button', { name: 'Show map' }));
    const dialog = await screen.findByRole('dialog', { name: 'Restaurants on the map' });
    await within(dialog).findByTestId('schematic-map');
    expect(within(dialog).getAllByTestId('schematic-restaurant')).toHaveLength(3);
    expect(within(dialog).getByTestId('schematic-address')).toBeTruthy();
    // rings with their distances, never a latitude or longitude
    expect(dialog.textContent).toMatch(/\d+ km/);
    expect(dialog.textContent).not.toMatch(/43\.\d|79\.\d/);

    const pins = within(dialog).getAllByRole('button', { name: /Sushi Bay/ });
    pins[0]!.focus();
    await waitFor(() =>
      expect(within(dialog).getByTestId('map-active').textContent).toBe('Sushi Bay, 3.1 km, Closed on this day'),
    );
    expect(within(dialog).getByRole('link', { name: 'View Details' }).getAttribute('href')).toBe('/chefs/sushi-bay');
    await user.click(within(dialog).getByRole('button', { name: /Maple Kitchen/ }));
    expect(within(dialog).getByTestId('map-active').textContent).toBe('Maple Kitchen, 2.4 km, Available');
  });

  it("opens a restaurant's own map from its card, that restaurant chosen", async () => {
    const user = userEvent.setup();
    renderList();
    await screen.findByRole('heading', { name: 'Maple Kitchen' });
    await user.click(within(card('Sushi Bay')).getByRole('button', { name: 'Map of Sushi Bay' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sushi Bay' });
    expect(within(dialog).getByTestId('map-active').textContent).toContain('Sushi Bay');
    expect(within(dialog).getByRole('link', { name: 'View Details' }).getAttribute('href')).toBe('/chefs/sushi-bay');
    expect(within(dialog).getByRole('button', { name: 'View full screen' })).toBeTruthy();
  });
});
