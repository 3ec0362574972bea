import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { TestServer } from '../support/server';
import { closeE2e, screenshot, signedInHome, startE2e } from '../support/e2e';
import { axe, bodyBackground, luminance } from '../support/browser';
import { NOW, book, day, groupBooking, newDeparture, newLead, pay } from '../support/bookings';
import type { Agent } from '../support/agent';
import type { WorkQueueItem } from '../../src/api/work-queue/contract';
import { addVoucher, newVendor, operationOf, verifiedBooking, voucherBody } from '../support/operations';

/**
 * The work queue in Chromium (issue 30): finance clears a booking's payments from the queue without
 * opening the booking, by keyboard and through a dialog, each item leaving on the server's answer
 * and the next one taking the focus; then the page in Arabic and dark mode, and on a phone.
 */

let server: TestServer;
let browser: Browser;
let page: Page;
let owner: Agent;
let sales: Agent;
const pageErrors: string[] = [];
const SETTLED = { timeout: 10_000 };
const shot = (name: string, p: Page = page) => screenshot(p, name);

const items = (p: Page = page) => p.getByTestId('work-queue-item');
const focused = (p: Page = page) => p.evaluate(() => {
  const el = document.activeElement as HTMLElement | null;
  return el?.dataset.testid === 'work-queue-item' ? `${el.dataset.kind}:${el.dataset.record}` : (el?.dataset.testid ?? el?.tagName ?? null);
});

/** A booking of the sales agent's with two payments recorded: the deposit yesterday, a small extra today. */
async function bookingWithPayments() {
  const lead = await newLead(sales);
  const departure = await newDeparture(owner, { inDays: 60, capacity: 10 });
  const booking = await book(sales, groupBooking(departure, lead, { pax: 2 }));
  const deposit = await pay(owner, booking._id, booking.installments[0].amount, { paidOn: day(-1) });
  const extra = await pay(owner, booking._id, 1_000);
  expect(deposit.status).toBe(201);
  expect(extra.status).toBe(201);
  return { booking, deposit: deposit.body.data._id as string, extra: extra.body.data._id as string };
}

