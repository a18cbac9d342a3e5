// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { quickSearchQuerySchema, quickSearchResponseSchema } from '@caterway/contracts';
import { contractJson, errorAnswer, setupContractServer } from '@caterway/contracts/testing';
import { renderPage } from '../../../test/render';
import { restaurantCard } from '../../../test/wire';
import { NavSearch } from './nav-search';

// The navigation search (ordering-payments §2, §5, §9): from 3 characters after a 500 ms pause an
// overlay 'Results for query' lists restaurants linking to /chefs/{slug}; Escape closes it and
// gives the focus back to the field; Down/Up move between the field and the results.

const searches: URLSearchParams[] = [];
const server = setupContractServer(
  http.get('/api/v2/search/elastic_search', ({ request }) => {
    const params = new URL(request.url).searchParams;
    searches.push(params);
    // the query the app sends is one the API accepts
    quickSearchQuerySchema.parse(Object.fromEntries(params));
    const q = params.get('q') ?? '';
    const all = [
      restaurantCard({ id: 1, slug: 'maple-kitchen', name: 'Maple Kitchen' }),
      restaurantCard({ id: 2, slug: 'maple-sushi', name: 'Maple Sushi', cuisine_types: ['Japanese'], distance: 12.6 }),
    ];
    return contractJson(quickSearchResponseSchema, {
      presets: all.filter((r) => r.name.toLowerCase().includes(q.toLowerCase())),
      query: q,
    });
  }),
);

function renderSearch() {
  searches.length = 0;
  return renderPage(<NavSearch near={{ lat: 43.64, lng: -79.37, address: '1 Yonge St, Toronto' }} />, { at: '/' });
}
const field = () => screen.getByRole('searchbox', { name: 'Search restaurants' });
const overlay = () => screen.queryByRole('region', { name: 'Results for query' });

describe('the navigation search overlay', () => {
  it('opens after the pause with 3 characters and lists the restaurants found, near the delivery address', async () => {
    const user = userEvent.setup();
    renderSearch();
    await user.type(field(), 'map');
    const results = await screen.findByRole('list', { name: 'Restaurants' }, { timeout: 2000 });
    expect(
      within(results)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual([expect.stringContaining('Maple Kitchen'), expect.stringContaining('Maple Sushi')]);
    expect(
      within(results)
        .getByRole('link', { name: /Maple Kitchen/ })
        .getAttribute('href'),
    ).toBe('/chefs/maple-kitchen');
    expect(screen.getByRole('status').textContent).toBe('2 restaurants found');
    // one search for the settled text, with the coordinates
    expect(searches).toHaveLength(1);
    expect(Object.fromEntries(searches[0]!)).toMatchObject({ q: 'map', lat: '43.64', lng: '-79.37', limit: '8' });
    expect(document.body.style.overflow).toBe('hidden');
  });

  it('does not search with fewer than 3 characters', async () => {
    const user = userEvent.setup();
    renderSearch();
    await user.type(field(), 'ma');
    await new Promise((r) => setTimeout(r, 700));
    expect(overlay()).toBeNull();
    expect(searches).toHaveLength(0);
  });

  it('says when nothing matches, with the term', async () => {
    const user = userEvent.setup();
    renderSearch();
    await user.type(field(), 'pho');
    await screen.findByText(
      'No restaurants match "pho". Try a cuisine, a dish or part of a restaurant name.',
      {},
      { timeout: 2000 },
    );
    expect(screen.getByRole('status').textContent).toBe('0 restaurants found');
  });

  it('says when the search fails', async () => {
    server.use(http.get('/api/v2/search/elastic_search', () => errorAnswer(503, 'Search unavailable')));
    const user = userEvent.setup();
    renderSearch();
    await user.type(field(), 'maple');
    await screen.findByText('The search is not available right now. Please try again.', {}, { timeout: 2000 });
  });

  it('closes on Escape, gives the focus back to the field, and unlocks the page', async () => {
    const user = userEvent.setup();
    renderSearch();
    await user.type(field(), 'maple');
    await screen.findByRole('list', { name: 'Restaurants' }, { timeout: 2000 });
    await user.keyboard('{Escape}');
    expect(overlay()).toBeNull();
    expect(document.activeElement).toBe(field());
    expect(document.body.style.overflow).toBe('');
  });

  it('opens the full results page on Enter (issue 20 §2)', async () => {
    const user = userEvent.setup();
    renderSearch();
    await user.type(field(), 'suhsi rolls{Enter}');
    await waitFor(() => expect(screen.getByLabelText('Current page').textContent).toBe('/search'));
    expect(overlay()).toBeNull();
  });

  it('moves with Down/Up between the field and the results, and Escape from a result closes it', async () => {
    const user = userEvent.setup();
    renderSearch();
    await user.type(field(), 'maple');
    const list = await screen.findByRole('list', { name: 'Restaurants' }, { timeout: 2000 });
    const [kitchen, sushi] = within(list).getAllByRole('link');
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(kitchen);
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(sushi);
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(sushi);
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(document.activeElement).toBe(field());
    await user.keyboard('{ArrowDown}{Escape}');
    expect(overlay()).toBeNull();
    expect(document.activeElement).toBe(field());
  });

  it('has a close button reached with Tab, and following a result navigates and closes the overlay', async () => {
    const user = userEvent.setup();
    renderSearch();
    await user.type(field(), 'sushi');
    const list = await screen.findByRole('list', { name: 'Restaurants' }, { timeout: 2000 });
    expect(screen.getByRole('status').textContent).toBe('1 restaurant found');
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close search results' }));
    await user.tab();
    expect(document.activeElement).toBe(within(list).getByRole('link', { name: /Maple Sushi/ }));
    expect(document.activeElement!.textContent).toContain('Japanese · 13 km · King St W, Toronto');
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Current page' }).textContent).toBe('/chefs/maple-sushi'),
    );
  });
});
