import type { OutgoingEmail } from '../../ports/email.js';

// The product's emails: simple HTML (inline styles, one button, the link spelled out for
// clients that block buttons) plus a plain-text part with the same words.
export type EmailContent = Omit<OutgoingEmail, 'to'>;

const BRAND = 'Caterway';

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

interface Layout {
  title: string;
  greeting: string;
  paragraphs: string[];
  button: { label: string; url: string };
  footnote: string;
}

function html({ title, greeting, paragraphs, button, footnote }: Layout): string {
  const p = (text: string) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(text)}</p>`;
  const url = escapeHtml(button.url);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#f4f5f7;font-family:Helvetica,Arial,sans-serif;color:#1f2933">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f5f7;padding:24px 0"><tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;width:100%;background:#ffffff;border-radius:8px;overflow:hidden">
<tr><td style="background:#c2410c;color:#ffffff;padding:20px 32px;font-size:22px;font-weight:bold">${BRAND}</td></tr>
<tr><td style="padding:32px">
<h1 style="margin:0 0 16px;font-size:20px">${escapeHtml(title)}</h1>
${p(greeting)}
${paragraphs.map(p).join('\n')}
<p style="margin:24px 0"><a href="${url}" style="display:inline-block;background:#c2410c;color:#ffffff;text-decoration:none;padding:12px 24px;border-radius:6px;font-weight:bold">${escapeHtml(button.label)}</a></p>
<p style="margin:0 0 16px;line-height:1.5;font-size:13px;color:#52606d">If the button does not work, copy this link into your browser:<br><a href="${url}" style="color:#c2410c;word-break:break-all">${url}</a></p>
<p style="margin:0;line-height:1.5;font-size:13px;color:#52606d">${escapeHtml(footnote)}</p>
</td></tr>
<tr><td style="padding:16px 32px;background:#f9fafb;font-size:12px;color:#7b8794">${BRAND} &middot; Office catering in Canada and the US</td></tr>
</table></td></tr></table></body></html>`;
}

function text({ title, greeting, paragraphs, button, footnote }: Layout): string {
  return [
    title,
    '',
    greeting,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    `${button.label}: ${button.url}`,
    '',
    footnote,
    '',
    `-- ${BRAND}`,
    '',
  ].join('\n');
}

function render(template: string, subject: string, layout: Layout): EmailContent {
  return { template, subject, text: text(layout), html: html(layout) };
}

export function confirmEmail({ firstName, link }: { firstName: string; link: string }): EmailContent {
  return render('confirm_email', `Confirm your ${BRAND} account`, {
    title: 'Confirm your email address',
    greeting: `Hi ${firstName},`,
    paragraphs: [
      `Thanks for signing up for ${BRAND}. Please confirm your email address so you can sign in and order catering for your office.`,
      'The link works once and for 7 days.',
    ],
    button: { label: 'Confirm my email', url: link },
    footnote: `If you did not sign up for ${BRAND}, you can ignore this email.`,
  });
}

export function resetPassword({ firstName, link }: { firstName: string; link: string }): EmailContent {
  return render('reset_password', `Reset your ${BRAND} password`, {
    title: 'Reset your password',
    greeting: `Hi ${firstName},`,
    paragraphs: [
      'We received a request to reset the password of your account. Choose a new password with the link below.',
      'The link works once and for 2 hours.',
    ],
    button: { label: 'Choose a new password', url: link },
    footnote: 'If you did not ask for this, you can ignore this email: your password stays the same.',
  });
}

/**
 * To the owner of an address someone tried to sign up with again (docs/decisions/029): the
 * sign-up answer is the same as for a new address, so this email is where the owner learns it.
 */
export function signUpAttempt({ firstName, link }: { firstName: string; link: string }): EmailContent {
  return render('sign_up_existing', `Someone tried to sign up to ${BRAND} with your email`, {
    title: 'You already have an account',
    greeting: `Hi ${firstName},`,
    paragraphs: [
      `Someone (probably you) just tried to create a ${BRAND} account with this email address, which already has an account. No new account was created and nothing was changed.`,
      'If it was you, sign in with your password. If you forgot it, choose "Forgot password?" in the Sign In window to get a link to reset it.',
    ],
    button: { label: `Go to ${BRAND}`, url: link },
    footnote: 'If it was not you, you can ignore this email: nobody can sign in without your password.',
  });
}
