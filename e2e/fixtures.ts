import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

// Console errors fail a journey unless the journey says it expects them
// (CONVENTIONS.md). Chromium logs every non-2xx fetch as "Failed to load resource";
// a journey that provokes an expected 4xx lists it with allowConsoleErrors().
interface Fixtures {
  allowConsoleErrors: (pattern: RegExp) => void;
}

export const test = base.extend<Fixtures>({
  allowConsoleErrors: [
    async ({ page }, use) => {
      // Playwright's own helper script cannot run inside the mailbox's sandboxed email frame.
      const allowed: RegExp[] = [/Blocked script execution in 'about:srcdoc'/];
      const errors: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() !== 'error') return;
        const text = msg.text();
        if (!allowed.some((re) => re.test(text))) errors.push(text);
      });
      page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
      await use((pattern) => allowed.push(pattern));
      expect(errors, 'unexpected console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * No serious or critical axe violation on the page as it stands. axe runs inside the page
 * (legacy mode: its default opens a blank page per check to merge the frames' partial results,
 * and our only frames are the mailbox's sandboxed email, where no script runs) and reports
 * violations only (no details of what passed): a third of the time per check (decision 044).
 */
export async function expectAccessible(page: Page, options: { exclude?: string[] } = {}): Promise<void> {
  let builder = new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] });
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

/** A unique email per run so journeys never collide. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@example.com`;
}

export const demoCustomer = { email: 'demo@caterway.ca', password: 'Lunch4Forty', firstName: 'Dana' };

/** Signs the demo customer (or another account) in through the navigation's Sign In button. */
export async function signInFromNav(
  page: Page,
  account: { email: string; password: string } = demoCustomer,
): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign In' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign In' });
  await dialog.getByLabel('Email').fill(account.email);
  await dialog.getByLabel('Password').fill(account.password);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await expect(dialog).toHaveCount(0);
}
