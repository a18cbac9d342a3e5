// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  partnerCommissionBodySchema,
  partnerCommissionResponseSchema,
  partnerRestaurantSchema,
  partnerRestaurantsResponseSchema,
  partnerStatementResponseSchema,
  type PartnerCommission,
  type PartnerCommissionBody,
  type PartnerStatement,
  type RestaurantRole,
} from '@caterway/contracts';
import { contractBody, contractJson, errorAnswer, setupContractServer } from '@caterway/contracts/testing';
import { Component as PartnerRoutes } from '../../../app/routes/partner';
import { partnerRestaurant } from '../../../test/partner-wire';
import { renderPage, signIn } from '../../../test/render';
import { percentToBps } from './statements-page';

const saved = vi.hoisted(() => [] as string[]);
vi.mock('../../../lib/save-file', () => ({ saveFile: (_blob: Blob, name: string) => saved.push(name) }));

// The statements page at /partner/1/statements: the period in the address, the figures, the lines,
// the downloads, the empty and failed states, who sees it, and the operations' rate form.

let role: RestaurantRole | 'operations';
let statement: PartnerStatement;
let queries: URLSearchParams[];
let downloads: string[];
let fail: boolean;
let commission: PartnerCommission;
let rates: PartnerCommissionBody[];

const period = (start: string, end: string, label: string) => ({ period: 'month' as const, start, end, label });
const november = period('2026-11-01', '2026-11-30', 'November 2026');
const line = (over: Partial<PartnerStatement['lines'][number]>) => ({
  order_id: 1,
  order_number: 'CW-2026-000101',
  delivery_date: '2026-11-10',
  customer: 'Northwind',
  food_cents: 10_000,
  delivery_fee_cents: 1500,
  tax_cents: 1495,
  tip_cents: 500,
  commission_rate_bps: 1500,
  commission_cents: 1500,
  net_cents: 11_995,
  shared: false,
  ...over,
});

setupContractServer(
  http.get('/api/v2/partner/restaurants', () =>
    contractJson(partnerRestaurantsResponseSchema, { restaurants: [partnerRestaurant({ role })] }),
  ),
  http.get('/api/v2/partner/restaurants/1', () => contractJson(partnerRestaurantSchema, partnerRestaurant({ role }))),
  http.get('/api/v2/partner/restaurants/1/statements', ({ request }) => {
    queries.push(new URL(request.url).searchParams);
    if (fail) return errorAnswer(500, 'Something went wrong on our side. Please try again.');
    return contractJson(partnerStatementResponseSchema, statement);
  }),
  http.get('/api/v2/partner/restaurants/1/statements.csv', ({ request }) => {
    downloads.push(`csv?${new URL(request.url).searchParams}`);
    return new HttpResponse('Order Number\r\n', { headers: { 'content-type': 'text/csv' } });
  }),
  http.get('/api/v2/partner/restaurants/1/statements.pdf', ({ request }) => {
    downloads.push(`pdf?${new URL(request.url).searchParams}`);
    return new HttpResponse('%PDF-1.3', { headers: { 'content-type': 'application/pdf' } });
  }),
  http.get('/api/v2/partner/restaurants/1/commission', () => contractJson(partnerCommissionResponseSchema, commission)),
  http.put('/api/v2/partner/restaurants/1/commission', async ({ request }) => {
    const body = await contractBody(request, partnerCommissionBodySchema);
    rates.push(body);
    commission = {
      ...commission,
      current_bps: body.rate_bps,
      history: [{ ...body, set_at: '2026-11-28T15:00:00Z', set_by: 'Ops Person' }],
    };
    return contractJson(partnerCommissionResponseSchema, commission);
  }),
  http.get(
    '/api/v2/partner/restaurants/:id/events',
    () => new Response('retry: 3000\n\n', { headers: { 'content-type': 'text/event-stream' } }),
  ),
);

beforeEach(() => {
  role = 'owner';
  queries = [];
  downloads = [];
  fail = false;
  rates = [];
  statement = {
    restaurant: { id: 1, name: 'Maple Kitchen', time_zone: 'America/Toronto' },
    currency: 'cad',
    period: november,
    previous: period('2026-10-01', '2026-10-31', 'October 2026'),
    next: null,
    lines: [
      line({}),
      line({
        order_id: 2,
        order_number: 'CW-2026-000102',
        delivery_date: '2026-11-12',
        customer: 'Acme Corp',
        food_cents: 6167,
        delivery_fee_cents: 667,
        tax_cents: 889,
        tip_cents: 666,
        commission_rate_bps: 1200,
        commission_cents: 740,
        net_cents: 7649,
        shared: true,
      }),
    ],
    totals: {
      orders: 2,
      food_cents: 16_167,
      delivery_fee_cents: 2167,
      tax_cents: 2384,
      tip_cents: 1166,
      commission_cents: 2240,
      net_cents: 19_644,
    },
    periods_with_orders: [
      { ...november, orders: 2 },
      { ...period('2026-09-01', '2026-09-30', 'September 2026'), orders: 1 },
    ],
  };
  commission = { current_bps: 1500, default_bps: 1500, history: [], can_edit: false };
  saved.length = 0;
});