describe('the work queue, acted on in place', () => {
  beforeAll(async () => {
    ({ server, browser } = await startE2e());
    server.clock.set(NOW);
    [owner, sales] = await server.logins('owner@demo.travel', 'sales@demo.travel');
    page = await signedInHome(browser, pageErrors, server.url, 'finance@demo.travel', { timeout: 20_000, now: NOW });
  });

  afterAll(() => closeE2e({ browser, server }));

  it('finance verifies one payment by keyboard, fails the other in its dialog, then verifies the booking: each leaves and the next is focused', async () => {
    const { booking, deposit, extra } = await bookingWithPayments();
    await page.goto(`${server.url}/work-queue?record=${booking._id}`);
    await page.getByRole('heading', { name: 'Work queue', level: 1 }).waitFor();
    await expect.poll(() => items().count(), SETTLED).toBe(2);
    // The earlier payment first; each offers exactly what its machine accepts: verify, or fail with a reason.
    await expect.poll(() => items().first().getAttribute('data-record')).toBe(deposit);
    for (const row of await items().all()) {
      expect(await row.getByRole('button').allInnerTexts()).toEqual(['Verify', 'Mark failed']);
    }
    expect(await items().first().innerText()).toMatch(/Payment to verify[\s\S]*Bank transfer/);

    // Arrow keys move, A does the main action.
    await items().first().focus();
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe(`paymentToVerify:${extra}`);
    await page.keyboard.press('k');
    expect(await focused()).toBe(`paymentToVerify:${deposit}`);
    await page.keyboard.press('a');
    // The deposit is verified: its item leaves, the next takes the focus; the booking is now ready.
    await expect.poll(() => page.locator(`[data-record="${deposit}"]`).count(), SETTLED).toBe(0);
    await expect.poll(() => items().count(), SETTLED).toBe(2);
    await expect.poll(focused, SETTLED).toBe(`paymentToVerify:${extra}`);
    const [{ status }] = await server.sql<{ status: string }>('select status from booking_payments where id = $1', [deposit]);
    expect(status).toBe('verified');

    // Failing needs a reason: its dialog opens; the answer closes it and the item leaves.
    await items().first().getByRole('button', { name: 'Mark failed' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Mark failed' }).click();
    await dialog.getByText('is required').waitFor();
    await dialog.getByLabel('Reason').fill('The transfer never arrived');
    await dialog.getByRole('button', { name: 'Mark failed' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.locator(`[data-record="${extra}"]`).count(), SETTLED).toBe(0);
    await expect.poll(focused, SETTLED).toBe(`bookingToVerify:${booking._id}`);
    const [{ status: failed, fail_reason }] = await server.sql<{ status: string; fail_reason: string | null }>('select status, fail_reason from booking_payments where id = $1', [extra]);
    expect([failed, fail_reason]).toEqual(['failed', 'The transfer never arrived']);

    await page.keyboard.press('a');
    // The last one leaves: the focus is on what says the queue is clear, not lost to the page.
    await page.getByTestId('work-queue-empty').waitFor();
    await expect.poll(focused, SETTLED).toBe('work-queue-empty');
    const [{ status: verified }] = await server.sql<{ status: string }>('select status from bookings where id = $1', [booking._id]);
    expect(verified).toBe('verified');
    expect(pageErrors).toEqual([]);
  });

  it('a notification about work opens the queue on its item, focused, acted on there', async () => {
    const { deposit } = await bookingWithPayments();
    await page.goto(`${server.url}/`);
    await page.getByTestId('notifications-bell').click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    // The deposit's notification names the payment's item, not the booking.
    const link = panel.locator(`a[href="/work-queue?record=${deposit}&kind=paymentToVerify"]`);
    expect(await link.innerText()).toMatch(/^Payment to verify: /);
    await link.click();
    await page.waitForURL(/\/work-queue\?record=/);
    await expect.poll(() => items().count(), SETTLED).toBe(1);
    await expect.poll(focused, SETTLED).toBe(`paymentToVerify:${deposit}`);
    await shot('wq-09-from-notification');
    await page.keyboard.press('a');
    await page.getByTestId('work-queue-empty').waitFor();
    const [{ status }] = await server.sql<{ status: string }>('select status from booking_payments where id = $1', [deposit]);
    expect(status).toBe('verified');
    // Done: its notification left the bell with the work (issue 27), for every verifier.
    await page.getByTestId('notifications-bell').click();
    await panel.first().waitFor();
    await expect.poll(() => link.count(), SETTLED).toBe(0);
    await shot('wq-10-bell-after-verifying');
    expect(await server.sql(`select 1 from notifications where record_id = $1 and read_at is null`, [deposit])).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  it('operations confirms a voucher in its dialog and sends it by keyboard, without opening the trip', async () => {
    const ops = await server.login('ops@demo.travel');
    const booking = await verifiedBooking(owner);
    const op = await operationOf(owner, booking._id);
    const voucher = await addVoucher(ops, op._id, voucherBody(booking, await newVendor(ops)));
    const p = await signedInHome(browser, pageErrors, server.url, 'ops@demo.travel', { timeout: 20_000, now: NOW });
    await p.goto(`${server.url}/work-queue?record=${op._id}`);
    await expect.poll(() => items(p).count(), SETTLED).toBe(1);
    expect(await items(p).first().getAttribute('data-kind')).toBe('voucherToConfirm');
    expect(await items(p).first().getByRole('button').allInnerTexts()).toEqual(['Confirm', 'Void']);

    // The main action needs the vendor's number: A opens its dialog.
    await items(p).first().focus();
    await p.keyboard.press('a');
    const dialog = p.getByRole('dialog');
    await dialog.getByLabel('Vendor’s confirmation number').fill('HTL-7781');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.waitFor({ state: 'detached' });
    // Confirmed, it is now to send: the same record comes back as the next kind of work, focused.
    await expect.poll(() => items(p).first().getAttribute('data-kind'), SETTLED).toBe('voucherToSend');
    await expect.poll(() => focused(p), SETTLED).toBe(`voucherToSend:${voucher._id}`);
    await p.keyboard.press('a');
    await expect.poll(() => items(p).first().getAttribute('data-kind'), SETTLED).toBe('voucherToPay');
    expect(await items(p).first().getByRole('button').allInnerTexts()).toEqual(['Pay vendor', 'Void']);
    const [row] = await server.sql<{ status: string; confirmation_number: string }>('select status, confirmation_number from vouchers where id = $1', [voucher._id]);
    expect(row).toEqual({ status: 'sent', confirmation_number: 'HTL-7781' });
    // Paying is the operation page's vendor payment form, opened in place by the main action: what is owed offered.
    await expect.poll(() => focused(p), SETTLED).toBe(`voucherToPay:${voucher._id}`);
    await p.keyboard.press('a');
    const payDialog = p.getByRole('dialog');
    await payDialog.getByTestId('payment-owed').waitFor();
    expect(await axe(p)).toEqual([]);
    await shot('wq-06-pay-vendor', p);
    await payDialog.getByRole('button', { name: 'Record payment' }).click();
    await payDialog.waitFor({ state: 'detached' });
    // Paid in full, the voucher leaves; nothing is missing now, so the trip itself is next: to complete.
    await expect.poll(() => items(p).first().getAttribute('data-kind'), SETTLED).toBe('operationToComplete');
    expect(await p.locator(`[data-record="${voucher._id}"]`).count()).toBe(0);
    const [paid] = await server.sql<{ paid: string; cost: string }>('select paid_amount::text as paid, cost::text from vouchers where id = $1', [voucher._id]);
    expect(paid.paid).toBe(paid.cost);

    // The horizontal menu counts each module's items too (and "More" what it hides).
    await p.goto(`${server.url}/preferences`);
    await p.getByRole('group', { name: 'Menu' }).getByText('Horizontal', { exact: true }).click();
    await p.locator('.layout.layout--menu-horizontal').waitFor();
    await addVoucher(ops, op._id, voucherBody(booking, await newVendor(ops)));
    await p.goto(`${server.url}/work-queue`);
    const counted = p.locator('.hmenu [data-testid^=nav-count-]');
    await expect.poll(() => counted.count(), SETTLED).toBeGreaterThan(0);
    const first = counted.first();
    expect(await first.innerText()).toMatch(/^\d+$/);
    const link = p.locator('.hmenu a[aria-describedby]').first();
    expect(await p.locator(`[id="${await link.getAttribute('aria-describedby')}"]`).textContent()).toMatch(/to do in the work queue/);
    await shot('wq-07-horizontal-counts', p);
    await p.getByTestId('language-picker').selectOption('ae');
    await expect.poll(() => p.evaluate(() => document.documentElement.dir), SETTLED).toBe('rtl');
    await shot('wq-08-horizontal-counts-arabic', p);
    await p.getByTestId('language-picker').selectOption('en');
    await p.goto(`${server.url}/preferences`);
    await p.getByRole('group', { name: 'Menu' }).getByText('Vertical', { exact: true }).click();
    await p.locator('.layout.layout--menu-vertical').waitFor();
    await p.context().close();
    expect(pageErrors).toEqual([]);
  });

  it('finance approves a cancellation in its split dialog, the policy’s refund proposed, and the refund to pay out follows', async () => {
    const { booking, deposit, extra } = await bookingWithPayments();
    const finance = await server.login('finance@demo.travel');
    expect((await finance.put(`/api/bookings/${booking._id}/payment/${deposit}/verify`, {})).status).toBe(200);
    // No payment may wait for verification when a cancellation is decided (409 PAYMENTS_PENDING).
    expect((await finance.put(`/api/bookings/${booking._id}/payment/${extra}/fail`, { reason: 'The transfer was recalled' })).status).toBe(200);
    const req = await sales.post('/api/booking-cancellations/cancel', { bookingId: booking._id, reason: 'Family emergency' });
    expect(req.status, JSON.stringify(req.body)).toBe(201);
    await page.goto(`${server.url}/work-queue?record=${req.body.data._id}`);
    await expect.poll(() => items().count(), SETTLED).toBe(1);
    expect(await items().first().innerText()).toMatch(/The customer asks to cancel: Family emergency/);
    await items().first().getByRole('button', { name: 'Approve' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    const refundable = req.body.data.quote.refundable as number;
    expect(refundable).toBeGreaterThan(0);
    // Proposed: the policy's refund, all of it back to the account (no credit note).
    await expect.poll(() => dialog.getByLabel('Refund in all').inputValue()).toMatch(/\d/);
    expect(await dialog.getByLabel('Of it, as a credit note').inputValue()).toMatch(/^\D*0([.,]00)?\D*$/);
    expect(await axe(page)).toEqual([]);
    await shot('wq-05-approve-dialog');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('work-queue-empty').waitFor();
    const [row] = await server.sql<{ status: string }>('select status from booking_cancellations where id = $1', [req.body.data._id]);
    expect(row.status).toBe('approved');
    const [refund] = await server.sql<{ amount: string; status: string }>('select amount::text, status from refunds where booking_id = $1', [booking._id]);
    expect(refund).toEqual({ amount: String(refundable), status: 'pending' });
    expect(pageErrors).toEqual([]);
  });

  it('finance reminds a customer of an overdue installment from the queue: the reminder goes and the item leaves', async () => {
    const finance = await server.login('finance@demo.travel');
    const lead = await newLead(sales);
    const booking = await book(sales, groupBooking(await newDeparture(owner, { inDays: 60, capacity: 10 }), lead, { pax: 2 }));
    const deposit = await pay(owner, booking._id, booking.installments[0].amount);
    expect((await finance.put(`/api/bookings/${booking._id}/payment/${deposit.body.data._id}/verify`, {})).status).toBe(200);
    // The balance fell due on day 30; the server's day is the 31st.
    server.clock.set(`${day(31)}T08:00:00Z`);
    try {
      await page.goto(`${server.url}/work-queue?record=${booking._id}&kind=installmentOverdue`);
      await expect.poll(() => items().count(), SETTLED).toBe(1);
      const row = items().first();
      expect(await row.innerText()).toMatch(/Installment overdue[\s\S]*Remind the customer/);
      expect(await row.getByRole('button').allInnerTexts()).toEqual(['Send reminder']);
      await shot('wq-10-installment-reminder');
      await page.getByTestId('language-picker').selectOption('ae');
      await expect.poll(() => row.getByRole('button').allInnerTexts(), SETTLED).toEqual(['إرسال تذكير']);
      await shot('wq-10-installment-reminder-arabic');
      await page.getByTestId('language-picker').selectOption('en');
      await expect.poll(() => row.getByRole('button').allInnerTexts(), SETTLED).toEqual(['Send reminder']);
      await row.getByRole('button', { name: 'Send reminder' }).click();
      await page.getByText(/^Send reminder: BK-\d+ done$/).first().waitFor();
      await page.getByTestId('work-queue-empty').waitFor();
      const reminders = await server.sql<{ stage: string }>('select stage from installment_reminders where booking_id = $1', [booking._id]);
      expect(reminders).toEqual([{ stage: 'manual' }]);
      // Fetched again, it stays away: the booking was reminded this week.
      await page.reload();
      await page.getByTestId('work-queue-empty').waitFor();
    } finally {
      server.clock.set(NOW);
    }
    expect(pageErrors).toEqual([]);
  });

  it('a sales agent sees only his own leads’ items, not another agent’s lead, and may not ask for another member’s queue', async () => {
    const errors: string[] = [];
    const idOf = async (email: string) => (await server.sql<{ id: string }>('select id from members where email = $1', [email]))[0].id;
    const [samir, lina] = [await idOf('sales@demo.travel'), await idOf('lina@demo.travel')];
    // A follow-up given to Samir on Lina's lead, due within the hour: his by assignment, on a lead his role does not show him.
    const [linas] = await server.sql<{ id: string }>(`select id from leads where assigned_to = $1 and status in ('new', 'contacted', 'qualified', 'quoted') order by created_at, id limit 1`, [lina]);
    const given = await owner.post(`/api/leads/${linas.id}/followup`, { dueAt: new Date(Date.parse(NOW) + 60 * 60_000).toISOString(), assignee: samir });
    expect(given.status, JSON.stringify(given.body)).toBe(201);
    // The owner, who sees every lead, finds it in Samir's queue.
    const asOwner = await owner.get(`/api/work-queue?kind=followUpDue&assignee=${samir}&record=${linas.id}`);
    expect((asOwner.body.data as WorkQueueItem[]).map((i) => i.record._id)).toEqual([linas.id]);

    const p = await signedInHome(browser, errors, server.url, 'sales@demo.travel', { timeout: 20_000, now: NOW });
    await p.goto(`${server.url}/work-queue`);
    await p.getByRole('heading', { name: 'Work queue', level: 1 }).waitFor();
    await expect.poll(() => items(p).count(), SETTLED).toBeGreaterThan(0);
    // The screen lists his queue as the server gives it to him...
    const mine = (await sales.get('/api/work-queue')).body.data as WorkQueueItem[];
    const shown = await items(p).evaluateAll((rows) => rows.map((r) => `${(r as HTMLElement).dataset.kind}:${(r as HTMLElement).dataset.record}`));
    expect(shown).toEqual(mine.map((i) => `${i.kind}:${i.record._id}`));
    // ...and every item is his: his follow-ups on his own leads, his own sales' credit notes.
    for (const item of mine) expect(item.assignee?._id, `${item.kind} ${item.record._id}`).toBe(samir);
    const leadIds = mine.filter((i) => i.record.type === 'lead').map((i) => i.record._id);
    expect(leadIds.length).toBeGreaterThan(0);
    const owners = await server.sql<{ id: string }>('select distinct assigned_to::text as id from leads where id = any($1::uuid[])', [leadIds]);
    expect(owners).toEqual([{ id: samir }]);
    const others = mine.filter((i) => i.record.type !== 'lead');
    expect(others.every((i) => i.record.type === 'creditNote'), others.map((i) => i.kind).join()).toBe(true);
    if (others.length) {
      const sellers = await server.sql<{ id: string }>('select distinct b.converted_by::text as id from credit_notes n join bookings b on b.id = n.booking_id where n.id = any($1::uuid[])', [others.map((i) => i.record._id)]);
      expect(sellers).toEqual([{ id: samir }]);
    }
    expect(shown.some((k) => k.endsWith(linas.id))).toBe(false);
    await screenshot(p, 'wq-11-sales-agent', false);

    // Lina's lead is not in his queue, even opened by its address.
    await p.goto(`${server.url}/work-queue?record=${linas.id}`);
    await p.getByTestId('work-queue-empty').waitFor();
    // Whose work is shown is not his to choose (no "Whose"), and asking for another member's queue is refused.
    expect(await p.getByText('Whose', { exact: true }).count()).toBe(0);
    const refused = await p.evaluate(async (member) => {
      const res = await fetch(`/api/work-queue?assignee=${member}`, { headers: { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' } });
      return { status: res.status, body: await res.json() };
    }, lina);
    expect(refused).toMatchObject({ status: 403, body: { code: 'FORBIDDEN', params: { field: 'assignee' } } });
    expect(errors).toEqual([]);
    await p.context().close();
  });

  it('the whole queue with its counts, in English, Arabic and dark mode; axe finds nothing serious', async () => {
    await bookingWithPayments();
    await page.goto(`${server.url}/work-queue?kind=paymentToVerify&kind=bookingToVerify`);
    await expect.poll(() => items().count(), SETTLED).toBeGreaterThan(0);
    expect(await page.getByTestId('work-queue-stats').innerText()).toMatch(/to do/);
    // The menu counts each module's items: payments to verify are the payment receipts'.
    const receipts = page.locator('[data-testid=nav-menu] a[data-module=paymentReceipts]');
    await expect.poll(() => page.getByTestId('nav-count-paymentReceipts').innerText(), SETTLED).toMatch(/^\d+$/);
    const described = await receipts.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${described}"]`).textContent()).toMatch(/to do in the work queue/);
    expect(await axe(page)).toEqual([]);
    await shot('wq-01-finance-en');

    await items().first().focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/bookings\/[0-9a-f-]+$/);
    await page.goBack();
    await items().first().waitFor();

    await page.getByTestId('theme-switch').click();
    await page.getByRole('menuitem', { name: 'Dark' }).click();
    await expect.poll(async () => luminance(await bodyBackground(page)), SETTLED).toBeLessThan(0.05);
    await page.getByTestId('language-picker').selectOption('ae');
    await expect.poll(() => page.evaluate(() => document.documentElement.dir), SETTLED).toBe('rtl');
    await page.getByRole('heading', { name: 'قائمة العمل', level: 1 }).waitFor();
    expect(await items().first().getByRole('button').first().innerText()).toBe('تأكيد');
    expect(await axe(page)).toEqual([]);
    await shot('wq-02-finance-dark-arabic');

    await page.goto(`${server.url}/`);
    await page.getByTestId('my-day').locator('[data-card=workQueue]').waitFor();
    await shot('wq-03-my-day-dark-arabic');
    await page.getByTestId('language-picker').selectOption('en');
    await page.getByTestId('theme-switch').click();
    await page.getByRole('menuitem', { name: 'Light' }).click();
    await expect.poll(async () => luminance(await bodyBackground(page)), SETTLED).toBeGreaterThan(0.8);
    expect(pageErrors).toEqual([]);
  });

  it('fits a phone: the queue at 390 px, nothing wider than the screen', async () => {
    const errors: string[] = [];
    const phone = await signedInHome(browser, errors, server.url, 'ops@demo.travel', { phone: true, timeout: 20_000, now: NOW });
    await phone.goto(`${server.url}/work-queue`);
    await expect.poll(() => items(phone).count(), SETTLED).toBeGreaterThan(0);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot('wq-04-ops-phone', phone);
    expect(errors).toEqual([]);
    await phone.context().close();
  });
});
