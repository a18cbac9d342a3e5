import { describe, expect, it } from 'vitest';
import { nextAvailableLine, unavailableLabel } from './restaurant-card';

// The card's availability badge names why a restaurant cannot take the chosen delivery,
// including the calendar's pause (decision 055).
describe('the restaurant card badge', () => {
  it('names each reason', () => {
    const label = (reason: Parameters<typeof unavailableLabel>[0]['unavailableReason']) =>
      unavailableLabel({ unavailableReason: reason, preOrderNoticeHour: 24 });
    expect(label('closed')).toBe('Closed on this day');
    expect(label('outside_hours')).toBe('Outside store hours');
    expect(label('notice')).toBe('Needs 24 h notice');
    expect(label('distance')).toBe('Outside delivery area');
    expect(label('paused')).toBe('Not taking orders now');
    expect(label('full')).toBe('Fully booked');
  });

  it("gives a full restaurant's next time with room, and nothing otherwise", () => {
    const next = { deliveryDate: '2026-03-03', deliveryTime: '01:00 PM', text: 'Tuesday, March 3, 2026 at 01:00 PM' };
    expect(nextAvailableLine({ nextAvailable: next })).toBe('Next available Tue, Mar 3, 1:00 PM');
    expect(nextAvailableLine({ nextAvailable: null })).toBeNull();
  });
});