async function openStatements() {
  signIn();
  renderPage(<PartnerRoutes />, { at: '/partner/1/statements', path: '/partner/*' });
  await screen.findByRole('heading', { name: 'Statements', level: 1 });
}

describe('the statements page', () => {
  it("shows the month's figures and lines, and links it beside the other sections", async () => {
    await openStatements();
    await screen.findByText('CW-2026-000101');
    const figures = screen.getByText('Gross food sales').closest('dl')!;
    expect(within(figures).getByText('Net owed (CAD)').nextElementSibling?.textContent).toBe('$196.44');
    expect(within(figures).getByText('Orders').nextElementSibling?.textContent).toBe('2');
    expect(within(figures).getByText('Caterway commission').nextElementSibling?.textContent).toBe('−$22.40');
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows).toHaveLength(4); // header, two orders, total
    expect(rows[2]!.textContent).toContain('Acme Corp');
    expect(rows[2]!.textContent).toContain('−$7.40');
    expect(rows[3]!.textContent).toContain('$196.44');
    screen.getByText(/Shared with another restaurant: the delivery fee/);
    screen.getByText('November 2026');
    expect(queries[0]!.get('period')).toBe('month');
    expect(queries[0]!.get('start')).toBeNull();
    const nav = screen.getByRole('navigation', { name: 'Restaurant portal' });
    within(nav).getByRole('link', { name: 'Statements' });
    await waitFor(() => expect(document.title).toBe('Statements · Caterway for restaurants'));
    // the next month has not begun
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Next period' }).disabled).toBe(true);
    screen.getByText('15.00%');
    screen.getByText('Set by Caterway operations.');
  });

  it('moves between periods through the address: previous, week, and the list of periods with orders', async () => {
    const user = userEvent.setup();
    await openStatements();
    await screen.findByText('CW-2026-000101');
    await user.click(screen.getByRole('button', { name: 'Previous period' }));
    await waitFor(() => expect(queries.at(-1)!.get('start')).toBe('2026-10-01'));
    await user.click(screen.getByRole('button', { name: 'Week' }));
    await waitFor(() => expect(queries.at(-1)!.get('period')).toBe('week'));
    await user.selectOptions(screen.getByLabelText('Periods with orders'), '2026-09-01');
    await waitFor(() => expect(queries.at(-1)!.get('start')).toBe('2026-09-01'));
  });

  it('downloads the CSV and the PDF of the period shown (as the server answered it)', async () => {
    const user = userEvent.setup();
    await openStatements();
    await screen.findByText('CW-2026-000101');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved).toEqual(['caterway-statement-1-month-2026-11-01.csv']));
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]).toBe('caterway-statement-1-month-2026-11-01.pdf');
    expect(downloads).toEqual(['csv?period=month&start=2026-11-01', 'pdf?period=month&start=2026-11-01']);
  });

  it('says when a period has no orders', async () => {
    statement = {
      ...statement,
      lines: [],
      totals: { ...statement.totals, orders: 0, food_cents: 0, net_cents: 0 },
    };
    await openStatements();
    await screen.findByText('No orders in this period.');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('offers to try again when the statement cannot be loaded', async () => {
    fail = true;
    const user = userEvent.setup();
    await openStatements();
    const alert = await screen.findByRole('alert');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByText('CW-2026-000101');
  });

  it("is not for the restaurant's staff", async () => {
    role = 'staff';
    await openStatements();
    screen.getByText('Statements are for the restaurant’s owner and managers.');
    const nav = screen.getByRole('navigation', { name: 'Restaurant portal' });
    expect(within(nav).queryByRole('link', { name: 'Statements' })).toBeNull();
    expect(queries).toEqual([]);
  });

  it('lets operations set the rate from a day on, with clear messages', async () => {
    role = 'operations';
    commission = { ...commission, can_edit: true };
    const user = userEvent.setup();
    await openStatements();
    const rate = await screen.findByLabelText('New rate (%)');
    await user.type(rate, '101');
    await user.click(screen.getByRole('button', { name: 'Set rate' }));
    screen.getByText('Enter a rate from 0 to 100, like 15 or 12.5.');
    screen.getByText('Choose the first day the rate applies.');
    await user.clear(rate);
    await user.type(rate, '12.5');
    await user.type(screen.getByLabelText('From (today or later)'), '2026-12-01');
    await user.click(screen.getByRole('button', { name: 'Set rate' }));
    await screen.findByText('The rate is saved.');
    expect(rates).toEqual([{ rate_bps: 1250, effective_from: '2026-12-01' }]);
    screen.getByText(/12.50% from Dec 1, 2026/);
  });

  it('reads a percent as basis points', () => {
    expect(percentToBps('15')).toBe(1500);
    expect(percentToBps('12.5')).toBe(1250);
    expect(percentToBps(' 0.05 % ')).toBe(5);
    expect(percentToBps('100')).toBe(10_000);
    for (const bad of ['100.01', '-1', '1.234', 'abc', '']) expect(percentToBps(bad)).toBeNull();
  });
});
