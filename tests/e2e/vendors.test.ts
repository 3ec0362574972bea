import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import type { TestServer } from '../support/server';
import { axe, pick as pickOn, SHOTS, toast as toastOn } from '../support/browser';
import { closeE2e, signedInAt, startE2e } from '../support/e2e';

const NAME = 'E2E Sunrise Transfers';

let server: TestServer;
let browser: Browser;
let page: Page;
const pageErrors: string[] = [];

const shot = (name: string) => page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });

/** The list's header counts, as the person reads them. */
async function stats(): Promise<Record<string, number>> {
  const header = page.getByTestId('vendor-stats');
  await expect.poll(() => header.locator('.stat__value').first().innerText()).not.toBe('…');
  const entries = await header.locator('[data-stat]').evaluateAll((els) => els.map((e) => [e.getAttribute('data-stat')!, e.querySelector('.stat__value')!.textContent!]));
  return Object.fromEntries(entries.map(([k, v]) => [k, Number(v!.replace(/\D/g, ''))]));
}

async function expectStats(expected: Record<string, number>) {
  await expect.poll(async () => {
    const now = await stats();
    return Object.fromEntries(Object.keys(expected).map((k) => [k, now[k]]));
  }).toEqual(expected);
}

const toast = (text: string) => toastOn(page, text);

const pick = (field: Locator, options: string[]) => pickOn(page, field, options);

const vendorRow = (name: string) => page.getByTestId('vendors-table').locator('tr', { has: page.getByRole('link', { name, exact: true }) });

/**
 * Searches, and waits until the list shows what matches and no fetch is under way: the previous
 * answer stays on screen while the next one loads, under an overlay that would take the clicks.
 */
async function search(text: string) {
  await page.getByRole('searchbox', { name: 'Search' }).fill(text);
  await page.waitForURL((u) => u.searchParams.get('search') === text);
  const table = page.getByTestId('vendors-table');
  await expect
    .poll(() => table.locator('tbody tr').evaluateAll((rows) => rows.map((r) => r.textContent ?? '')), { timeout: 15_000 })
    .toSatisfy((rows: string[]) => rows.length > 0 && rows.every((row) => row.includes(text)));
  await page.locator('[aria-busy=false]', { has: table }).waitFor();
}

