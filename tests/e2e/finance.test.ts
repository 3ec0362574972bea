import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { CHART_OF_ACCOUNTS } from '../../src/api/finance/contract';
import type { TestServer } from '../support/server';
import { closeE2e, screenshot, signedInAt, startE2e } from '../support/e2e';
import { axe, bodyBackground, choose, luminance, toast as toastOn } from '../support/browser';

/**
 * The money kit as finance sees it (issue 13): the chart of accounts with balances, other income
 * recorded through its form (the bank balance and the journal follow), a reversal, by keyboard,
 * in dark mode and right to left.
 */
let server: TestServer;
let browser: Browser;
let page: Page;
const pageErrors: string[] = [];

const shot = (name: string) => screenshot(page, name);
const toast = (text: string | RegExp) => toastOn(page, text);
/** A money stat as minor units (its digits; the demo currency has two decimals). */
const stat = async (key: string) => {
  const dd = page.getByTestId('money-balances').locator(`[data-stat="${key}"] dd`);
  await expect.poll(() => dd.innerText()).not.toBe('…');
  return Number((await dd.innerText()).replace(/\D/g, ''));
};
const DESCRIPTION = 'E2E commission from a partner hotel';

describe('finance in Chromium', () => {
  beforeAll(async () => {
    ({ server, browser } = await startE2e());
    page = await signedInAt(browser, pageErrors, `${server.url}/account`, 'finance@demo.travel');
    await page.waitForURL(/\/account$/);
  });

  afterAll(() => closeE2e({ browser, server }));

  it('shows the chart of accounts with the seeded balances', async () => {
    await page.getByRole('heading', { name: 'Chart of accounts', level: 1 }).waitFor();
    await page.getByTestId('chart-table').getByText('Opening balance equity').waitFor();
    const [db] = await server.sql<{ bank: string }>(
      `select (sum(l.debit) - sum(l.credit))::text as bank from journal_lines l join accounts a on a.id = l.account_id join organizations o on o.id = a.organization_id
       where o.name = 'Demo Travels' and a.key = 'money:bank-transfer'`,
    );
    expect(await stat('money:bank-transfer')).toBe(Number(db!.bank));
    // Every account of the chart (the contract's list, which the database's is proved equal to).
    expect(await page.getByTestId('chart-table').locator('tbody tr').count()).toBe(CHART_OF_ACCOUNTS.length);
    expect(await axe(page)).toEqual([]);
    await shot('80-chart-of-accounts');

    // The seed's opening balances, shown (recorded once) rather than offered again.
    await page.getByRole('button', { name: 'Opening balances' }).click();
    const opening = page.getByTestId('opening-balances');
    await opening.getByText(/^Recorded as of/).waitFor();
    expect(await opening.innerText()).toMatch(/Bank transfer\s+\$250,000\.00/);
    await page.keyboard.press('Escape');
    await opening.waitFor({ state: 'detached' });
  });

  it('records other income: messages under the fields, the receipt, the bank balance and the journal', async () => {
    const bank = await stat('money:bank-transfer');
    const total = await stat('total');
    await page.getByRole('button', { name: 'Record other income' }).click();
    const dialog = page.getByRole('dialog', { name: 'Record other income' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText(/^Description /).waitFor();
    const amount = dialog.getByLabel('Amount');
    await amount.click();
    await amount.pressSequentially('150.25');
    await amount.press('Tab');
    expect(await amount.inputValue()).toBe('$150.25');
    await choose(page, dialog.locator('.field', { hasText: 'Paid into' }), 'Bank transfer');
    await dialog.getByLabel('Description').fill(DESCRIPTION);
    expect(await axe(page)).toEqual([]);
    await shot('81-record-income');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(/Income recorded, receipt RCT-\d{4}-\d{4}/);
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => stat('money:bank-transfer')).toBe(bank + 15_025);
    await expect.poll(() => stat('total')).toBe(total + 15_025);

    await page.getByRole('link', { name: 'Journal' }).click();
    await page.waitForURL(/\/account\/journal/);
    const row = page.getByTestId('journal-table').locator('.p-datatable-tbody > tr', { hasText: DESCRIPTION });
    await row.waitFor();
    await row.getByText('Fatima Finance').waitFor();
    await row.getByText(/RCT-\d{4}-\d{4}/).waitFor();
    expect(await row.locator('.journal-lines tr[data-side=debit]').innerText()).toMatch(/1020\s+Bank/);
    expect(await row.locator('.journal-lines tr[data-side=credit]').innerText()).toMatch(/4900\s+Other income/);
    const [income] = await server.sql<{ amount: string; created_by: string }>(`select amount::text, created_by from other_incomes where description = $1`, [DESCRIPTION]);
    expect(income!.amount).toBe('15025');
    expect(await axe(page)).toEqual([]);
    await shot('82-journal');
  });

  it('reverses the entry by keyboard; the bank balance goes back', async () => {
    const row = page.getByTestId('journal-table').locator('.p-datatable-tbody > tr', { hasText: DESCRIPTION });
    const reverse = row.getByRole('button', { name: 'Reverse' });
    await reverse.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Reverse entry' });
    await dialog.getByLabel('Reason').fill('Entered twice');
    await dialog.getByLabel('Reason').press('Enter');
    await toast('Entry reversed');
    await row.getByText('Reversed').waitFor();
    expect(await row.getByRole('button', { name: 'Reverse' }).count()).toBe(0);
    const reversal = page.getByTestId('journal-table').locator('.p-datatable-tbody > tr', { hasText: 'Entered twice' });
    await reversal.getByText('Reversal').waitFor();

    // The chart follows, through the account's link in the journal's filter.
    await page.getByRole('link', { name: 'Chart of accounts' }).click();
    const [db] = await server.sql<{ bank: string }>(
      `select (sum(l.debit) - sum(l.credit))::text as bank from journal_lines l join accounts a on a.id = l.account_id join organizations o on o.id = a.organization_id
       where o.name = 'Demo Travels' and a.key = 'money:bank-transfer'`,
    );
    await expect.poll(() => stat('money:bank-transfer')).toBe(Number(db!.bank));
  });

  it('opens an account\'s entries from the chart', async () => {
    await page.getByRole('link', { name: 'Show the entries of Card payments' }).click();
    await page.waitForURL((u) => u.pathname === '/account/journal' && u.searchParams.get('account') === 'money:card');
    await page.getByTestId('journal-table').getByText('Referral fee, TravelSafe Insurance').waitFor();
    // Every entry of the card account, and only those (the demo bookings' card payments are there too).
    const [cards] = await server.sql<{ n: number }>(
      `select count(distinct l.entry_id)::int as n from journal_lines l join accounts a on a.id = l.account_id join organizations o on o.id = a.organization_id
        where o.name = 'Demo Travels' and a.key = 'money:card'`,
    );
    await expect.poll(() => page.getByTestId('journal-table').locator('.p-datatable-tbody > tr').count()).toBe(Math.min(cards!.n, 50));
  });

  it('the chart and the journal in dark mode and right to left', async () => {
    await page.goto(`${server.url}/account`);
    await page.getByTestId('chart-table').waitFor();
    await page.getByTestId('theme-switch').click();
    await page.getByRole('menuitem', { name: 'Dark' }).click();
    await expect.poll(async () => luminance(await bodyBackground(page))).toBeLessThan(0.05);
    await page.getByTestId('language-picker').selectOption('ae');
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.getByRole('heading', { name: 'دليل الحسابات', level: 1 }).waitFor();
    // The table's cells follow the language too, not only the page around them.
    await page.getByTestId('chart-table').getByText('البنك', { exact: true }).waitFor();
    await page.getByTestId('chart-table').getByText('حقوق ملكية', { exact: true }).waitFor();
    const cells = page.getByTestId('chart-table').locator('tbody tr').first().locator('td');
    expect((await cells.first().boundingBox())!.x).toBeGreaterThan((await cells.last().boundingBox())!.x);
    expect(await axe(page)).toEqual([]);
    await shot('83-chart-dark-arabic');

    await page.getByRole('link', { name: 'دفتر اليومية' }).click();
    await page.getByTestId('journal-table').getByText('البنك').first().waitFor();
    expect(await axe(page)).toEqual([]);
    await shot('84-journal-dark-arabic');

    await page.getByTestId('language-picker').selectOption('en');
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('ltr');
    await page.getByTestId('theme-switch').click();
    await page.getByRole('menuitem', { name: 'Light' }).click();
    await expect.poll(async () => luminance(await bodyBackground(page))).toBeGreaterThan(0.8);
    expect(pageErrors).toEqual([]);
  });
});
