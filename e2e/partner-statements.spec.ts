/// <reference lib="dom" />
import fs from 'node:fs';
import { test, expect, expectAccessible } from './fixtures';

// Issue 19 part 5, statements (decision 057): the demo kitchen's owner opens Statements, sees a
// period with the demo's delivered orders (the lines and the net owed), and downloads the CSV,
// whose rows are the same orders and whose Total row is the net shown on the page.

const kitchen = { email: 'kitchen@caterway.ca', password: 'Prep4Lunch' };

test('the owner opens Statements, sees the delivered orders and downloads the CSV and PDF @phone', async ({ page }) => {
  await page.goto('/partner');
  // the portal's own Sign In (on a phone the header's is inside its menu)
  await page.getByRole('main').getByRole('button', { name: 'Sign In' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign In' });
  await dialog.getByLabel('Email').fill(kitchen.email);
  await dialog.getByLabel('Password').fill(kitchen.password);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await expect(dialog).toHaveCount(0);

  // each of the demo kitchen's restaurants delivered some of the demo customer's orders
  await page.locator('.partner-restaurant-card').first().click();
  await page.getByRole('navigation', { name: 'Restaurant portal' }).getByRole('link', { name: 'Statements' }).click();
  await expect(page.getByRole('heading', { name: 'Statements', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle('Statements · Caterway for restaurants');

  // the newest period with orders (the current month, or the one before early in a month)
  const jump = page.getByLabel('Periods with orders');
  await expect(jump).toBeVisible();
  const newest = await jump.locator('option').nth(1).getAttribute('value');
  await jump.selectOption(newest);
  await expect(page).toHaveURL(new RegExp(`start=${newest}`));
  const lines = page.locator('.partner-statement-lines tbody tr');
  await expect(lines.first()).toBeVisible();
  const count = await lines.count();
  expect(count).toBeGreaterThan(0);
  const net = page.locator('.partner-figure-strong dd');
  await expect(net).toHaveText(/^\$[\d,]+\.\d\d$/);
  const netText = (await net.textContent())!.replace(/[$,]/g, '');
  await expectAccessible(page);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^caterway-statement-\d+-month-\d{4}-\d{2}-01\.csv$/);
  const csv = fs.readFileSync(await file.path(), 'utf8').replace(/^\uFEFF/, '');
  const rows = csv.trimEnd().split('\r\n');
  expect(rows[0]).toBe(
    'Order Number,Delivery Date,Customer,Food Sales,Delivery Fee,Taxes,Tip,Commission Rate,Commission,Net Owed,Currency',
  );
  expect(rows).toHaveLength(count + 2);
  expect(rows.at(-1)).toContain(`,${netText},CAD`);
  const firstNumber = (await lines.first().locator('th').textContent())!.replace(/\s*\*$/, '').trim();
  expect(rows[1]!.startsWith(`${firstNumber},`)).toBe(true);

  // the PDF of the same period, rendered by the compiled server's PDF worker
  const pdfDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const pdf = await pdfDownload;
  expect(pdf.suggestedFilename()).toBe(file.suggestedFilename().replace(/\.csv$/, '.pdf'));
  expect(
    fs
      .readFileSync(await pdf.path())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
});
