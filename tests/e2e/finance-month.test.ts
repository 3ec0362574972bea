import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import type { TestServer } from '../support/server';
import { closeE2e, screenshot, signedInAt, signedInHome, startE2e } from '../support/e2e';
import { axe, bodyBackground, choose, luminance, pick, toast as toastOn } from '../support/browser';

/**
 * The month of money in the browser (issue 28), as finance closes March: the rent recorded with its
 * receipt, salaries set in place and the month's paid (one by hand, the rest by the run, which says
 * who was paid and who skipped), the month's targets set in place while the summary's chart moves,
 * the statement filtered by its money account in the address and exported for hledger, the month
 * closed and a back-dated payment refused. Then the screens in dark mode and Arabic, and on a phone.
 *
 * The server's clock and the browser's stand on the last day of March 2031 (noon in Dubai, Demo
 * Travels' zone): the demo's money is years before, so March holds only what this journey records.
 */
const TODAY = '2031-03-31';
const NOW = `${TODAY}T08:00:00Z`;
const MONTH = '2031-03';
const RENT = 'Office rent, March (e2e)';
const LATE = 'Electricity bill found late (e2e)';
const RECEIPT = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

let server: TestServer;
let browser: Browser;
let page: Page;
const pageErrors: string[] = [];

const shot = (name: string, p: Page = page) => screenshot(p, name);
const toast = (text: string | RegExp) => toastOn(page, text);
/** An amount as its digits (minor units): `$8,300.00` → 830000. */
const digits = (text: string) => Number(text.replace(/[^\d]/g, ''));
const figure = (key: string) => page.getByTestId('summary-figures').locator(`[data-stat="${key}"] .stat__value, [data-stat="${key}"] dd`);
const chartCell = (figureName: string) => page.getByTestId('summary-chart-table').locator(`tr[data-month="${MONTH}"] td[data-figure="${figureName}"]`);
/** The months chart as drawn: its pixels, to see it change. */
const chartPixels = () => page.getByTestId('summary-chart').locator('canvas').evaluate((c: HTMLCanvasElement) => c.toDataURL());
const sql = <T extends Record<string, unknown>>(text: string, values?: unknown[]) => server.sql<T>(text, values);
const demoOrg = `(select id from organizations where name = 'Demo Travels')`;
/** What follows a save or a page load: the answer comes back over a busy machine's network, not within expect.poll's one second. */
const SETTLED = { timeout: 10_000 };

/** Types an amount into a money field (major units, as a person types them) and leaves it. */
async function typeMoney(field: Locator, text: string) {
  await field.click();
  await field.press('Control+a');
  await field.pressSequentially(text);
}

