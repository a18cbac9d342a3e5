import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { answerLadder } from './answer-ladder.js';

const at = new Date('2026-03-02T14:00:00Z');
const later = (minutes: number) => new Date(at.getTime() + minutes * 60_000);
const minutesAfter = (d: Date) => (d.getTime() - at.getTime()) / 60_000;

describe('answerLadder', () => {
  it('reminds at 15 minutes and escalates at 30 when the delivery is a day or more away', () => {
    for (const days of [1, 2, 30]) {
      const l = answerLadder(at, later(days * 24 * 60));
      expect([minutesAfter(l.remindAt), minutesAfter(l.escalateAt), minutesAfter(l.expireAt)]).toEqual([15, 30, 120]);
    }
  });

  it('shrinks both steps with the time left under a day, down to 2 and 5 minutes', () => {
    const half = answerLadder(at, later(12 * 60));
    expect([minutesAfter(half.remindAt), minutesAfter(half.escalateAt), minutesAfter(half.expireAt)]).toEqual([
      7.5, 15, 60,
    ]);
    const soon = answerLadder(at, later(90));
    expect([minutesAfter(soon.remindAt), minutesAfter(soon.escalateAt), minutesAfter(soon.expireAt)]).toEqual([
      2, 5, 10,
    ]);
  });

  it('keeps the reminder before the escalation, both after the request and by the delivery (or the floor)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 60 * 24 * 40 }), (minutesLeft) => {
        const l = answerLadder(at, later(minutesLeft));
        expect(l.remindAt.getTime()).toBeGreaterThan(at.getTime());
        expect(l.remindAt.getTime()).toBeLessThan(l.escalateAt.getTime());
        expect(l.escalateAt.getTime()).toBeLessThan(l.expireAt.getTime());
        expect(minutesAfter(l.escalateAt)).toBeLessThanOrEqual(Math.max(minutesLeft, 30));
      }),
    );
  });
});
