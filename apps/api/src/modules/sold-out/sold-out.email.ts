import { escapeHtml } from '../../adapters/email/templates.js';
import type { OutgoingEmail } from '../../ports/email.js';

// A restaurant's message to a customer about their order (decision 053): a substitute for a
// sold-out dish, or a note. Same plain layout as the order lifecycle's emails (lifecycle.email.ts).

export function orderMessageEmail(input: {
  to: string;
  firstName: string;
  restaurantName: string;
  /** 'order CW-2026-000123' or 'group order "Team lunch"' */
  orderLabel: string;
  kind: 'substitute' | 'note';
  /** the dish it is about, '' when none */
  subject: string;
  body: string;
  deliveryText: string;
  link: string;
}): OutgoingEmail {
  const about = input.subject ? ` about ${input.subject}` : '';
  const subject =
    input.kind === 'substitute'
      ? `${input.restaurantName} proposes a substitute${about}`
      : `A message from ${input.restaurantName}${about}`;
  const intro =
    input.kind === 'substitute'
      ? `${input.restaurantName} cannot serve ${input.subject || 'a dish'} for your ${input.orderLabel} (${input.deliveryText}) and proposes a substitute:`
      : `${input.restaurantName} sent you a message about your ${input.orderLabel} (${input.deliveryText}):`;
  const outro =
    'You can see this message on your order in My Orders, and edit the order there while it can still be changed.';
  const text = [
    `Hi ${input.firstName},`,
    '',
    intro,
    '',
    input.body,
    '',
    outro,
    `View your orders: ${input.link}`,
    '',
    '-- Caterway',
    '',
  ].join('\n');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Helvetica,Arial,sans-serif;color:#1f2933;background:#f4f5f7;padding:24px">
<div style="max-width:560px;margin:0 auto;background:#fff;border-radius:8px;padding:32px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(subject)}</h1>
<p>Hi ${escapeHtml(input.firstName)},</p>
<p style="line-height:1.5">${escapeHtml(intro)}</p>
<blockquote style="margin:16px 0;padding:12px 16px;border-left:4px solid #c2410c;background:#fff7ed;white-space:pre-line">${escapeHtml(input.body)}</blockquote>
<p style="line-height:1.5">${escapeHtml(outro)}</p>
<p style="margin:24px 0"><a href="${escapeHtml(input.link)}" style="background:#c2410c;color:#fff;text-decoration:none;padding:12px 24px;border-radius:6px;font-weight:bold">View your orders</a></p>
</div></body></html>`;
  return { to: input.to, subject, text, html, template: `order_message_${input.kind}` };
}
