// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { searchAllQuerySchema, searchAllResponseSchema } from '@caterway/contracts';
import { contractJson, errorAnswer, setupContractServer } from '@caterway/contracts/testing';
import { renderPage } from '../../../test/render';
import { presetCard, restaurantCard } from '../../../test/wire';
import { SearchResultsPage } from './search-results-page';

// The full results page (/search?q=, issue 20 §2): groups by kind with counts, "Did you mean",
// the empty and error states; the query it sends is one the API accepts.

const sent: URLSearchParams[] = [];
let failing = false;
setupContractServer(
  http.get('/api/v2/search/all', ({ request }) => {
    const params = new URL(request.url).searchParams;
    sent.push(params);
    searchAllQuerySchema.parse(Object.fromEntries(params));
    if (failing) return errorAnswer(500, 'Something went wrong');
    const q = params.get('q') ?? '';
    if (q === 'zzz')
      return contractJson(searchAllResponseSchema, {
        query: q,
        did_you_mean: null,
        restaurants: { total: 0, items: [] },
        presets: { total: 0, capped: false, items: [] },
        dishes: { total: 0, capped: false, items: [] },
      });
    return contractJson(searchAllResponseSchema, {
      query: q,
      did_you_mean: 'sushi',
      restaurants: {
        total: 2,
        items: [restaurantCard({ id: 1, slug: 'maple-sushi', name: 'Maple Sushi', cuisine_types: ['Japanese'] })],
      },
      presets: { total: 1, capped: false, items: [presetCard({ id: 7, slug: 'sushi-lunch', name: 'Sushi Lunch' })] },
      dishes: {
        total: 1,
        capped: false,
        items: [
          {
            id: 40,
            name: 'Salmon Sushi Roll',
            price_cents: 1250,
            image_url: '',
            restaurant: { id: 1, name: 'Maple Sushi', slug: 'maple-sushi' },
          },
        ],
      },
    });
  }),
);

const params = (q: string) => ({
  q,
  lat: 43.64,
  lng: -79.37,
  address: '1 Yonge St, Toronto',
  deliveryDate: '2026-12-01',
  deliveryTime: '12:00 PM',
  cuisines: ['Japanese'],
});

describe('the search results page', () => {
  it('groups restaurants, presets and dishes with their counts and offers the correction', async () => {
    sent.length = 0;
    failing = false;
    renderPage(<SearchResultsPage params={params('suhsi')} />, { at: '/search' });
    const restaurants = await screen.findByRole('region', { name: 'Restaurants (2)' });
    expect(within(restaurants).getByRole('link', { name: /Maple Sushi/ })).toBeTruthy();
    const presets = screen.getByRole('region', { name: 'Presets (1)' });
    expect(within(presets).getByRole('link', { name: /Sushi Lunch/ })).toBeTruthy();
    const dishes = screen.getByRole('region', { name: 'Dishes (1)' });
    const dish = within(dishes).getByRole('link', { name: /Salmon Sushi Roll/ });
    expect(dish.getAttribute('href')).toBe('/chefs/maple-sushi');
    expect(dish.textContent).toContain('$12.50');
    expect(screen.getByTestId('search-count').textContent).toBe(
      '2 restaurants, 1 preset, 1 dish near 1 Yonge St, Toronto',
    );
    expect(screen.getByTestId('did-you-mean').getAttribute('href')).toBe('/search?q=sushi');
    // the browse filters go with it
    expect(Object.fromEntries(sent[0]!)).toMatchObject({
      q: 'suhsi',
      lat: '43.64',
      lng: '-79.37',
      delivery_date: '2026-12-01',
      preset_category_names: 'Japanese',
    });
  });

  it('says when nothing matches', async () => {
    failing = false;
    renderPage(<SearchResultsPage params={params('zzz')} />, { at: '/search' });
    expect((await screen.findByTestId('search-empty')).textContent).toContain('Nothing matches "zzz"');
  });

  it('offers to try again when the search fails', async () => {
    failing = true;
    renderPage(<SearchResultsPage params={params('sushi')} />, { at: '/search' });
    expect(await screen.findByText('The search is not available right now.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
