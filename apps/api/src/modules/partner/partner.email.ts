import type { RestaurantRole } from '@caterway/contracts';
import { escapeHtml } from '../../adapters/email/templates.js';
import type { OutgoingEmail } from '../../ports/email.js';

const ROLE_WORDS: Record<RestaurantRole, string> = {
  owner: 'an owner',
  manager: 'a manager',
  staff: 'a member of the team',
};

/** The invitation to a restaurant's team, with its single-use link (issue 19). */
export function teamInviteEmail(input: {
  to: string;
  restaurantName: string;
  role: RestaurantRole;
  inviterName: string;
  url: string;
  expiresInDays: number;
}): OutgoingEmail {
  const subject = `Join ${input.restaurantName} on Caterway`;
  const intro = `${input.inviterName} invited you to join ${input.restaurantName} on Caterway as ${ROLE_WORDS[input.role]}: you will see its catering orders, accept them and keep its menu up to date.`;
  const validity = `The link works once, for ${input.expiresInDays} days.`;
  const text = [intro, '', `Accept the invitation: ${input.url}`, '', validity, '', '-- Caterway', ''].join('\n');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Helvetica,Arial,sans-serif;color:#1f2933">
<h1 style="font-size:20px">${escapeHtml(subject)}</h1>
<p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(input.url)}">Accept the invitation</a></p>
<p>${escapeHtml(validity)}</p>
</body></html>`;
  return { to: input.to, subject, text, html, template: 'restaurant_invite' };
}
