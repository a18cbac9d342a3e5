// When a restaurant's request without an answer is chased (issue 19 part 1, decision 048): a
// reminder to the restaurant 15 minutes after it arrived and an escalation to operations at 30
// minutes. A delivery within 24 hours cannot wait that long: both steps shrink with the time
// left (at 12 hours, 7.5 and 15 minutes), down to 2 and 5 minutes.

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export const LADDER = {
  remindMinutes: 15,
  escalateMinutes: 30,
  floorRemindMinutes: 2,
  floorEscalateMinutes: 5,
} as const;

export interface AnswerLadder {
  remindAt: Date;
  escalateAt: Date;
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
  };
}
