import { formatCents } from '@caterway/domain';
import { escapeHtml } from '../../adapters/email/templates.js';
import type { OutgoingEmail } from '../../ports/email.js';
import { displayDateTime } from '../orders/orders.email.js';
import type { RequestToNotify } from './restaurant-requests.repository.js';

// What a restaurant is emailed when something reaches it (issue 19 part 1, decision 048): a new
// order or an add-on with one-click Accept and Decline links, an edit or a cancellation to
// acknowledge in the portal, a reminder of what still waits; and operations' escalation.

/** new: asks for an answer; reminder: asks again; auto: tells of an order its auto-accept setting accepted */
export type RequestEmailStep = 'new' | 'reminder' | 'auto';

export interface RequestEmailLinks {
  /** the portal's order page */
  portal: string;
  /** signed one-click pages (new orders and add-ons only) */
  accept?: string;
  decline?: string;
}

function headline(r: RequestToNotify, step: RequestEmailStep): { subject: string; title: string; lead: string } {
  const when = displayDateTime(r.delivery_at, r.time_zone);
  const remind = step === 'reminder' ? 'Reminder: ' : '';
  switch (r.kind) {
    case 'new_order':
    case 'add_on': {
      const what = r.kind === 'add_on' ? 'add-on order' : 'order';
      if (step === 'auto')
        return {
          subject: `New ${what} ${r.order_number} for ${when}, accepted automatically`,
          title: `New ${what} for ${when}`,
          lead: `${r.company_name || 'A customer'} ordered ${r.portions} serving${r.portions === 1 ? '' : 's'} (${formatCents(r.items_total_cents)} of food) for ${r.receiving_method === 'pickup' ? 'pickup' : 'delivery'} ${when}. Your auto-accept setting accepted it.`,
        };
      if (r.group_people !== null && r.kind === 'new_order')
        // a group order's final list, sent when its cut-off closed it
        return {
          subject: `${remind}Group order ${r.order_number} for ${when}: final list of ${r.group_people} meal${r.group_people === 1 ? '' : 's'}, please accept or decline`,
          title:
            step === 'reminder' ? 'This group order is waiting for your answer' : `Group order final list for ${when}`,
          lead: `${r.company_name || 'A customer'}'s group order closed: ${r.group_people} ${r.group_people === 1 ? 'person' : 'people'} chose ${r.portions} meal${r.portions === 1 ? '' : 's'} (${formatCents(r.items_total_cents)} of food) for ${r.receiving_method === 'pickup' ? 'pickup' : 'delivery'} ${when}. Each person's meal label is ready to print in the portal.`,
        };
      return {
        subject: `${remind}New ${what} ${r.order_number} for ${when}: please accept or decline`,
        title: step === 'reminder' ? `This ${what} is waiting for your answer` : `New ${what} for ${when}`,
        lead: `${r.company_name || 'A customer'} ordered ${r.portions} serving${r.portions === 1 ? '' : 's'} (${formatCents(r.items_total_cents)} of food) for ${r.receiving_method === 'pickup' ? 'pickup' : 'delivery'} ${when}.`,
      };
    }
    case 'edit':
      return {
        subject: `${remind}Order ${r.order_number} for ${when} was changed`,
        title: 'An order was changed',
        lead: `The customer changed order ${r.order_number} for ${when} (${r.summary}). Please check it and acknowledge the change.`,
      };
    case 'reconfirmation':
      return {
        subject: `${remind}Please confirm order ${r.order_number} for ${when}`,
        title: 'Please confirm an order for tomorrow',
        lead: `Order ${r.order_number} (${r.portions} serving${r.portions === 1 ? '' : 's'}, ${formatCents(r.items_total_cents)} of food) is due ${when}. Please confirm in the portal that your kitchen is ready for it.`,
      };
    case 'cancellation':
      return {
        subject: `${remind}Order ${r.order_number} for ${when} was cancelled`,
        title: 'An order was cancelled',
        lead: `Order ${r.order_number} for ${when} will not go ahead: ${r.summary}. Please acknowledge it so your kitchen does not prepare it.`,
      };
  }
}

const button = (href: string, label: string, colour: string) =>
  `<a href="${escapeHtml(href)}" style="display:inline-block;background:${colour};color:#fff;text-decoration:none;padding:12px 24px;border-radius:6px;font-weight:bold;margin:0 8px 8px 0">${escapeHtml(label)}</a>`;

/** The email of a request to one recipient of the restaurant. */
export function requestEmail(
  r: RequestToNotify,
  to: string,
  links: RequestEmailLinks,
  step: RequestEmailStep,
): OutgoingEmail {
  const h = headline(r, step);
  const actions: [string, string | undefined, string][] = [
    ['Accept', links.accept, '#15803d'],
    ['Decline', links.decline, '#b91c1c'],
  ];
  const text = [
    `${r.restaurant_name},`,
    '',
    h.lead,
    '',
    ...actions.filter(([, href]) => href).map(([label, href]) => `${label}: ${href}`),
    `Open the order: ${links.portal}`,
    '',
    '-- Caterway for restaurants',
    '',
  ].join('\n');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(h.subject)}</title></head>
<body style="font-family:Helvetica,Arial,sans-serif;color:#1f2933;background:#f4f5f7;padding:24px">
<div style="max-width:560px;margin:0 auto;background:#fff;border-radius:8px;padding:32px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(h.title)}</h1>
<p style="line-height:1.5">${escapeHtml(h.lead)}</p>
<p>Order: <b>${escapeHtml(r.order_number)}</b></p>
<p style="margin:24px 0">${actions
    .filter(([, href]) => href)
    .map(([label, href, colour]) => button(href!, label, colour))
    .join('')}${button(links.portal, 'Open the order', '#334155')}</p>
<p style="color:#52606d;font-size:13px">The Accept and Decline links work once and only for this order.</p>
</div></body></html>`;
  return {
    to,
    subject: h.subject,
    text,
    html,
    template:
      step === 'reminder'
        ? 'restaurant_request_reminder'
        : step === 'auto'
          ? 'restaurant_auto_accepted'
          : `restaurant_${r.kind}`,
  };
}

const WHAT_WAITS: Record<RequestToNotify['kind'], string> = {
  new_order: 'the new order',
  add_on: 'the add-on order',
  edit: 'the change to order',
  cancellation: 'the cancellation of order',
  reconfirmation: 'the reconfirmation of order',
};

/** Operations are told of a request that no one at the restaurant answered in time. */
export function escalationEmail(r: RequestToNotify, to: string, consoleUrl: string): OutgoingEmail {
  const when = displayDateTime(r.delivery_at, r.time_zone);
  const subject = `Unanswered: ${r.restaurant_name} has not answered order ${r.order_number} for ${when}`;
  const lead = `${r.restaurant_name} has not answered ${WHAT_WAITS[r.kind]} ${r.order_number} (${r.portions} servings, ${formatCents(r.items_total_cents)}) since ${displayDateTime(r.created_at, r.time_zone)}.`;
  const text = [lead, '', `The escalation queue: ${consoleUrl}`, ''].join('\n');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Helvetica,Arial,sans-serif;color:#1f2933;padding:24px"><p>${escapeHtml(lead)}</p>
<p><a href="${escapeHtml(consoleUrl)}">The escalation queue</a></p></body></html>`;
  return { to, subject, text, html, template: 'restaurant_request_escalated' };
}
