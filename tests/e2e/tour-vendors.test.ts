import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { axe, openPage, PHONE, SHOTS, signIn } from '../support/browser';
import { closeE2e, signedInAt, startE2e } from '../support/e2e';
import { NOW } from '../support/bookings';
import { newPricedPackage, newVendor, operationOf, verifiedBooking } from '../support/operations';
import type { TestServer } from '../support/server';

/**
 * A priced line's vendor in the tour builder (issue 27), in Chromium against the real server and
 * the demo: the seeded draft's hotel line names its vendor; the picker offers only the active
 * vendors offering hotels (as the database has them), is chosen by keyboard, and the line keeps it
 * once saved. The line with its picker in English, dark mode, Arabic and on a 390 px phone; a
 * sales agent (no `vendors.view`) is offered the same vendors, from `GET /vendors/options`.
 */
let server: TestServer;
let browser: Browser;
let page: Page;
const pageErrors: string[] = [];
let tour: { id: string; title: string };

const shot = (name: string) => page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
/** The first hotel line, close up (the page is long). */
const lineShot = (name: string) => page.getByTestId('lines-editor').locator('tr[data-kind=hotels]').first().screenshot({ path: path.join(SHOTS, `${name}-line.png`) });

describe('a priced line’s vendor in Chromium', () => {
  beforeAll(async () => {
    ({ server, browser } = await startE2e());
    [tour] = await server.sql<{ id: string; title: string }>(
      `select t.id, t.title from customized_tours t join organizations o on o.id = t.organization_id
       where o.name = 'Demo Travels' and t.status = 'draft' and t.version = 1
         and exists (select 1 from customized_tour_lines l where l.tour_id = t.id and l.kind = 'hotels' and l.vendor_id is not null)
       order by t.created_at limit 1`,
    );
    page = await signedInAt(browser, pageErrors, `${server.url}/customized-tours/${tour!.id}/edit`, 'owner@demo.travel');
  });

  afterAll(() => closeE2e({ browser, server }));

  it('offers only the active vendors offering the line’s service, by keyboard, and saves the one chosen', async () => {
    const editor = page.getByTestId('lines-editor');
    // The first page after signing in loads the builder's code: a busy machine takes a while.
    await editor.waitFor({ timeout: 30_000 });
    const hotelRow = editor.locator('tr[data-kind=hotels]').first();
    const number = await hotelRow.getAttribute('data-line');
    const owner = await server.login('owner@demo.travel');
    const stored = (await owner.get(`/api/customized-tours/${tour.id}`)).body.data.lines[Number(number) - 1].vendor as { name: string };
    const picker = page.getByLabel(`Vendor, line ${number}`, { exact: true });
    await expect.poll(() => picker.locator('xpath=ancestor::div[contains(@class,"p-dropdown")][1]').innerText()).toContain(stored!.name);

    const expected = (
      await server.sql<{ name: string }>(
        `select v.name from vendors v join organizations o on o.id = v.organization_id where o.name = 'Demo Travels' and v.status = 'active' and 'hotels' = any(v.services) order by v.name`,
      )
    ).map((r) => r.name);
    expect(expected.length).toBeGreaterThan(1);
    // Inactive hotel vendors exist in the demo? Whatever they are, none is offered.
    const inactive = (await server.sql<{ name: string }>(`select name from vendors where status <> 'active' or not ('hotels' = any(services))`)).map((r) => r.name);

    // By keyboard: focus the picker, open it with Alt+Down, move and choose with Enter.
    await picker.focus();
    await page.keyboard.press('Alt+ArrowDown');
    const panel = page.locator('.p-dropdown-panel');
    await panel.waitFor();
    await expect.poll(() => panel.getByRole('option').allInnerTexts()).toEqual(expected);
    expect((await panel.getByRole('option').allInnerTexts()).filter((n) => inactive.includes(n))).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, '270-line-vendor-picker.png') });
    // The panel opens on the line's vendor: the next one (or the one before, from the last) is a key away; Enter chooses it.
    const at = expected.indexOf(stored!.name);
    const down = at < expected.length - 1;
    const other = expected[down ? at + 1 : at - 1]!;
    await page.keyboard.press(down ? 'ArrowDown' : 'ArrowUp');
    await page.keyboard.press('Enter');
    await panel.waitFor({ state: 'detached' });
    await expect.poll(() => picker.locator('xpath=ancestor::div[contains(@class,"p-dropdown")][1]').innerText()).toContain(other);

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect
      .poll(async () => (await server.sql<{ name: string }>(`select v.name from customized_tour_lines l join vendors v on v.id = l.vendor_id where l.tour_id = $1 and l.position = $2`, [tour.id, Number(number)]))[0]?.name)
      .toBe(other);
    expect(pageErrors).toEqual([]);
  });

  it('shows the line with its vendor in dark mode, in Arabic and on a 390 px phone', async () => {
    await page.goto(`${server.url}/customized-tours/${tour.id}/edit`);
    const editor = page.getByTestId('lines-editor');
    // The first page after signing in loads the builder's code: a busy machine takes a while.
    await editor.waitFor({ timeout: 30_000 });
    await editor.locator('tr[data-kind=hotels]').first().scrollIntoViewIfNeeded();
    await shot('271-line-vendor-en');
    await lineShot('271-line-vendor-en');
    await page.getByTestId('theme-switch').click();
    await page.getByRole('menuitem', { name: 'Dark' }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('app-dark'))).toBe(true);
    await shot('272-line-vendor-dark');
    await lineShot('272-line-vendor-dark');
    await page.getByTestId('language-picker').selectOption('ae');
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    const number = await editor.locator('tr[data-kind=hotels]').first().getAttribute('data-line');
    await page.getByLabel(`المورّد، البند ${number}`, { exact: true }).waitFor();
    // The builder's disabled dropdowns fail color-contrast already (issue 27, Minor; not this change): the rest is clean.
    expect((await axe(page)).filter((v) => v.id !== 'color-contrast' || !v.targets.every((t: string) => t.includes('data-p-disabled')))).toEqual([]);
    await shot('273-line-vendor-dark-rtl');
    await lineShot('273-line-vendor-dark-rtl');
    await page.setViewportSize(PHONE);
    await editor.locator('tr[data-kind=hotels]').first().scrollIntoViewIfNeeded();
    await shot('274-line-vendor-phone-rtl');
    await lineShot('274-line-vendor-phone-rtl');
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.getByTestId('language-picker').selectOption('en');
    await page.getByTestId('theme-switch').click();
    await page.getByRole('menuitem', { name: 'Light' }).click();
    expect(pageErrors).toEqual([]);
  });

  it('fills an operation from its tour: one draft per vendor and service, and names the lines without a vendor', async () => {
    server.clock.set(NOW);
    const owner = await server.login('owner@demo.travel');
    const hotel = await newVendor(owner, { name: 'Harbour Stays (e2e)', services: ['hotels'] });
    const pkg = await newPricedPackage(owner, [
      { kind: 'hotels', vendorId: hotel, unitCost: 30_000, quantity: 2, description: 'Sea view double' },
      { kind: 'hotels', vendorId: hotel, unitCost: 4_000, description: 'Late check-out' },
      { kind: 'transfers', vendorId: null, unitCost: 6_000, description: 'Airport transfers' },
    ]);
    const booking = await verifiedBooking(owner, { packageId: pkg });
    const op = await operationOf(owner, booking._id);
    await page.goto(`${server.url}/operations/${op._id}`);
    await page.getByRole('button', { name: 'Fill from the tour' }).click();
    const toAssign = page.getByTestId('lines-to-assign');
    await toAssign.waitFor();
    expect(await toAssign.innerText()).toMatch(/1 line of the tour names no vendor[\s\S]*Airport transfers/);
    await expect.poll(() => page.getByTestId('vouchers').locator('tbody tr').count()).toBe(1);
    expect(await page.getByTestId('vouchers').innerText()).toContain('Sea view double; Late check-out');
    await toAssign.screenshot({ path: path.join(SHOTS, '275-lines-to-assign.png') });
    await page.getByTestId('language-picker').selectOption('ae');
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.setViewportSize(PHONE);
    await toAssign.scrollIntoViewIfNeeded();
    await toAssign.screenshot({ path: path.join(SHOTS, '276-lines-to-assign-phone-rtl.png') });
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.getByTestId('language-picker').selectOption('en');
    expect(pageErrors).toEqual([]);
  });

  it('offers a sales agent, who may not read vendors, the same vendors (GET /vendors/options)', async () => {
    // The tour's lead becomes Samir's (a Sales agent sees only his own leads' tours).
    const owner = await server.login('owner@demo.travel');
    const [samir] = await server.sql<{ id: string }>(`select id from members where email = 'sales@demo.travel'`);
    const [{ lead_id: lead }] = await server.sql<{ lead_id: string }>('select lead_id from customized_tours where id = $1', [tour.id]);
    expect((await owner.put(`/api/leads/${lead}/owner`, { assignedTo: samir!.id })).status).toBe(200);
    const expected = (
      await server.sql<{ name: string }>(
        `select v.name from vendors v join organizations o on o.id = v.organization_id where o.name = 'Demo Travels' and v.status = 'active' and 'hotels' = any(v.services) order by v.name`,
      )
    ).map((r) => r.name);

    const errors: string[] = [];
    const seller = await openPage(browser, errors);
    const vendorCalls: string[] = [];
    seller.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith('/api/vendors')) vendorCalls.push(url.pathname);
    });
    await seller.goto(`${server.url}/customized-tours/${tour.id}/edit`);
    await seller.waitForURL(/\/login/);
    await signIn(seller, 'sales@demo.travel');
    const editor = seller.getByTestId('lines-editor');
    await editor.waitFor({ timeout: 30_000 });
    const number = await editor.locator('tr[data-kind=hotels]').first().getAttribute('data-line');
    const picker = seller.getByLabel(`Vendor, line ${number}`, { exact: true });
    await picker.focus();
    await seller.keyboard.press('Alt+ArrowDown');
    const panel = seller.locator('.p-dropdown-panel');
    await panel.waitFor();
    await expect.poll(() => panel.getByRole('option').allInnerTexts()).toEqual(expected);
    expect(vendorCalls.length).toBeGreaterThan(0);
    expect(vendorCalls.filter((p) => p !== '/api/vendors/options')).toEqual([]);
    await seller.screenshot({ path: path.join(SHOTS, '277-line-vendor-picker-sales.png') });
    expect(errors).toEqual([]);
    await seller.context().close();
  });
});
