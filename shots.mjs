import { chromium } from 'playwright-core';
const base = 'http://localhost:3990';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
async function signIn(page, email, password) {
  await page.goto(`${base}/partner`);
  await page.getByRole('button', { name: 'Sign In' }).first().click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.keyboard.press('Enter');
  await page.waitForTimeout(1500);
}
const mailbox = await (await fetch(`${base}/api/v2/dev/mailbox`)).json();
const list = mailbox.emails ?? mailbox.messages ?? mailbox;
const firstNew = list.find((m) => (m.template ?? '').startsWith('restaurant_new_order'));
let answerLink = null;
if (firstNew) {
  const full = await (await fetch(`${base}/api/v2/dev/mailbox/${firstNew.id}`)).json();
  const text = (full.email ?? full).text_body ?? '';
  answerLink = /Accept: (\S+)/.exec(text)?.[1] ?? null;
}
for (const [w, h] of [[1366, 768], [390, 844]]) {
  const ctx = await browser.newContext({ viewport: { width: w, height: h } });
  const page = await ctx.newPage();
  await signIn(page, 'kitchen@caterway.ca', 'Prep4Lunch');
  await page.goto(`${base}/partner`);
  await page.waitForTimeout(1200);
  await page.screenshot({ path: `/work/shots/partner-home-${w}.png`, fullPage: true });
  await page.getByRole('link', { name: /Masala House/ }).first().click();
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `/work/shots/partner-orders-${w}.png`, fullPage: true });
  const card = page.getByRole('article').first();
  await card.getByRole('link').first().click().catch(() => card.click());
  await page.waitForTimeout(1200);
  await page.screenshot({ path: `/work/shots/partner-order-detail-${w}.png`, fullPage: false });
  await page.keyboard.press('Escape');
  await page.waitForTimeout(300);
  await page.getByRole('button', { name: 'Decline' }).first().click();
  await page.waitForTimeout(600);
  await page.screenshot({ path: `/work/shots/partner-decline-${w}.png`, fullPage: false });
  await page.keyboard.press('Escape');
  await page.getByRole('link', { name: 'Team' }).first().click();
  await page.waitForTimeout(1200);
  await page.screenshot({ path: `/work/shots/partner-team-${w}.png`, fullPage: true });
  if (answerLink) {
    const anon = await browser.newContext({ viewport: { width: w, height: h } });
    const p2 = await anon.newPage();
    await p2.goto(answerLink);
    await p2.waitForTimeout(1500);
    await p2.screenshot({ path: `/work/shots/partner-answer-link-${w}.png`, fullPage: true });
    await anon.close();
  }
  const opsCtx = await browser.newContext({ viewport: { width: w, height: h } });
  const p3 = await opsCtx.newPage();
  await signIn(p3, 'ops@caterway.ca', 'Kitchen4Ops');
  await p3.goto(`${base}/ops`);
  await p3.waitForTimeout(1500);
  await p3.screenshot({ path: `/work/shots/ops-console-${w}.png`, fullPage: false });
  await opsCtx.close();
  await ctx.close();
}
console.log('answer link', Boolean(answerLink));
await browser.close();
