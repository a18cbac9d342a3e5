// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  groupOrderDetailsBodySchema,
  groupOrderEnvelopeSchema,
  type GroupOrder,
  type GroupOrderDetailsBody,
} from '@caterway/contracts';
import { contractBody, contractJson, setupContractServer } from '@caterway/contracts/testing';
import { DetailsPage } from './details-page';

// Issue 20 §1 (decision 072) on the group-order site: the API refuses a delivery time inside the
// restaurant's notice with the documents' message, why in plain words and the earliest time;
// the creator's one click puts that time in the form and Save goes through.

const UUID = '7c8e8f8a-1111-4222-8333-944444444444';
const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const SOON = day(10);
const EARLIEST = { date: day(11), seconds: 10 * 3600 };
const LEAD =
  'This preset requires 48 hours notice, please select a delivery date and time that meets the minimum lead time';

const groupOrder = (over: Partial<GroupOrder> = {}): GroupOrder => ({
  uuid: UUID,
  id: 9,
  creator_id: 4,
  status: 'detail_entered',
  status_label: 'Details Entered',
  name: 'Team lunch',
  head_count: 8,
  budget_cents: 2500,
  gap_days: 1,
  cutoff_time: 17 * 3600,
  delivery_date: SOON,
  delivery_time: 12 * 3600,
  delivery_at: null,
  cutoff_at: null,
  time_zone: 'America/Toronto',
  delivery_address: '100 King St W, Toronto, ON',
  delivery_suite_address: '',
  latitude: 43.6487,
  longitude: -79.3817,
  delivery_contact_person: 'Dana Demo',
  delivery_phone_number: '416-555-0142',
  delivery_instruction: '',
  company_name: 'Maple Analytics',
  po_number: '',
  cost_centre: '',
  preset_id: 1,
  preset_name: 'Masala House',
  chef_id: 1,
  chef_name: 'Masala House',
  delivery_params: {},
  share_token: 'share-token-0001',
  share_url: 'http://localhost/group-orders-site/g/share-token-0001',
  admin_link: `http://localhost/group-orders-site/group-orders/${UUID}`,
  editable: true,
  ordering_open: false,
  joined_count: 0,
  chosen_count: 0,
  catering_order_id: null,
  order_number: null,
  payment_required: false,
  payment_error: null,
  created_at: new Date().toISOString(),
  server_now: new Date().toISOString(),
  ...over,
});

let saved: GroupOrderDetailsBody[] = [];
setupContractServer(
  http.get('/api/v2/group_orders/:ref', () => contractJson(groupOrderEnvelopeSchema, { group_order: groupOrder() })),
  http.put('/api/v2/group_orders/:ref', async ({ request }) => {
    const body = await contractBody(request, groupOrderDetailsBodySchema);
    if (body.delivery_date !== EARLIEST.date || body.delivery_time !== EARLIEST.seconds) {
      return new Response(
        JSON.stringify({
          error: LEAD,
          messages: [LEAD],
          why: "Masala House needs 48 hours' notice",
          earliest_available: {
            delivery_date: EARLIEST.date,
            delivery_time: '10:00 AM',
            delivery_seconds: EARLIEST.seconds,
            text: 'Mon, Nov 30 at 10:00 AM',
            label: 'Deliver Mon, Nov 30 at 10:00 AM instead',
          },
        }),
        { status: 422, headers: { 'content-type': 'application/json' } },
      );
    }
    saved.push(body);
    return contractJson(groupOrderEnvelopeSchema, {
      group_order: groupOrder({ delivery_date: body.delivery_date, delivery_time: body.delivery_time }),
    });
  }),
);

beforeEach(() => {
  saved = [];
});
afterEach(cleanup);

function renderDetails() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/group-orders/${UUID}`]}>
        <Routes>
          <Route path="group-orders/:uuid" element={<DetailsPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('a refused delivery time on the group-order details', () => {
  it('says why, offers the earliest time as one click, and Save then goes through', async () => {
    const user = userEvent.setup();
    renderDetails();
    await user.click(await screen.findByRole('button', { name: 'Save details' }));
    expect(await screen.findByText(LEAD)).toBeTruthy();
    expect(screen.getByText("Masala House needs 48 hours' notice")).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Deliver Mon, Nov 30 at 10:00 AM instead' }));
    expect(screen.getByLabelText<HTMLInputElement>(/^Delivery date/).value).toBe(EARLIEST.date);
    expect(screen.getByLabelText<HTMLInputElement>(/^Delivery time/).value).toBe('10:00');
    expect(screen.queryByText(LEAD)).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Delivery set to Mon, Nov 30 at 10:00 AM. Save to keep it.');
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText('Details saved.')).toBeTruthy();
    expect(saved.map((b) => [b.delivery_date, b.delivery_time])).toEqual([[EARLIEST.date, EARLIEST.seconds]]);
  });
});
