// When a restaurant's request without an answer is chased (issue 19 part 1, decision 048): a
// reminder to the restaurant 15 minutes after it arrived and an escalation to operations at 30
// minutes. A delivery within 24 hours cannot wait that long: both steps shrink with the time
// left (at 12 hours, 7.5 and 15 minutes), down to 2 and 5 minutes. A request nobody answered
// two hours on (again scaled, down to 10 minutes) expires: the order is declined for the
// restaurant as 'no_answer', so the customer is told and the hold released (decision 058).

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export const LADDER = {
  remindMinutes: 15,
  escalateMinutes: 30,
  floorRemindMinutes: 2,
  floorEscalateMinutes: 5,
  expireMinutes: 120,
  floorExpireMinutes: 10,
} as const;

export interface AnswerLadder {
  remindAt: Date;
  escalateAt: Date;
  /** still unanswered then: declined as no_answer (new orders and add-ons) */
  expireAt: Date;
}

export function answerLadder(receivedAt: Date, deliveryAt: Date): AnswerLadder {
  const received = receivedAt.getTime();
  const left = Math.max(0, deliveryAt.getTime() - received);
  const scale = Math.min(1, left / DAY);
  const step = (minutes: number, floor: number) =>
    Math.min(Math.max(floor * MINUTE, minutes * MINUTE * scale), Math.max(left, floor * MINUTE));
  return {
    remindAt: new Date(received + step(LADDER.remindMinutes, LADDER.floorRemindMinutes)),
    escalateAt: new Date(received + step(LADDER.escalateMinutes, LADDER.floorEscalateMinutes)),
    expireAt: new Date(received + step(LADDER.expireMinutes, LADDER.floorExpireMinutes)),
  };
}
