// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { StoreHoursModal } from './store-hours-modal';

// The store-hours modal (browse-account-orders §2) lists each day's delivery windows (decision
// 055), not one span from the first opening to the last closing, and reads closed between them.

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

const rows = () =>
  [...document.querySelectorAll('table.store-hours tr')].map((tr) => [
    tr.querySelector('th')!.textContent,
    tr.querySelector('td')!.textContent,
  ]);

describe('the store-hours modal', () => {
  it("lists each day's windows, a day of one window as its span, and closed days", () => {
    render(
      <StoreHoursModal
        storeHours={hours}
        timeZone="America/Toronto"
        now={new Date('2026-12-07T17:00:00Z')}
        onClose={() => {}}
      />,
    );
    expect(rows().slice(0, 4)).toEqual([
      ['Monday', '11:00 AM - 02:00 PM, 05:00 PM - 09:00 PM'],
      ['Tuesday', '09:00 AM - 05:00 PM'],
      ['Wednesday', 'Closed'],
      ['Thursday', 'Closed'],
    ]);
    screen.getByText('Currently Open'); // Monday 12:00 in Toronto
  });

  it('reads closed between two windows of the day', () => {
    render(
      <StoreHoursModal
        storeHours={hours}
        timeZone="America/Toronto"
        now={new Date('2026-12-07T20:00:00Z')}
        onClose={() => {}}
      />,
    );
    screen.getByText('Currently Closed'); // Monday 15:00 in Toronto
  });
});
