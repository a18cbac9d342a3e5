// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { presetAvailabilityQuerySchema, presetAvailabilityResponseSchema } from '@caterway/contracts';
import { contractJson, setupContractServer } from '@caterway/contracts/testing';
import { messages } from '@caterway/domain';
import { renderPage } from '../../../test/render';
import { deliveryStore, saveDelivery, useDelivery } from '../delivery-store';
import SlotNotice from './slot-notice';

// Issue 20 §1 (decision 072): a time the restaurant refuses says why in plain words and offers the
// server's earliest time as one click, which sets the delivery details; the notice then goes.

const earliest = {
  delivery_date: '2026-12-01',
  delivery_time: '10:00 AM',
  delivery_seconds: 36_000,
  text: 'Tue, Dec 1 at 10:00 AM',
  label: 'Deliver Tue, Dec 1 at 10:00 AM instead',
};
let paused = false;
setupContractServer(
  http.get('/api/v2/presets/:id/availability', ({ request }) => {
    const q = presetAvailabilityQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
    const fine = q.delivery_date === earliest.delivery_date && q.delivery_time === earliest.delivery_time;
    return contractJson(
      presetAvailabilityResponseSchema,
      fine
        ? { available: true, reason: null, message: null, next_available: null, why: null, earliest_available: null }
        : {
            available: false,
            reason: paused ? 'paused' : 'notice',
            message: messages.leadTimeNotMet(24),
            next_available: {
              delivery_date: earliest.delivery_date,
              delivery_time: earliest.delivery_time,
              text: 'Tuesday, December 1, 2026 at 10:00 AM',
            },
            why: paused
              ? 'Masala House is not taking new orders until Dec 1, 2026, 9:00 AM'
              : "Masala House needs 24 hours' notice",
            earliest_available: paused ? null : earliest,
          },
    );
  }),
);

function Page() {
  const { info } = useDelivery();
  return <SlotNotice presetId={7} delivery={info} />;
}

beforeEach(() => {
  paused = false;
  saveDelivery(
    {
      address: '1 Yonge St, Toronto, ON',
      lat: 43.64,
      lng: -79.37,
      deliveryDate: '2026-11-30',
      deliveryTime: '12:00 PM',
    },
    'delivery',
  );
});

describe('the slot notice', () => {
  it('says why, offers the earliest time, and one click sets the delivery details', async () => {
    const user = userEvent.setup();
    renderPage(<Page />, { at: '/chefs/masala-house' });
    const notice = await screen.findByTestId('slot-notice');
    expect(notice.textContent).toContain("Masala House needs 24 hours' notice");
    expect(notice.textContent).toContain(messages.leadTimeNotMet(24));
    await user.click(screen.getByRole('button', { name: earliest.label }));
    expect(deliveryStore.get().info).toMatchObject({
      deliveryDate: '2026-12-01',
      deliveryTime: '10:00 AM',
      address: '1 Yonge St, Toronto, ON',
    });
    await waitFor(() => expect(screen.queryByTestId('slot-notice')).toBeNull());
    expect(screen.getByRole('status').textContent).toContain('Delivery set to Tue, Dec 1 at 10:00 AM.');
  });

  it('offers no button while the restaurant is paused, and names the next time instead', async () => {
    paused = true;
    renderPage(<Page />, { at: '/chefs/masala-house' });
    const notice = await screen.findByTestId('slot-notice');
    expect(notice.textContent).toContain('not taking new orders until');
    expect(notice.textContent).toContain('next available Tuesday, December 1, 2026 at 10:00 AM');
    expect(screen.queryByRole('button')).toBeNull();
  });
});
