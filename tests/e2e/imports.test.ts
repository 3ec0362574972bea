import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import ae from '../../src/ui/i18n/locales/ae';
import type { TestServer } from '../support/server';
import { axe, luminance, SHOTS, toast as toastOn } from '../support/browser';
import { closeE2e, signedInAt, startE2e } from '../support/e2e';

/**
 * Imports in Chromium (issues 12, 20, 21): a vendor file whose row names an existing vendor is
 * previewed with the differences, changes nothing without "update existing" and updates with it;
 * a lead file with a bad row ends in a warning that names the row; the template downloads; the
 * preview reads in dark mode and right to left.
 */
let server: TestServer;
let browser: Browser;
let page: Page;
const pageErrors: string[] = [];

const shot = (name: string) => page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
const toast = (text: string | RegExp) => toastOn(page, text);
const atlantisNotes = async () => (await server.sql<{ notes: string | null }>(`select notes from vendors where name = 'Atlantis The Palm'`))[0]!.notes;

const VENDOR_FILE = ['Name,Services,Notes', 'Atlantis The Palm,hotels,Lobby renovated in 2026 (e2e)', 'E2E Import Delta,visa,'].join('\n');

async function openVendorImport(button = 'Import vendors', dialogName = 'Import vendors'): Promise<Locator> {
  await page.getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog', { name: dialogName });
  await dialog.waitFor();
  return dialog;
}

async function preview(dialog: Locator, file: string, name = 'vendors.csv') {
  await dialog.locator('input[type=file]').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(file) });
  await dialog.getByTestId('import-preview').click();
  await dialog.getByTestId('import-preview-summary').waitFor();
}

