import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Agent } from '../support/agent';
import { NOW, book, day, groupBooking, newDeparture, newLead, pay, verify } from '../support/bookings';
import { addVoucher, confirmVoucher, newVendor, operationOf, payVoucher, verifiedBooking, voucherBody } from '../support/operations';
import { pdfText, pdfThroughPage, plainSpaces, shownBeside } from '../support/pdf';
import type { TestServer } from '../support/server';
import { closeE2e, screenshot, signedInAt, startE2e } from '../support/e2e';
import { cancellationPaths } from '../../src/api/cancellations/contract';
import { creditPaths } from '../../src/api/finance/credit/contract';
import { axe, bodyBackground, choose, luminance, toast as toastOn } from '../support/browser';

/**
 * A cancellation in the browser (issue 29), as three people live it: the sales agent reads the
 * quote on the booking's page and asks; the manager decides on the guided screen (quote → split →
 * confirm), half back to the bank and half as a credit note, and the record moves from the
 * requests to the decided list without a reload; finance pays the refund back on the refunds
 * list; the customer's next booking is paid partly with the credit note. Then the screens in
 * Arabic and dark mode, and on a phone.
 */
let server: TestServer;
let browser: Browser;
let sales: Page;
let manager: Page;
let finance: Page;
let owner: Agent;
let salesApi: Agent;
const pageErrors: string[] = [];

const CUSTOMER = 'Nadia Returning (e2e)';
const EMAIL = `nadia-${process.pid}@example.com`;
/** The browsers' clock on the server's day (the credit note's last day is judged against it). */
const SETTLED = { timeout: 10_000 };

let booking: { _id: string; ref: string; lead: { _id: string } };
let next: { _id: string; ref: string };
let other: { _id: string; ref: string };
let quote: { paid: number; fee: number; refundable: number };
/** The approved cancellation and its credit note (their documents are read back as the steps go). */
let cancellationId: string;
let creditNote: { id: string; number: string };
/** A trip whose hotel was paid: its vendor's side of a cancellation. */
const HOTEL = 'Corniche Bay Hotel (e2e)';
let trip: { _id: string; ref: string };
let tripOperation: string;

const shot = (name: string, p: Page) => screenshot(p, name);
const money = (minor: number) => new Intl.NumberFormat('en', { style: 'currency', currency: 'USD' }).format(minor / 100);
const half = (n: number) => Math.floor(n / 2);
/**
 * A cancellation's document as its page offers it: the address its "PDF" link opens, read through
 * the person's session, and the same document downloaded by its "Download" link; both read back
 * with pdftotext (page images in test-results/documents). `name` is the document and its label as
 * the links name it (`cancellation confirmation BK-…`).
 */
