import { describe, expect, it } from 'vitest';
import { confirmEmail, escapeHtml, resetPassword } from './templates.js';

describe('email templates', () => {
  it('writes the confirmation email in text and HTML with the link in both', () => {
    const link = 'https://caterway.example/api/v2/users/confirmation?confirmation_token=abc_DEF-1';
    const email = confirmEmail({ firstName: 'Dana', link });
    expect(email.template).toBe('confirm_email');
    expect(email.subject).toBe('Confirm your Caterway account');
    expect(email.text).toContain('Hi Dana,');
    expect(email.text).toContain(`Confirm my email: ${link}`);
    expect(email.html).toContain(`href="${link}"`);
    expect(email.html).toContain('Caterway');
  });

  it('writes the reset email', () => {
    const link = 'https://caterway.example/accounts/reset-password?token=xyz';
    const email = resetPassword({ firstName: 'Sam', link });
    expect(email.template).toBe('reset_password');
    expect(email.text).toContain(link);
    expect(email.text).toContain('2 hours');
    expect(email.html).toContain(`href="${link}"`);
  });

  it('escapes what users typed', () => {
    const email = confirmEmail({ firstName: '<script>alert("x")</script>', link: 'https://x.example/?a=1&b=2' });
    expect(email.html).not.toContain('<script>');
    expect(email.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(email.html).toContain('href="https://x.example/?a=1&amp;b=2"');
    expect(escapeHtml(`'&`)).toBe('&#39;&amp;');
  });
});
