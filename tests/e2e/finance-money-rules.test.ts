import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { newIdempotencyKey } from '../../src/api/common/idempotency';
import type { Agent } from '../support/agent';
import type { TestServer } from '../support/server';
import { closeE2e, screenshot, signedInAt, signedInHome, startE2e } from '../support/e2e';
import { axe, bodyBackground, choose, luminance, toast } from '../support/browser';

/**
 * A money account that never goes below zero, and a salary reversed, in the browser (issue 28;
 * docs/finance.md, "An account below zero" and "Correcting a salary"): finance marks cash, the
 * expense form shows what cash holds and warns before the amount takes it below zero, the server's
 * refusal shows in the form with nothing written; a salary reversed frees its month.
 */
let server: TestServer;
let browser: Browser;
let page: Page;
let finance: Agent;
const pageErrors: string[] = [];
const NOW = '2034-02-20T09:00:00Z';
const TODAY = '2034-02-20';
const SETTLED = { timeout: 10_000 };
const shot = (name: string, p: Page = page) => screenshot(p, name);
const keyed = () => ({ 'Idempotency-Key': newIdempotencyKey() });

async function typeMoney(field: Locator, text: string) {
  await field.click();
  await field.press('Control+a');
  await field.pressSequentially(text);
}

/** Brings cash to exactly `amount` minor units through the API (other income or an expense). */
async function cashHolds(amount: number) {
  const chart = (await finance.get('/api/account/chart')).body.data as { key: string; balance: number }[];
  const now = chart.find((a) => a.key === 'money:cash')!.balance;
  if (now < amount) expect((await finance.post('/api/budget/income', { amount: amount - now, date: TODAY, paymentMethod: 'cash', description: 'Float' }, keyed())).status).toBe(201);
  if (now > amount) expect((await finance.post('/api/expenses', { category: 'other', amount: now - amount, date: TODAY, paymentMethod: 'cash', description: 'Banked' }, keyed())).status).toBe(201);
}