async function documentFromPage(p: Page, name: string, file: string) {
  const section = p.getByTestId('cancellation-documents');
  const href = await section.getByRole('link', { name: `Open the ${name} as PDF` }).getAttribute('href');
  const opened = await pdfThroughPage(p, href!, file);
  const [download] = await Promise.all([p.waitForEvent('download'), section.getByRole('link', { name: `Download the ${name}` }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const downloaded = fs.readFileSync((await download.path())!);
  expect(downloaded.subarray(0, 5).toString()).toBe('%PDF-');
  const text = plainSpaces(opened.text);
  expect(plainSpaces(pdfText(downloaded))).toBe(text);
  return text;
}
/** A document read by its path (a page that does not link to it: the refunds list, the next booking). */
const documentText = async (p: Page, apiPath: string, name: string) => plainSpaces((await pdfThroughPage(p, `/api${apiPath}`, name)).text);

/** A page of its own (its own session) for a member, on the server's day. */
async function signedIn(email: string, first: string, o: { phone?: boolean } = {}) {
  const p = await signedInAt(browser, pageErrors, `${server.url}${first}`, email, { timeout: 20_000, phone: o.phone, now: NOW });
  await p.waitForURL((u) => u.pathname === first.split('?')[0]);
  return p;
}

/** A booking of the customer's, its deposit paid and verified. */
async function paidBooking(inDays: number) {
  const lead = await newLead(salesApi, CUSTOMER, { email: EMAIL });
  const b = await book(salesApi, groupBooking(await newDeparture(owner, { inDays, capacity: 10 }), lead, { pax: 2 }));
  const deposit = await pay(owner, b._id, Math.round(b.grandTotal * 0.3));
  expect(deposit.status, JSON.stringify(deposit.body)).toBe(201);
  expect((await verify(owner, b._id, deposit.body.data._id)).status).toBe(200);
  return b;
}

describe('a cancellation in Chromium', () => {
  beforeAll(async () => {
    ({ server, browser } = await startE2e());
    server.clock.set(NOW);
    [owner, salesApi] = await server.logins('owner@demo.travel', 'sales@demo.travel');
    booking = await paidBooking(60);
    // The same customer's next trip (a new lead with the same email: the same contact), nothing paid yet.
    const nextLead = await newLead(salesApi, CUSTOMER, { email: EMAIL });
    next = await book(salesApi, groupBooking(await newDeparture(owner, { inDays: 120, capacity: 10 }), nextLead, { pax: 2 }));
    // Another request, left waiting: the guided screen's steps in Arabic and on a phone.
    other = await paidBooking(30);
    const asked = await salesApi.post('/api/booking-cancellations/cancel', { bookingId: other._id, reason: 'Work trip moved' });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    const q = await salesApi.get(`/api/bookings/${booking._id}/cancellation-quote`);
    expect(q.status, JSON.stringify(q.body)).toBe(200);
    quote = q.body.data;
    expect(quote.paid).toBeGreaterThan(0);
    // A verified trip with its hotel confirmed and paid in full.
    const hotel = await newVendor(owner, { name: HOTEL, services: ['hotels'] });
    trip = await verifiedBooking(owner);
    tripOperation = (await operationOf(owner, trip._id))._id;
    const voucher = await addVoucher(owner, tripOperation, voucherBody(trip as never, hotel, { cost: 80_000 }));
    expect((await confirmVoucher(owner, tripOperation, voucher._id)).status).toBe(200);
    const paid = await payVoucher(owner, tripOperation, voucher._id, 80_000);
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
  });

  afterAll(() => closeE2e({ browser, server }));

  it('the sales agent reads the quote on the booking’s page, then asks for the cancellation', async () => {
    sales = await signedIn('sales@demo.travel', `/bookings/${booking._id}`);
    await sales.getByRole('heading', { name: new RegExp(booking.ref), level: 1 }).waitFor();
    await sales.getByTestId('request-cancellation').click();
    const dialog = sales.getByRole('dialog', { name: new RegExp(`Request cancellation of ${booking.ref}`) });
    const table = dialog.getByTestId('request-quote');
    await table.waitFor();
    // The quote the server gives, in the customer's money.
    expect(await table.locator('[data-figure=paid] td').last().innerText()).toBe(money(quote.paid));
    expect(await table.locator('[data-figure=fee] td').last().innerText()).toBe(money(quote.fee));
    expect(await table.locator('[data-figure=refundable] td').last().innerText()).toBe(money(quote.refundable));
    expect(await axe(sales)).toEqual([]);
    await shot('290-cancellation-request', sales);

    // No reason, no request: the field says so.
    await dialog.getByRole('button', { name: 'Request cancellation' }).click();
    await dialog.locator('.field-error').first().waitFor();
    await dialog.getByLabel('Reason').fill('The customer’s mother is ill; they cannot travel.');
    await dialog.getByRole('button', { name: 'Request cancellation' }).click();
    await toastOn(sales, 'Cancellation request created successfully');
    await dialog.waitFor({ state: 'detached' });
    // One open request per booking: the page now links to it instead of offering another.
    await sales.getByTestId('open-cancellation').waitFor();
    expect(await sales.getByTestId('request-cancellation').count()).toBe(0);

    // The lead's page lists the customer's bookings, this one with its open request.
    await sales.goto(`${server.url}/leads/${booking.lead._id}`);
    const row = sales.getByTestId('lead-bookings').locator(`[data-booking="${booking.ref}"]`);
    await row.getByTestId('open-cancellation').waitFor();
    expect(await axe(sales)).toEqual([]);
  });

  it('the manager approves on the guided screen: half back to the bank, half as a credit note; the record moves lists without a reload', async () => {
    manager = await signedIn('owner@demo.travel', '/cancellations/requests');
    await manager.getByRole('heading', { name: 'Cancellation requests', level: 1 }).waitFor();
    const requestLink = manager.getByRole('link', { name: `Open the cancellation of ${booking.ref}` });
    await requestLink.first().waitFor();
    expect(await axe(manager)).toEqual([]);
    await shot('291-cancellation-requests', manager);
    // From here on, no page load: a marker on the window survives only client-side navigation.
    await manager.evaluate(() => ((window as unknown as { e2eMarker: number }).e2eMarker = 29));

    await requestLink.first().click();
    await manager.getByTestId('decide').click();
    const stepOf = () => manager.getByTestId('decide-step').getAttribute('data-step');
    await expect.poll(stepOf, SETTLED).toBe('quote');
    expect(await manager.getByTestId('decide-quote').locator('[data-figure=refundable] td').last().innerText()).toBe(money(quote.refundable));
    expect(await axe(manager)).toEqual([]);
    await shot('292-decide-quote', manager);
    await manager.getByRole('button', { name: 'Approve: choose the refund' }).click();
    await expect.poll(stepOf).toBe('split');

    // Everything paid goes back, half as money from the bank and half as a credit note.
    await manager.getByRole('button', { name: `Everything paid (${money(quote.paid)})` }).click();
    await expect.poll(() => manager.getByTestId('split-refund-type').getAttribute('data-refund-type')).toBe('full');
    await manager.getByRole('button', { name: 'Half and half' }).click();
    // No account chosen yet: the step says what is missing and does not go on.
    expect(await manager.getByTestId('split-status').innerText()).toBe('1 thing to fix before going on.');
    expect(await manager.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await choose(manager, manager.locator('.field', { has: manager.locator('label', { hasText: /^From the account$/ }) }), 'Bank');
    await expect.poll(() => manager.getByTestId('split-status').innerText()).toBe(`The split holds: ${money(half(quote.paid))} back and ${money(quote.paid - half(quote.paid))} as credit.`);
    expect(await manager.getByLabel('Valid until').inputValue()).toBe(day(365));
    expect(await axe(manager)).toEqual([]);
    await shot('293-decide-split', manager);
    await manager.getByRole('button', { name: 'Next' }).click();
    await expect.poll(stepOf).toBe('confirm');
    expect(await manager.getByTestId('summary-money-back').innerText()).toBe(`${money(half(quote.paid))} · Bank`);
    expect(await manager.getByTestId('summary-credit-note').innerText()).toContain(money(quote.paid - half(quote.paid)));
    expect(await axe(manager)).toEqual([]);
    await shot('294-decide-confirm', manager);
    await manager.getByRole('button', { name: 'Approve the cancellation' }).click();
    await toastOn(manager, 'Cancellation approved successfully');

    // The record: approved, its refund to pay and its credit note.
    await manager.getByTestId('cancellation-refund').waitFor();
    const [cancellation] = await server.sql<{ id: string; status: string }>(
      `select c.id, c.status from booking_cancellations c where c.booking_id = $1`,
      [booking._id],
    );
    expect(cancellation!.status).toBe('approved');
    expect(await manager.getByTestId('cancellation-credit-note').innerText()).toMatch(/CN-2031-\d{4}/);
    expect(await axe(manager)).toEqual([]);
    await shot('29m-cancellation-detail', manager);

    // The confirmation the customer gets says what this page says: the booking, the customer, what
    // was paid, kept and given back, the split between the bank and the credit note, the CN- number.
    cancellationId = cancellation!.id;
    const decision = manager.getByTestId('cancellation-request');
    const amountBeside = async (label: string) => (await shownBeside(decision, label)).split(' · ')[0]!;
    const shown = await Promise.all(['Total refund', 'Money back', 'Credit note', 'Kept as cancellation income'].map(amountBeside));
    expect(shown).toEqual([quote.paid, half(quote.paid), quote.paid - half(quote.paid), 0].map(money));
    const number = /CN-2031-\d{4}/.exec(await manager.getByTestId('cancellation-credit-note').getByRole('heading').innerText())![0];
    const [note] = await server.sql<{ id: string }>(`select id from credit_notes where number = $1`, [number]);
    creditNote = { id: note!.id, number };
    // Both documents from the page's own links (opened and downloaded), in the booking's language.
    const confirmation = await documentFromPage(manager, `cancellation confirmation ${booking.ref}`, 'e2e-cancellation-confirmation');
    for (const words of ['Cancellation confirmation', booking.ref, CUSTOMER, 'Cancellation approved on', 'Money back', 'Bank transfer', 'To be paid', number, ...shown]) expect(confirmation).toContain(words);
    expect(confirmation).toContain(plainSpaces(await manager.getByTestId('cancellation-quote').locator('[data-figure=paid] td').last().innerText()));
    // The credit note's own document: its number, amount and that nothing is used yet.
    const credit = await documentFromPage(manager, `credit note ${number}`, 'e2e-credit-note-issued');
    for (const words of ['Credit note', number, CUSTOMER, booking.ref, 'Not used yet.', shown[2]!]) expect(credit).toContain(words);

    // Sent to the customer with the documents' own dialog: no mail server is set, so it waits in the outbox.
    const documents = manager.getByTestId('cancellation-documents');
    expect(await documents.getByTestId('cancellation-sends').innerText()).toContain('Not sent yet.');
    await documents.getByRole('button', { name: 'Send to the customer' }).click();
    const send = manager.getByRole('dialog', { name: `Send cancellation confirmation ${booking.ref}` });
    expect(await send.getByLabel('To').inputValue()).toBe(EMAIL);
    expect(await send.innerText()).toContain(`The cancellation confirmation and the credit note ${number} are attached by themselves.`);
    expect(await axe(manager)).toEqual([]);
    await shot('29n-send-cancellation', manager);
    await send.getByRole('button', { name: 'Send' }).click();
    await toastOn(manager, 'No mail server is set, so the email was not sent: it waits in the outbox.');
    await send.waitFor({ state: 'detached' });
    const sent = documents.getByTestId('document-send');
    await expect.poll(() => sent.count(), SETTLED).toBe(1);
    expect(await sent.innerText()).toContain('Waiting in the outbox');
    expect(await sent.innerText()).toContain(EMAIL);
    const [outbox] = await server.sql<{ status: string; document: string; files: string[] }>(
      `select s.status, s.document, array(select a.file_name from document_send_attachments a where a.send_id = s.id order by a.position) as files
       from document_sends s where s.record_type = 'booking' and s.record_id = $1`,
      [booking._id],
    );
    expect(outbox).toEqual({ status: 'outbox', document: 'cancellation-confirmation', files: [`Cancellation-confirmation-${booking.ref}.pdf`, `${number}.pdf`] });
    expect(await axe(manager)).toEqual([]);
    await shot('29o-cancellation-sent', manager);

    // It left the requests and is among the decided, on screen, without a reload.
    await manager.getByRole('navigation', { name: 'Cancellation screens' }).getByRole('link', { name: 'Cancellations', exact: true }).click();
    await manager.getByRole('heading', { name: 'Cancellations', level: 1 }).waitFor();
    await manager.getByRole('link', { name: `Open the cancellation of ${booking.ref}` }).waitFor();
    await manager.getByRole('navigation', { name: 'Cancellation screens' }).getByRole('link', { name: 'Cancellation requests' }).click();
    await manager.getByRole('heading', { name: 'Cancellation requests', level: 1 }).waitFor();
    await manager.getByRole('link', { name: `Open the cancellation of ${other.ref}` }).waitFor();
    expect(await manager.getByRole('link', { name: `Open the cancellation of ${booking.ref}` }).count()).toBe(0);
    expect(await manager.evaluate(() => (window as unknown as { e2eMarker?: number }).e2eMarker)).toBe(29);
  });

  it('finance pays the refund back from the refunds list', async () => {
    finance = await signedIn('finance@demo.travel', '/refunds');
    await finance.getByRole('heading', { name: 'Refunds', level: 1 }).waitFor();
    const process = finance.getByRole('button', { name: `Process the refund of ${booking.ref} to ${CUSTOMER}` });
    await process.waitFor();
    expect(await axe(finance)).toEqual([]);
    await shot('295-refunds', finance);
    await process.click();
    const dialog = finance.getByRole('dialog', { name: `Pay back ${money(half(quote.paid))} to ${CUSTOMER}` });
    expect(await dialog.getByTestId('refund-summary').innerText()).toContain('goes out of Bank');
    // What the bank account holds before the money goes out, as every form that spends money says it.
    const [{ balance }] = await server.sql<{ balance: string }>(
      `select coalesce(sum(l.debit - l.credit), 0)::text as balance from journal_lines l join accounts a on a.id = l.account_id where a.key = 'money:bank-transfer' and a.organization_id = (select organization_id from bookings where id = $1)`,
      [booking._id],
    );
    expect(await dialog.getByTestId('money-account-balance').innerText()).toContain(`Bank holds ${money(Number(balance))} now.`);
    await dialog.getByLabel('Reference').fill('TRF-REFUND-29');
    await dialog.getByRole('button', { name: 'Mark as paid back' }).click();
    await toastOn(finance, `Refund of ${money(half(quote.paid))} to ${CUSTOMER} processed`);
    await expect.poll(() => process.count(), SETTLED).toBe(0);
    const [refund] = await server.sql<{ status: string; refunded_on: string; reference: string }>(
      `select r.status, r.refunded_on::text, r.reference from refunds r join booking_cancellations c on c.id = r.cancellation_id where c.booking_id = $1`,
      [booking._id],
    );
    expect(refund).toEqual({ status: 'refunded', refunded_on: NOW.slice(0, 10), reference: 'TRF-REFUND-29' });
    // The confirmation now says the money went back, not that it is to be paid.
    const confirmation = await documentText(finance, cancellationPaths.pdf.url({ id: cancellationId }), 'e2e-cancellation-refunded');
    expect(confirmation).toContain('Paid on');
    expect(confirmation).not.toContain('To be paid');
    expect(confirmation).toContain(money(half(quote.paid)));
  });

  it('the customer’s next booking is paid partly with the credit note', async () => {
    const credit = quote.paid - half(quote.paid);
    const used = half(credit);
    await finance.goto(`${server.url}/bookings/${next._id}`);
    await finance.getByRole('heading', { name: new RegExp(next.ref), level: 1 }).waitFor();
    await finance.getByRole('button', { name: 'Record payment' }).click();
    const dialog = finance.getByRole('dialog', { name: 'Record payment' });
    await choose(finance, dialog.locator('.field', { has: finance.locator('label', { hasText: /^Method$/ }) }), 'Credit note');
    const noteField = dialog.locator('.field', { has: finance.locator('label', { hasText: /^Credit note$/ }) });
    await noteField.locator('.p-dropdown').click();
    const option = finance.locator('.p-dropdown-panel').getByRole('option', { name: new RegExp(`^CN-2031-\\d{4} · ${money(credit).replace('$', '\\$')} left`) });
    await option.click();
    await expect.poll(() => dialog.getByTestId('credit-note-left').innerText()).toContain(`has ${money(credit)} left`);
    const amount = dialog.getByLabel('Amount');
    await amount.click();
    await amount.press('Control+a');
    await amount.pressSequentially((used / 100).toFixed(2));
    await amount.press('Tab');
    expect(await axe(finance)).toEqual([]);
    await shot('296-pay-with-credit-note', finance);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toastOn(finance, /credit note/i);
    const payment = finance.getByTestId('payments').locator('tbody tr[data-status=verified]');
    await payment.getByTestId('payment-credit-note').waitFor();
    expect(await payment.innerText()).toContain(money(used));

    // The credit notes list: what was used and what is left.
    await finance.goto(`${server.url}/credit-notes`);
    await finance.getByRole('heading', { name: 'Credit notes', level: 1 }).waitFor();
    const row = finance.getByRole('row').filter({ hasText: CUSTOMER });
    await expect.poll(() => row.innerText(), SETTLED).toContain(money(credit - used));
    expect(await row.innerText()).toContain(money(used));
    expect(await axe(finance)).toEqual([]);
    await shot('297-credit-notes', finance);
    // The credit note read back as the list shows it: its use on the next booking, what was used and what is left.
    const text = await documentText(finance, creditPaths.creditNotePdf.url({ id: creditNote.id }), 'e2e-credit-note-used');
    for (const words of [creditNote.number, CUSTOMER, next.ref, money(credit), money(used), money(credit - used)]) expect(text).toContain(words);
    expect(text).not.toContain('Not used yet.');
  });

  it('operations sets what the hotel gives back; once the trip is cancelled, records the hotel’s refund on the void voucher', async () => {
    const ops = await signedIn('ops@demo.travel', `/operations/${tripOperation}`);
    await ops.getByRole('heading', { name: new RegExp(trip.ref), level: 1 }).waitFor();
    const vouchers = ops.getByTestId('vouchers');
    await vouchers.locator('tbody tr').first().waitFor();
    const line = vouchers.getByTestId('vendor-refund-expected');
    expect(await line.count(), await vouchers.innerText()).toBe(1);
    // A confirmed voucher is named by its number.
    await line.getByRole('button', { name: /^Set what the vendor gives back if VCH-\S+ is cancelled$/ }).click();
    const expected = ops.getByRole('dialog', { name: /^If the trip is cancelled:/ });
    const field = expected.getByLabel('Expected back if cancelled');
    await field.click();
    await field.press('Control+a');
    await field.pressSequentially('500.00');
    await field.press('Tab');
    await expected.getByRole('button', { name: 'Save' }).click();
    await toastOn(ops, /^Saved what .* gives back if cancelled$/);
    await expect.poll(() => ops.getByTestId('vendor-refund-expected').innerText(), SETTLED).toContain('$500.00');

    // The quote counts it: what the organization loses is what the hotel keeps.
    const q = await owner.get(`/api/bookings/${trip._id}/cancellation-quote`);
    expect(q.body.data).toMatchObject({ vendorPaid: 80_000, vendorRefundExpected: 50_000 });
    const asked = await owner.post('/api/booking-cancellations/cancel', { bookingId: trip._id, reason: 'The hotel closed for repairs' });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    const decided = await owner.patch(`/api/booking-cancellations/${asked.body.data._id}/status`, { status: 'approved', totalRefundAmount: 0, sourceAccountAmount: 0, creditNoteAmount: 0 }, { 'Idempotency-Key': `e2e-${process.pid}-trip` });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);

    await ops.reload();
    const record = ops.getByRole('button', { name: /^Record vendor refund \(VCH-\S+\)$/ });
    await record.click();
    const dialog = ops.getByRole('dialog', { name: /^Vendor refund:/ });
    expect(await dialog.getByTestId('vendor-refund-left').innerText()).toBe('At most $800.00, paid and not given back yet; $500.00 was expected.');
    expect(await dialog.getByLabel('Amount').inputValue()).toBe('$500.00');
    expect(await axe(ops)).toEqual([]);
    await shot('29k-vendor-refund', ops);
    await dialog.getByRole('button', { name: 'Record the refund' }).click();
    await toastOn(ops, /^Refund of \$500\.00 from the vendor recorded for /);
    await expect.poll(() => ops.getByTestId('vendor-refunded').innerText(), SETTLED).toBe('Refunded by the vendor: $500.00 (expected $500.00)');
    await ops.context().close();
  });

  it('the policy in Configurations: a tier added reads as a sentence before it is saved', async () => {
    const p = manager;
    await p.goto(`${server.url}/configurations`);
    await p.getByRole('tab', { name: 'Cancellations' }).click();
    const form = p.getByTestId('cancellation-policy');
    await form.waitFor();
    await form.getByRole('button', { name: 'Add a tier' }).click();
    // The new tier is the last one (a person types its days and fee).
    const position = await form.getByLabel(/^Days before departure, tier \d+$/).count();
    const days = form.getByLabel(new RegExp(`^Days before departure, tier ${position}$`));
    await days.fill('3');
    await days.press('Tab');
    await expect.poll(() => form.getByTestId('policy-reads').innerText()).toContain('From 3 days before departure: 100% of the total');
    expect(await axe(p)).toEqual([]);
    await shot('29l-policy', p);
    await form.getByRole('button', { name: 'Save' }).click();
    await toastOn(p, 'Settings saved');
    const [saved] = await server.sql<{ settings: { tiers: { daysBeforeDeparture: number; feeBasisPoints: number }[] } }>(
      `select settings from configurations where module = 'cancellations' and organization_id = (select id from organizations where name = 'Demo Travels')`,
    );
    expect(saved!.settings.tiers).toContainEqual({ daysBeforeDeparture: 3, feeBasisPoints: 10_000 });
  });

  it('the guided screen and the lists in Arabic and dark mode', async () => {
    const p = manager;
    await p.goto(`${server.url}/cancellations/requests`);
    await p.getByRole('heading', { name: 'Cancellation requests', level: 1 }).waitFor();
    await p.getByTestId('theme-switch').click();
    await p.getByRole('menuitem', { name: 'Dark' }).click();
    await expect.poll(async () => luminance(await bodyBackground(p)), SETTLED).toBeLessThan(0.05);
    expect(await axe(p)).toEqual([]);
    await shot('298-requests-dark', p);
    await p.getByTestId('language-picker').selectOption('ae');
    await expect.poll(() => p.evaluate(() => document.documentElement.dir), SETTLED).toBe('rtl');
    await expect.poll(() => p.getByRole('heading', { level: 1 }).innerText(), SETTLED).not.toBe('Cancellation requests');
    expect(await axe(p)).toEqual([]);
    await shot('299-requests-dark-arabic', p);

    const [waiting] = await server.sql<{ id: string }>(`select id from booking_cancellations where booking_id = $1`, [other._id]);
    await p.goto(`${server.url}/cancellations/${waiting!.id}/decide`);
    await p.getByTestId('decide-quote').waitFor();
    expect(await axe(p)).toEqual([]);
    await shot('29a-decide-quote-dark-arabic', p);
    await p.getByTestId('decide-step').getByRole('button').last().click();
    await expect.poll(() => p.getByTestId('decide-step').getAttribute('data-step')).toBe('split');
    expect(await p.getByTestId('split-status').innerText()).not.toMatch(/[A-Za-z]{4}/);
    expect(await axe(p)).toEqual([]);
    await shot('29b-decide-split-dark-arabic', p);

    await p.goto(`${server.url}/cancellations/${cancellationId}`);
    await p.getByTestId('cancellation-documents').getByTestId('document-send').waitFor();
    expect(await axe(p)).toEqual([]);
    await shot('29p-cancellation-documents-dark-arabic', p);

    for (const [route, ready, name] of [
      ['/cancellations', 'cancellations-table', '29c-decided-dark-arabic'],
      ['/credit-notes', 'credit-notes-table', '29d-credit-notes-dark-arabic'],
      ['/refunds', 'refunds-table', '29e-refunds-dark-arabic'],
    ] as const) {
      await p.goto(`${server.url}${route}`);
      await p.getByTestId(ready).waitFor();
      expect(await axe(p)).toEqual([]);
      await shot(name, p);
    }
    await p.getByTestId('language-picker').selectOption('en');
    await expect.poll(() => p.evaluate(() => document.documentElement.dir), SETTLED).toBe('ltr');
    await p.getByTestId('theme-switch').click();
    await p.getByRole('menuitem', { name: 'Light' }).click();
    await expect.poll(async () => luminance(await bodyBackground(p)), SETTLED).toBeGreaterThan(0.8);
  });

  it('fits a phone: the request dialog, the lists and the guided screen at 390 px', async () => {
    const phone = await signedIn('owner@demo.travel', '/cancellations/requests', { phone: true });
    const [waiting] = await server.sql<{ id: string }>(`select id from booking_cancellations where booking_id = $1`, [other._id]);
    const tooWide = async (where: string) => {
      await phone.waitForLoadState('networkidle');
      const width = await phone.evaluate(() => document.documentElement.scrollWidth);
      const wide = await phone.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('main *, .content *, [role=dialog] *')]
          .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
          .slice(0, 5)
          .map((el) => `${el.tagName.toLowerCase()}.${el.className} ${Math.round(el.getBoundingClientRect().right)}`),
      );
      expect(width, `${where}: ${wide.join(' | ')}`).toBeLessThanOrEqual(390);
    };
    await phone.getByRole('heading', { name: 'Cancellation requests', level: 1 }).waitFor();
    await phone.getByText(other.ref).first().waitFor();
    await tooWide('requests');
    await shot('29f-requests-phone', phone);
    await phone.goto(`${server.url}/cancellations/${waiting!.id}/decide`);
    await phone.getByTestId('decide-quote').waitFor();
    await tooWide('decide quote');
    await shot('29g-decide-quote-phone', phone);
    await phone.getByRole('button', { name: 'Approve: choose the refund' }).click();
    await phone.getByTestId('split-step').waitFor();
    await tooWide('decide split');
    await shot('29h-decide-split-phone', phone);
    for (const [route, ready] of [
      ['/refunds', 'Refunds'],
      ['/credit-notes', 'Credit notes'],
    ] as const) {
      await phone.goto(`${server.url}${route}`);
      await phone.getByRole('heading', { name: ready, level: 1 }).waitFor();
      await phone.getByText(CUSTOMER).first().waitFor();
      await tooWide(route);
    }
    await shot('29i-credit-notes-phone', phone);
    await phone.goto(`${server.url}/cancellations/${cancellationId}`);
    await phone.getByTestId('cancellation-documents').getByTestId('document-send').waitFor();
    await tooWide('cancellation documents');
    await shot('29q-cancellation-documents-phone', phone);
    await phone.goto(`${server.url}/bookings/${next._id}`);
    await phone.getByRole('heading', { name: new RegExp(next.ref), level: 1 }).waitFor();
    await phone.getByTestId('request-cancellation').click();
    await phone.getByRole('dialog').getByTestId('request-quote').waitFor();
    await tooWide('request dialog');
    await shot('29j-request-dialog-phone', phone);
    await phone.context().close();
    expect(pageErrors).toEqual([]);
  });

  it('the other request is rejected by keyboard alone, and only with a reason', async () => {
    const p = manager ?? (manager = await signedIn('owner@demo.travel', '/cancellations/requests'));
    const [waiting] = await server.sql<{ id: string }>(`select id from booking_cancellations where booking_id = $1`, [other._id]);
    await p.goto(`${server.url}/cancellations/${waiting!.id}/decide`);
    await p.getByTestId('decide-quote').waitFor();
    await p.getByRole('button', { name: 'Reject…' }).focus();
    await p.keyboard.press('Enter');
    await expect.poll(() => p.getByTestId('decide-step').getAttribute('data-step')).toBe('rejecting');
    // The new step's heading takes the focus; the reason comes next.
    expect(await p.evaluate(() => document.activeElement?.id)).toBe('decide-step-title');
    const submit = p.getByRole('button', { name: 'Reject the request' });
    expect(await submit.isDisabled()).toBe(true);
    await p.keyboard.press('Tab');
    expect(await p.evaluate(() => document.activeElement?.tagName)).toBe('TEXTAREA');
    await p.keyboard.type('The fare is non-refundable, as agreed when booking.');
    await expect.poll(() => submit.isDisabled()).toBe(false);
    await p.keyboard.press('Tab');
    await p.keyboard.press('Tab');
    expect(await p.evaluate(() => document.activeElement?.textContent)).toContain('Reject the request');
    await p.keyboard.press('Enter');
    await toastOn(p, 'Cancellation rejected successfully');
    await expect.poll(() => p.getByTestId('cancellation-comments').innerText(), SETTLED).toContain('The fare is non-refundable, as agreed when booking.');
    const [row] = await server.sql<{ status: string }>(`select status from booking_cancellations where id = $1`, [waiting!.id]);
    expect(row!.status).toBe('rejected');
    expect(pageErrors).toEqual([]);
  });
});