describe('the month of money in Chromium', () => {
  beforeAll(async () => {
    ({ server, browser } = await startE2e());
    server.clock.set(NOW);
    page = await signedInAt(browser, pageErrors, `${server.url}/account/summary`, 'finance@demo.travel', { now: NOW });
    await page.waitForURL(/\/account\/summary$/);
  });

  afterAll(() => closeE2e({ browser, server }));

  let before: string;

  it('opens on this month’s summary: nothing yet, the chart drawn with its table for screen readers', async () => {
    await page.getByRole('heading', { name: 'Account summary', level: 1 }).waitFor();
    expect(await page.getByTestId('month-picker').getAttribute('data-month')).toBe(MONTH);
    await expect.poll(() => figure('expenses').innerText(), SETTLED).toBe('$0.00');
    expect(await figure('income').innerText()).toBe('$0.00');
    await page.getByTestId('summary-chart').locator('canvas').waitFor();
    // Twelve months ending with March, each with its figures, for whoever cannot see the chart.
    expect(await page.getByTestId('summary-chart-table').locator('tbody tr').count()).toBe(12);
    expect(await page.getByTestId('summary-chart-table').locator('tbody tr').first().getAttribute('data-month')).toBe('2030-04');
    expect(await chartCell('expenses').innerText()).toBe('$0.00');
    expect(await chartCell('incomeTarget').innerText()).toBe('—');
    await page.getByText('No expenses were paid in March 2031.').waitFor();
    before = await chartPixels();
    expect(await axe(page)).toEqual([]);
  });

  it('records the rent with its receipt: listed with the file, which downloads as it was sent', async () => {
    await page.getByRole('link', { name: 'Expenses', exact: true }).first().click();
    await page.waitForURL(/\/expenses$/);
    await page.getByRole('heading', { name: 'Expenses', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Record an expense' }).first().click(); // an empty list offers it again
    const dialog = page.getByRole('dialog', { name: 'Record an expense' });
    await choose(page, dialog.locator('.field', { hasText: 'Category' }), 'Rent');
    await typeMoney(dialog.getByLabel('Amount'), '2500');
    await dialog.getByLabel('Date').fill('2031-03-01');
    await dialog.getByLabel('Description').fill(RENT);
    await dialog.getByTestId('receipt-input').setInputFiles({ name: 'rent-march-2031.pdf', mimeType: 'application/pdf', buffer: RECEIPT });
    expect(await dialog.getByLabel('Amount').inputValue()).toBe('$2,500.00');
    expect(await axe(page)).toEqual([]);
    await shot('90-record-rent');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast('Expense recorded');
    await dialog.waitFor({ state: 'detached' });

    const row = page.getByTestId('expenses-table').locator('.p-datatable-tbody > tr', { hasText: RENT });
    await row.getByRole('link', { name: 'Download the receipt rent-march-2031.pdf' }).waitFor();
    expect(await row.innerText()).toMatch(/\$2,500\.00/);
    // The tiles: March's rent, this month's total.
    await expect.poll(() => page.getByTestId('expense-stats').locator('[data-stat="rent"] .stat__value').innerText(), SETTLED).toBe('$2,500.00');
    const [saved] = await sql<{ amount: string; receipt_name: string; receipt: Buffer; date: string; category: string }>(
      `select amount::text, receipt_name, receipt, date::text, category from expenses where description = $1`,
      [RENT],
    );
    expect(saved).toMatchObject({ amount: '250000', receipt_name: 'rent-march-2031.pdf', date: '2031-03-01', category: 'rent' });
    expect(Buffer.from(saved!.receipt).equals(RECEIPT)).toBe(true);

    await row.getByRole('link', { name: RENT }).click();
    await page.getByRole('heading', { name: RENT, level: 1 }).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('receipt-link').click()]);
    expect(download.suggestedFilename()).toBe('rent-march-2031.pdf');
    expect(fs.readFileSync((await download.path())!).equals(RECEIPT)).toBe(true);
    expect(await axe(page)).toEqual([]);
  });

  it('pays the month’s salaries: two set in place, one paid by hand, the run paying the other and naming who it skipped', async () => {
    await page.getByRole('link', { name: 'Salaries', exact: true }).first().click();
    await page.waitForURL(/\/salaries$/);
    const table = page.getByTestId('salaries-table');
    await table.waitFor();
    const row = (name: string) => table.locator(`tr[data-member="${name}"]`);

    // Lina's salary by pointer, Marco's by keyboard alone.
    await row('Lina Haddad').getByRole('button', { name: 'Set the monthly salary of Lina Haddad' }).click();
    const lina = page.getByLabel('Monthly salary of Lina Haddad');
    await typeMoney(lina, '3000');
    await lina.press('Enter');
    await toast('Salary of Lina Haddad saved');
    await expect.poll(() => row('Lina Haddad').locator('[data-in-place]').innerText(), SETTLED).toMatch(/\$3,000\.00/);
    await row('Marco Rossi').getByRole('button', { name: 'Set the monthly salary of Marco Rossi' }).focus();
    await page.keyboard.press('Enter');
    const marco = page.getByLabel('Monthly salary of Marco Rossi');
    await expect.poll(() => marco.evaluate((el) => el === document.activeElement), SETTLED).toBe(true);
    await page.keyboard.type('2800');
    await page.keyboard.press('Enter');
    await toast('Salary of Marco Rossi saved');
    // The focus is back on the button that opened the field.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')), SETTLED).toBe('Change the monthly salary of Marco Rossi');
    // Escape leaves a salary as it was.
    await page.keyboard.press('Enter');
    await page.keyboard.type('1');
    await page.keyboard.press('Escape');
    await expect.poll(() => row('Marco Rossi').locator('[data-in-place]').innerText(), SETTLED).toMatch(/\$2,800\.00/);

    // Lina paid by hand, with her salary on record as the amount.
    await row('Lina Haddad').getByRole('button', { name: 'Pay Lina Haddad' }).click();
    const pay = page.getByRole('dialog', { name: 'Pay Lina Haddad for March 2031' });
    expect(await pay.getByLabel('Amount').inputValue()).toBe('$3,000.00');
    expect(await pay.getByLabel('Paid on').inputValue()).toBe(TODAY);
    await pay.getByRole('button', { name: 'Pay the salary' }).click();
    await toast('Lina Haddad paid for March 2031');
    await expect.poll(() => row('Lina Haddad').locator('td[data-paid]').getAttribute('data-paid'), SETTLED).toBe('true');

    // The run pays whoever has a salary and is not paid yet: Marco; it says whom it skipped and why.
    await page.getByRole('button', { name: 'Pay the salaries of March 2031' }).click();
    const run = page.getByRole('dialog', { name: 'Pay the salaries of March 2031' });
    expect(await run.getByTestId('run-preview').innerText()).toBe('1 member has a salary on record and is not paid yet: $2,800.00 in all.');
    expect(await axe(page)).toEqual([]);
    await run.getByRole('button', { name: 'Pay the salaries' }).click();
    const result = page.getByTestId('salary-run-result');
    await result.waitFor();
    await result.getByRole('heading', { name: '1 salary paid' }).waitFor();
    expect(await result.getByTestId('run-paid').innerText()).toMatch(/Marco Rossi\s+\$2,800\.00/);
    await result.getByRole('heading', { name: '5 members skipped' }).waitFor();
    expect(await result.getByTestId('run-skipped').locator('[data-reason="alreadyPaid"]').innerText()).toMatch(/Lina Haddad\s+Paid already/);
    expect(await result.getByTestId('run-skipped').locator('[data-reason="noSalary"]').count()).toBe(4);
    await shot('91-salary-run');
    await result.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => row('Marco Rossi').locator('td[data-paid]').getAttribute('data-paid'), SETTLED).toBe('true');
    expect(await page.getByRole('button', { name: 'Pay the salaries of March 2031' }).isDisabled()).toBe(true);
    const salaries = await sql<{ name: string; amount: string }>(
      `select m.name, x.amount::text from expenses x join members m on m.id = x.member_id where x.salary_month = '2031-03-01' and x.organization_id = ${demoOrg} order by m.name`,
    );
    expect(salaries).toEqual([
      { name: 'Lina Haddad', amount: '300000' },
      { name: 'Marco Rossi', amount: '280000' },
    ]);
    expect(await axe(page)).toEqual([]);
    await shot('92-salaries');
  });

  it('sets March’s targets in place (a POST, then a PUT to change one): the budget’s achievement and the chart move', async () => {
    await page.goto(`${server.url}/account/summary`);
    await expect.poll(() => figure('expenses').innerText(), SETTLED).toBe('$8,300.00');
    expect(await figure('profit').innerText()).toBe('-$8,300.00');
    // The chart moved with the month's expenses: its table says so, and its pixels changed.
    await expect.poll(() => chartCell('expenses').innerText(), SETTLED).toBe('$8,300.00');
    await expect.poll(chartPixels, SETTLED).not.toBe(before);
    const categories = page.getByTestId('category-chart-table');
    expect(await categories.locator('tr[data-category="rent"] td').innerText()).toBe('$2,500.00');
    expect(await categories.locator('tr[data-category="salary"] td').innerText()).toBe('$5,800.00');
    await page.getByTestId('category-chart').locator('canvas').waitFor();
    const drawn = await chartPixels();

    const budget = page.getByTestId('budget');
    const line = (key: string) => budget.locator(`tr[data-line="${key}"]`);
    const setTarget = async (key: string, name: string, amount: string) => {
      await line(key).getByRole('button', { name }).click();
      const field = line(key).locator('input.p-inputnumber-input');
      await typeMoney(field, amount);
      await field.press('Enter');
    };
    await setTarget('income', 'Income target: set', '10000');
    await toast('Income target saved');
    await setTarget('expense', 'Expense target: set', '9000');
    await toast('Expense target saved');
    await setTarget('expense:rent', 'Target for Rent: set', '2000');
    await toast('Target for Rent saved');
    await expect.poll(() => line('expense').locator('[data-achievement]').getAttribute('data-achievement'), SETTLED).toBe('9222');
    expect(await line('expense').locator('.achievement__value').innerText()).toBe('92.2%');
    // Rent is over its target: 125 %, marked as a budget overrun.
    await expect.poll(() => line('expense:rent').locator('.achievement').getAttribute('data-tone'), SETTLED).toBe('bad');
    expect(await line('expense:rent').locator('.achievement__value').innerText()).toBe('125%');
    expect(await line('income').locator('.achievement__value').innerText()).toBe('0%');

    // A target on record is changed (PUT), not set again.
    await setTarget('income', 'Income target: change', '12000');
    await toast('Income target saved');
    await expect.poll(() => line('income').locator('[data-in-place]').innerText(), SETTLED).toMatch(/\$12,000\.00/);
    const targets = await sql<{ kind: string; category: string | null; amount: string }>(
      `select kind, category, amount::text from budget_targets where organization_id = ${demoOrg} and month = '2031-03-01' order by kind desc, category nulls first`,
    );
    expect(targets).toEqual([
      { kind: 'income', category: null, amount: '1200000' },
      { kind: 'expense', category: null, amount: '900000' },
      { kind: 'expense', category: 'rent', amount: '200000' },
    ]);
    // The targets' lines are drawn: the table has them, and the chart changed again.
    await expect.poll(() => chartCell('incomeTarget').innerText(), SETTLED).toBe('$12,000.00');
    expect(await chartCell('expenseTarget').innerText()).toBe('$9,000.00');
    await expect.poll(chartPixels, SETTLED).not.toBe(drawn);
    expect(await axe(page)).toEqual([]);
    await shot('93-summary');
  });

  it('the statement of March, filtered by its money account in the address; a row opens its record; exported for hledger', async () => {
    await page.getByRole('navigation', { name: 'Account screens' }).getByRole('link', { name: 'Account statement' }).click();
    await page.waitForURL(/\/account\/statement$/);
    const tiles = page.getByTestId('statement-summary');
    await expect.poll(() => tiles.locator('[data-stat="outgoing"] .stat__value').innerText(), SETTLED).toBe('$8,300.00');
    const rows = page.getByTestId('statement-table').locator('.p-datatable-tbody > tr');
    await expect.poll(() => rows.count(), SETTLED).toBe(3);
    // A salary's entry reads in the member's language, with its month.
    await expect.poll(() => rows.filter({ hasText: 'Salary, March 2031' }).count(), SETTLED).toBe(2);
    const opening = digits(await tiles.locator('[data-stat="openingBalance"] .stat__value').innerText());
    expect(digits(await tiles.locator('[data-stat="closingBalance"] .stat__value').innerText())).toBe(opening - 830_000);

    // One money account: the bank. The address says so, and a reload keeps it.
    await pick(page, page.locator('.field', { hasText: 'Money accounts' }), ['Bank']);
    await page.waitForURL((u) => u.searchParams.getAll('paymentMethod').join() === 'bank-transfer');
    const [bank] = await sql<{ opening: string }>(
      `select coalesce(sum(l.debit - l.credit), 0)::text as opening from journal_lines l join journal_entries e on e.id = l.entry_id join accounts a on a.id = l.account_id
        where a.organization_id = ${demoOrg} and a.key = 'money:bank-transfer' and e.date < '2031-03-01'`,
    );
    await expect.poll(async () => digits(await tiles.locator('[data-stat="openingBalance"] .stat__value').innerText()), SETTLED).toBe(Number(bank!.opening));
    await page.reload();
    await expect.poll(async () => digits(await tiles.locator('[data-stat="openingBalance"] .stat__value').innerText()), SETTLED).toBe(Number(bank!.opening));
    await page.locator('.field', { hasText: 'Money accounts' }).getByText('Bank', { exact: true }).waitFor();
    // Narrowed further to money out through the filter panel: still the three payments, all from the bank.
    await page.getByRole('button', { name: 'Filters' }).click();
    await pick(page, page.locator('#statement-filters .field', { hasText: 'In or out' }), ['Money out']);
    await page.waitForURL((u) => u.searchParams.get('type') === 'outgoing' && u.searchParams.get('paymentMethod') === 'bank-transfer');
    await expect.poll(() => rows.count(), SETTLED).toBe(3);
    for (const text of await rows.allInnerTexts()) expect(text).toMatch(/Bank transfer/);
    expect(await axe(page)).toEqual([]);
    await shot('94-statement');

    // Clearing the filters keeps the statement's month and account.
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.waitForURL((u) => !u.searchParams.has('type') && u.searchParams.get('paymentMethod') === 'bank-transfer');

    const rent = rows.filter({ hasText: RENT });
    await rent.getByTestId('movement-record').click();
    await page.getByRole('heading', { name: RENT, level: 1 }).waitFor();
    await page.goBack();
    await page.waitForURL(/\/account\/statement\?/);

    // The export menu by keyboard: Enter opens it on its first format, Enter again downloads it.
    await page.getByRole('button', { name: 'Export' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Journal for hledger' }).waitFor();
    await page.getByRole('menuitem', { name: 'Journal as CSV (spreadsheet)' }).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    expect(download.suggestedFilename()).toMatch(/^journal-2031-03-01-2031-03-31\./);
    const journal = fs.readFileSync((await download.path())!, 'utf8');
    expect(journal).toMatch(/2031-03-01 .*Office rent, March \(e2e\)/);
    expect(journal).toMatch(/expenses:expense:rent\s+2500\.00 USD|expenses:expense:rent\s+USD 2500\.00|expenses:expense:rent\s+\$?2,?500\.00/);
    expect(journal).not.toMatch(/2031-02-|2031-04-/);
  });

  it('closes March; a payment back-dated into it is refused and nothing is written', async () => {
    await page.getByRole('navigation', { name: 'Account screens' }).getByRole('link', { name: 'Closed periods' }).click();
    await page.waitForURL(/\/account\/period-lock$/);
    await page.getByText('The books are open: no period is closed').waitFor();
    const form = page.getByTestId('close-form');
    await form.getByLabel('Close through').fill(TODAY);
    await form.getByRole('button', { name: 'Close the books' }).click();
    await page.locator('.p-confirm-dialog').getByRole('button', { name: 'Close the books' }).click();
    await toast('Books closed through Mar 31, 2031');
    await expect.poll(() => page.getByTestId('lock-status').getAttribute('data-locked-through'), SETTLED).toBe(TODAY);
    await page.getByTestId('lock-history').getByText('Closed through Mar 31, 2031').waitFor();
    await page.getByTestId('lock-history').getByText(/Fatima Finance/).waitFor();
    // Finance approves too: it may reopen, with a reason.
    await page.getByTestId('reopen-form').waitFor();
    expect(await axe(page)).toEqual([]);
    await shot('95-period-lock');

    await page.getByRole('link', { name: 'Expenses', exact: true }).first().click();
    await page.getByRole('button', { name: 'Record an expense' }).first().click(); // an empty list offers it again
    const dialog = page.getByRole('dialog', { name: 'Record an expense' });
    await choose(page, dialog.locator('.field', { hasText: 'Category' }), 'Utilities');
    await typeMoney(dialog.getByLabel('Amount'), '120');
    await dialog.getByLabel('Date').fill('2031-03-20');
    await dialog.getByLabel('Description').fill(LATE);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(/The books are closed through 2031-03-31/);
    // The form stays, with what was typed, for another date or a reopened month.
    expect(await dialog.getByLabel('Description').inputValue()).toBe(LATE);
    expect(await sql(`select id from expenses where description = $1`, [LATE])).toEqual([]);
    expect(await sql(`select id from journal_entries where memo = $1`, [LATE])).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.locator('.p-confirm-dialog').getByRole('button', { name: 'Discard' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('ages what customers owe and what is owed to vendors, each report downloadable as CSV', async () => {
    await page.goto(`${server.url}/account/aging`);
    await page.getByRole('heading', { name: 'Receivables and payables', level: 1 }).waitFor();
    const receivables = page.getByTestId('receivables-table');
    await receivables.waitFor();
    // The demo's installments are all past due on the last day of March 2031: every open amount is over 90 days.
    const [owed] = await sql<{ open: string }>(
      `select coalesce(sum(i.amount - i.paid_amount), 0)::text as open from booking_installments i join bookings b on b.id = i.booking_id
        where b.organization_id = ${demoOrg} and b.status <> 'canceled'`,
    );
    const footer = receivables.locator('tfoot td');
    expect(digits(await footer.nth(3).innerText())).toBe(Number(owed!.open));
    expect(digits(await footer.last().innerText())).toBe(Number(owed!.open));
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('receivables-csv').click()]);
    // A byte order mark first (spreadsheets then read UTF-8), then the header in the member's language.
    expect(fs.readFileSync((await download.path())!, 'utf8').split('\r\n')[0]).toBe('\uFEFFBooking,Customer,Booking total,Paid,Still owed,Oldest due date,Not yet due,1–30 days,31–60 days,61–90 days,Over 90 days,Currency');
    expect(await axe(page)).toEqual([]);
    await shot('9d-aging');
  });

  it('the summary, the statement, expenses and salaries in dark mode and right to left', async () => {
    await page.goto(`${server.url}/account/summary`);
    await page.getByTestId('summary-chart').locator('canvas').waitFor();
    const light = await chartPixels();
    await page.getByTestId('theme-switch').click();
    await page.getByRole('menuitem', { name: 'Dark' }).click();
    await expect.poll(async () => luminance(await bodyBackground(page)), SETTLED).toBeLessThan(0.05);
    // The chart takes the dark theme's colours (its text and grid are drawn anew).
    await expect.poll(chartPixels, SETTLED).not.toBe(light);
    await page.getByTestId('language-picker').selectOption('ae');
    await expect.poll(() => page.evaluate(() => document.documentElement.dir), SETTLED).toBe('rtl');
    await page.getByRole('heading', { level: 1 }).filter({ hasNotText: 'Account summary' }).waitFor();
    // The month and the figures in Arabic, the chart's table too.
    await expect.poll(() => page.getByTestId('summary-chart-table').locator('caption').innerText(), SETTLED).not.toMatch(/Income, expenses/);
    expect(await axe(page)).toEqual([]);
    await shot('96-summary-dark-arabic');

    await page.getByRole('navigation').getByRole('link', { name: 'كشف الحساب' }).click();
    await page.getByTestId('statement-table').waitFor();
    const cells = page.getByTestId('statement-table').locator('tbody tr').first().locator('td');
    expect((await cells.first().boundingBox())!.x).toBeGreaterThan((await cells.last().boundingBox())!.x);
    expect(await axe(page)).toEqual([]);
    await shot('97-statement-dark-arabic');

    await page.goto(`${server.url}/salaries`);
    await page.getByTestId('salaries-table').waitFor();
    expect(await axe(page)).toEqual([]);
    await shot('98-salaries-dark-arabic');
    await page.goto(`${server.url}/expenses`);
    await page.getByTestId('expenses-table').waitFor();
    expect(await axe(page)).toEqual([]);
    await shot('99-expenses-dark-arabic');

    await page.getByTestId('language-picker').selectOption('en');
    await expect.poll(() => page.evaluate(() => document.documentElement.dir), SETTLED).toBe('ltr');
    await page.getByTestId('theme-switch').click();
    await page.getByRole('menuitem', { name: 'Light' }).click();
    await expect.poll(async () => luminance(await bodyBackground(page)), SETTLED).toBeGreaterThan(0.8);
    expect(pageErrors).toEqual([]);
  });

  it('fits a phone: each screen of the month at 390 px, nothing wider than the screen', async () => {
    const errors: string[] = [];
    const phone = await signedInHome(browser, errors, server.url, 'finance@demo.travel', { phone: true, timeout: 20_000, now: NOW });
    for (const [route, ready] of [
      ['/account/statement', 'statement-summary'],
      ['/account/summary', 'budget'],
      ['/account/aging', 'payables-table'],
      ['/account/period-lock', 'lock-history'],
      ['/expenses', 'expense-stats'],
      ['/expenses/recurring', 'empty-state'],
      ['/salaries', 'salaries-table'],
    ] as const) {
      await phone.goto(`${server.url}${route}`);
      await phone.getByTestId(ready).first().waitFor();
      await phone.waitForLoadState('networkidle');
      const width = await phone.evaluate(() => document.documentElement.scrollWidth);
      // What sticks out, named, when something does.
      const wide = await phone.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('main *, .content *')]
          .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
          .slice(0, 5)
          .map((el) => `${el.tagName.toLowerCase()}.${el.className} ${Math.round(el.getBoundingClientRect().right)}`),
      );
      expect(width, `${route}: ${wide.join(' | ')}`).toBeLessThanOrEqual(390);
      if (route === '/account/summary') await shot('9a-summary-phone', phone);
      if (route === '/account/statement') await shot('9b-statement-phone', phone);
      if (route === '/salaries') await shot('9c-salaries-phone', phone);
    }
    await phone.context().close();
    expect(errors).toEqual([]);
  });
});
