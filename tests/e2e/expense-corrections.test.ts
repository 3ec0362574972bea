import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { newIdempotencyKey } from '../../src/api/common/idempotency';
import type { TestServer } from '../support/server';
import { closeE2e, screenshot, signedInAt, signedInHome, startE2e } from '../support/e2e';
import { axe, bodyBackground, luminance, toast } from '../support/browser';

/**
 * An expense corrected and reversed on its page (issue 28; docs/finance.md, "Correcting an
 * expense"): the Correct and Reverse dialogs, the marks they leave, in English, dark Arabic and on a phone.
 */
let server: TestServer;
let browser: Browser;
let page: Page;
const pageErrors: string[] = [];
const NOW = '2034-02-20T09:00:00Z';
const SETTLED = { timeout: 10_000 };
const shot = (name: string, p: Page = page) => screenshot(p, name);

async function recordExpense(description: string, amount: number) {
  const agent = await server.login('finance@demo.travel');
  const res = await agent.post('/api/expenses', { category: 'rent', amount, date: '2034-02-05', paymentMethod: 'bank-transfer', description }, { 'Idempotency-Key': newIdempotencyKey() });
  expect(res.status).toBe(201);
  return res.body.data._id as string;
}

describe('an expense corrected and reversed in Chromium', () => {
  beforeAll(async () => {
    ({ server, browser } = await startE2e());
    server.clock.set(NOW);
    page = await signedInAt(browser, pageErrors, `${server.url}/expenses`, 'finance@demo.travel', { now: NOW });
    await page.waitForURL(/\/expenses$/);
  });

  afterAll(() => closeE2e({ browser, server }));

  it('corrects an amount: the form filled, a reason, then the new expense, linked to the old one, reversed', async () => {
    const id = await recordExpense('Office rent, typed wrong', 450_000);
    await page.goto(`${server.url}/expenses/${id}`);
    await page.getByRole('button', { name: 'Correct' }).click();
    const dialog = page.getByRole('dialog', { name: 'Correct this expense' });
    await dialog.waitFor();
    // The reason is required: the server's rule, shown on the field.
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText(/Reason/).first().waitFor();
    const amount = dialog.getByLabel('Amount');
    await amount.click();
    await amount.press('Control+a');
    await amount.pressSequentially('450');
    await dialog.getByLabel('Reason').fill('One zero too many');
    expect(await axe(page)).toEqual([]);
    await shot('e1-expense-correct-dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Expense corrected');
    await expect.poll(() => page.url(), SETTLED).not.toContain(id);
    await page.getByText('Corrects').waitFor();
    await page.getByRole('link', { name: 'Open the expense' }).click();
    await page.getByTestId('expense-reversed').waitFor();
    expect(await page.getByTestId('expense-detail').innerText()).toContain('One zero too many');
    expect(await page.getByRole('button', { name: 'Reverse' }).count()).toBe(0);
    await shot('e2-expense-corrected');
  });

  it('reverses with a reason; the list marks it', async () => {
    const id = await recordExpense('Paid twice', 12_000);
    await page.goto(`${server.url}/expenses/${id}`);
    await page.getByRole('button', { name: 'Reverse' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reverse this expense' });
    await dialog.getByLabel('Reason').fill('The bank paid it twice');
    await shot('e3-expense-reverse-dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Expense reversed');
    await page.getByTestId('expense-reversed').waitFor();
    const [row] = await server.sql<{ reason: string }>('select reason from expense_reversals where expense_id = $1', [id]);
    expect(row.reason).toBe('The bank paid it twice');
    await page.goto(`${server.url}/expenses`);
    const listed = page.getByTestId('expenses-table').locator('.p-datatable-tbody > tr', { hasText: 'Paid twice' });
    await expect.poll(() => listed.innerText(), SETTLED).toContain('Reversed');
    await shot('e4-expenses-list-reversed');
  });

  it('in dark mode and Arabic, and on a phone', async () => {
    const id = await recordExpense('Printer ink', 3_000);
    await page.goto(`${server.url}/expenses/${id}`);
    await page.getByTestId('theme-switch').click();
    await page.getByRole('menuitem', { name: 'Dark' }).click();
    await expect.poll(async () => luminance(await bodyBackground(page)), SETTLED).toBeLessThan(0.05);
    await page.getByTestId('language-picker').selectOption('ae');
    await expect.poll(() => page.evaluate(() => document.documentElement.dir), SETTLED).toBe('rtl');
    await page.getByRole('button', { name: 'عكس' }).click();
    await page.getByRole('dialog', { name: 'عكس هذا المصروف' }).waitFor();
    expect(await axe(page)).toEqual([]);
    await shot('e5-expense-reverse-dark-arabic');
    await page.keyboard.press('Escape');
    await page.getByTestId('language-picker').selectOption('en');
    await page.getByTestId('theme-switch').click();
    await page.getByRole('menuitem', { name: 'Light' }).click();

    const errors: string[] = [];
    const phone = await signedInHome(browser, errors, server.url, 'finance@demo.travel', { phone: true, timeout: 20_000, now: NOW });
    await phone.goto(`${server.url}/expenses/${id}`);
    await phone.locator('#expense-title').waitFor(SETTLED);
    // The member's language follows them from the desktop's last choice: the button by its icon.
    await phone.locator('button:has(.pi-pencil)').click();
    await phone.getByRole('dialog').waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot('e6-expense-correct-phone', phone);
    await phone.close();
    expect(pageErrors).toEqual([]);
  });
});
