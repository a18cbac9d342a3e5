// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  opsEscalationsResponseSchema,
  opsOrderDetailResponseSchema,
  partnerAnswerBodySchema,
  partnerOrderDetailResponseSchema,
  type OpsEscalation,
} from '@caterway/contracts';
import { contractBody, contractJson, setupContractServer } from '@caterway/contracts/testing';
import { customer, renderPage, signIn } from '../../../test/render';
import { EscalationsPanel } from './escalations-panel';

// The operations console's escalation queue (issue 19 part 1): what restaurants left unanswered,
// with whom to call; a new order is accepted or declined for the restaurant (the console's
// events), anything else acknowledged for it (the partner API as operations).

const escalation = (over: Partial<OpsEscalation>): OpsEscalation => ({
  request_id: 7,
  kind: 'new_order',
  order_id: 41,
  order_number: 'CW-1041',
  restaurant: { id: 3, name: 'Kiln & Crumb' },
  contacts: ['owner@kiln.example'],
  display_delivery_date_time: 'Tue, Mar 3 at 12:00 PM',
  received_at: '2026-03-02T14:00:00.000Z',
  company_name: 'Northwind',
  portions: 40,
  items_total_cents: 64_000,
  ...over,
});

let queue: OpsEscalation[] = [];
const events: { id: string; event: string }[] = [];
const answers: unknown[] = [];

setupContractServer(
  http.get('/api/v2/ops/escalations', () => contractJson(opsEscalationsResponseSchema, { escalations: queue })),
  http.post('/api/v2/ops/orders/:id/events', async ({ params, request }) => {
    const { event } = (await request.json()) as { event: string };
    events.push({ id: String(params.id), event });
    queue = queue.filter((e) => e.order_id !== Number(params.id));
    return contractJson(opsOrderDetailResponseSchema, { order: opsOrder(Number(params.id), event) });
  }),
  http.post('/api/v2/partner/restaurants/:chefId/orders/:orderId/answers', async ({ request }) => {
    answers.push(await contractBody(request, partnerAnswerBodySchema));
    queue = [];
    return contractJson(partnerOrderDetailResponseSchema, { order: partnerOrder() });
  }),
);

beforeEach(() => {
  signIn({ ...customer, id: 2, email: 'ops@caterway.ca', role: 'staff', jwt: 'jwt-ops' });
  events.length = 0;
  answers.length = 0;
});

describe('EscalationsPanel', () => {
  it('says so when nothing waits', async () => {
    queue = [];
    renderPage(<EscalationsPanel />, { at: '/ops' });
    expect(await screen.findByText('Every restaurant has answered what reached it.')).toBeTruthy();
  });

  it('lists what waits with whom to call, and accepts a new order for the restaurant', async () => {
    queue = [escalation({})];
    renderPage(<EscalationsPanel />, { at: '/ops' });
    expect(await screen.findByRole('heading', { name: 'Waiting for restaurants (1)' })).toBeTruthy();
    const card = screen.getByRole('article');
    expect(within(card).getByRole('link', { name: 'owner@kiln.example' }).getAttribute('href')).toBe(
      'mailto:owner@kiln.example',
    );
    expect(within(card).getByText('Northwind · 40 servings · $640.00')).toBeTruthy();
    await userEvent.click(within(card).getByRole('button', { name: 'Accept for the restaurant' }));
    await waitFor(() => expect(events).toEqual([{ id: '41', event: 'accept' }]));
    expect(await screen.findByText('Every restaurant has answered what reached it.')).toBeTruthy();
  });

  it('asks before declining, and acknowledges a reconfirmation through the partner API', async () => {
    queue = [escalation({})];
    renderPage(<EscalationsPanel />, { at: '/ops' });
    await userEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline order CW-1041?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'No, keep it' }));
    expect(events).toEqual([]);

    queue = [escalation({ kind: 'reconfirmation', request_id: 9 })];
    renderPage(<EscalationsPanel />, { at: '/ops' });
    const buttons = await screen.findAllByRole('button', { name: 'Acknowledge for the restaurant' });
    await userEvent.click(buttons[0]!);
    await waitFor(() => expect(answers).toEqual([{ answer: 'acknowledge', request_id: 9 }]));
  });
});

function opsOrder(id: number, event: string) {
  return {
    id,
    order_number: 'CW-1041',
    delivery_at: '2026-03-03T17:00:00.000Z',
    delivery_date: '2026-03-03',
    display_delivery_date_time: 'Tue, Mar 3 at 12:00 PM',
    order_processing_at: '2026-03-02T17:00:00.000Z',
    time_zone: 'America/Toronto',
    order_type: 'delivery' as const,
    customer: { name: 'Dana Park', email: 'dana@example.com', company_name: 'Northwind', phone_number: '4165550100' },
    restaurant: { name: 'Kiln & Crumb', preset_name: 'Kiln & Crumb' },
    onsite_contact: null,
    po_number: '',
    totals: { total_cents: 72_320, authorized_cents: 72_320, captured_cents: 0, refunded_cents: 0 },
    status: event === 'accept' ? 'Accepted' : 'declined',
    status_label: event === 'accept' ? 'Accepted' : 'declined',
    display_status: null,
    processing: 'pending' as const,
    payment_status: 'authorized',
    is_eft: false,
    editable: true,
    available_events: [],
    attention: null,
    events: [],
  };
}

function partnerOrder() {
  return {
    id: 41,
    order_number: 'CW-1041',
    status: 'Accepted',
    status_label: 'Accepted',
    delivery_at: '2026-03-03T17:00:00.000Z',
    display_delivery_date_time: 'Tue, Mar 3 at 12:00 PM',
    time_zone: 'America/Toronto',
    order_type: 'delivery' as const,
    portions: 40,
    preset_name: 'Kiln & Crumb',
    customer: { name: 'Dana Park', company_name: 'Northwind' },
    items_total_cents: 64_000,
    request: {
      id: 9,
      kind: 'reconfirmation' as const,
      received_at: '2026-03-02T14:00:00.000Z',
      answer: 'acknowledged' as const,
      answered_at: '2026-03-02T14:05:00.000Z',
      answered_by: 'Caterway operations',
      decline_reason: null,
      decline_note: '',
      summary: '',
    },
    actions: [],
    items: [],
    delivery_address: '100 King St W, Toronto',
    delivery_instructions: '',
    serving_style: 'Family Style',
    cutlery: 40,
    contact: { name: 'Dana Park', phone: '4165550100' },
    requests: [],
    group_order: false,
  };
}