describe('imports in Chromium (issues 12, 20, 21)', () => {
  beforeAll(async () => {
    ({ server, browser } = await startE2e());
    page = await signedInAt(browser, pageErrors, `${server.url}/vendors`, 'owner@demo.travel');
    await page.waitForURL(/\/vendors$/);
    await page.getByTestId('vendors-table').waitFor();
  });

  afterAll(() => closeE2e({ browser, server }));

  it('previews a vendor file with an existing name: the update and its differences; without "update existing" nothing of it changes, with it the update is applied', async () => {
    const before = await atlantisNotes();
    const dialog = await openVendorImport();
    await preview(dialog, VENDOR_FILE);
    expect(await dialog.getByTestId('import-preview-summary').innerText()).toBe('2 rows: 1 to create, 0 to update, 1 to skip, 0 rejected. Nothing has been written yet.');
    const update = dialog.getByRole('checkbox', { name: 'Update the existing record 1 row matches' });
    expect(await update.isChecked()).toBe(false);
    // The matching row, with what updating it would change.
    const row = dialog.getByTestId('import-rows').locator('tbody tr').first();
    expect(await row.innerText()).toMatch(/1\s+Skip\s+Atlantis The Palm\s+Already exists \(same Name\): not updated/);
    expect(await row.getByRole('list', { name: 'Changes' }).innerText()).toBe(`Notes: ${before} → Lobby renovated in 2026 (e2e)`);
    expect(await server.sql(`select 1 from vendors where name = 'E2E Import Delta'`)).toEqual([]);
    expect(await axe(page)).toEqual([]);
    await shot('27-vendor-import-preview');

    await dialog.getByRole('button', { name: 'Import 1 row' }).click();
    const report = dialog.getByTestId('import-report');
    await report.waitFor();
    await toast('Vendors imported successfully');
    expect(await report.getByTestId('import-summary').innerText()).toBe('2 rows: 1 created, 0 updated, 1 skipped, 0 rejected');
    expect(await atlantisNotes()).toBe(before);
    expect(await server.sql(`select 1 from vendors where name = 'E2E Import Delta'`)).toHaveLength(1);

    // The same file again, this time choosing to update (by keyboard).
    await dialog.getByRole('button', { name: 'Import another file' }).click();
    await preview(dialog, VENDOR_FILE);
    expect(await dialog.getByTestId('import-preview-summary').innerText()).toBe('2 rows: 0 to create, 0 to update, 2 to skip, 0 rejected. Nothing has been written yet.');
    await update.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => dialog.getByTestId('import-preview-summary').innerText()).toBe('2 rows: 0 to create, 1 to update, 1 to skip, 0 rejected. Nothing has been written yet.');
    await dialog.getByRole('button', { name: 'Import 1 row' }).click();
    await report.waitFor();
    expect(await report.getByTestId('import-summary').innerText()).toBe('2 rows: 0 created, 1 updated, 1 skipped, 0 rejected');
    expect(await atlantisNotes()).toBe('Lobby renovated in 2026 (e2e)');
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('imports a lead file with one bad row: the warning and the report name the row; the template downloads', async () => {
    await page.locator('[data-testid=nav-menu] a[data-module=leads]').click();
    await page.getByRole('heading', { name: 'Leads', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Import leads' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import leads' });

    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download the template (CSV)' }).click()]);
    expect(download.suggestedFilename()).toBe('leads-template.csv');
    const template = fs.readFileSync((await download.path())!, 'utf8');
    expect(template.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('name,phone,email,source,comment,regions,destinations,assignedTo,queryDate,followUp');

    await dialog.getByRole('radio', { name: 'day/month/year (5 March)' }).check();
    const file = ['Name,Phone,Email,Query date', 'E2E Lead Good,+971 50 555 0909,good@e2e.example,05/03/2026', 'E2E Lead Bad,,not-an-email,05/03/2026'].join('\n');
    await preview(dialog, file, 'leads.csv');
    expect(await dialog.getByTestId('import-rejected').innerText()).toMatch(/row 2 \(E2E Lead Bad\): Email must be a valid email address/);
    await dialog.getByRole('button', { name: 'Import 1 row' }).click();
    const report = dialog.getByTestId('import-report');
    await report.waitFor();
    await toast('1 imported, 1 rejected: row 2 (E2E Lead Bad). See the report.');
    expect(await report.getByTestId('import-summary').innerText()).toBe('2 rows: 1 created, 0 updated, 0 skipped, 1 rejected');
    expect(await report.getByTestId('import-rejected').innerText()).toMatch(/row 2 \(E2E Lead Bad\)/);
    await shot('47-lead-import-warning');
    expect(await server.sql(`select query_date::text as d from leads where name = 'E2E Lead Good'`)).toEqual([{ d: '2026-03-05' }]);
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('shows the preview in dark mode and right to left (Arabic), readable and without accessibility faults', async () => {
    await page.locator('[data-testid=nav-menu] a[data-module=vendors]').click();
    await page.getByTestId('vendors-table').waitFor();
    await page.getByTestId('theme-switch').click();
    await page.getByRole('menuitem', { name: 'Dark' }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('app-dark'))).toBe(true);
    await page.getByTestId('language-picker').selectOption('ae');
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');

    const dialog = await openVendorImport(ae.vendors!.importVendors, ae.vendors!.importVendors);
    await preview(dialog, ['Name,Services,Notes', 'Atlantis The Palm,hotels,Changed again', 'E2E Bad Row,boats,'].join('\n'));
    const notice = dialog.getByTestId('import-rejected');
    // Why, in Arabic from the code, under the screen's label: no English, no raw field.
    expect(await notice.innerText()).toContain(`${ae.vendors!.services} ${ae.issues.oneOf.split(':')[0]}`);
    expect(await notice.innerText()).not.toMatch(/must be|services\.0|land-part/);
    expect(luminance(await notice.evaluate((e) => getComputedStyle(e).backgroundColor))).toBeLessThan(0.1);
    expect(luminance(await notice.evaluate((e) => getComputedStyle(e).color))).toBeGreaterThan(0.5);
    // Right to left: the summary starts at the dialog's right edge.
    const [box, text] = [await dialog.boundingBox(), await dialog.getByTestId('import-preview-summary').boundingBox()];
    expect(box!.x + box!.width - (text!.x + text!.width)).toBeLessThan(60);
    expect(await axe(page)).toEqual([]);
    await shot('28-vendor-import-preview-dark-rtl');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await page.getByTestId('language-picker').selectOption('en');
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('ltr');
    await page.getByTestId('theme-switch').click();
    await page.getByRole('menuitem', { name: 'Light' }).click();
    expect(pageErrors).toEqual([]);
  });
});
