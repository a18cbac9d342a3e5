// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  partnerAnswerBodySchema,
  partnerMessages,
  partnerOrderDetailResponseSchema,
  partnerOrderMessagesResponseSchema,
  partnerOrdersResponseSchema,
  partnerRestaurantSchema,
  partnerRestaurantsResponseSchema,
  type PartnerAnswerBody,
} from '@caterway/contracts';
import { contractBody, contractJson, errorAnswer, setupContractServer } from '@caterway/contracts/testing';
import { Component as PartnerRoutes } from '../../../app/routes/partner';
import { partnerOrder, partnerOrderDetail, partnerRequest, partnerRestaurant } from '../../../test/partner-wire';
import { renderPage, signIn } from '../../../test/render';

// The orders inbox at /partner/1/orders, through the portal's routes: the tabs and their lists,
// the title's count, Accept, Decline with its reasons, Acknowledge, the 409 of an order that
// changed first, and an order's detail. The network is MSW's, held to the contract.

type Lists = Record<'waiting' | 'upcoming' | 'past', ReturnType<typeof partnerOrder>[]>;
let lists: Lists;
let listCalls: string[];
let answers: { orderId: string; body: PartnerAnswerBody }[];
let answerReply: (() => Response) | null;
/** what the live stream sends when the inbox opens it (one event, then it ends) */
let streamEvent: { waiting_count: number; latest_request_id: number; new_request_ids: number[] } | null;

const cancellation = partnerOrder({
  id: 42,
  order_number: 'CW-1042',
  status: 'canceled',
  status_label: 'Cancelled',
  portions: 10,
  customer: { name: 'Ravi Shah', company_name: '' },
  items_total_cents: 18_000,
  request: partnerRequest({ id: 902, kind: 'cancellation' }),
  actions: ['acknowledge'],
});
const accepted = partnerOrder({
  id: 43,
  order_number: 'CW-1043',
  status: 'accepted',
  status_label: 'Accepted',
  request: partnerRequest({ id: 903, answer: 'accepted', answered_at: '2026-11-27T15:00:00Z', answered_by: 'Ana Roy' }),
  actions: [],
});

const waitingCount = () => lists.waiting.length;

setupContractServer(
  http.get('/api/v2/partner/restaurants', () =>
    contractJson(partnerRestaurantsResponseSchema, { restaurants: [partnerRestaurant()] }),
  ),
  http.get('/api/v2/partner/restaurants/1', () => contractJson(partnerRestaurantSchema, partnerRestaurant())),
  // a restaurant the person has no role on: 404 for it and all under it
  http.get('/api/v2/partner/restaurants/7', () => errorAnswer(404, 'Not found')),
  http.get('/api/v2/partner/restaurants/7/*', () => errorAnswer(404, 'Not found')),
  http.get('/api/v2/partner/restaurants/1/orders', ({ request }) => {
    const view = (new URL(request.url).searchParams.get('view') ?? 'waiting') as keyof Lists;
    listCalls.push(view);
    return contractJson(partnerOrdersResponseSchema, { orders: lists[view], waiting_count: waitingCount() });
  }),
  http.get('/api/v2/partner/restaurants/1/events', () => {
    const body = streamEvent
      ? `retry: 3000\n\nid: ${streamEvent.latest_request_id}\nevent: inbox\ndata: ${JSON.stringify(streamEvent)}\n\n`
      : 'retry: 3000\n\n';
    streamEvent = null;
    return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
  }),
  http.get('/api/v2/partner/restaurants/1/orders/41', () =>
    contractJson(partnerOrderDetailResponseSchema, { order: partnerOrderDetail() }),
  ),
  // what the restaurant told the customer (decision 053)
  http.get('/api/v2/partner/restaurants/1/orders/:orderId/messages', () =>
    contractJson(partnerOrderMessagesResponseSchema, { messages: [] }),
  ),
  http.post('/api/v2/partner/restaurants/1/orders/:orderId/answers', async ({ request, params }) => {
    const body = (await request.clone().json()) as PartnerAnswerBody;
    await contractBody(request, partnerAnswerBodySchema);
    answers.push({ orderId: String(params.orderId), body });
    if (answerReply) return answerReply();
    // answered: it leaves the waiting list
    const id = Number(params.orderId);
    lists.waiting = lists.waiting.filter((o) => o.id !== id);
    return contractJson(partnerOrderDetailResponseSchema, {
      order: partnerOrderDetail({
        id,
        actions: [],
        request: partnerRequest({ answer: body.answer === 'decline' ? 'declined' : 'accepted' }),
      }),
    });
  }),
);

