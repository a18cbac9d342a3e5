// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  partnerAnswerLinkAnswerBodySchema,
  partnerAnswerLinkResponseSchema,
  partnerMessages,
  type PartnerAnswerLinkResponse,
} from '@caterway/contracts';
import { contractBody, contractJson, errorAnswer, setupContractServer } from '@caterway/contracts/testing';
import { Component as PartnerRoutes } from '../../../app/routes/partner';
import { renderPage } from '../../../test/render';

// The page of an email's Accept or Decline link (/partner/answer#token=...): it shows the order
// and answers only on the click, without a sign-in; the token leaves the address bar; an answered
// or expired link says so.

let link: PartnerAnswerLinkResponse;
let answered: unknown[];
let refuse: { status: number; message: string } | null;

const answerLink = (over: Partial<PartnerAnswerLinkResponse> = {}): PartnerAnswerLinkResponse => ({
  action: 'accept',
  answer: null,
  restaurant_name: 'Masala House',
  order: {
    order_number: 'CW-1041',
    display_delivery_date_time: 'Tue, Dec 1 at 11:30 AM',
    order_type: 'delivery',
    company_name: 'Northwind',
    portions: 24,
    items_total: '$480.00',
    status: 'New',
  },
  portal_path: '/partner/1/orders/41',
  ...over,
});

setupContractServer(
  http.post('/api/v2/partner/answer-links/lookup', async ({ request }) => {
    const { token } = (await request.json()) as { token: string };
    if (token === 'expired') return errorAnswer(404, partnerMessages.linkExpired);
    return contractJson(partnerAnswerLinkResponseSchema, link);
  }),
  http.post('/api/v2/partner/answer-links/answer', async ({ request }) => {
    const body = await contractBody(request, partnerAnswerLinkAnswerBodySchema);
    answered.push(body);
    if (refuse) return errorAnswer(refuse.status, refuse.message);
    link = { ...link, answer: link.action === 'accept' ? 'accepted' : 'declined' };
    return contractJson(partnerAnswerLinkResponseSchema, link);
  }),
);

beforeEach(() => {
  link = answerLink();
  answered = [];
  refuse = null;
});

const open = (token: string) => {
  window.history.replaceState(null, '', `/partner/answer#token=${token}`);
  return renderPage(<PartnerRoutes />, { at: '/partner/answer', path: '/partner/*' });
};

describe('the page of an email answer link', () => {
  it('shows the order, answers nothing until the click, then accepts it', async () => {
    open('tok-accept');
    expect(await screen.findByRole('heading', { name: 'Accept order CW-1041?' })).toBeTruthy();
    expect(screen.getByText('Masala House')).toBeTruthy();
    expect(screen.getByText('Tue, Dec 1 at 11:30 AM')).toBeTruthy();
    expect(window.location.hash).toBe('');
    expect(answered).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Accept order' }));
    expect(await screen.findByRole('heading', { name: 'Order CW-1041 was accepted' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('The customer has been told');
    expect(answered).toEqual([{ token: 'tok-accept', note: '' }]);
  });

  it('declines with a reason, asking for one first', async () => {
    link = answerLink({ action: 'decline' });
    open('tok-decline');
    await screen.findByRole('heading', { name: 'Decline order CW-1041?' });
    await userEvent.click(screen.getByRole('button', { name: 'Decline order' }));
    expect(await screen.findByText(partnerMessages.declineReasonNeeded)).toBeTruthy();
    expect(answered).toEqual([]);
    await userEvent.click(screen.getByRole('radio', { name: 'We are fully booked for that time' }));
    await userEvent.click(screen.getByRole('button', { name: 'Decline order' }));
    await screen.findByRole('heading', { name: 'Order CW-1041 was declined' });
    expect(answered).toEqual([{ token: 'tok-decline', reason: 'too_busy', note: '' }]);
  });

  it('says when the link was answered already, or has expired', async () => {
    refuse = { status: 409, message: partnerMessages.requestAnswered };
    open('tok-accept');
    await userEvent.click(await screen.findByRole('button', { name: 'Accept order' }));
    expect((await screen.findByRole('alert')).textContent).toContain(partnerMessages.requestAnswered);

    open('expired');
    const panel = await screen.findByRole('heading', { name: 'This link cannot be used' });
    await waitFor(() => expect(within(panel.parentElement!).getByText(partnerMessages.linkExpired)).toBeTruthy());
  });
});
