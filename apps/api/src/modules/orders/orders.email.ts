import { formatCents, formatStoreTime, orderCalendarFile, totalsLines, zonedParts } from '@caterway/domain';
import { escapeHtml } from '../../adapters/email/templates.js';
import type { OutgoingEmail } from '../../ports/email.js';
import { totalsOf, type OrderItemRow, type OrderRow } from './orders.repository.js';

const pad2 = (n: number) => String(n).padStart(2, '0');

/** 'yyyy-MM-dd' and 'hh:mm AM' of an instant in a zone (the spec's date and time strings, §3, §9). */
export function localDateTime(instant: Date, timeZone: string): { date: string; time: string } {
  const p = zonedParts(instant, timeZone);
  return {
    date: `${p.year}-${pad2(p.month)}-${pad2(p.day)}`,
    time: formatStoreTime(`${pad2(p.hour)}:${pad2(p.minute)}`),
  };
}

// building a DateTimeFormat costs ~50x using one (packages/domain availability.ts): one per zone
const dayFormatters = new Map<string, Intl.DateTimeFormat>();
function dayFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = dayFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });
    dayFormatters.set(timeZone, f);
  }
  return f;
}

/** 'Friday, March 13, 2026 at 11:30 AM' (the spec's displayDeliveryDateTime: text, ' at ', 12-hour time). */
export function displayDateTime(instant: Date, timeZone: string): string {
  const day = dayFormatter(timeZone).format(instant);
  return `${day} at ${localDateTime(instant, timeZone).time}`;
}

/** The order confirmation (ordering-payments §4 Checkout: 'an order confirmation email is sent'). */
/** What the email shows of a line: a stored item, or a line just priced (finalize). */
export type ConfirmationLine = Pick<OrderItemRow, 'quantity' | 'menu_name' | 'menu_items' | 'line_subtotal_cents'>;

export function orderConfirmationEmail(
  order: OrderRow,
  items: ConfirmationLine[],
  link: string,
  now: Date = new Date(),
): OutgoingEmail {
  const when = displayDateTime(order.delivery_at, order.time_zone);
  const delivery = order.receiving_method === 'delivery';
  const place = delivery
    ? [order.delivery_address, order.delivery_suite_address].filter(Boolean).join(', ')
    : 'Pickup at the restaurant';
  const itemLines = items.map((i) => {
    const options = i.menu_items.filter((m) => m.quantity > 0).map((m) => `${m.name} x ${m.quantity}`);
    return {
      label: `${i.quantity} x ${i.menu_name}`,
      detail: options.join(', '),
      amount: formatCents(i.line_subtotal_cents),
    };
  });
  const totals: [string, string][] = [
    // each tax as its own line (issue 17), labelled as on the invoice
    ...totalsLines(totalsOf(order), { receivingMethod: order.receiving_method, cutleryCount: order.num_cutlery }).map(
      (l): [string, string] => [l.label, formatCents(l.cents)],
    ),
    ['Total', formatCents(order.total_cents)],
  ];
  // one word for the order's state in every email about it: submitted, then accepted or
  // declined, updated, cancelled, delivered (lifecycle.email.ts)
  const subject = `Your Caterway order ${order.order_number} was submitted`;
  const details: [string, string][] = [
    ['Order', order.order_number],
    ['Menu', order.preset_name],
    [delivery ? 'Delivery' : 'Pickup', when],
    [delivery ? 'Address' : 'Where', place],
    ['Serving style', order.serving_style],
    ['Contact', `${order.first_name} ${order.last_name}, ${order.phone_number}`],
    ...(order.company_name ? ([['Company', order.company_name]] as [string, string][]) : []),
    ...((delivery ? order.delivery_instruction : order.pickup_instruction)
      ? ([['Notes', delivery ? order.delivery_instruction : order.pickup_instruction]] as [string, string][])
      : []),
  ];
  const text = [
    `Hi ${order.first_name},`,
    '',
    'Thank you! Your order has been submitted. You will receive a response shortly!',
    '',
    ...details.map(([k, v]) => `${k}: ${v}`),
    '',
    'Items:',
    ...itemLines.map((l) => `  ${l.label}${l.detail ? ` (${l.detail})` : ''}  ${l.amount}`),
    '',
    ...totals.map(([k, v]) => `${k}: ${v}`),
    '',
    `View your order: ${link}`,
    'The attached calendar file adds the delivery to your calendar.',
    '',
    '-- Caterway',
    '',
  ].join('\n');
  const row = (k: string, v: string, bold = false) =>
    `<tr><td style="padding:4px 8px">${bold ? '<b>' : ''}${escapeHtml(k)}${bold ? '</b>' : ''}</td><td align="right" style="padding:4px 8px">${bold ? '<b>' : ''}${escapeHtml(v)}${bold ? '</b>' : ''}</td></tr>`;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Helvetica,Arial,sans-serif;color:#1f2933;background:#f4f5f7;padding:24px">
<div style="max-width:560px;margin:0 auto;background:#fff;border-radius:8px;padding:32px">
<h1 style="font-size:20px;margin:0 0 16px">Thank you! Your order has been submitted</h1>
<p>Hi ${escapeHtml(order.first_name)}, you will receive a response shortly!</p>
<table cellpadding="0" style="border-collapse:collapse;margin:16px 0">
${details.map(([k, v]) => `<tr><th align="left" style="padding:4px 8px;vertical-align:top">${escapeHtml(k)}</th><td style="padding:4px 8px">${escapeHtml(v)}</td></tr>`).join('\n')}
</table>
<h2 style="font-size:16px">Items</h2>
<table width="100%" style="border-collapse:collapse">
${itemLines.map((l) => row(l.detail ? `${l.label} (${l.detail})` : l.label, l.amount)).join('\n')}
</table>
<table width="100%" style="border-collapse:collapse;margin-top:16px;border-top:1px solid #e4e7eb">
${totals.map(([k, v], i) => row(k, v, i === totals.length - 1)).join('\n')}
</table>
<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="background:#c2410c;color:#fff;text-decoration:none;padding:12px 24px;border-radius:6px;font-weight:bold">View your order</a></p>
<p style="color:#52606d;font-size:13px">The attached calendar file adds the delivery to your calendar.</p>
</div></body></html>`;
  const calendar = orderCalendarFile({
    orderId: order.id,
    orderNumber: order.order_number,
    restaurantName: order.preset_name,
    pickup: !delivery,
    deliveryAt: order.delivery_at,
    location: place,
    items: items.map((i) => ({ quantity: i.quantity, name: i.menu_name })),
    totalCents: order.total_cents,
    link,
    stamp: now,
  });
  return {
    to: order.email,
    subject,
    text,
    html,
    template: 'order_confirmation',
    attachments: [
      {
        filename: `caterway-${order.order_number}.ics`,
        contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
        content: calendar,
      },
    ],
  };
}
