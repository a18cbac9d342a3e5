import { escapeHtml } from '../../adapters/email/templates.js';
import type { OutgoingEmail } from '../../ports/email.js';
import type { NewDemoRequest } from './demo-requests.repository.js';

/** The sales inbox's copy of a demo request: every field, plain and simple, easy to reply to. */
export function demoRequestEmail(request: NewDemoRequest & { id: number }, to: string): OutgoingEmail {
  const rows: [string, string][] = [
    ['Name', request.name],
    ['Email', request.email],
    ['Company', request.company],
    ['Phone', request.phone],
    ['Number of people', request.numPeopleRange],
    ['Order frequency', request.orderFrequency],
    ['Message', request.message || '(none)'],
  ];
  const subject = `Demo request #${request.id}: ${request.company} (${request.numPeopleRange} people, ${request.orderFrequency})`;
  const text = [
    'A new demo request came in through caterway /book-demo.',
    '',
    ...rows.map(([k, v]) => `${k}: ${v}`),
    '',
  ].join('\n');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Helvetica,Arial,sans-serif;color:#1f2933">
<h1 style="font-size:20px">New demo request</h1>
<table cellpadding="6" style="border-collapse:collapse">
${rows.map(([k, v]) => `<tr><th align="left" style="vertical-align:top">${escapeHtml(k)}</th><td style="white-space:pre-wrap">${escapeHtml(v)}</td></tr>`).join('\n')}
</table>
<p><a href="mailto:${escapeHtml(request.email)}">Reply to ${escapeHtml(request.name)}</a></p>
</body></html>`;
  return { to, subject, text, html, template: 'demo_request' };
}
