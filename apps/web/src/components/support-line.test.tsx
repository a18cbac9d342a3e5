// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { siteConfigResponseSchema } from '@caterway/contracts';
import { contractJson, setupContractServer } from '@caterway/contracts/testing';
import { renderPage } from '../test/render';
import { siteConfig } from '../test/wire';
import { mailtoHref, OrderHelp, SupportLine, telHref } from './support-line';

// The support line (issue 20 §4, decision 066): the phone and email the server's site config
// names (SUPPORT_PHONE, SUPPORT_EMAIL), in the header menu and footer, and "Need help with this
// order?" with the order's number on every order.

let config = siteConfig();
setupContractServer(http.get('/api/v2/site_config', () => contractJson(siteConfigResponseSchema, config)));

describe('the support line', () => {
  it("names the site config's phone and email, dialled and mailed as links", async () => {
    config = siteConfig({ support_phone: '+1 (416) 555-0142', support_email: 'help@caterway.example' });
    renderPage(<SupportLine className="nav-support" />, { at: '/' });
    const phone = await screen.findByRole('link', { name: '+1 (416) 555-0142' });
    expect(phone.getAttribute('href')).toBe('tel:+14165550142');
    const line = phone.closest('p')!;
    expect(line.className).toBe('support-line nav-support');
    expect(line.textContent).toBe('Questions? Call +1 (416) 555-0142 or email help@caterway.example');
    expect(within(line).getByRole('link', { name: 'help@caterway.example' }).getAttribute('href')).toBe(
      'mailto:help@caterway.example',
    );
  });

  it('shows what production sets, not a number built into the storefront', async () => {
    config = siteConfig({ support_phone: '1-800-555-0199', support_email: 'care@caterway.example' });
    renderPage(<SupportLine />, { at: '/' });
    expect((await screen.findByRole('link', { name: '1-800-555-0199' })).getAttribute('href')).toBe('tel:18005550199');
    screen.getByRole('link', { name: 'care@caterway.example' });
  });
});

describe('Need help with this order?', () => {
  it("quotes the order's number, which the email link carries as its subject", async () => {
    config = siteConfig();
    renderPage(<OrderHelp orderNumber="CW-2026-000004" />, { at: '/my-orders' });
    const title = await screen.findByText('Need help with this order?');
    expect(title.tagName).toBe('STRONG');
    const help = title.parentElement!;
    expect(help.textContent).toBe(
      'Need help with this order? Call +1 (416) 555-0142 or email help@caterway.example and quote order CW-2026-000004.',
    );
    expect(within(help).getByRole('link', { name: 'help@caterway.example' }).getAttribute('href')).toBe(
      'mailto:help@caterway.example?subject=Order%20CW-2026-000004',
    );
    expect(within(help).getByRole('link', { name: '+1 (416) 555-0142' }).getAttribute('href')).toBe('tel:+14165550142');
  });

  it('names the contact alone for a group order that has no number yet', async () => {
    config = siteConfig();
    renderPage(<OrderHelp orderNumber={null} />, { at: '/my-orders' });
    const help = (await screen.findByText('Need help with this order?')).parentElement!;
    expect(help.textContent).toBe('Need help with this order? Call +1 (416) 555-0142 or email help@caterway.example.');
    expect(within(help).getByRole('link', { name: 'help@caterway.example' }).getAttribute('href')).toBe(
      'mailto:help@caterway.example',
    );
  });
});

describe('the links', () => {
  it('dial the digits with a leading + and encode the subject', () => {
    expect(telHref('+1 (416) 555-0142')).toBe('tel:+14165550142');
    expect(telHref('416.555.0142')).toBe('tel:4165550142');
    expect(mailtoHref('a@b.example', 'CW 1&2')).toBe('mailto:a@b.example?subject=Order%20CW%201%262');
    expect(mailtoHref('a@b.example')).toBe('mailto:a@b.example');
  });
});
