import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Agent } from '../support/agent';
import { NOW } from '../support/bookings';
import { newPricedPackage, newVendor, operationOf, verifiedBooking } from '../support/operations';
import type { TestServer } from '../support/server';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink';
import { axe, choose, SHOTS, toast as toastOn } from '../support/browser';
import { closeE2e, signedInAt, startE2e } from '../support/e2e';

/**
 * An operation in the browser (issue 18), as an ops lead drives it: the board shows each trip's next
 * step; a verified booking's operation gets its vouchers from the tour, each confirmed with the
 * vendor's number (one by keyboard); completion is refused with the missing list as a checklist;
 * the send is refused naming the vendor without an email, then goes to the organization's mail
 * server (an SMTP sink here) with each voucher's PDF; the vendors are paid what is owed; the trip is
 * completed and its profit shown beside the plan. The board and the page in dark mode and Arabic,
 * the page on a phone.
 */
let server: TestServer;
let browser: Browser;
let page: Page;
let owner: Agent;
let sink: SmtpSink;
const pageErrors: string[] = [];

const HOTEL = 'Oasis Palms Hotel (e2e)';
const SAFARI = 'Dune Riders Safaris (e2e)';
let safariId: string;
let booking: { _id: string; ref: string; grandTotal: number; currency: string; departure: string; arrival: string };
let operationPath: string;

const shot = (name: string) => page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
const money = (minor: number, currency: string) => new Intl.NumberFormat('en', { style: 'currency', currency }).format(minor / 100);

