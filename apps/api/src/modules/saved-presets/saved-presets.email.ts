import { escapeHtml } from '../../adapters/email/templates.js';
import type { OutgoingEmail } from '../../ports/email.js';

/** The link to a saved cart (ordering-payments §4 Save Cart: 'the server returns a shared URL and emails the link'). */
export function presetSavedEmail(input: { to: string; firstName: string; name: string; url: string }): OutgoingEmail {
  const subject = `Your saved Caterway menu: ${input.name}`;
  const text = [
    `Hi ${input.firstName},`,
    '',
    `You saved "${input.name}". Open it any time, order it again or share it with your team:`,
    '',
    input.url,
    '',
    'You also find it under My Favorites & Saved Orders.',
    '',
    '-- Caterway',
    '',
  ].join('\n');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Helvetica,Arial,sans-serif;color:#1f2933">
<p>Hi ${escapeHtml(input.firstName)},</p>
<p>You saved &ldquo;${escapeHtml(input.name)}&rdquo;. Open it any time, order it again or share it with your team:</p>
<p><a href="${escapeHtml(input.url)}" style="background:#c2410c;color:#fff;text-decoration:none;padding:12px 24px;border-radius:6px;font-weight:bold">Open my saved menu</a></p>
<p style="font-size:13px;color:#52606d">${escapeHtml(input.url)}</p>
<p>You also find it under My Favorites &amp; Saved Orders.</p>
</body></html>`;
  return { to: input.to, subject, text, html, template: 'preset_saved' };
}