beforeEach(() => {
  lists = { waiting: [partnerOrder(), cancellation], upcoming: [accepted], past: [] };
  listCalls = [];
  answers = [];
  answerReply = null;
  streamEvent = null;
});

async function openInbox(at = '/partner/1/orders') {
  signIn();
  const view = renderPage(<PartnerRoutes />, { at, path: '/partner/*' });
  await screen.findByRole('heading', { name: 'Orders', level: 1 });
  await screen.findByRole('article', { name: /CW-1041|CW-1043/ });
  return view;
}
const card = (name: string) => screen.getByRole('article', { name: `Order ${name}` });
const tab = (name: RegExp) => screen.getByRole<HTMLButtonElement>('tab', { name });

describe('the orders inbox', () => {
  it('lists the orders waiting, with what reached the restaurant, and counts them in the title', async () => {
    await openInbox();
    const first = card('CW-1041');
    within(first).getByText('New order');
    within(first).getByText('Tue, Dec 1 at 11:30 AM');
    within(first).getByText('24');
    within(first).getByText('Dana Park');
    within(first).getByText(', Maple Analytics');
    within(first).getByText('$412.50');
    within(first).getByRole('button', { name: 'Accept order CW-1041' });
    within(first).getByRole('button', { name: 'Decline order CW-1041' });
    const second = card('CW-1042');
    within(second).getByText('Cancellation');
    within(second).getByRole('button', { name: 'Acknowledge order CW-1042' });
    expect(within(second).queryByRole('button', { name: /Accept/ })).toBeNull();
    expect(tab(/Waiting for you/).getAttribute('aria-selected')).toBe('true');
    expect(tab(/Waiting for you/).textContent).toBe('Waiting for you2');
    await waitFor(() => expect(document.title).toBe('(2) Orders · Caterway for restaurants'));
    // the restaurant's bar: its name, and Team for an owner
    screen.getByText('Maple Kitchen');
    screen.getByRole('link', { name: 'Team' });
  });

  it('shows each tab’s orders, by pointer and by the arrow keys', async () => {
    const user = userEvent.setup();
    await openInbox();
    await user.click(tab(/Upcoming/));
    const upcoming = await screen.findByRole('article', { name: 'Order CW-1043' });
    within(upcoming).getByText('Accepted', { selector: 'span' });
    within(upcoming).getByText('Accepted by Ana Roy');
    expect(screen.queryByRole('article', { name: 'Order CW-1041' })).toBeNull();
    expect(tab(/Upcoming/).getAttribute('aria-selected')).toBe('true');
    expect(listCalls).toContain('upcoming');
    // ArrowRight moves to Past, selected and focused
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(tab(/Past/).getAttribute('aria-selected')).toBe('true'));
    expect(document.activeElement).toBe(tab(/Past/));
    await screen.findByText('No past orders yet.');
    // Home goes back to the first tab
    await user.keyboard('{Home}');
    await screen.findByRole('article', { name: 'Order CW-1041' });
    expect(document.activeElement).toBe(tab(/Waiting for you/));
  });

  it('accepts an order for the request it shows, then refreshes the list', async () => {
    const user = userEvent.setup();
    await openInbox();
    const before = listCalls.length;
    await user.click(within(card('CW-1041')).getByRole('button', { name: 'Accept order CW-1041' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Order CW-1041' })).toBeNull());
    expect(answers).toEqual([{ orderId: '41', body: { answer: 'accept', request_id: 901 } }]);
    expect(listCalls.length).toBeGreaterThan(before);
    await screen.findByText('Order CW-1041 accepted.');
    await waitFor(() => expect(document.title).toBe('(1) Orders · Caterway for restaurants'));
    // the focus goes to the order now in its place, not lost on the page
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Order CW-1042'));
  });

  it('acknowledges a cancellation', async () => {
    const user = userEvent.setup();
    await openInbox();
    await user.click(within(card('CW-1042')).getByRole('button', { name: 'Acknowledge order CW-1042' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Order CW-1042' })).toBeNull());
    expect(answers).toEqual([{ orderId: '42', body: { answer: 'acknowledge', request_id: 902 } }]);
    await screen.findByText('Cancellation of order CW-1042 acknowledged.');
  });

  it('declines with a reason, and asks for a note with “Another reason”', async () => {
    const user = userEvent.setup();
    await openInbox();
    const declineButton = within(card('CW-1041')).getByRole('button', { name: 'Decline order CW-1041' });
    await user.click(declineButton);
    const dialog = await screen.findByRole('dialog', { name: 'Decline CW-1041?' });
    const reasons = within(dialog).getByRole('group', { name: 'Why are you declining it?' });
    expect(
      within(reasons)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual([
      'We are fully booked for that time',
      'We are closed that day',
      'There is not enough notice to prepare it',
      'Some items are not available',
      'We cannot deliver to that address',
      'Another reason',
    ]);
    // no reason chosen
    await user.click(within(dialog).getByRole('button', { name: 'Decline order' }));
    within(dialog).getByText(partnerMessages.declineReasonNeeded);
    expect(answers).toEqual([]);
    // 'Another reason' needs a note: the contract's message
    await user.click(within(dialog).getByRole('radio', { name: 'Another reason' }));
    expect(within(dialog).queryByText(partnerMessages.declineReasonNeeded)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Decline order' }));
    const note = within(dialog).getByRole('textbox', { name: 'Note to the customer' });
    expect(note.getAttribute('aria-invalid')).toBe('true');
    within(dialog).getByText(partnerMessages.declineNoteNeeded);
    expect(document.activeElement).toBe(note);
    expect(answers).toEqual([]);
    await user.type(note, 'Our oven is being repaired that week.');
    await user.click(within(dialog).getByRole('button', { name: 'Decline order' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(answers).toEqual([
      {
        orderId: '41',
        body: { answer: 'decline', request_id: 901, reason: 'other', note: 'Our oven is being repaired that week.' },
      },
    ]);
    await screen.findByText('Order CW-1041 declined. The customer is told.');
  });

  it('declines with a listed reason and no note; Escape closes the dialog without sending', async () => {
    const user = userEvent.setup();
    await openInbox();
    const declineButton = within(card('CW-1041')).getByRole('button', { name: 'Decline order CW-1041' });
    await user.click(declineButton);
    let dialog = await screen.findByRole('dialog', { name: 'Decline CW-1041?' });
    // the first reason has the focus; the arrow keys move the choice
    expect(document.activeElement).toBe(within(dialog).getAllByRole('radio')[0]);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(declineButton);
    expect(answers).toEqual([]);

    await user.click(declineButton);
    dialog = await screen.findByRole('dialog', { name: 'Decline CW-1041?' });
    await user.click(within(dialog).getByRole('radio', { name: 'We are closed that day' }));
    await user.click(within(dialog).getByRole('button', { name: 'Decline order' }));
    await waitFor(() => expect(answers).toHaveLength(1));
    expect(answers[0]!.body).toEqual({ answer: 'decline', request_id: 901, reason: 'closed', note: '' });
  });

  it('says when the order changed before the answer reached the API (409), and shows it as it is now', async () => {
    const user = userEvent.setup();
    await openInbox();
    // meanwhile the customer edited it: the new request replaces the one on screen
    answerReply = () => {
      lists.waiting = [
        partnerOrder({ request: partnerRequest({ id: 950, kind: 'edit', summary: 'Head count 24 → 30' }) }),
        cancellation,
      ];
      return errorAnswer(409, partnerMessages.requestAnswered);
    };
    const before = listCalls.length;
    await user.click(within(card('CW-1041')).getByRole('button', { name: 'Accept order CW-1041' }));
    const alert = await screen.findByRole('alert');
    within(alert).getByText('Order CW-1041 changed before your answer reached us');
    expect(alert.textContent).toContain(partnerMessages.requestAnswered);
    // the list was fetched again: the card shows the edit that arrived
    await within(card('CW-1041')).findByText('Head count 24 → 30');
    within(card('CW-1041')).getByText('Edit');
    expect(listCalls.length).toBeGreaterThan(before);
    // answering again names the new request
    answerReply = null;
    await user.click(within(card('CW-1041')).getByRole('button', { name: 'Accept order CW-1041' }));
    await waitFor(() => expect(answers).toHaveLength(2));
    expect(answers[1]!.body).toEqual({ answer: 'accept', request_id: 950 });
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('closes the decline dialog on a 409 and says the order changed', async () => {
    const user = userEvent.setup();
    await openInbox();
    answerReply = () => errorAnswer(409, partnerMessages.requestAnswered);
    await user.click(within(card('CW-1041')).getByRole('button', { name: 'Decline order CW-1041' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline CW-1041?' });
    await user.click(within(dialog).getByRole('radio', { name: 'We are fully booked for that time' }));
    await user.click(within(dialog).getByRole('button', { name: 'Decline order' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    within(await screen.findByRole('alert')).getByText('Order CW-1041 changed before your answer reached us');
  });

  it('opens an order’s detail beside the list: items, delivery, contact and history', async () => {
    const user = userEvent.setup();
    await openInbox();
    await user.click(screen.getByRole('link', { name: 'Order CW-1041' }));
    const panel = screen.getByRole('complementary', { name: 'Order detail' });
    const heading = await within(panel).findByRole('heading', { name: 'Order CW-1041' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    within(panel).getByText('Butter chicken tray');
    within(panel).getByText('12 × Extra naan');
    within(panel).getByText('“Mild, please”');
    within(panel).getByText('1 Yonge St, Suite 1800, Toronto, ON');
    within(panel).getByText('Reception on 18');
    within(panel).getByText('Family Style');
    within(panel).getByText('24 sets');
    expect(within(panel).getByRole('link', { name: '416-555-0199' }).getAttribute('href')).toBe('tel:4165550199');
    const history = within(panel).getByRole('heading', { name: 'History' }).nextElementSibling as HTMLElement;
    within(history).getByText('Waiting for your answer');
    expect(screen.getByRole('link', { name: 'Order CW-1041' }).getAttribute('aria-current')).toBe('true');
    // Close puts the focus back on the order's link
    await user.click(within(panel).getByRole('button', { name: 'Close the order' }));
    await within(panel).findByText('Choose an order to see its items, delivery details and history.');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Order CW-1041' })));
  });

  it('opens an order over the list on a phone, and closes it with Escape', async () => {
    const viewport = (width: number, height: number) =>
      (window as unknown as { happyDOM: { setViewport(v: object): void } }).happyDOM.setViewport({ width, height });
    viewport(390, 844);
    try {
      const user = userEvent.setup();
      await openInbox();
      expect(screen.queryByRole('complementary', { name: 'Order detail' })).toBeNull();
      const link = screen.getByRole('link', { name: 'Order CW-1041' });
      await user.click(link);
      const dialog = await screen.findByRole('dialog', { name: 'Order CW-1041' });
      await within(dialog).findByText('Butter chicken tray');
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Order CW-1041' }));
      // answered from the dialog: it closes, and the focus goes to the order left in the list
      await user.click(screen.getByRole('link', { name: 'Order CW-1041' }));
      const again = await screen.findByRole('dialog', { name: 'Order CW-1041' });
      await user.click(await within(again).findByRole('button', { name: 'Accept order CW-1041' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(answers).toEqual([{ orderId: '41', body: { answer: 'accept', request_id: 901 } }]);
      await waitFor(() => expect(screen.queryByRole('article', { name: 'Order CW-1041' })).toBeNull());
      await waitFor(() => expect(document.activeElement?.textContent).toBe('Order CW-1042'));
    } finally {
      viewport(1024, 768);
    }
  });

  it('opens an order from its own address, as the restaurants’ emails link to it', async () => {
    await openInbox('/partner/1/orders/41');
    const panel = screen.getByRole('complementary', { name: 'Order detail' });
    await within(panel).findByRole('heading', { name: 'Order CW-1041' });
    await within(panel).findByText('Butter chicken tray');
    expect(tab(/Waiting for you/).getAttribute('aria-selected')).toBe('true');
  });

  it('says when the restaurant is not one of the person’s (404)', async () => {
    signIn();
    renderPage(<PartnerRoutes />, { at: '/partner/7/orders', path: '/partner/*' });
    await screen.findByRole('heading', { name: 'This restaurant is not in your portal' });
    screen.getByRole('link', { name: 'Your restaurants' });
    await waitFor(() => expect(document.title).toBe('Not in your portal · Caterway for restaurants'));
  });

  it('asks a visitor to sign in', async () => {
    renderPage(<PartnerRoutes />, { at: '/partner/1/orders', path: '/partner/*' });
    await screen.findByRole('heading', { name: 'Caterway for restaurants' });
    screen.getByRole('button', { name: 'Sign In' });
    expect(listCalls).toEqual([]);
  });

  it('shows an order the live stream announces without waiting for the poll', async () => {
    lists.waiting = [cancellation];
    signIn();
    renderPage(<PartnerRoutes />, { at: '/partner/1/orders', path: '/partner/*' });
    await screen.findByRole('article', { name: 'Order CW-1042' });
    // an order arrives: the stream (reconnecting a second after its first answer ended) says so
    lists.waiting = [cancellation, partnerOrder({ id: 44, order_number: 'CW-1044' })];
    streamEvent = { waiting_count: 2, latest_request_id: 904, new_request_ids: [904] };
    await screen.findByRole('article', { name: 'Order CW-1044' }, { timeout: 4_000 });
    await waitFor(() => expect(document.title).toBe('(2) Orders · Caterway for restaurants'));
  });
});
