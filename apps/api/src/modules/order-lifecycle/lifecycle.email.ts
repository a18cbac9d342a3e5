import { formatCents } from '@caterway/domain';
import { escapeHtml } from '../../adapters/email/templates.js';
import type { OutgoingEmail } from '../../ports/email.js';
import { displayDateTime } from '../orders/orders.email.js';
import type { OrderRow } from '../orders/orders.types.js';

// The customer is told when the order is accepted, declined, updated (issue 20), cancelled and
// delivered (issue 5 item 1). Same plain layout as the order confirmation (orders.email.ts).

export type LifecycleNotice = 'accepted' | 'declined' | 'updated' | 'cancelled' | 'delivered' | 'payment_method_needed';

/** A restaurant that can deliver a declined order instead (its page). */
export interface Alternative {
  name: string;
  url: string;
}

interface Words {
  subject: string;
  title: string;
  lines: string[];
}

function words(notice: LifecycleNotice, order: OrderRow, by: 'customer' | 'staff'): Words {
  const when = displayDateTime(order.delivery_at, order.time_zone);
  const money =
    order.payment_status === 'refunded'
      ? `We refunded ${formatCents(order.refunded_cents)} to your payment method.`
      : 'The hold on your payment method has been released; you were not charged.';
  switch (notice) {
    case 'accepted':
      return {
        subject: `Your Caterway order ${order.order_number} was accepted`,
        title: 'Your order was accepted',
        lines: [
          `${order.preset_name} accepted your order for ${when}.`,
          'Your payment is captured when the order is processed, before delivery.',
        ],
      };
    case 'declined':
      return {
        subject: `Your Caterway order ${order.order_number} was declined`,
        title: 'Your order was declined',
        lines: [`We are sorry: ${order.preset_name} cannot take your order for ${when}.`, money],
      };
    case 'updated':
      return {
        subject: `Your Caterway order ${order.order_number} was updated`,
        title: 'Your order was updated',
        lines: [
          `Your order is now for ${when}, ${formatCents(order.total_cents)} in total.`,
          `${order.preset_name} has been told of the change.`,
        ],
      };
    case 'cancelled':
      return {
        subject: `Your Caterway order ${order.order_number} was cancelled`,
        title: 'Your order was cancelled',
        lines: [
          by === 'customer'
            ? `You cancelled your order for ${when}.`
            : `Our operations team cancelled your order for ${when}.`,
          money,
        ],
      };
    case 'payment_method_needed':
      // the authorisation made 5 days before delivery (or a renewed one) was refused (decision 027)
      return {
        subject: `Action needed: update the payment method of your Caterway order ${order.order_number}`,
        title: 'Please update your payment method',
        lines: [
          `We could not authorise ${formatCents(order.total_cents)} on your payment method for your order for ${when}${order.payment_error ? `: ${order.payment_error}` : '.'}`,
          'Please open the order in My Orders and choose Update Payment Method, so that it can be delivered.',
        ],
      };
    case 'delivered':
      return {
        subject: `Your Caterway order ${order.order_number} was delivered`,
        title: 'Your order was delivered',
        lines: [
          `${order.preset_name} delivered your order. Enjoy your meal!`,
          `Order total: ${formatCents(order.total_cents)}.`,
        ],
      };
  }
}

export function lifecycleEmail(
  notice: LifecycleNotice,
  order: OrderRow,
  link: string,
  by: 'customer' | 'staff' = 'staff',
  extra: { alternatives?: Alternative[]; reason?: string } = {},
): OutgoingEmail {
  const w = words(notice, order, by);
  const alternatives = extra.alternatives ?? [];
  // why, after the apology: the restaurant's reason as it chose it, or that nobody answered in time
  if (extra.reason) w.lines.splice(1, 0, extra.reason);
  const offer = alternatives.length
    ? `${alternatives.length === 1 ? 'This restaurant' : 'These restaurants'} can deliver to you at the same time:`
    : '';
  const text = [
    `Hi ${order.first_name},`,
    '',
    ...w.lines,
    ...(offer ? ['', offer, ...alternatives.map((a) => `- ${a.name}: ${a.url}`)] : []),
    '',
    `Order: ${order.order_number}`,
    `View your orders: ${link}`,
    '',
    '-- Caterway',
    '',
  ].join('\n');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(w.subject)}</title></head>
<body style="font-family:Helvetica,Arial,sans-serif;color:#1f2933;background:#f4f5f7;padding:24px">
<div style="max-width:560px;margin:0 auto;background:#fff;border-radius:8px;padding:32px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(w.title)}</h1>
<p>Hi ${escapeHtml(order.first_name)},</p>
${w.lines.map((l) => `<p style="line-height:1.5">${escapeHtml(l)}</p>`).join('\n')}
${offer ? `<p style="line-height:1.5">${escapeHtml(offer)}</p><ul>${alternatives.map((a) => `<li><a href="${escapeHtml(a.url)}">${escapeHtml(a.name)}</a></li>`).join('')}</ul>` : ''}
<p>Order: <b>${escapeHtml(order.order_number)}</b></p>
<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="background:#c2410c;color:#fff;text-decoration:none;padding:12px 24px;border-radius:6px;font-weight:bold">View your orders</a></p>
</div></body></html>`;
  return { to: order.email, subject: w.subject, text, html, template: `order_${notice}` };
}
