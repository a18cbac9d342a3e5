import { escapeHtml } from '../../adapters/email/templates.js';
import type { OutgoingEmail } from '../../ports/email.js';

// The group order's emails: the member's personal link, reminders, the cancellation notice and
// the creator's cut-off summary. Plain text plus a simple HTML copy of the same lines.

interface EmailParts {
  to: string;
  subject: string;
  template: string;
  greeting: string;
  paragraphs: string[];
  rows?: [string, string][];
  link?: { label: string; url: string };
}

export function groupEmail(parts: EmailParts): OutgoingEmail {
  const text = [
    parts.greeting,
    '',
    ...parts.paragraphs.flatMap((p) => [p, '']),
    ...(parts.rows?.length ? [...parts.rows.map(([k, v]) => `${k}: ${v}`), ''] : []),
    ...(parts.link ? [`${parts.link.label}: ${parts.link.url}`, ''] : []),
    '-- Caterway',
    '',
  ].join('\n');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(parts.subject)}</title></head>
<body style="font-family:Helvetica,Arial,sans-serif;color:#1f2933;background:#f4f5f7;padding:24px">
<div style="max-width:560px;margin:0 auto;background:#fff;border-radius:8px;padding:32px">
<p>${escapeHtml(parts.greeting)}</p>
${parts.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${parts.rows?.length ? `<table cellpadding="0" style="border-collapse:collapse;margin:16px 0">${parts.rows.map(([k, v]) => `<tr><th align="left" style="padding:4px 8px;vertical-align:top">${escapeHtml(k)}</th><td style="padding:4px 8px">${escapeHtml(v)}</td></tr>`).join('')}</table>` : ''}
${parts.link ? `<p style="margin:24px 0"><a href="${escapeHtml(parts.link.url)}" style="background:#c2410c;color:#fff;text-decoration:none;padding:12px 24px;border-radius:6px;font-weight:bold">${escapeHtml(parts.link.label)}</a></p>` : ''}
</div></body></html>`;
  return { to: parts.to, subject: parts.subject, text, html, template: parts.template };
}
