// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { presetCalendarResponseSchema, type PresetCalendar } from '@caterway/contracts';
import { contractJson, setupContractServer } from '@caterway/contracts/testing';
import type { PresetDetail } from '../api/types';
import { StoreHoursModal } from './store-hours-modal';

// The store-hours modal (browse-account-orders §2) lists each day's delivery windows (decision
// 055), not one span from the first opening to the last closing, and reads closed between them.
// Below the week it lists the coming closures, one-off hours and a pause (decision 068).

let calendar: PresetCalendar = { time_zone: 'America/Toronto', today: '2026-12-07', closures: [], paused_until: null };
let reads = 0;
setupContractServer(
  http.get('/api/v2/presets/7/calendar', () => {
    reads += 1;
    return contractJson(presetCalendarResponseSchema, calendar);
  }),
);
/** Waits for the modal's read of the calendar to be answered and shown. */
const calendarRead = async (before: number) => {
  await waitFor(() => expect(reads).toBe(before + 1));
  await new Promise((r) => setTimeout(r, 20));
};

afterEach(cleanup);

const hours = {
  monday: {
    enabled: true,
    open: '11:00',
    close: '21:00',
    windows: [
      { open: '11:00', close: '14:00' },
      { open: '17:00', close: '21:00' },
    ],
  },
  tuesday: { enabled: true, open: '09:00', close: '17:00' },
  wednesday: { enabled: false, open: '09:00', close: '17:00' },
};

const preset = {
  id: 7,
  storeHours: hours,
  presetLocation: { timeZone: 'America/Toronto' } as PresetDetail['presetLocation'],
};

const rows = () =>
  [...document.querySelectorAll('table.store-hours tr')].map((tr) => [
    tr.querySelector('th')!.textContent,
    tr.querySelector('td')!.textContent,
  ]);

describe('the store-hours modal', () => {
  it("lists each day's windows, a day of one window as its span, and closed days", async () => {
    const before = reads;
    render(<StoreHoursModal preset={preset} now={new Date('2026-12-07T17:00:00Z')} onClose={() => {}} />);
    expect(rows().slice(0, 4)).toEqual([
      ['Monday', '11:00 AM - 02:00 PM, 05:00 PM - 09:00 PM'],
      ['Tuesday', '09:00 AM - 05:00 PM'],
      ['Wednesday', 'Closed'],
      ['Thursday', 'Closed'],
    ]);
    screen.getByText('Currently Open'); // Monday 12:00 in Toronto
    await calendarRead(before);
  });

  it('reads closed between two windows of the day', async () => {
    const before = reads;
    render(<StoreHoursModal preset={preset} now={new Date('2026-12-07T20:00:00Z')} onClose={() => {}} />);
    screen.getByText('Currently Closed'); // Monday 15:00 in Toronto
    await calendarRead(before);
  });

  it('lists the coming closures and one-off hours with their holiday, and the pause, and reads closed on a closed day', async () => {
    calendar = {
      time_zone: 'America/Toronto',
      today: '2026-12-07',
      closures: [
        { starts_on: '2026-12-07', ends_on: '2026-12-07', windows: null, holiday: null },
        {
          starts_on: '2026-12-24',
          ends_on: '2026-12-26',
          windows: [{ open: '11:00', close: '14:00' }],
          holiday: 'Christmas Day',
        },
      ],
      paused_until: '2026-12-08T14:00:00.000Z',
    };
    render(<StoreHoursModal preset={preset} now={new Date('2026-12-07T17:00:00Z')} onClose={() => {}} />);
    const list = await screen.findByRole('region', { name: 'Holiday hours and closures' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Mon, Dec 7Closed', 'Thu, Dec 24 – Sat, Dec 26 · Christmas Day11:00 AM - 02:00 PM']);
    expect(screen.getByRole('status').textContent).toBe('Not taking new orders until Tue, Dec 8, 9:00 AM.');
    // Monday 12:00 is inside the weekly window, but the day is closed
    screen.getByText('Currently Closed');
  });

  it('shows the weekly hours alone when nothing is coming', async () => {
    calendar = { time_zone: 'America/Toronto', today: '2026-12-07', closures: [], paused_until: null };
    const before = reads;
    render(<StoreHoursModal preset={preset} now={new Date('2026-12-07T17:00:00Z')} onClose={() => {}} />);
    await calendarRead(before);
    screen.getByText('Currently Open');
    expect(screen.queryByText('Holiday hours and closures')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