describe('money accounts that never go below zero, and a salary reversed, in Chromium', () => {
  beforeAll(async () => {
    ({ server, browser } = await startE2e());
    server.clock.set(NOW);
    finance = await server.login('finance@demo.travel');
    await cashHolds(50_000);
    page = await signedInAt(browser, pageErrors, `${server.url}/account/period-lock`, 'finance@demo.travel', { now: NOW });
    await page.waitForURL(/\/account\/period-lock$/);
  });

  afterAll(() => closeE2e({ browser, server }));

  it('finance marks cash; an expense larger than cash is warned about in the form, then refused with the server’s words, nothing written', async () => {
    const rules = page.getByTestId('money-rules');
    await rules.getByText('$500.00').waitFor(SETTLED);
    await rules.getByLabel('Cash').check();
    await rules.getByRole('button', { name: 'Save the accounts' }).click();
    await toast(page, 'Never below zero: Cash');
    await expect.poll(async () => (await server.sql<{ n: string[] }>(`select never_below_zero as n from organizations where name = 'Demo Travels'`))[0].n, SETTLED).toEqual(['cash']);
    expect(await axe(page)).toEqual([]);
    await shot('m1-money-rules');

    await page.goto(`${server.url}/expenses`);
    await page.getByRole('button', { name: 'Record an expense' }).click();
    const dialog = page.getByRole('dialog', { name: 'Record an expense' });
    await choose(page, dialog.locator('.field').filter({ has: page.getByText('Category', { exact: true }) }), 'Other expenses');
    await choose(page, dialog.locator('.field').filter({ has: page.getByText('Paid from', { exact: true }) }), 'Cash');
    const note = dialog.getByTestId('money-account-balance');
    await expect.poll(() => note.innerText(), SETTLED).toContain('Cash holds $500.00 now.');
    await expect.poll(() => note.getAttribute('data-tone')).toBe('info');
    await typeMoney(dialog.getByLabel('Amount'), '800');
    await expect.poll(() => note.getAttribute('data-tone')).toBe('danger');
    expect(await note.innerText()).toMatch(/This payment would take Cash below zero \(-\$300\.00\)\.\s+The organization does not let Cash go below zero: this payment will be refused\./);
    await dialog.getByLabel('Description').fill('Petty cash: printer');
    expect(await axe(page)).toEqual([]);
    await shot('m2-expense-warning');
    await dialog.getByRole('button', { name: 'Save' }).click();
    const refusal = dialog.getByRole('alert').filter({ hasText: 'would go below zero' });
    await refusal.waitFor(SETTLED);
    expect(await refusal.innerText()).toContain('it holds USD 500.00 on 2034-02-20, and USD 800.00 is to be paid from it');
    expect(await server.sql(`select id from expenses where description = 'Petty cash: printer'`)).toEqual([]);
    await shot('m3-expense-refused');

    // Within what cash holds: the warning goes, and the expense is recorded.
    await typeMoney(dialog.getByLabel('Amount'), '500');
    await expect.poll(() => note.getAttribute('data-tone')).toBe('info');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Expense recorded');
    await dialog.waitFor({ state: 'detached' });
  });

  it('in dark mode and Arabic: the warning and the refusal in Arabic, right to left', async () => {
    await page.getByTestId('theme-switch').click();
    await page.getByRole('menuitem', { name: 'Dark' }).click();
    await expect.poll(async () => luminance(await bodyBackground(page)), SETTLED).toBeLessThan(0.05);
    await page.getByTestId('language-picker').selectOption('ae');
    await expect.poll(() => page.evaluate(() => document.documentElement.dir), SETTLED).toBe('rtl');
    await page.getByRole('button', { name: 'تسجيل مصروف' }).click();
    const dialog = page.getByRole('dialog').first();
    await dialog.waitFor();
    await choose(page, dialog.locator('.field').filter({ has: page.getByText('الفئة', { exact: true }) }), 'مصروفات أخرى');
    await choose(page, dialog.locator('.field').filter({ has: page.getByText('دُفع من', { exact: true }) }), 'نقدًا');
    await typeMoney(dialog.getByLabel('المبلغ'), '10');
    const note = dialog.getByTestId('money-account-balance');
    await expect.poll(() => note.getAttribute('data-tone'), SETTLED).toBe('danger');
    expect(await note.innerText()).toContain('لا تسمح المؤسسة');
    await dialog.getByLabel('الوصف').fill('حبر الطابعة');
    await dialog.getByRole('button', { name: 'حفظ' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'أقل من الصفر' }).waitFor(SETTLED);
    expect(await axe(page)).toEqual([]);
    await shot('m4-expense-refused-dark-arabic');
    await page.keyboard.press('Escape');
    await page.locator('.p-confirm-dialog').getByRole('button').last().click().catch(() => undefined);
    await page.getByTestId('language-picker').selectOption('en');
    await page.getByTestId('theme-switch').click();
    await page.getByRole('menuitem', { name: 'Light' }).click();
  });

  it('reverses a salary on its page: marked reversed, and the member’s month is to pay again', async () => {
    const [lina] = await server.sql<{ id: string }>(`select id from members where email = 'lina@demo.travel'`);
    const paid = await finance.post('/api/expenses/salary', { memberId: lina.id, month: '2034-01', amount: 310_000, date: TODAY, paymentMethod: 'bank-transfer' }, keyed());
    expect(paid.status).toBe(201);
    await page.goto(`${server.url}/salaries?month=2034-01`);
    const row = page.getByTestId('salaries-table').locator('tr[data-member="Lina Haddad"]');
    await row.getByRole('link', { name: '$3,100.00' }).click();
    await page.getByRole('button', { name: 'Reverse' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reverse this salary' });
    await dialog.getByLabel('Reason').fill('Paid to the wrong bank account');
    expect(await axe(page)).toEqual([]);
    await shot('m5-salary-reverse-dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Salary reversed');
    await page.getByTestId('expense-reversed').waitFor(SETTLED);
    expect(await page.getByTestId('expense-detail').innerText()).toContain('Paid to the wrong bank account');
    await page.goto(`${server.url}/salaries?month=2034-01`);
    await row.getByRole('button', { name: 'Pay Lina Haddad' }).waitFor(SETTLED);
    expect(await row.locator('td[data-paid]').getAttribute('data-paid')).toBe('false');
    await shot('m6-salary-month-free');
    expect(pageErrors).toEqual([]);
  });

  it('corrects a salary on a phone: its form with what the account holds, within 390 px', async () => {
    await cashHolds(200_000);
    const [lina] = await server.sql<{ id: string }>(`select id from members where email = 'lina@demo.travel'`);
    const paid = await finance.post('/api/expenses/salary', { memberId: lina.id, month: '2034-02', amount: 100_000, date: TODAY, paymentMethod: 'cash' }, keyed());
    expect(paid.status).toBe(201);
    const errors: string[] = [];
    const phone = await signedInHome(browser, errors, server.url, 'finance@demo.travel', { phone: true, timeout: 20_000, now: NOW });
    await phone.goto(`${server.url}/expenses/${paid.body.data._id}`);
    await phone.locator('#expense-title').waitFor(SETTLED);
    await phone.getByRole('button', { name: 'Correct' }).click();
    const dialog = phone.getByRole('dialog', { name: 'Correct this salary' });
    await dialog.waitFor();
    // The correction gives the old payment back to cash first: cash's balance and the old amount cover a higher one.
    const note = dialog.getByTestId('money-account-balance');
    await expect.poll(() => note.innerText(), SETTLED).toMatch(/Cash holds \$\d/);
    await typeMoney(dialog.getByLabel('Amount'), '1200');
    await dialog.getByLabel('Reason').fill('The overtime was left out');
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot('m7-salary-correct-phone', phone);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(phone, 'Salary corrected');
    await phone.getByText('Corrects').waitFor(SETTLED);
    expect(await server.sql(`select amount::text as amount from expenses where member_id = $1 and salary_month = '2034-02-01' order by salary_attempt`, [lina.id])).toEqual([{ amount: '100000' }, { amount: '120000' }]);
    await phone.close();
    expect(errors).toEqual([]);
  });
});
