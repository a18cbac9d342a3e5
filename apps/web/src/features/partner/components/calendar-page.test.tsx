// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  partnerCalendarResponseSchema,
  partnerClosureBodySchema,
  partnerHolidaysResponseSchema,
  partnerPauseBodySchema,
  partnerRestaurantSchema,
  partnerRestaurantsResponseSchema,
  partnerWeeklyHoursSchema,
  type PartnerCalendar,
} from '@caterway/contracts';
import { contractBody, contractJson, setupContractServer } from '@caterway/contracts/testing';
import { calendarMessages } from '@caterway/domain';
import { Component as PartnerRoutes } from '../../../app/routes/partner';
import { partnerRestaurant } from '../../../test/partner-wire';
import { renderPage, signIn } from '../../../test/render';
import { calendarPageMessages } from './calendar-page';

// The portal's calendar page (/partner/1/calendar): weekly windows, closures with the holidays
// offered, the pause, lead time and minimum order; checked here, then by the API.

const day = (windows: { open: string; close: string }[]) => ({ enabled: windows.length > 0, windows });
const calendar = (): PartnerCalendar => ({
  time_zone: 'America/Toronto',
  today: '2026-12-01',
  weekly_hours: {
    monday: day([{ open: '07:00', close: '10:30' }]),
    tuesday: day([{ open: '07:00', close: '10:30' }]),
    wednesday: day([{ open: '07:00', close: '10:30' }]),
    thursday: day([{ open: '07:00', close: '10:30' }]),
    friday: day([{ open: '07:00', close: '10:30' }]),
    saturday: day([]),
    sunday: day([]),
  },
  closures: [
    { id: 7, starts_on: '2026-12-24', ends_on: '2026-12-26', windows: null, reason: 'Holidays', holiday: null },
  ],
  pause: { paused_until: null, reason: null },
  ordering: { notice_hours: 24, min_order_cents: 15_000 },
});

let role: 'owner' | 'staff';
let failCalendar: boolean;
let saved: { path: string; body: unknown }[];

setupContractServer(
  http.get('/api/v2/partner/restaurants', () =>
    contractJson(partnerRestaurantsResponseSchema, { restaurants: [partnerRestaurant({ role })] }),
  ),
  http.get('/api/v2/partner/restaurants/1', () => contractJson(partnerRestaurantSchema, partnerRestaurant({ role }))),
  http.get('/api/v2/partner/restaurants/1/calendar', () =>
    failCalendar
      ? HttpResponse.json({ error: 'Something went wrong on our side. Please try again.' }, { status: 500 })
      : contractJson(partnerCalendarResponseSchema, { calendar: calendar() }),
  ),
  http.get('/api/v2/partner/restaurants/1/calendar/holidays', () =>
    contractJson(partnerHolidaysResponseSchema, {
      region: 'CA-ON',
      holidays: [
        { date: '2026-12-25', name: 'Christmas Day', type: 'public', closure_id: 7 },
        { date: '2027-01-01', name: "New Year's Day", type: 'public', closure_id: null },
      ],
    }),
  ),
  http.put('/api/v2/partner/restaurants/1/calendar/hours', async ({ request }) => {
    saved.push({ path: 'hours', body: await contractBody(request, partnerWeeklyHoursSchema) });
    return contractJson(partnerCalendarResponseSchema, { calendar: calendar() });
  }),
  http.post('/api/v2/partner/restaurants/1/calendar/closures', async ({ request }) => {
    saved.push({ path: 'closures', body: await contractBody(request, partnerClosureBodySchema) });
    return contractJson(partnerCalendarResponseSchema, { calendar: calendar() });
  }),
  http.put('/api/v2/partner/restaurants/1/calendar/pause', async ({ request }) => {
    saved.push({ path: 'pause', body: await contractBody(request, partnerPauseBodySchema) });
    return contractJson(partnerCalendarResponseSchema, {
      calendar: { ...calendar(), pause: { paused_until: '2026-12-02T05:00:00.000Z', reason: 'Busy' } },
    });
  }),
);

