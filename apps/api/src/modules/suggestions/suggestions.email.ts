import type { MenuSuggestion } from '@caterway/contracts';
import { formatCents, formatTaxLabel } from '@caterway/domain';
import { escapeHtml } from '../../adapters/email/templates.js';
import type { OutgoingEmail } from '../../ports/email.js';

/** The bot's answer by email (ordering-payments §1), with a link back to the preset. */
export function menuSuggestionEmail(input: {
  to: string;
  presetName: string;
  url: string;
  suggestion: MenuSuggestion;
}): OutgoingEmail {
  const s = input.suggestion;
  const subject = `Your suggested menu from ${input.presetName}`;
  const lines = s.lines.map(
    (l) =>
      `${l.quantity} x ${l.name} (${l.chef_name})${l.dietary_types.length ? ` [${l.dietary_types.join(', ')}]` : ''}  ${formatCents(l.line_subtotal_cents)}`,
  );
  const totals: [string, string][] = [
    ['Subtotal', formatCents(s.totals.subtotal_cents)],
    [formatTaxLabel(s.totals.tax_name, s.totals.tax_rate), formatCents(s.totals.tax_cents)],
    ['Total before delivery', formatCents(s.totals.total_cents)],
    ['Per person', formatCents(s.price_per_person_cents)],
  ];
  const text = [
    `Here is a menu from ${input.presetName} for your request.`,
    '',
    ...s.notes,
    '',
    ...lines,
    '',
    ...totals.map(([k, v]) => `${k}: ${v}`),
    '',
    `Open the menu and adjust the cart: ${input.url}`,
    '',
    '-- Caterway',
    '',
  ].join('\n');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Helvetica,Arial,sans-serif;color:#1f2933">
<h1 style="font-size:20px">Your suggested menu</h1>
${s.notes.map((n) => `<p>${escapeHtml(n)}</p>`).join('\n')}
<ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>
<table>${totals.map(([k, v]) => `<tr><td>${escapeHtml(k)}</td><td align="right">${escapeHtml(v)}</td></tr>`).join('')}</table>
<p><a href="${escapeHtml(input.url)}">Open the menu and adjust the cart</a></p>
</body></html>`;
  return { to: input.to, subject, text, html, template: 'menu_suggestion' };
}