describe('operations in Chromium', () => {
  beforeAll(async () => {
    [{ server, browser }, sink] = await Promise.all([startE2e({ queue: true, env: { OUTBOUND_ALLOWED_RANGES: '127.0.0.1/32' } }), startSmtpSink()]);
    // The test helpers' bookings are dated on the test clock's day.
    server.clock.set(NOW);
    owner = await server.login('owner@demo.travel');
    const mail = await owner.put('/api/configurations/email-services', { host: '127.0.0.1', port: sink.port, security: 'none', user: '', fromName: 'Demo Travels', fromEmail: 'trips@demo.travel' });
    expect(mail.status, JSON.stringify(mail.body)).toBe(200);
    const hotel = await newVendor(owner, { name: HOTEL, services: ['hotels'], email: 'reservations@oasis-palms.example' });
    safariId = await newVendor(owner, { name: SAFARI, services: ['activities'], email: null });
    const pkg = await newPricedPackage(owner, [
      { kind: 'hotels', vendorId: hotel, unitCost: 30_000, quantity: 4, description: 'Deluxe double, 4 nights' },
      { kind: 'activities', vendorId: safariId, unitCost: 7_500, quantity: 2, description: 'Desert safari with dinner' },
    ]);
    booking = await verifiedBooking(owner, { packageId: pkg });
    page = await signedInAt(browser, pageErrors, `${server.url}/operations`, 'ops@demo.travel');
  });

  afterAll(() => closeE2e({ browser, server }, sink));

  it('shows the board: every trip with its next step, the seed’s stats, the pending ones first, departing soonest first', async () => {
    await page.getByRole('heading', { name: 'Operations', level: 1 }).waitFor();
    const stats = page.getByTestId('operation-stats');
    await expect.poll(() => stats.locator('[data-stat=total] .stat__value').innerText()).toMatch(/^\d+$/);
    for (const key of ['total', 'completed', 'pending', 'canceled', 'totalRevenue', 'totalExpense', 'totalProfit']) await stats.locator(`[data-stat=${key}]`).waitFor();
    await page.locator('[data-operation]').first().waitFor();
    // The demo's trips are at different steps: each card says its step in words.
    const steps = await page.locator('[data-operation]').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-step')));
    expect(new Set(steps).size).toBeGreaterThan(1);
    const cards = await page.locator('[data-operation]').evaluateAll((all) => all.map((c) => ({ departure: c.getAttribute('data-departure')!, pending: c.getAttribute('data-status') === 'pending' })));
    const closed = cards.findIndex((c) => !c.pending);
    expect(closed).toBeGreaterThan(0);
    expect(cards.slice(closed).every((c) => !c.pending)).toBe(true);
    for (const group of [cards.slice(0, closed), cards.slice(closed)]) expect(group.map((c) => c.departure)).toEqual(group.map((c) => c.departure).sort());
    expect(await page.locator('.next-step').first().innerText()).not.toMatch(/operations\.|\{\{/);
    expect(await axe(page)).toEqual([]);
    await shot('180-operations-board');

    await page.goto(`${server.url}/operations?search=${booking.ref}`);
    const card = page.locator(`[data-operation="${booking.ref}"]`);
    await card.waitFor();
    expect(await card.getAttribute('data-step')).toBe('addVouchers');
    await card.getByRole('link').click();
    await page.getByRole('heading', { name: new RegExp(booking.ref), level: 1 }).waitFor();
    operationPath = new URL(page.url()).pathname;
    expect(operationPath).toMatch(/^\/operations\/[0-9a-f-]{36}$/);
  });

  it('fills the vouchers from the tour, edits a draft and confirms them with the vendors’ numbers (one by keyboard)', async () => {
    const panel = page.getByTestId('operation-panel');
    await expect.poll(() => panel.getAttribute('data-step')).toBe('addVouchers');
    await page.getByRole('button', { name: 'Fill from the tour' }).click();
    await toastOn(page, '2 draft vouchers filled from the tour');
    const vouchers = page.getByTestId('vouchers');
    await expect.poll(() => vouchers.locator('tbody tr[data-status=draft]').count()).toBe(2);
    await expect.poll(() => panel.getAttribute('data-step')).toBe('confirmVouchers');
    expect(await panel.innerText()).toContain('Confirm 2 vouchers');
    expect(await vouchers.innerText()).toContain(HOTEL);
    expect(await axe(page)).toEqual([]);
    await shot('181-operation-drafts');

    // A draft is edited before it is confirmed: the hotel's room as the vendor will read it.
    await vouchers.getByRole('button', { name: `Edit voucher Hotels · ${HOTEL}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit voucher' });
    await edit.getByLabel('Description').fill('Deluxe double, sea view, 4 nights');
    await edit.getByRole('button', { name: 'Save' }).click();
    await toastOn(page, 'Voucher saved');
    await edit.waitFor({ state: 'detached' });
    await vouchers.getByText('Deluxe double, sea view, 4 nights').waitFor();

    // A voucher by hand: the service first, then only the active vendors offering it; dates within the trip.
    await page.getByRole('button', { name: 'Add voucher' }).click();
    const form = page.getByRole('dialog', { name: 'New voucher' });
    const vendorField = form.locator('.field', { has: page.locator('label', { hasText: /^Vendor$/ }) });
    expect(await vendorField.locator('.p-dropdown').getAttribute('class')).toContain('p-disabled');
    await choose(page, form.locator('.field', { has: page.locator('label', { hasText: /^Service$/ }) }), 'Hotels');
    await vendorField.locator('.p-dropdown:not(.p-disabled)').click();
    const options = page.locator('.p-dropdown-panel');
    await options.getByRole('option', { name: HOTEL, exact: true }).waitFor();
    expect(await options.getByRole('option', { name: SAFARI }).count()).toBe(0);
    await options.getByRole('option', { name: HOTEL, exact: true }).click();
    expect([await form.getByLabel('From').getAttribute('min'), await form.getByLabel('From').getAttribute('max')]).toEqual([booking.departure, booking.arrival]);
    const cost = form.getByLabel('Cost');
    await cost.click();
    await cost.pressSequentially('10');
    await cost.press('Tab');
    expect(await axe(page)).toEqual([]);
    await form.getByRole('button', { name: 'Save' }).click();
    await toastOn(page, 'Voucher added');
    await expect.poll(() => vouchers.locator('tbody tr[data-status=draft]').count()).toBe(3);
    // Not needed after all: voided (it no longer counts, nor stands in the way of completion).
    await vouchers.locator('tbody tr[data-status=draft]', { hasText: '$10.00' }).getByRole('button', { name: 'Void' }).click();
    await page.locator('.p-confirm-dialog').getByRole('button', { name: 'Void' }).click();
    await toastOn(page, 'Voucher voided');
    await expect.poll(() => vouchers.locator('tbody tr[data-status=void]').count()).toBe(1);
    await expect.poll(() => page.getByTestId('checklist').locator('li').count()).toBe(2);

    // By keyboard: the row's Confirm, the vendor's number typed, Enter.
    const first = vouchers.locator('tbody tr[data-status=draft]').first();
    await first.getByRole('button', { name: 'Confirm', exact: true }).focus();
    await page.keyboard.press('Enter');
    const number = page.getByLabel('Confirmation no.');
    await expect.poll(() => number.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('OPH-55821');
    await page.keyboard.press('Enter');
    await toastOn(page, /^Voucher VCH-\d{4}-\d{4} confirmed$/);
    await expect.poll(() => vouchers.locator('tbody tr[data-status=confirmed]').count()).toBe(1);

    await vouchers.locator('tbody tr[data-status=draft]').first().getByRole('button', { name: 'Confirm', exact: true }).click();
    const dialog = page.locator('.p-dialog', { has: page.getByLabel('Confirmation no.') });
    await page.getByLabel('Confirmation no.').fill('DRS-9043');
    await dialog.getByRole('button', { name: 'Confirm', exact: true }).click();
    await expect.poll(() => vouchers.locator('tbody tr[data-status=confirmed]').count()).toBe(2);
    expect(await vouchers.innerText()).toMatch(/OPH-55821[\s\S]*|DRS-9043/);
    await expect.poll(() => panel.getAttribute('data-step')).toBe('sendVouchers');

    // On the board the trip now says what it needs, and it is the ops lead's: "Needs me" keeps it.
    await page.goto(`${server.url}/operations?search=${booking.ref}`);
    const needsMe = page.getByTestId('needs-me');
    expect(await needsMe.getAttribute('aria-pressed')).toBe('false');
    await needsMe.click();
    await page.waitForURL(/needsMe=true/);
    // The address changes first, the button on the render after.
    await expect.poll(() => needsMe.getAttribute('aria-pressed')).toBe('true');
    const card = page.locator(`[data-operation="${booking.ref}"]`);
    await expect.poll(() => card.getAttribute('data-step')).toBe('sendVouchers');
    expect(await card.innerText()).toContain('Send 2 vouchers');
    await card.getByRole('link').click();
    await page.waitForURL(`${server.url}${operationPath}`);
    await panel.waitFor();
  });

  it('is refused completion and sees what is missing as the checklist', async () => {
    const panel = page.getByTestId('operation-panel');
    await page.getByTestId('mark-completed').click();
    await toastOn(page, /cannot be completed yet/);
    await panel.getByRole('alert').filter({ hasText: 'Not completed: these are still missing.' }).waitFor();
    const items = page.getByTestId('checklist').locator('li');
    await expect.poll(() => items.count()).toBe(2);
    expect(await page.getByTestId('checklist').locator('li[data-flagged=true]').count()).toBe(2);
    for (const item of await items.all()) {
      expect(await item.locator('[data-need]').evaluateAll((needs) => needs.map((n) => n.getAttribute('data-need')))).toEqual(['send', 'pay']);
      expect(await item.innerText()).toMatch(/VCH-\d{4}-\d{4}/);
    }
    expect(await page.getByTestId('vouchers').locator('tr[data-flagged=true]').count()).toBe(2);
    expect(await axe(page)).toEqual([]);
    await shot('182-operation-refused');
    expect((await owner.get(`/api/booking-operations/bookingId/${booking._id}`)).body.data.status).toBe('pending');
  });

  it('sends the vouchers: refused naming the vendor without an email, then one from its row and the rest together, each PDF to its vendor', async () => {
    await page.getByTestId('send-vouchers').click();
    await page.locator('.p-confirm-dialog').getByRole('button', { name: 'Send vouchers' }).click();
    const refusal = page.getByTestId('vendors-without-email');
    await refusal.waitFor();
    expect(await refusal.innerText()).toContain(SAFARI);
    expect(await page.getByTestId('vouchers').locator('tbody tr[data-status=sent]').count()).toBe(0);
    await shot('183-operation-no-email');

    const fixed = await owner.put(`/api/vendors/${safariId}`, { email: 'bookings@dune-riders.example' });
    expect(fixed.status, JSON.stringify(fixed.body)).toBe(200);
    // The safari's voucher from its own row, then the one left with "Send vouchers".
    const rows = page.getByTestId('vouchers').locator('tbody tr');
    await rows.filter({ hasText: SAFARI }).getByRole('button', { name: 'Send', exact: true }).click();
    await page.locator('.p-confirm-dialog').getByText('Send 1 confirmed voucher to its vendor by email, as a PDF?').waitFor();
    await page.locator('.p-confirm-dialog').getByRole('button', { name: 'Send vouchers' }).click();
    await toastOn(page, '1 voucher sent');
    await expect.poll(() => rows.filter({ hasText: SAFARI }).getAttribute('data-status')).toBe('sent');
    await refusal.waitFor({ state: 'detached' });
    expect(await rows.filter({ hasText: HOTEL }).first().getAttribute('data-status')).toBe('confirmed');
    await page.getByTestId('send-vouchers').click();
    await page.locator('.p-confirm-dialog').getByRole('button', { name: 'Send vouchers' }).click();
    await toastOn(page, '1 voucher sent');
    await expect.poll(() => page.getByTestId('vouchers').locator('tbody tr[data-status=sent]').count()).toBe(2);
    await expect.poll(() => page.getByTestId('operation-panel').getAttribute('data-step')).toBe('payVendors');

    // The queue hands them to the organization's mail server: one message per vendor, its voucher's PDF attached.
    await expect.poll(() => sink.messages.length, { timeout: 20_000 }).toBe(2);
    const to = sink.messages.map((m) => (Array.isArray(m.to) ? m.to : [m.to]).flatMap((a) => a?.value.map((x) => x.address))).flat().sort();
    expect(to).toEqual(['bookings@dune-riders.example', 'reservations@oasis-palms.example']);
    for (const m of sink.messages) {
      const pdf = m.attachments.find((a) => a.contentType === 'application/pdf');
      expect(pdf?.content.subarray(0, 5).toString()).toBe('%PDF-');
    }

    // The voucher as its vendor got it, drawn in the page.
    await page.getByTestId('vouchers').locator('tbody tr').first().getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByTestId('voucher-preview');
    await preview.locator('[data-testid=document-page]').first().waitFor();
    await shot('184-voucher-preview');
    await page.keyboard.press('Escape');
    await preview.waitFor({ state: 'detached' });
  });

  it('adds an expense and changes its amount, pays the vendors and the expense what is owed, completes the trip and sees its profit beside the plan', async () => {
    await page.getByRole('button', { name: 'Add expense' }).click();
    const form = page.getByRole('dialog', { name: 'New expense' });
    await form.getByLabel('Description').fill('Tips for the desert guide');
    await choose(page, form.locator('.field', { has: page.locator('label', { hasText: /^Category$/ }) }), 'Tips');
    const amount = form.getByLabel('Amount');
    await amount.click();
    await amount.pressSequentially('40');
    await amount.press('Tab');
    await form.getByRole('button', { name: 'Save' }).click();
    await toastOn(page, 'Expense added');
    await page.getByTestId('expenses').getByText('Tips for the desert guide').waitFor();
    // The guide was tipped more than planned: the amount changed before it is paid.
    await page.getByTestId('expenses').getByRole('button', { name: 'Edit expense Tips for the desert guide' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit expense' });
    const changed = edit.getByLabel('Amount');
    await changed.click();
    await changed.press('ControlOrMeta+a');
    await changed.press('Backspace');
    await changed.pressSequentially('50');
    await changed.press('Tab');
    await edit.getByRole('button', { name: 'Save' }).click();
    await toastOn(page, 'Expense saved');
    await edit.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('expenses').innerText()).toContain(money(5_000, booking.currency));
    await expect.poll(() => page.getByTestId('operation-panel').innerText()).toContain('Pay 3 items');

    for (let i = 0; i < 3; i++) {
      await page.locator('[data-pay]').first().click();
      const owed = page.getByTestId('payment-owed');
      await owed.waitFor();
      const text = await owed.innerText();
      await page.getByRole('button', { name: 'Record payment' }).click();
      // The amount offered was what is owed.
      await toastOn(page, `Payment of ${text.replace('Still owed: ', '')} recorded`);
      await owed.waitFor({ state: 'detached' });
      await expect.poll(() => page.locator('[data-pay]').count()).toBe(2 - i);
    }
    const panel = page.getByTestId('operation-panel');
    await expect.poll(() => panel.getAttribute('data-step')).toBe('complete');
    await page.getByTestId('checklist-empty').waitFor();

    await page.getByTestId('mark-completed').click();
    await page.locator('.p-confirm-dialog').getByRole('button', { name: 'Mark completed' }).click();
    await toastOn(page, 'Operation completed');
    await expect.poll(() => panel.getAttribute('data-state')).toBe('completed');

    const op = await operationOf(owner, booking._id);
    expect(op.status).toBe('completed');
    expect(op.profit).toMatchObject({ revenue: booking.grandTotal, vouchers: 135_000, expenses: 5_000, profit: booking.grandTotal - 140_000, plannedCost: 135_000, paidOut: 140_000 });
    const profit = page.getByTestId('operation-profit');
    expect(await page.getByTestId('actual-profit').innerText()).toBe(money(op.profit.profit, op.currency));
    expect(await profit.locator('[data-row=vouchers]').innerText()).toContain(money(135_000, op.currency));
    expect(await profit.locator('[data-row=expenses]').innerText()).toContain(money(5_000, op.currency));
    expect(await profit.locator('[data-row=totalExpense]').innerText()).toContain(money(op.profit.plannedCost, op.currency));
    expect(await axe(page)).toEqual([]);
    await shot('185-operation-completed');

    // The booking's page leads to its operation.
    await page.goto(`${server.url}/bookings/${booking._id}`);
    const link = page.getByTestId('operation-link');
    await expect.poll(() => link.innerText()).toBe('Operation · Done');
    await link.click();
    await page.waitForURL(`${server.url}${operationPath}`);
  });

  it('reads in dark mode and in Arabic: the operation page and the board, the page on a phone', async () => {
    await page.getByTestId('operation-profit').waitFor();
    await page.getByTestId('theme-switch').click();
    await page.getByRole('menuitem', { name: 'Dark' }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('app-dark'))).toBe(true);
    expect(await axe(page)).toEqual([]);
    await shot('186-operation-dark');

    await page.getByTestId('language-picker').selectOption('ae');
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.getByRole('heading', { name: 'الربح' }).waitFor();
    expect(await page.getByTestId('operation-panel').innerText()).toContain('منجزة');
    expect(await axe(page)).toEqual([]);
    await shot('187-operation-dark-rtl');

    await page.goto(`${server.url}/operations`);
    await page.getByRole('heading', { name: 'العمليات', level: 1 }).waitFor();
    await page.locator('[data-operation]').first().waitFor();
    expect(await page.locator('.next-step').first().innerText()).toMatch(/[\u0600-\u06FF]/);
    expect(await axe(page)).toEqual([]);
    await shot('188-operations-board-dark-rtl');

    // On a phone the tables read as cards, each value after its column's name.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.url}${operationPath}`);
    await page.getByTestId('operation-profit').waitFor();
    expect(await axe(page)).toEqual([]);
    await shot('189-operation-phone-rtl');
    expect(pageErrors).toEqual([]);
  });

  it('completes a trip nothing was booked for only with a "no vendor services" reason, by keyboard, warned before departure; no actual profit without a cost (English, then Arabic in dark)', async () => {
    // A package whose priced lines cost something, sold twice; nothing is booked with vendors.
    const pkg = await newPricedPackage(owner, [{ kind: 'hotels', vendorId: null, unitCost: 50_000, quantity: 2, description: 'Lodge, 2 nights' }]);
    const first = await verifiedBooking(owner, { packageId: pkg });
    const second = await verifiedBooking(owner, { packageId: pkg });
    const [op1, op2] = [await operationOf(owner, first._id), await operationOf(owner, second._id)];

    await page.setViewportSize({ width: 1366, height: 900 });
    await page.getByTestId('language-picker').selectOption('en');
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('ltr');
    await page.getByTestId('theme-switch').click();
    await page.getByRole('menuitem', { name: 'Light' }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('app-dark'))).toBe(false);

    await page.goto(`${server.url}/operations/${op1._id}`);
    const panel = page.getByTestId('operation-panel');
    const services = page.getByTestId('checklist').locator('li[data-kind=services]');
    await services.waitFor();
    expect(await services.innerText()).toContain(`Vendor services`);
    expect(await services.innerText()).toContain(`none booked; the tour plans ${money(100_000, first.currency)}`);
    // Nothing costs anything yet: no actual profit.
    expect(await page.getByTestId('actual-profit').innerText()).toBe('—');
    await page.getByTestId('no-cost').waitFor();

    // Without a reason the completion is refused, and the services line is marked.
    await page.getByTestId('mark-completed').click();
    await toastOn(page, /cannot be completed yet/);
    await expect.poll(() => services.getAttribute('data-flagged')).toBe('true');
    await shot('190-no-vendor-services-checklist');

    // By keyboard: the line's action, the reason (required), the submit.
    await page.getByTestId('no-vendor-services-action').focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Complete without vendor services' });
    await dialog.waitFor();
    expect(await dialog.getByTestId('before-departure').innerText()).toContain(`The trip has not started yet (departure`);
    expect(await dialog.innerText()).toContain(`The tour plans services costing ${money(100_000, first.currency)}`);
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('TEXTAREA');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Complete without vendor services');
    await page.keyboard.press('Enter');
    await dialog.locator('.field-error').first().waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('TEXTAREA');
    await page.keyboard.type('The customer booked the lodge directly with his own points');
    expect(await axe(page)).toEqual([]);
    await shot('191-no-vendor-services-dialog');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await toastOn(page, 'Operation completed without vendor services');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => panel.getAttribute('data-state')).toBe('completed');
    expect(await page.getByTestId('no-vendor-services').innerText()).toBe('Completed without vendor services: The customer booked the lodge directly with his own points');
    expect(await page.getByTestId('completed-on').innerText()).toContain('Oskar Ops');
    expect(await page.getByTestId('actual-profit').innerText()).toBe('—');
    expect((await operationOf(owner, first._id)).noVendorServices).toEqual({ reason: 'The customer booked the lodge directly with his own points' });
    expect(await axe(page)).toEqual([]);
    await shot('192-no-vendor-services-completed');

    // The board shows no profit for a trip without a cost.
    await page.goto(`${server.url}/operations?search=${second.ref}`);
    const card = page.locator(`[data-operation="${second.ref}"]`);
    await card.waitFor();
    expect(await card.innerText()).toMatch(/Profit: —/);

    // Arabic, dark, on a phone: the same line and dialog read right to left.
    await page.getByTestId('theme-switch').click();
    await page.getByRole('menuitem', { name: 'Dark' }).click();
    await page.getByTestId('language-picker').selectOption('ae');
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.url}/operations/${op2._id}`);
    const line = page.getByTestId('checklist').locator('li[data-kind=services]');
    await line.waitFor();
    expect(await line.innerText()).toContain('خدمات المورّدين');
    expect(await page.getByTestId('actual-profit').innerText()).toBe('—');
    expect(await axe(page)).toEqual([]);
    await shot('193-no-vendor-services-checklist-dark-rtl-phone');
    await page.getByTestId('no-vendor-services-action').focus();
    await page.keyboard.press('Enter');
    const arabic = page.getByRole('dialog', { name: 'الإنهاء دون خدمات مورّدين' });
    await arabic.waitFor();
    await arabic.getByTestId('before-departure').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('TEXTAREA');
    await page.keyboard.type('حجز العميل النُزل بنفسه');
    expect(await arabic.getByRole('textbox').inputValue()).toBe('حجز العميل النُزل بنفسه');
    expect(await axe(page)).toEqual([]);
    await shot('194-no-vendor-services-dialog-dark-rtl-phone');
    await page.keyboard.press('Escape');
    // A dialog with a reason typed asks before throwing it away.
    await page.locator('.p-confirm-dialog').waitFor();
    await page.keyboard.press('Escape');
    expect(pageErrors).toEqual([]);
  });
});