beforeEach(() => {
  role = 'owner';
  failCalendar = false;
  saved = [];
});

const open = () => {
  signIn();
  return renderPage(<PartnerRoutes />, { at: '/partner/1/calendar', path: '/partner/*' });
};

describe('the calendar page', () => {
  it('adds a second window on Monday and saves the week; overlapping windows are refused first', async () => {
    open();
    const week = await screen.findByRole('form', { name: 'Weekly delivery windows' });
    await userEvent.click(within(week).getByRole('button', { name: 'Add a window on Monday' }));
    const second = within(week).getByRole('group', { name: 'Monday, window 2' });
    const opens = within(second).getByLabelText('Monday, window 2 opens');
    await userEvent.clear(opens);
    await userEvent.type(opens, '10:00');
    await userEvent.click(within(week).getByRole('button', { name: 'Save hours' }));
    within(week).getByText(calendarMessages.overlap('Monday'));
    expect(saved).toEqual([]);

    await userEvent.clear(opens);
    await userEvent.type(opens, '11:00');
    await userEvent.click(within(week).getByRole('button', { name: 'Save hours' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect((saved[0]!.body as { monday: unknown }).monday).toEqual({
      enabled: true,
      windows: [
        { open: '07:00', close: '10:30' },
        { open: '11:00', close: '13:30' },
      ],
    });
  });

  it('lists closures and closes on an offered holiday in one click', async () => {
    open();
    const item = (await screen.findByText('Thu, Dec 24, 2026 – Sat, Dec 26, 2026')).closest('li')!;
    expect(item.textContent).toContain('Holidays');
    expect(item.textContent).toContain('Closed all day');
    within(item).getByRole('button', { name: /Remove the closure of/ });
    await screen.findByText('Statutory holidays (CA-ON)');
    // Christmas is covered by the closure already
    expect(screen.queryByRole('button', { name: 'Close on Christmas Day' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: "Close on New Year's Day" }));
    await waitFor(() =>
      expect(saved).toEqual([
        {
          path: 'closures',
          body: {
            starts_on: '2027-01-01',
            ends_on: '2027-01-01',
            windows: null,
            reason: "New Year's Day",
            holiday: "2027-01-01 New Year's Day",
          },
        },
      ]),
    );
  });

  it('asks for a first day before adding a closure', async () => {
    open();
    const form = await screen.findByRole('form', { name: 'Add a closure or special hours' });
    await userEvent.click(within(form).getByRole('button', { name: 'Add' }));
    within(form).getByText(calendarPageMessages.pickDate);
    expect(saved).toEqual([]);
  });

  it('pauses for the rest of today with a reason, and shows the pause', async () => {
    open();
    await userEvent.type(await screen.findByLabelText('Reason (optional)'), 'Busy');
    await userEvent.click(screen.getByRole('button', { name: 'Pause for the rest of today' }));
    await waitFor(() => expect(saved).toEqual([{ path: 'pause', body: { rest_of_today: true, reason: 'Busy' } }]));
    await screen.findByText(/Not taking new orders until Dec 2, 2026, 12:00 AM/);
    screen.getByRole('button', { name: 'Take orders again' });
  });

  it('shows staff the calendar without the controls', async () => {
    role = 'staff';
    open();
    await screen.findByText(calendarPageMessages.readOnly);
    expect(screen.queryByRole('button', { name: 'Save hours' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Pause for the rest of today' })).toBeNull();
  });

  it('says when the calendar cannot be loaded, with a retry', async () => {
    failCalendar = true;
    open();
    const alert = await screen.findByRole('alert');
    within(alert).getByText('We could not load the calendar', { exact: false });
    within(alert).getByRole('button', { name: 'Try again' });
  });
});
