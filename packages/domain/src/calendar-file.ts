// An order's delivery as an iCalendar event (RFC 5545): "Add to calendar" on the completed page
// (issue 20 part 3). One VEVENT, times in UTC, text escaped and lines folded at 75 octets, CRLF
// line ends, so Google Calendar, Outlook and Apple Calendar read it alike. Written here, not with
// a library: the one the registry offers (ics) validates with yup, which would weigh more than
// the page that offers the file.

import { answerLadder } from './answer-ladder.js';
import { formatCents } from './money.js';

export interface CalendarEventInput {
  /** stable across downloads of the same order, so a calendar updates the event instead of adding one */
  uid: string;
  start: Date;
  durationMinutes: number;
  summary: string;
  location: string;
  description: string;
  /** when the file is made (DTSTAMP) */
  stamp: Date;
  url?: string;
}

/** 20261201T163000Z */
function utc(at: Date): string {
  return at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z');
}

/** TEXT values: backslash, semicolon and comma escaped, line breaks as \n (RFC 5545 3.3.11). */
export function escapeCalendarText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** A content line folded at 75 octets (RFC 5545 3.1), never inside a UTF-8 character. */
function fold(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // continuation lines start with a space, which counts toward their 75
    if (octets + size > 75) {
      parts.push(current);
      current = ' ';
      octets = 1;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n');
}

/** The .ics file's text for one event. */
export function calendarFile(event: CalendarEventInput): string {
  const end = new Date(event.start.getTime() + event.durationMinutes * 60_000);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Caterway//Orders//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${utc(event.stamp)}`,
    `DTSTART:${utc(event.start)}`,
    `DTEND:${utc(end)}`,
    `SUMMARY:${escapeCalendarText(event.summary)}`,
    `LOCATION:${escapeCalendarText(event.location)}`,
    `DESCRIPTION:${escapeCalendarText(event.description)}`,
    ...(event.url ? [`URL:${event.url}`] : []),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(fold).join('\r\n') + '\r\n';
}

/** What an order's calendar event is made from: the completed page's and the confirmation email's. */
export interface OrderEventFacts {
  orderId: number;
  orderNumber: string;
  restaurantName: string;
  pickup: boolean;
  deliveryAt: Date;
  /** the delivery address, or where to pick up */
  location: string;
  items: readonly { quantity: number; name: string }[];
  totalCents: number;
  /** My Orders */
  link: string;
  stamp: Date;
}

/**
 * An order's delivery as a calendar event: the same UID wherever it is made (the page's "Add to
 * calendar", the confirmation email's attachment), so a calendar updates one event.
 */
export function orderCalendarFile(order: OrderEventFacts): string {
  const items = order.items.map((item) => `${item.quantity} × ${item.name}`).join('\n');
  return calendarFile({
    uid: `order-${order.orderId}@caterway.ca`,
    start: order.deliveryAt,
    durationMinutes: 30,
    summary: `Catering ${order.pickup ? 'pickup' : 'delivery'}: ${order.restaurantName} (${order.orderNumber})`,
    location: order.location,
    description: `${items}\nTotal ${formatCents(order.totalCents)}\nOrder ${order.orderNumber}: ${order.link}`,
    stamp: order.stamp,
    url: order.link,
  });
}

/**
 * How long the restaurant has to confirm an order placed now (the answer ladder's expiry: two
 * hours, less when delivery is close), in words: "2 hours", "25 minutes".
 */
export function confirmationWindow(placedAt: Date, deliveryAt: Date): string {
  const minutes = Math.round((answerLadder(placedAt, deliveryAt).expireAt.getTime() - placedAt.getTime()) / 60_000);
  if (minutes >= 60 && minutes % 60 === 0) return `${minutes / 60} ${minutes === 60 ? 'hour' : 'hours'}`;
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}