describe('vendors in Chromium (issue 4)', () => {
  beforeAll(async () => {
    ({ server, browser } = await startE2e());
    page = await signedInAt(browser, pageErrors, `${server.url}/vendors`, 'owner@demo.travel');
    await page.waitForURL(/\/vendors$/);
  });

  afterAll(() => closeE2e({ browser, server }));

  it('lists the vendors with the stats header and passes axe', async () => {
    await page.getByRole('heading', { name: 'Vendors', level: 1 }).waitFor();
    await page.getByTestId('vendors-table').waitFor();
    const s = await stats();
    const [db] = await server.sql<{ total: number; active: number }>(
      `select count(*)::int as total, (count(*) filter (where v.status = 'active'))::int as active
       from vendors v join organizations o on o.id = v.organization_id where o.name = 'Demo Travels'`,
    );
    expect(s).toMatchObject({ total: db!.total, active: db!.active, inactive: db!.total - db!.active });
    expect(Object.keys(s)).toEqual(['total', 'active', 'inactive', 'hotels', 'flights', 'transfers', 'activities', 'visa', 'land-part', 'others']);
    expect(await axe(page)).toEqual([]);
    await shot('20-vendors');
  });

  it('creates a vendor: messages under the fields, the toast, and the counts at once', async () => {
    const before = await stats();
    await page.getByRole('button', { name: 'New vendor' }).click();
    const dialog = page.getByRole('dialog', { name: 'New vendor' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Name is required').waitFor();
    await dialog.getByText('Services must name at least one service').waitFor();

    await dialog.getByLabel('Name', { exact: true }).fill(NAME);
    await pick(dialog.locator('.field', { hasText: 'Services' }), ['Hotels', 'Transfers']);
    await dialog.getByLabel('Email').fill('not-an-email');
    await dialog.getByLabel('SWIFT / BIC').fill('NOPE');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Email must be a valid email address').waitFor();
    await dialog.getByText(/SWIFT \/ BIC must be a SWIFT\/BIC code/).waitFor();
    expect(await dialog.getByText('Name is required').count()).toBe(0);
    await shot('21-vendor-form-errors');

    await dialog.getByLabel('Email').fill('desk@sunrise.example');
    await dialog.getByLabel('SWIFT / BIC').fill('EBILAEAD');
    await dialog.getByLabel('Contact person').fill('Omar Said');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast('Vendor created successfully');
    await dialog.waitFor({ state: 'detached' });
    await expectStats({ total: before.total + 1, active: before.active + 1, inactive: before.inactive, hotels: before.hotels + 1, transfers: before.transfers + 1, visa: before.visa });

    const [row] = await server.sql<{ status: string; services: string[]; bank_details: { swift: string } }>(`select status, services, bank_details from vendors where name = $1`, [NAME]);
    expect(row).toMatchObject({ status: 'active', services: ['hotels', 'transfers'], bank_details: { swift: 'EBILAEAD' } });
  });

  it('deactivates it from the list (only the allowed action, behind a confirmation), and the counts follow', async () => {
    const before = await stats();
    await search(NAME);
    const row = vendorRow(NAME);
    await row.waitFor();
    // The machine allows DEACTIVATE from active, not ACTIVATE.
    expect(await row.locator('[data-event]').evaluateAll((b) => b.map((x) => x.getAttribute('data-event')))).toEqual(['DEACTIVATE']);
    await row.getByRole('button', { name: 'Deactivate' }).click();
    const confirm = page.locator('.p-confirm-dialog');
    await confirm.getByText(`${NAME} will get no new vouchers`).waitFor();
    await shot('22-vendor-deactivate-confirm');
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    await toast('Vendor deactivated successfully');
    await expectStats({ total: before.total, active: before.active - 1, inactive: before.inactive + 1 });
    await expect.poll(() => row.locator('[data-event]').evaluateAll((b) => b.map((x) => x.getAttribute('data-event')))).toEqual(['ACTIVATE']);
    await row.locator('[data-status=inactive]').waitFor();
  });

  it('reactivates it on the detail page with the workflow panel; the transactions view is empty but real', async () => {
    await vendorRow(NAME).getByRole('link', { name: NAME }).click();
    await page.waitForURL(/\/vendors\/[0-9a-f-]{36}$/);
    const panel = page.getByTestId('workflow-panel');
    await panel.waitFor();
    expect(await panel.getAttribute('data-state')).toBe('inactive');
    expect(await panel.locator('[aria-current=step]').innerText()).toContain('Inactive');
    expect(await panel.locator('[data-event]').evaluateAll((b) => b.map((x) => x.getAttribute('data-event')))).toEqual(['ACTIVATE']);
    await page.getByRole('heading', { name: 'Transactions' }).waitFor();
    const tstats = page.getByTestId('transaction-stats');
    await expect.poll(() => tstats.locator('[data-stat=count] dd').innerText()).toBe('0');
    await page.getByTestId('empty-state').waitFor();
    expect(await axe(page)).toEqual([]);
    await shot('23-vendor-detail-inactive');

    // ACTIVATE does not need a confirmation.
    await panel.getByRole('button', { name: 'Activate' }).click();
    await toast('Vendor activated successfully');
    await expect.poll(() => panel.getAttribute('data-state')).toBe('active');
    expect(await panel.locator('[data-event]').evaluateAll((b) => b.map((x) => x.getAttribute('data-event')))).toEqual(['DEACTIVATE']);
    const [row] = await server.sql<{ status: string }>(`select status from vendors where name = $1`, [NAME]);
    expect(row!.status).toBe('active');
    await shot('24-vendor-detail-active');
  });

  it('a refused event (someone else moved the vendor) shows the server message and the real state', async () => {
    await server.sql(`update vendors set status = 'inactive' where name = $1`, [NAME]);
    const panel = page.getByTestId('workflow-panel');
    await panel.getByRole('button', { name: 'Deactivate' }).click();
    await page.locator('.p-confirm-dialog').getByRole('button', { name: 'Deactivate' }).click();
    await toast('Cannot deactivate a vendor that is inactive');
    await expect.poll(() => panel.getAttribute('data-state')).toBe('inactive');
    await panel.getByRole('button', { name: 'Activate' }).click();
    await toast('Vendor activated successfully');
    await expect.poll(() => panel.getAttribute('data-state')).toBe('active');
  });

  it('imports a CSV file with one bad row: the good rows are written and the report says why the bad one was not', async () => {
    await page.getByRole('link', { name: 'Back to vendors' }).click();
    // A client-side navigation: poll the address rather than wait for a page load.
    await expect.poll(() => new URL(page.url()).pathname).toBe('/vendors');
    await page.getByRole('searchbox', { name: 'Search' }).fill('');
    await page.waitForURL((u) => !u.searchParams.has('search'));
    const before = await stats();

    await page.getByRole('button', { name: 'Import vendors' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import vendors' });
    const csv = [
      'Name,Services,Contact person,Email,IBAN',
      'E2E Import Alpha,hotels;flights,Ana,alpha@import.example,',
      'E2E Import Bravo,visa,Ben,not-an-email,',
      `E2E Import Charlie,"others,visa",Cleo,charlie@import.example,AE07 0331 2345 6789 0123 456`,
    ].join('\n');
    await dialog.getByLabel('Choose a CSV or JSON file').setInputFiles({ name: 'vendors.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await dialog.getByTestId('import-preview').click();
    await dialog.getByTestId('import-preview-summary').waitFor();
    await dialog.getByTestId('import-start').click();
    const report = dialog.getByTestId('import-report');
    await report.waitFor();
    // A row was rejected: a warning naming it, not "imported successfully".
    await toast('2 imported, 1 rejected: row 2 (E2E Import Bravo). See the report.');
    expect(await report.getByTestId('import-summary').innerText()).toBe('3 rows: 2 created, 0 updated, 0 skipped, 1 rejected');
    // Rows that were not simply created first (the report opens on them), with the reason.
    const rejected = report.locator('tbody tr');
    expect(await rejected.count()).toBe(1);
    expect(await rejected.first().innerText()).toMatch(/2\s+Rejected\s+E2E Import Bravo[\s\S]*Email must be a valid email address/);
    await shot('25-vendor-import-report');
    await report.getByLabel('Only rows that are not simply created').click();
    await expect.poll(() => report.locator('tbody tr').count()).toBe(3);
    expect(await report.locator('tbody tr').nth(0).innerText()).toMatch(/1\s+Created\s+E2E Import Alpha/);
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await dialog.waitFor({ state: 'detached' });

    await expectStats({ total: before.total + 2, active: before.active + 2, hotels: before.hotels + 1, flights: before.flights + 1, others: before.others + 1, visa: before.visa + 1 });
    const names = (await server.sql<{ name: string }>(`select name from vendors where name like 'E2E Import%' order by name`)).map((r) => r.name);
    expect(names).toEqual(['E2E Import Alpha', 'E2E Import Charlie']);
  });

  it('filters by service (in the address), and deletes a vendor behind a confirmation', async () => {
    await page.getByRole('button', { name: 'Filters' }).click();
    await pick(page.locator('#vendors-filters .field', { hasText: 'Services' }), ['Transfers']);
    await page.waitForURL((u) => (u.searchParams.get('filters') ?? '').includes('transfers'));
    await vendorRow(NAME).waitFor();
    await expect.poll(() => page.getByTestId('vendors-table').getByRole('link', { name: 'E2E Import Alpha' }).count()).toBe(0);
    const serviceCells = await page.getByTestId('vendors-table').locator('tbody tr').evaluateAll((rows) => rows.map((r) => r.textContent ?? ''));
    expect(serviceCells.length).toBeGreaterThan(0);
    for (const text of serviceCells) expect(text).toContain('Transfers');
    await shot('26-vendors-filtered-transfers');

    await page.getByRole('button', { name: 'Clear filters' }).click();
    await search('E2E Import Charlie');
    const before = await stats();
    await vendorRow('E2E Import Charlie').getByRole('button', { name: 'Delete E2E Import Charlie' }).click();
    const confirm = page.locator('.p-confirm-dialog');
    await confirm.getByText('Delete E2E Import Charlie? This cannot be undone.').waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast('Vendor deleted successfully');
    await expectStats({ total: before.total - 1, active: before.active - 1, others: before.others - 1, visa: before.visa - 1 });
    await page.getByTestId('empty-state').waitFor();
    expect(pageErrors).toEqual([]);
  });
});
